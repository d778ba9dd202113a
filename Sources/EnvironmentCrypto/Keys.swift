import CSodium
import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A 256-bit symmetric key, as kept in a key file written by `envtool keygen`.
///
/// It never prints its bytes; its ``fingerprint`` identifies it without revealing it.
public struct SymmetricKey: Sendable, CustomStringConvertible {
    package let bytes: SecretBytes
    /// Computed once: every decryption compares it with the file's, and a hash per call would
    /// cost as much as decrypting a small document.
    let fingerprintBytes: [UInt8]

    /// A new random key from libsodium's CSPRNG.
    public static func generate() throws(CryptoError) -> SymmetricKey {
        try Sodium.ensureInitialized()
        return SymmetricKey(bytes: SecretBytes(count: 32) { crypto_aead_xchacha20poly1305_ietf_keygen($0.baseAddress!.assumingMemoryBound(to: UInt8.self)) })
    }

    package init(bytes: SecretBytes) {
        self.bytes = bytes
        fingerprintBytes = Fingerprint.ofKey(bytes)
    }

    /// Reads a key file (`envtool-key-1:<base64>`).
    ///
    /// - Throws: ``CryptoError`` of kind ``CryptoError/Kind/invalidKeyFile`` when it is readable
    ///   by group or others, or not a key file; ``CryptoError/Kind/secretUnavailable`` when it
    ///   cannot be read.
    public init(contentsOfKeyFile path: String) throws(CryptoError) {
        try Sodium.ensureInitialized()
        self.init(bytes: try KeyFile.readSecret(path: path, prefix: KeyFile.keyPrefix, byteCount: 32))
    }

    /// Reads a key file whose path came from `option` (such as `--key-file`); errors name the
    /// option, never the path, which may be the key pasted in the wrong place.
    package init(contentsOfKeyFile path: String, namedBy option: String) throws(CryptoError) {
        try Sodium.ensureInitialized()
        self.init(bytes: try KeyFile.readSecret(path: path, namedBy: option, prefix: KeyFile.keyPrefix, byteCount: 32))
    }

    /// The key as key-file text, zeroed when released.
    package var keyFileText: SecretBytes { KeyFile.encode(bytes, prefix: KeyFile.keyPrefix) }

    /// Eight bytes that identify the key (a keyed BLAKE2b hash of a constant), shown as hex.
    public var fingerprint: String { Fingerprint.hex(fingerprintBytes) }

    public var description: String { "SymmetricKey(fingerprint: \(fingerprint))" }
}

/// A passphrase, stretched with Argon2id before use.
public struct Passphrase: Sendable, CustomStringConvertible {
    package let bytes: SecretBytes

    /// Refuses an empty passphrase: it would encrypt with a key anyone can derive.
    package init(bytes: SecretBytes) throws(CryptoError) {
        guard bytes.count > 0 else { throw CryptoError(.secretUnavailable, "the passphrase is empty") }
        self.bytes = bytes
    }

    /// A passphrase from text. Prefer the CLI's sources (environment variable, stdin, prompt),
    /// which keep it out of Swift strings.
    public init(_ text: String) throws(CryptoError) {
        try self.init(bytes: SecretBytes(copying: Array(text.utf8)))
    }

    public var description: String { "Passphrase(redacted)" }
}

/// An X25519 key pair: the private half decrypts files encrypted to its ``recipient``.
public struct Identity: Sendable, CustomStringConvertible {
    package let secretKey: SecretBytes
    /// The public half, which may be shared.
    public let recipient: Recipient

    /// A new random key pair.
    public static func generate() throws(CryptoError) -> Identity {
        try Sodium.ensureInitialized()
        var publicKey = [UInt8](repeating: 0, count: 32)
        let secret = SecretBytes(count: 32) { buffer in
            _ = crypto_box_keypair(&publicKey, buffer.baseAddress!.assumingMemoryBound(to: UInt8.self))
        }
        return Identity(secretKey: secret, recipient: Recipient(publicKey: publicKey))
    }

    /// Reads an identity file (`envtool-identity-1:<base64>`), with the same checks as a key file.
    public init(contentsOfIdentityFile path: String) throws(CryptoError) {
        try self.init(contentsOfIdentityFile: path, namedBy: nil)
    }

    /// Reads an identity file whose path came from `option` (such as `--identity`); errors name
    /// the option, never the path.
    package init(contentsOfIdentityFile path: String, namedBy option: String?) throws(CryptoError) {
        try Sodium.ensureInitialized()
        let secret = try KeyFile.readSecret(path: path, namedBy: option, prefix: KeyFile.identityPrefix, byteCount: 32)
        var publicKey = [UInt8](repeating: 0, count: 32)
        secret.withUnsafeBytes { _ = crypto_scalarmult_base(&publicKey, $0.baseAddress!.assumingMemoryBound(to: UInt8.self)) }
        self.init(secretKey: secret, recipient: Recipient(publicKey: publicKey))
    }

    private init(secretKey: SecretBytes, recipient: Recipient) {
        self.secretKey = secretKey
        self.recipient = recipient
    }

    /// The identity of a 32-byte X25519 secret key, its recipient computed from it.
    package init(secretKey: SecretBytes) {
        var publicKey = [UInt8](repeating: 0, count: 32)
        secretKey.withUnsafeBytes { _ = crypto_scalarmult_base(&publicKey, $0.baseAddress!.assumingMemoryBound(to: UInt8.self)) }
        self.init(secretKey: secretKey, recipient: Recipient(publicKey: publicKey))
    }

    /// The identity as file text, zeroed when released.
    package var identityFileText: SecretBytes { KeyFile.encode(secretKey, prefix: KeyFile.identityPrefix) }

    public var description: String { "Identity(recipient: \(recipient.fingerprint))" }
}

/// An X25519 public key: anyone can encrypt to it, only the matching ``Identity`` decrypts.
public struct Recipient: Sendable, Hashable, CustomStringConvertible {
    /// The 32-byte public key.
    public let publicKey: [UInt8]

    init(publicKey: [UInt8]) {
        self.publicKey = publicKey
    }

    /// Parses `envtool-recipient-1:<base64>`, as written to the `.pub` file by `envtool keygen --public`.
    ///
    /// - Throws: ``CryptoError`` of kind ``CryptoError/Kind/invalidKeyFile``.
    public init(encoded text: String) throws(CryptoError) {
        try Sodium.ensureInitialized()
        let bytes = Array(text.utf8)
        let decoded = try KeyFile.decode(SecretBytes(copying: bytes), length: bytes.count, prefix: KeyFile.recipientPrefix, byteCount: 32)
        publicKey = decoded.withUnsafeBytes { Array($0) }
    }

    /// The recipient as one line of text.
    public var encoded: String {
        let text = KeyFile.encode(SecretBytes(copying: publicKey), prefix: KeyFile.recipientPrefix)
        return text.withUnsafeBytes { String(decoding: $0.dropLast(), as: UTF8.self) }
    }

    /// Eight bytes that identify the key (BLAKE2b), shown as hex.
    public var fingerprint: String { Fingerprint.hex(Fingerprint.ofRecipient(publicKey)) }

    public var description: String { encoded }
}

/// Short, non-secret identifiers of keys, stored in the file header so that "wrong key" can be
/// told apart from "modified file".
enum Fingerprint {
    static let length = 8
    private static let context = Array("envtool key fingerprint v1".utf8)

    static func ofKey(_ key: SecretBytes) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: length)
        key.withUnsafeBytes { raw in
            _ = crypto_generichash(&out, length, context, UInt64(context.count), raw.baseAddress!.assumingMemoryBound(to: UInt8.self), raw.count)
        }
        return out
    }

    static func ofRecipient(_ publicKey: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: length)
        _ = crypto_generichash(&out, length, publicKey, UInt64(publicKey.count), nil, 0)
        return out
    }

    static func hex(_ bytes: [UInt8]) -> String {
        hexString(bytes)
    }
}
