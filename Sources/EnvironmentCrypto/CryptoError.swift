import Diagnostics

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Every error of the encryption layer. Messages never contain key material or passphrases.
public struct CryptoError: LocatedError, LocalizedError {
    /// The category of the error; the CLI maps each to its own exit code.
    public enum Kind: String, Sendable, Hashable {
        /// The bytes are not an `environments.bin` this version can read: wrong magic, truncated
        /// header, unknown format version or key mode, absurd KDF parameters.
        case malformedFile
        /// Decryption failed: the wrong key, passphrase or identity, or the file was modified,
        /// truncated or extended. No plaintext is released.
        case authenticationFailed
        /// The secret needed is not available, or is of the wrong kind for this file.
        case secretUnavailable
        /// A key or identity file is malformed or has unsafe permissions.
        case invalidKeyFile
        /// libsodium failed (cannot initialise, out of memory).
        case unavailable
        /// An age plugin (`age-plugin-NAME`) is missing or failed, broke the protocol, reported
        /// an error, or asked for something that could not be answered.
        case pluginFailed
        /// The output could not be written (a full disk, `ulimit -f`): the input and the keys
        /// were fine.
        case outputFailed
    }

    /// The category of the error.
    public let kind: Kind
    /// What is wrong and where, in the one located form every envtool error uses.
    public let diagnostic: Diagnostic

    /// Creates an error.
    public init(_ kind: Kind, _ message: String, file: String? = nil, line: Int? = nil) {
        self.init(kind, Diagnostic(.error, file: file, line: line, message: message))
    }

    /// Creates an error of `kind` described by `diagnostic`.
    public init(_ kind: Kind, _ diagnostic: Diagnostic) {
        self.kind = kind
        self.diagnostic = diagnostic
    }

    /// The same error about `file`; its line stays when `file` is the file it already names, or
    /// when it named none (a line found in the file being read, such as a sops value's, before
    /// the reader knew its name).
    public func about(_ file: String) -> CryptoError {
        CryptoError(kind, message, file: file, line: self.file == nil || file == self.file ? line : nil)
    }

    public var errorDescription: String? { description }
}
