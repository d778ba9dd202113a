#if Configuration
import Configuration
import EnvironmentCrypto
import Foundation

extension EnvironmentsSnapshot {
    /// How an `environments.json` or `environments.bin` becomes a snapshot: which build
    /// configuration to serve and the secret of an encrypted file.
    ///
    /// These options are kept for the life of a reloading provider, because a changed `.bin`
    /// is decrypted again; the secret's bytes are zeroed when the last copy is released.
    public struct ParsingOptions: FileParsingOptions {
        /// The build configuration to serve (`Release`); `nil` resolves it as the library does:
        /// `ENVTOOL_CONFIGURATION` in ``environment``, else the build's (`Debug` or `Release`).
        public var configurationName: String?
        /// The environment variables consulted when ``configurationName`` is `nil`.
        public var environment: [String: String]
        /// The secret of an `environments.bin`: a key, a passphrase or an identity; unused for JSON.
        public var secret: EnvironmentsBin.DecryptionSecret?
        /// The identities that may open an `environments.bin`, tried in order after ``secret``:
        /// any ``/EnvironmentCrypto/FileKeyIdentity``, another backend's (a cloud KMS) included;
        /// unused for JSON.
        public var identities: [any FileKeyIdentity]
        /// The path the file is read from, named in errors; file providers do not pass it on.
        public var path: String
        /// Decodes strings into bytes for `bytes` and `byteChunkArray` reads.
        public var bytesDecoder: any ConfigBytesFromStringDecoder
        /// Sees each parse, so that a reloading provider can report a file that became invalid.
        var invalidFileReporter: InvalidFileReporter?

        /// Creates parsing options.
        ///
        /// - Parameters:
        ///   - configurationName: The build configuration to serve, or `nil` to resolve it.
        ///   - environment: The environment variables that may name the configuration.
        ///   - secret: The secret of an `environments.bin`.
        ///   - identities: The identities that may open an `environments.bin`, after `secret`.
        ///   - path: The file's path, for error messages.
        ///   - bytesDecoder: How strings become bytes; base64 by default, as in swift-configuration's JSON provider.
        public init(
            configurationName: String? = nil,
            environment: [String: String] = ProcessInfo.processInfo.environment,
            secret: EnvironmentsBin.DecryptionSecret? = nil,
            identities: [any FileKeyIdentity] = [],
            path: String = "environments.json",
            bytesDecoder: some ConfigBytesFromStringDecoder = .base64
        ) {
            self.configurationName = configurationName
            self.environment = environment
            self.secret = secret
            self.identities = identities
            self.path = path
            self.bytesDecoder = bytesDecoder
        }

        /// The configuration resolved from the process environment, no secret.
        public static var `default`: Self { .init() }
    }
}
#endif
