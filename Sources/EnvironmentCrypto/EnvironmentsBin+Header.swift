import CSodium
import Foundation

extension EnvironmentsBin {
    /// The facts of a file's header: everything `envtool inspect` shows. None of it is secret.
    public struct Header: Sendable {
        /// The format version.
        public let version: UInt8
        /// How the key is held.
        public let mode: Mode
        /// The key or recipient fingerprint (key and recipient modes).
        public let fingerprint: [UInt8]?
        /// The Argon2id parameters (passphrase mode).
        public let kdf: KDFParameters?
        let salt: [UInt8]?
        let ephemeralPublicKey: [UInt8]?
        /// The length of the header, nonce included: the associated data of the AEAD.
        public let length: Int
        /// The length of the encrypted document, authentication tag excluded.
        public let plaintextLength: Int

        /// Parses the header of `data`.
        ///
        /// - Throws: ``CryptoError`` of kind ``CryptoError/Kind/malformedFile``: not an
        ///   `environments.bin`, truncated header, unknown version or mode, absurd parameters.
        public init(parsing data: Data) throws(CryptoError) {
            let bytes = [UInt8](data.prefix(128))
            var cursor = 0
            func take(_ count: Int, _ what: String) throws(CryptoError) -> [UInt8] {
                guard cursor + count <= bytes.count else {
                    throw CryptoError(.malformedFile, "the file is truncated: it ends inside the header (\(what))")
                }
                defer { cursor += count }
                return Array(bytes[cursor..<cursor + count])
            }
            guard bytes.count >= magic.count, Array(bytes[0..<magic.count]) == magic else {
                throw CryptoError(.malformedFile, "not an environments.bin file (it does not start with \"ENVBIN\"); encrypt JSON with `envtool encrypt`")
            }
            cursor = magic.count
            version = try take(1, "version")[0]
            guard version == formatVersion else {
                throw CryptoError(.malformedFile, "format version \(version) is not supported by this envtool (it reads version \(formatVersion)); upgrade envtool")
            }
            let modeByte = try take(1, "key mode")[0]
            guard let mode = Mode(rawValue: modeByte) else {
                throw CryptoError(.malformedFile, "unknown key mode \(modeByte) (known: 1 key file, 2 passphrase, 3 recipient)")
            }
            self.mode = mode
            switch mode {
            case .key:
                fingerprint = try take(Fingerprint.length, "key fingerprint")
                kdf = nil
                salt = nil
                ephemeralPublicKey = nil
            case .passphrase:
                let algorithm = try take(1, "KDF algorithm")[0]
                guard Int32(algorithm) == crypto_pwhash_ALG_ARGON2ID13 else {
                    throw CryptoError(.malformedFile, "unknown key-derivation algorithm \(algorithm) (known: \(crypto_pwhash_ALG_ARGON2ID13) Argon2id)")
                }
                let operations = try take(4, "KDF passes").reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
                let memory = try take(8, "KDF memory").reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
                kdf = try KDFParameters(operations: operations, memoryBytes: memory)
                salt = try take(EnvironmentsBin.saltLength, "salt")
                fingerprint = nil
                ephemeralPublicKey = nil
            case .recipient:
                fingerprint = try take(Fingerprint.length, "recipient fingerprint")
                ephemeralPublicKey = try take(32, "ephemeral public key")
                kdf = nil
                salt = nil
            }
            _ = try take(EnvironmentsBin.nonceLength, "nonce")
            length = cursor
            plaintextLength = max(0, data.count - length - EnvironmentsBin.tagLength)
        }
    }
}
