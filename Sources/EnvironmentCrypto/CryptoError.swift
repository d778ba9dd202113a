#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Every error of the encryption layer. Messages never contain key material or passphrases.
public struct CryptoError: Error, Sendable, CustomStringConvertible, LocalizedError {
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
    }

    /// The category of the error.
    public let kind: Kind
    /// What went wrong and how to fix it.
    public let message: String
    /// The file involved, if any.
    public let file: String?

    /// Creates an error.
    public init(_ kind: Kind, _ message: String, file: String? = nil) {
        self.kind = kind
        self.message = message
        self.file = file
    }

    /// The same error about `file`.
    public func about(_ file: String) -> CryptoError {
        CryptoError(kind, message, file: file)
    }

    public var description: String { (file.map { "\($0): " } ?? "") + "error: " + message }
    public var errorDescription: String? { description }
}
