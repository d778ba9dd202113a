import CSodium

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The `environments.bin` format: a versioned header, then the document encrypted and
/// authenticated with XChaCha20-Poly1305 (libsodium), the whole header being the associated data.
///
/// See `docs/environments-bin.md` for the byte layout. Decryption either returns the exact
/// plaintext or throws: a changed, missing or extra byte anywhere fails authentication, and no
/// plaintext is released for a file that fails.
public enum EnvironmentsBin {
    /// The first bytes of every file.
    public static let magic: [UInt8] = Array("ENVBIN".utf8)
    /// The format version this code writes (and the only one it reads so far).
    public static let formatVersion: UInt8 = 1

    static let nonceLength = Int(crypto_aead_xchacha20poly1305_ietf_NPUBBYTES)
    static let tagLength = Int(crypto_aead_xchacha20poly1305_ietf_ABYTES)
    static let saltLength = Int(crypto_pwhash_argon2id_SALTBYTES)

    /// How the file's key is held.
    public enum Mode: UInt8, Sendable, CustomStringConvertible {
        /// A 32-byte key from a key file.
        case key = 1
        /// A key derived from a passphrase with Argon2id.
        case passphrase = 2
        /// A key agreed with an X25519 recipient public key (sealed-box style).
        case recipient = 3

        public var description: String {
            switch self {
            case .key: return "key file"
            case .passphrase: return "passphrase (Argon2id)"
            case .recipient: return "recipient public key (X25519)"
            }
        }

        /// The mode as a stanza type, so that a v1 header and an age header both say which
        /// ``FileKeyIdentity`` opens them (``FileKeyIdentity/stanzaTypes``). Frozen with the modes.
        public var stanzaType: String {
            switch self {
            case .key: return "envtool-v1/key"
            case .passphrase: return "envtool-v1/argon2id"
            case .recipient: return "envtool-v1/X25519"
            }
        }
    }

    /// The v1 format's three ways of sealing a file. Frozen: v1 gets no new mode, and a new key
    /// backend is an age ``FileKeyRecipient``.
    public enum V1Seal: Sendable {
        /// A key file's key.
        case key(SymmetricKey)
        /// A passphrase stretched by Argon2id at these parameters.
        case passphrase(Passphrase, KDFParameters)
        /// One X25519 recipient.
        case recipient(Recipient)
    }

    /// What to encrypt to: the frozen v1 format, an age v1 file to any ``FileKeyRecipient``s, or
    /// an RNCryptor v3 file (for apps that decrypt with RNCryptor, such as T21Environment's).
    public enum EncryptionTarget: Sendable {
        /// The v1 format (`ENVBIN`, docs/environments-bin.md).
        case v1(V1Seal)
        /// An age v1 file (see `docs/age.md`) to `recipients`, each wrapping the same file key:
        /// X25519 ``AgeRecipient``s, one ``ScryptRecipient``, or any other backend's; binary or
        /// ASCII-armored.
        case age([any FileKeyRecipient], armored: Bool)
        /// An RNCryptor v3 file (``RNCryptorFile``) with a password or two keys.
        case rncryptor(RNCryptorFile.Seal)
        /// A sops file (``SopsFile/Seal``): a new one (``SopsFile/Seal/init(to:)``), or one written
        /// again with the data key and recipients it had, where only the values that changed get
        /// new ciphertext.
        case sops(SopsFile.Seal)

        /// The v1 format with a key file's key.
        @available(*, deprecated, message: "use .v1(.key(_:))")
        public static func key(_ key: SymmetricKey) -> Self { .v1(.key(key)) }

        /// The v1 format with a passphrase stretched by Argon2id.
        @available(*, deprecated, message: "use .v1(.passphrase(_:_:))")
        public static func passphrase(_ passphrase: Passphrase, _ parameters: KDFParameters) -> Self { .v1(.passphrase(passphrase, parameters)) }

        /// The v1 format to one X25519 recipient.
        @available(*, deprecated, message: "use .v1(.recipient(_:))")
        public static func recipient(_ recipient: Recipient) -> Self { .v1(.recipient(recipient)) }
    }

    /// A secret known in advance, as apps have passed it: a bridge to the identities that
    /// ``open(_:identities:)`` tries (``identities``).
    public enum DecryptionSecret: Sendable {
        /// A key file's key (the v1 format's key-file mode).
        case key(SymmetricKey)
        /// A passphrase: Argon2id for the v1 format, scrypt for an age file.
        case passphrase(Passphrase)
        /// One envtool identity, for a file encrypted to its recipient (either format).
        case identity(Identity)
        /// Identities tried in order, as `age -i` does: the first that opens the file is used.
        /// They open age files and the v1 recipient mode alike (the key pairs are the same
        /// X25519 pairs).
        case ageIdentities([AgeIdentity])

        /// The identities this secret is, in order.
        public var identities: [any FileKeyIdentity] {
            switch self {
            case .key(let key): return [key]
            case .passphrase(let passphrase): return [passphrase]
            case .identity(let identity): return [AgeIdentity(identity)]
            case .ageIdentities(let identities): return identities
            }
        }
    }

    /// Whether `data` is an encrypted environments file, in this format (`ENVBIN`), as an age
    /// file (binary or armored), an RNCryptor file or a sops JSON file (``SopsFile``), as
    /// opposed to plain JSON.
    public static func isEncrypted(_ data: Data) -> Bool {
        // One reach into the bytes for all: each `withUnsafeBytes` of a `Data` costs more than
        // the comparisons (250 instructions at every start of a command that reads JSON).
        isEnvironmentsBin(data) || data.withUnsafeBytes { AgeFile.isAgeFile($0) || RNCryptorFile.isRNCryptorFile($0) || SopsFile.isSopsFile($0) }
    }

    /// Whether `data` starts with this format's magic (`ENVBIN`).
    public static func isEnvironmentsBin(_ data: Data) -> Bool {
        data.count >= magic.count && data.prefix(magic.count).elementsEqual(magic)
    }

    // MARK: - Encrypt

    /// Encrypts `plaintext` (an environments document).
    ///
    /// - Throws: ``CryptoError`` when libsodium fails, or when there is not enough memory for
    ///   the Argon2id cost of `target`.
    public static func encrypt(_ plaintext: Data, to target: EncryptionTarget) throws(CryptoError) -> Data {
        try encrypt(SecretBytes(copying: plaintext), to: target)
    }

    /// Encrypts plaintext held in secret bytes (for re-encryption without touching the disk).
    package static func encrypt(_ plaintext: SecretBytes, to target: EncryptionTarget) throws(CryptoError) -> Data {
        switch target {
        case .v1(let seal):
            return try plaintext.withUnsafeBytes { (raw) throws(CryptoError) in try encrypt(raw, to: seal) }
        case .age(let recipients, let armored):
            do throws(AgeError) {
                return try AgeFile.encrypt(plaintext, to: recipients, armored: armored)
            } catch {
                throw error.cryptoError
            }
        case .rncryptor(let seal):
            return try plaintext.withUnsafeBytes { (raw) throws(CryptoError) in try RNCryptorFile.encrypt(raw, with: seal) }
        case .sops(let seal):
            return try SopsFile.encrypt(plaintext, with: seal)
        }
    }

    private static func encrypt(_ plaintext: UnsafeRawBufferPointer, to seal: V1Seal) throws(CryptoError) -> Data {
        try Sodium.ensureInitialized()
        var header = magic + [formatVersion]
        let key: SecretBytes
        switch seal {
        case .key(let symmetric):
            header.append(Mode.key.rawValue)
            header += symmetric.fingerprintBytes
            key = symmetric.bytes
        case .passphrase(let passphrase, let parameters):
            header.append(Mode.passphrase.rawValue)
            header.append(UInt8(crypto_pwhash_ALG_ARGON2ID13))
            header += littleEndian(UInt64(parameters.operations), bytes: 4)
            header += littleEndian(parameters.memoryBytes, bytes: 8)
            let salt = Sodium.randomBytes(saltLength)
            header += salt
            key = try deriveKey(passphrase, salt: salt, parameters: parameters)
        case .recipient(let recipient):
            header.append(Mode.recipient.rawValue)
            header += Fingerprint.ofRecipient(recipient.publicKey)
            var ephemeralPublic = [UInt8](repeating: 0, count: 32)
            let ephemeralSecret = SecretBytes(count: 32) { _ = crypto_box_keypair(&ephemeralPublic, $0.baseAddress!.assumingMemoryBound(to: UInt8.self)) }
            header += ephemeralPublic
            key = try agreeKey(
                secret: ephemeralSecret, peerPublic: recipient.publicKey,
                ephemeralPublic: ephemeralPublic, recipientPublic: recipient.publicKey)
        }
        let nonce = Sodium.randomBytes(nonceLength)
        header += nonce
        var output = Data(count: header.count + plaintext.count + tagLength)
        output.withUnsafeMutableBytes { out in
            out.copyBytes(from: header)
            // Never empty: the header and tag alone are 56 bytes or more.
            let cipher = (out.baseAddress! + header.count).assumingMemoryBound(to: UInt8.self)
            key.withUnsafeBytes { keyBytes in
                _ = crypto_aead_xchacha20poly1305_ietf_encrypt(
                    cipher, nil,
                    plaintext.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt64(plaintext.count),
                    header, UInt64(header.count), nil,
                    nonce, keyBytes.baseAddress!.assumingMemoryBound(to: UInt8.self))
            }
        }
        return output
    }

    // MARK: - Keys

    static func deriveKey(_ passphrase: Passphrase, salt: [UInt8], parameters: KDFParameters) throws(CryptoError) -> SecretBytes {
        // Argon2id allocates all of its memory up front; asking for more than the machine can
        // give would swap it to a halt or get the process killed instead of failing cleanly.
        try parameters.ensureAffordable(availableBytes: AvailableMemory.bytes())
        return try SecretBytes(count: 32) { (out: UnsafeMutableRawBufferPointer) throws(CryptoError) in
            let status = passphrase.bytes.withUnsafeBytes { pass in
                pass.baseAddress!.withMemoryRebound(to: CChar.self, capacity: pass.count) { passChars in
                    crypto_pwhash(
                        out.baseAddress!.assumingMemoryBound(to: UInt8.self), 32, passChars, UInt64(pass.count), salt,
                        UInt64(parameters.operations), Int(parameters.memoryBytes), crypto_pwhash_ALG_ARGON2ID13)
                }
            }
            guard status == 0 else {
                throw CryptoError(.unavailable, "Argon2id could not run with \(parameters) (out of memory?)")
            }
        }
    }

    /// X25519 agreement, hashed with both public keys so that the key is bound to this exchange.
    static func agreeKey(secret: SecretBytes, peerPublic: [UInt8], ephemeralPublic: [UInt8], recipientPublic: [UInt8]) throws(CryptoError) -> SecretBytes {
        let shared = try SecretBytes(count: 32) { (out: UnsafeMutableRawBufferPointer) throws(CryptoError) in
            let status = secret.withUnsafeBytes {
                crypto_scalarmult(out.baseAddress!.assumingMemoryBound(to: UInt8.self), $0.baseAddress!.assumingMemoryBound(to: UInt8.self), peerPublic)
            }
            guard status == 0 else { throw CryptoError(.authenticationFailed, "authentication failed: the file's ephemeral key is invalid") }
        }
        // BLAKE2b(shared || ephemeral public || recipient public), hashed in one call from a zeroed-on-release buffer.
        let transcript = SecretBytes(count: 96) { buffer in
            shared.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress!, byteCount: 32) }
            (buffer.baseAddress! + 32).copyMemory(from: ephemeralPublic, byteCount: 32)
            (buffer.baseAddress! + 64).copyMemory(from: recipientPublic, byteCount: 32)
        }
        return SecretBytes(count: 32) { out in
            transcript.withUnsafeBytes { input in
                _ = crypto_generichash(
                    out.baseAddress!.assumingMemoryBound(to: UInt8.self), 32,
                    input.baseAddress!.assumingMemoryBound(to: UInt8.self), 96, nil, 0)
            }
        }
    }

    private static func littleEndian(_ value: UInt64, bytes: Int) -> [UInt8] {
        (0..<bytes).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }
}
