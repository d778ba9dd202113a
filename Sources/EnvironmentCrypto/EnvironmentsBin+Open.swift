import CSodium

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension EnvironmentsBin {
    /// An `environments.bin` after a successful ``EnvironmentsBin/open(_:identities:)``.
    public struct Opened: Sendable {
        /// The parsed header, needed to re-encrypt with the same mode and cost.
        public let header: Header
        /// The identity that opened the file: for an age file the first of those given that
        /// unwrapped a stanza, for a v1 file the key, passphrase or ``AgeIdentity`` of its mode.
        public let identity: any FileKeyIdentity
        /// The age header's stanzas, in order (for ``FileKeyIdentity/resealingRecipient(for:)``);
        /// empty for a v1 file, which has none.
        public let stanzas: [AgeStanza]
        /// The authenticated document, zeroed when released.
        public let plaintext: SecretBytes
        /// How a v1 file was sealed, as far as its identity tells (the header's Argon2id cost, the
        /// recipient its fingerprint names); `nil` for an age file.
        package let v1Seal: V1Seal?
        /// A sops file's data key, to write it again (``SopsFile/Seal``); `nil` for other formats.
        package var sopsDataKey: SecretBytes? = nil
        /// An age file's file key, which authenticates the recipients list kept beside it
        /// (``authenticatedRecipients(_:)``); `nil` for other formats.
        package var fileKey: SecretBytes? = nil
    }

    /// Opens an `environments.bin`: parses its header once, asks `identities` for the identities
    /// that may open it (``Header/stanzaTypes`` says which kind it needs), and decrypts and
    /// authenticates the document with the first that does.
    ///
    /// This is the one way every reader (documents, `decrypt`, `edit`, `rekey`) opens a file.
    ///
    /// - Parameters:
    ///   - data: The whole file, in any format that ``isEncrypted(_:)`` recognizes.
    ///   - identities: Given the header, the identities to try in order (such as the key
    ///     file, passphrase or identity files the user supplied for that kind of file). It may throw
    ///     ``CryptoError/Kind/secretUnavailable``.
    /// - Throws: ``CryptoError``: ``CryptoError/Kind/malformedFile`` for a file that is not a
    ///   readable `environments.bin`, ``CryptoError/Kind/secretUnavailable`` when no identity
    ///   given is of a kind that opens any of the header's stanza types,
    ///   ``CryptoError/Kind/authenticationFailed`` for a wrong secret or any modification of the
    ///   file, ``CryptoError/Kind/unavailable`` when the machine lacks the memory the file's
    ///   Argon2id or scrypt cost needs.
    public static func open(_ data: Data, identities: (Header) throws(CryptoError) -> [any FileKeyIdentity]) throws(CryptoError) -> Opened {
        try Sodium.ensureInitialized()
        // The bytes are reached once, as in ``decrypt(_:with:)``.
        let opened = try data.withBytes { (file) throws(CryptoError) -> Opened? in
            if AgeFile.isAgeFile(file) || SopsFile.isSopsFile(file) { return nil }
            if RNCryptorFile.isRNCryptorFile(file) { return try openRNCryptor(file, identities: identities) }
            let header = try Header(parsing: file)
            let v1 = try v1Key(for: header, from: identities(header))
            let plaintext = try authenticate(file, headerLength: header.length, mode: header.v1Mode, key: v1.key)
            return Opened(header: header, identity: v1.identity, stanzas: [], plaintext: plaintext, v1Seal: v1.seal)
        }
        if let opened { return opened }
        if SopsFile.isSopsFile(data) { return try openSops(data, identities: identities) }
        return try openAge(data, identities: identities)
    }

    /// Opens a sops JSON file (``SopsFile``): the identities are asked for with the stanzas of
    /// the data keys sealed to its recipients, the first that unseals one gives the data key, and
    /// every value is decrypted under its path and the MAC checked over all of them before the
    /// document (the file without its `"sops"` object) is returned.
    private static func openSops(_ data: Data, identities: (Header) throws(CryptoError) -> [any FileKeyIdentity]) throws(CryptoError) -> Opened {
        let header = try Header(parsing: data)
        guard let file = header.sops else { throw CryptoError(.malformedFile, "not a sops file") }
        let given = try identities(header)
        try ensureKind(given, opens: header)
        let unsealed = try file.dataKey(with: given)
        let document = try file.decrypt(with: unsealed.key)
        var text: [UInt8] = []
        document.write(to: &text, pretty: true)
        text.append(UInt8(ascii: "\n"))
        let plaintext = SecretBytes(copying: text)
        text.withUnsafeMutableBytes { sodium_memzero($0.baseAddress!, $0.count) }
        return Opened(header: header, identity: unsealed.identity, stanzas: unsealed.stanzas, plaintext: plaintext, v1Seal: nil, sopsDataKey: unsealed.key)
    }

    /// Opens an `environments.bin` with the secret `secret` gives for its header: a bridge to
    /// ``open(_:identities:)`` with ``DecryptionSecret/identities``.
    ///
    /// - Throws: ``CryptoError``, as ``open(_:identities:)``.
    public static func open(_ data: Data, secret: (Header) throws(CryptoError) -> DecryptionSecret) throws(CryptoError) -> Opened {
        try open(data) { (header) throws(CryptoError) in try secret(header).identities }
    }

    /// Decrypts and authenticates `data` with identities known in advance, tried in order.
    ///
    /// - Returns: The plaintext, in a buffer that is zeroed when released.
    /// - Throws: ``CryptoError``, as ``open(_:identities:)``.
    public static func decrypt(_ data: Data, with identities: [any FileKeyIdentity]) throws(CryptoError) -> SecretBytes {
        // ``open(_:identities:)`` without the `Opened` it builds for edits: the same parse, key
        // and authentication, but at 1 KiB that bookkeeping was a tenth of the time.
        try Sodium.ensureInitialized()
        // The bytes are reached once: each access to a `Data`'s storage from this module makes
        // dynamic exclusivity checks on its class.
        let plaintext = try data.withBytes { (file) throws(CryptoError) -> SecretBytes? in
            if AgeFile.isAgeFile(file) || SopsFile.isSopsFile(file) { return nil }
            if RNCryptorFile.isRNCryptorFile(file) { return try openRNCryptor(file) { _ in identities }.plaintext }
            let header = try V1Header(parsing: file)
            return try authenticate(file, headerLength: header.length, mode: header.mode, key: v1DecryptionKey(for: header, in: file, from: identities))
        }
        if let plaintext { return plaintext }
        if SopsFile.isSopsFile(data) { return try openSops(data) { _ in identities }.plaintext }
        return try openAge(data) { _ in identities }.plaintext
    }

    /// Decrypts and authenticates `data` with a secret known in advance (``DecryptionSecret/identities``).
    ///
    /// - Returns: The plaintext, in a buffer that is zeroed when released.
    /// - Throws: ``CryptoError``, as ``open(_:identities:)``.
    public static func decrypt(_ data: Data, with secret: DecryptionSecret) throws(CryptoError) -> SecretBytes {
        try decrypt(data, with: secret.identities)
    }

    /// Opens an age v1 file: the identities are asked for once the header's stanza types are
    /// known, then the whole file is decrypted all or nothing (whatever was decrypted before a
    /// failure is zeroed).
    private static func openAge(_ data: Data, identities: (Header) throws(CryptoError) -> [any FileKeyIdentity]) throws(CryptoError) -> Opened {
        let header = try Header(parsing: data)
        let given = try identities(header)
        try ensureKind(given, opens: header)
        do throws(AgeError) {
            let opened = try AgeFile.open(data, with: given)
            return Opened(header: header, identity: opened.identity, stanzas: opened.stanzas, plaintext: opened.plaintext, v1Seal: nil, fileKey: opened.fileKey)
        } catch {
            throw error.cryptoError
        }
    }

    /// Refuses identities none of which opens any of an age header's stanza types (a key file
    /// or a passphrase for a file encrypted to recipients, an identity for a passphrase file):
    /// another kind of secret is needed, not another secret of this kind.
    static func ensureKind(_ identities: [any FileKeyIdentity], opens header: Header) throws(CryptoError) {
        let types = header.stanzaTypes
        for identity in identities where identity.opensOtherStanzas || types.contains(where: identity.stanzaTypes.contains) { return }
        let file = header.age?.isPassphraseProtected == true ? "with a passphrase" : "to recipients (\(AgeFile.describe(types)))"
        throw CryptoError(.secretUnavailable, "this age file is encrypted \(file), but \(kind(of: identities)) was given")
    }

    /// How messages name the kind of the identities given: "a key file", "a passphrase (Argon2id)",
    /// "a recipient public key (X25519)", or the stanza types of another backend.
    private static func kind(of identities: [any FileKeyIdentity]) -> String {
        guard let first = identities.first else { return "no secret" }
        let types = first.stanzaTypes
        for mode in [Mode.key, .passphrase, .recipient] where types.contains(mode.stanzaType) { return "a \(mode)" }
        if types.contains(RNCryptorKeys.stanzaType) { return "an RNCryptor key file (an encryption key and an HMAC key)" }
        return "an identity for \(types.sorted().joined(separator: ", "))"
    }

    /// The AEAD key of a v1 file, the identity that gives it and how the file was sealed: the
    /// first identity of the concrete type the header's mode needs (a ``SymmetricKey`` whose
    /// fingerprint the header names, a ``Passphrase``, or an ``AgeIdentity`` of the recipient the
    /// header names), as for an age file. Frozen with the format's three modes: no other identity
    /// opens a v1 file.
    /// The key of a v1 file for ``decrypt(_:with:)``, which needs neither the identity nor the
    /// seal: a key file that matches is taken without building them (at 1 KiB their copies and
    /// retains were a tenth of a decryption); any other case, or an error, is ``v1Key(for:from:)``'s.
    private static func v1DecryptionKey(for header: V1Header, in file: UnsafeRawBufferPointer, from identities: [any FileKeyIdentity]) throws(CryptoError)
        -> SecretBytes
    {
        if header.mode == .key {
            for identity in identities {
                if case .key(let key)? = identity.secret, header.isKey(key.fingerprintBytes, in: file) { return key.bytes }
            }
        }
        return try v1Key(for: Header(v1: header, in: file), from: identities).key
    }

    private static func v1Key(for header: Header, from identities: [any FileKeyIdentity]) throws(CryptoError) -> (
        key: SecretBytes, identity: any FileKeyIdentity, seal: V1Seal
    ) {
        var wrong: [String] = []
        switch header.modeFields {
        case .key(let fingerprint)?:
            for identity in identities {
                guard case .key(let key)? = identity.secret else { continue }
                if key.fingerprintBytes == fingerprint { return (key.bytes, key, .key(key)) }
                wrong.append(key.fingerprint)
            }
            if let given = wrong.first {
                throw CryptoError(.authenticationFailed, "wrong key: the file was encrypted with key \(Fingerprint.hex(fingerprint)), this key is \(given)")
            }
        case .passphrase(let kdf, let salt)?:
            // A passphrase cannot be told wrong before the tag is checked: the first is used.
            for identity in identities {
                guard let passphrase = identity.secret?.passphrase else { continue }
                return (try deriveKey(passphrase, salt: salt, parameters: kdf), passphrase, .passphrase(passphrase, kdf))
            }
        case .recipient(let fingerprint, let ephemeralPublicKey)?:
            for identity in identities {
                guard case .x25519(let x25519)? = identity.secret else { continue }
                let recipient = Recipient(x25519.recipient)
                guard Fingerprint.ofRecipient(recipient.publicKey) == fingerprint else {
                    wrong.append(recipient.fingerprint)
                    continue
                }
                let key = try agreeKey(
                    secret: x25519.secretKey, peerPublic: ephemeralPublicKey,
                    ephemeralPublic: ephemeralPublicKey, recipientPublic: recipient.publicKey)
                return (key, x25519, .recipient(recipient))
            }
            if wrong.count == 1 {
                throw CryptoError(
                    .authenticationFailed, "wrong identity: the file was encrypted to recipient \(Fingerprint.hex(fingerprint)), this identity is \(wrong[0])")
            }
            if !wrong.isEmpty {
                throw CryptoError(
                    .authenticationFailed,
                    "wrong identity: the file was encrypted to recipient \(Fingerprint.hex(fingerprint)), and none of the \(wrong.count) identities given is for it"
                )
            }
        case nil:
            break
        }
        throw CryptoError(.secretUnavailable, "this file is encrypted with a \(header.stanzaSummary), but \(kind(of: identities)) was given")
    }

    /// Opens an RNCryptor v3 file: its structure is checked, the identities are asked for with
    /// its header, and the first of the kind its options need opens it (a ``Passphrase``, whose
    /// keys PBKDF2 derives, or ``RNCryptorKeys``, tried in turn until one's HMAC matches). The
    /// HMAC is checked before anything is decrypted (``RNCryptorFile/decrypt(_:summary:keys:)``).
    private static func openRNCryptor(_ file: UnsafeRawBufferPointer, identities: (Header) throws(CryptoError) -> [any FileKeyIdentity]) throws(CryptoError)
        -> Opened
    {
        let summary = try RNCryptorFile.Summary(parsing: file)
        let header = Header(rncryptor: summary)
        let given = try identities(header)
        if let salts = summary.salts(in: file) {
            // A password cannot be told wrong before the HMAC is checked: the first is used.
            for identity in given {
                guard let password = identity.secret?.passphrase else { continue }
                let keys = try RNCryptorKeys(password: password, encryptionSalt: salts.encryption, hmacSalt: salts.hmac)
                let plaintext = try RNCryptorFile.decrypt(file, summary: summary, keys: keys)
                return Opened(header: header, identity: password, stanzas: [], plaintext: plaintext, v1Seal: nil)
            }
        } else {
            let pairs = given.compactMap { identity -> RNCryptorKeys? in
                if case .rncryptorKeys(let keys)? = identity.secret { return keys }
                return nil
            }
            // Several key pairs: the one whose HMAC matches, so that a wrong pair is skipped as
            // age skips an identity that is not for the file.
            if pairs.count > 1, let match = pairs.first(where: { RNCryptorFile.authenticates(file, keys: $0) }) {
                return Opened(
                    header: header, identity: match, stanzas: [], plaintext: try RNCryptorFile.decrypt(file, summary: summary, keys: match), v1Seal: nil)
            }
            if let keys = pairs.first {
                return Opened(
                    header: header, identity: keys, stanzas: [], plaintext: try RNCryptorFile.decrypt(file, summary: summary, keys: keys), v1Seal: nil)
            }
        }
        let needed = summary.usesPassword ? "its password (a passphrase)" : "its two keys (an RNCryptor key file: \(RNCryptorKeys.keyFileForm))"
        throw CryptoError(
            .secretUnavailable, "this file is encrypted with a \(header.stanzaSummary), but \(kind(of: given)) was given; it opens with \(needed)")
    }

    /// Decrypts the ciphertext after `header`, releasing nothing unless the tag verifies.
    private static func authenticate(_ raw: UnsafeRawBufferPointer, headerLength: Int, mode: Mode?, key: SecretBytes) throws(CryptoError) -> SecretBytes {
        let cipherLength = raw.count - headerLength
        guard cipherLength >= tagLength else {
            throw CryptoError(.authenticationFailed, "the file is truncated: it ends before the authentication tag")
        }
        return try SecretBytes(count: cipherLength - tagLength) { (plain) throws(CryptoError) in
            let file = raw.bindMemory(to: UInt8.self)
            let ciphertext = UnsafeBufferPointer(rebasing: file[headerLength...])
            let nonce = UnsafeBufferPointer(rebasing: file[(headerLength - nonceLength)..<headerLength])
            // Never empty (header, nonce, tag and key have fixed, non-zero sizes), so the
            // base addresses exist.
            let status = key.withUnsafeBytes { keyBytes in
                crypto_aead_xchacha20poly1305_ietf_decrypt(
                    plain.baseAddress?.assumingMemoryBound(to: UInt8.self), nil, nil,
                    ciphertext.baseAddress!, UInt64(ciphertext.count),
                    file.baseAddress, UInt64(headerLength),
                    nonce.baseAddress!, keyBytes.baseAddress!.assumingMemoryBound(to: UInt8.self))
            }
            guard status == 0 else {
                let cause =
                    mode == .passphrase
                    ? "wrong passphrase, or the file was modified, truncated or extended"
                    : "the file was modified, truncated or extended"
                throw CryptoError(.authenticationFailed, "authentication failed: \(cause); nothing was decrypted")
            }
        }
    }
}
