import CSodium
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension EnvironmentsBin {
    /// An `environments.bin` after a successful ``EnvironmentsBin/open(_:secret:)``.
    public struct Opened: Sendable {
        /// The parsed header, needed to re-encrypt with the same mode and cost.
        public let header: Header
        /// The secret that decrypted the file, so that an edit can be sealed with it again.
        public let secret: DecryptionSecret
        /// The authenticated document, zeroed when released.
        public let plaintext: SecretBytes
    }

    /// Opens an `environments.bin`: parses its header once, asks `secret` for the secret that the
    /// header's key mode needs, and decrypts and authenticates the document.
    ///
    /// This is the one way every reader (documents, `decrypt`, `edit`, `rekey`) opens a file.
    ///
    /// - Parameter secret: Given the header, returns the secret to decrypt with (such as the key
    ///   file or passphrase the user supplied for that kind of file). It may throw
    ///   ``CryptoError/Kind/secretUnavailable``.
    /// - Throws: ``CryptoError``: ``CryptoError/Kind/malformedFile`` for a file that is not a
    ///   readable `environments.bin`, ``CryptoError/Kind/secretUnavailable`` when the secret is of
    ///   the wrong kind, ``CryptoError/Kind/authenticationFailed`` for a wrong secret or any
    ///   modification of the file, ``CryptoError/Kind/unavailable`` when the machine lacks the
    ///   memory the file's Argon2id cost needs.
    public static func open(_ data: Data, secret: (Header) throws(CryptoError) -> DecryptionSecret) throws(CryptoError) -> Opened {
        try Sodium.ensureInitialized()
        // The bytes are reached once, as in ``decrypt(_:with:)``.
        let opened = try data.withBytes { (file) throws(CryptoError) -> Opened? in
            if AgeFile.isAgeFile(file) { return nil }
            let header = try Header(parsing: file)
            let chosen = try secret(header)
            let key = try aeadKey(for: header, from: chosen)
            let plaintext = try authenticate(file, header: header, key: key)
            return Opened(header: header, secret: chosen, plaintext: plaintext)
        }
        if let opened { return opened }
        return try openAge(data, secret: secret)
    }

    /// Decrypts and authenticates `data` with a secret known in advance.
    ///
    /// - Returns: The plaintext, in a buffer that is zeroed when released.
    /// - Throws: ``CryptoError``, as ``open(_:secret:)``.
    public static func decrypt(_ data: Data, with secret: DecryptionSecret) throws(CryptoError) -> SecretBytes {
        // ``open(_:secret:)`` without the `Opened` it builds for edits: the same parse, key and
        // authentication, but at 1 KiB that bookkeeping was a tenth of the time.
        try Sodium.ensureInitialized()
        // The bytes are reached once: each access to a `Data`'s storage from this module makes
        // dynamic exclusivity checks on its class.
        let plaintext = try data.withBytes { (file) throws(CryptoError) -> SecretBytes? in
            if AgeFile.isAgeFile(file) { return nil }
            let header = try Header(parsing: file)
            return try authenticate(file, header: header, key: aeadKey(for: header, from: secret))
        }
        if let plaintext { return plaintext }
        return try openAge(data) { _ in secret }.plaintext
    }

    /// Opens an age v1 file: the header's stanza types choose the kind of secret, then the whole
    /// file is decrypted all or nothing (whatever was decrypted before a failure is zeroed).
    private static func openAge(_ data: Data, secret: (Header) throws(CryptoError) -> DecryptionSecret) throws(CryptoError) -> Opened {
        let header = try Header(parsing: data)
        let chosen = try secret(header)
        let ageSecret = try self.ageSecret(for: header, from: chosen)
        do throws(AgeError) {
            return Opened(header: header, secret: chosen, plaintext: try AgeFile.decrypt(data, with: ageSecret))
        } catch {
            throw error.cryptoError
        }
    }

    /// The age secret for an age file with `header`, from `secret`, which must be of the kind the
    /// header needs (a passphrase for a scrypt stanza, identities otherwise).
    static func ageSecret(for header: Header, from secret: DecryptionSecret) throws(CryptoError) -> AgeFile.Secret {
        guard secret.mode == header.mode else {
            throw CryptoError(.secretUnavailable, "this age file is encrypted \(header.mode == .passphrase ? "with a passphrase" : "to recipients"), but a \(secret.mode) was given")
        }
        switch secret {
        case .passphrase(let passphrase): return .passphrase(passphrase)
        case .identity(let identity): return .identities([AgeIdentity(identity)])
        case .ageIdentities(let identities): return .identities(identities)
        case .key: throw CryptoError(.secretUnavailable, "an age file cannot be opened with a key file")
        }
    }

    /// The AEAD key for `header`, from `secret`, which must be of the kind the header's mode needs.
    private static func aeadKey(for header: Header, from secret: DecryptionSecret) throws(CryptoError) -> SecretBytes {
        if case .recipient(let fingerprint, _) = header.modeFields, case .ageIdentities(let identities) = secret {
            // Identities are tried in order, as for an age file: the one whose recipient the file
            // names is used.
            guard let match = identities.first(where: { Fingerprint.ofRecipient($0.recipient.publicKey) == fingerprint }) else {
                throw CryptoError(.authenticationFailed, "wrong identity: the file was encrypted to recipient \(Fingerprint.hex(fingerprint)), and none of the \(identities.count) identities given is for it")
            }
            return try aeadKey(for: header, from: .identity(Identity(match)))
        }
        switch (header.modeFields, secret) {
        case (.key(let fingerprint), .key(let symmetric)):
            let given = symmetric.fingerprintBytes
            guard fingerprint == given else {
                throw CryptoError(.authenticationFailed, "wrong key: the file was encrypted with key \(Fingerprint.hex(fingerprint)), this key is \(Fingerprint.hex(given))")
            }
            return symmetric.bytes
        case (.passphrase(let kdf, let salt), .passphrase(let passphrase)):
            return try deriveKey(passphrase, salt: salt, parameters: kdf)
        case (.recipient(let fingerprint, let ephemeralPublicKey), .identity(let identity)):
            guard fingerprint == Fingerprint.ofRecipient(identity.recipient.publicKey) else {
                throw CryptoError(.authenticationFailed, "wrong identity: the file was encrypted to recipient \(Fingerprint.hex(fingerprint)), this identity is \(identity.recipient.fingerprint)")
            }
            return try agreeKey(secret: identity.secretKey, peerPublic: ephemeralPublicKey,
                                ephemeralPublic: ephemeralPublicKey, recipientPublic: identity.recipient.publicKey)
        default:
            throw CryptoError(.secretUnavailable, "this file is encrypted with a \(header.mode), but a \(secret.mode) was given")
        }
    }

    /// Decrypts the ciphertext after `header`, releasing nothing unless the tag verifies.
    private static func authenticate(_ raw: UnsafeRawBufferPointer, header: Header, key: SecretBytes) throws(CryptoError) -> SecretBytes {
        let cipherLength = raw.count - header.length
        guard cipherLength >= tagLength else {
            throw CryptoError(.authenticationFailed, "the file is truncated: it ends before the authentication tag")
        }
        return try SecretBytes(count: cipherLength - tagLength) { (plain) throws(CryptoError) in
            let file = raw.bindMemory(to: UInt8.self)
            let ciphertext = UnsafeBufferPointer(rebasing: file[header.length...])
            let nonce = UnsafeBufferPointer(rebasing: file[(header.length - nonceLength)..<header.length])
            // Never empty (header, nonce, tag and key have fixed, non-zero sizes), so the
            // base addresses exist.
            let status = key.withUnsafeBytes { keyBytes in
                crypto_aead_xchacha20poly1305_ietf_decrypt(
                    plain.baseAddress?.assumingMemoryBound(to: UInt8.self), nil, nil,
                    ciphertext.baseAddress!, UInt64(ciphertext.count),
                    file.baseAddress, UInt64(header.length),
                    nonce.baseAddress!, keyBytes.baseAddress!.assumingMemoryBound(to: UInt8.self))
            }
            guard status == 0 else {
                let cause = header.mode == .passphrase ? "wrong passphrase, or the file was modified, truncated or extended"
                    : "the file was modified, truncated or extended"
                throw CryptoError(.authenticationFailed, "authentication failed: \(cause); nothing was decrypted")
            }
        }
    }
}
