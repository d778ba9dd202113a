import CSodium

/// An `ssh-ed25519` private key as an age identity (age's `agessh.Ed25519Identity`), read from
/// an OpenSSH private key file (`OpenSSHPrivateKey`). It opens the `ssh-ed25519` stanzas
/// whose tag is its key's.
///
/// The X25519 form of the key lives in zeroing memory and never appears in descriptions or errors.
public struct SSHEd25519Identity: FileKeyIdentity, CustomStringConvertible {
    /// The X25519 form of the private key (SHA-512 of the seed, clamped).
    private let secretKey: SecretBytes
    /// The public half, which may be shared.
    public let recipient: SSHEd25519Recipient

    /// The identity of an Ed25519 key pair: `secretKey` is libsodium's 64 bytes (seed and
    /// public key), `wire` the public key's SSH encoding.
    ///
    /// - Throws: ``AgeError/Kind/invalidIdentity`` when the public key is not the seed's.
    init(ed25519SecretKey: UnsafeRawBufferPointer, wire: [UInt8], publicKey: [UInt8]) throws(AgeError) {
        try AgeSodium.ready()
        precondition(ed25519SecretKey.count == 64 && publicKey.count == 32)
        var derived = [UInt8](repeating: 0, count: 32)
        // The seed's key pair, to check the public key against; the private half is zeroed here.
        _ = SecretBytes(count: 64) { output in
            _ = crypto_sign_seed_keypair(
                &derived, output.baseAddress!.assumingMemoryBound(to: UInt8.self), ed25519SecretKey.baseAddress!.assumingMemoryBound(to: UInt8.self))
        }
        guard derived == publicKey, ed25519SecretKey[32...].elementsEqual(publicKey) else {
            throw AgeError(.invalidIdentity, "the ssh-ed25519 private key does not match its public key; the file is corrupt")
        }
        recipient = try SSHEd25519Recipient(wire: wire, publicKey: publicKey, shown: "the key's public half")
        secretKey = SecretBytes(count: 32) { output in
            _ = crypto_sign_ed25519_sk_to_curve25519(
                output.baseAddress!.assumingMemoryBound(to: UInt8.self), ed25519SecretKey.baseAddress!.assumingMemoryBound(to: UInt8.self))
        }
    }

    public var description: String { "SSHEd25519Identity(recipient: \(recipient.encoded))" }

    public var stanzaTypes: Set<String> { [AgeSSH.ed25519Type] }

    /// Its own recipient: the stanza names it by its tag.
    public func resealingRecipient(for stanzas: [AgeStanza]) -> (any FileKeyRecipient)? { recipient }

    /// The file key from the first `ssh-ed25519` stanza with this key's tag, or nil when none has it.
    ///
    /// - Throws: ``AgeError/Kind/headerFailure`` for a malformed `ssh-ed25519` stanza, a
    ///   low-order share, or a stanza with this key's tag that it does not open (age fails there too).
    public func unwrap(_ stanzas: [AgeStanza]) throws(AgeError) -> FileKey? {
        let tag = AgeSSH.tag(of: recipient.wire)
        for (index, stanza) in stanzas.enumerated() where stanza.type == AgeSSH.ed25519Type {
            guard stanza.arguments.count == 3, let share = AgeBase64.decode(stanza.arguments[2].utf8, padded: false), share.count == 32 else {
                throw AgeError(
                    .headerFailure, "ssh-ed25519 stanza \(index + 1) does not have exactly two arguments, a tag and the canonical base64 of a 32-byte share")
            }
            guard stanza.arguments[1] == tag else { continue }
            guard stanza.body.count == FileKeyWrapping.bodyLength else {
                throw AgeError(
                    .headerFailure,
                    "ssh-ed25519 stanza \(index + 1) has a body of \(stanza.body.count) bytes; a wrapped file key is \(FileKeyWrapping.bodyLength)")
            }
            var lowOrder = false
            let tweak = SSHEd25519Recipient.tweak(wire: recipient.wire)
            let shared = SecretBytes(count: 32) { output in
                var untweaked = [UInt8](repeating: 0, count: 32)
                defer { sodium_memzero(&untweaked, 32) }
                secretKey.withUnsafeBytes { secret in
                    lowOrder = crypto_scalarmult(&untweaked, secret.baseAddress!.assumingMemoryBound(to: UInt8.self), share) != 0
                }
                tweak.withUnsafeBytes { scalar in
                    _ = crypto_scalarmult(
                        output.baseAddress!.assumingMemoryBound(to: UInt8.self), scalar.baseAddress!.assumingMemoryBound(to: UInt8.self), untweaked)
                }
            }
            guard !lowOrder else {
                throw AgeError(.headerFailure, "ssh-ed25519 stanza \(index + 1) has a low-order share, which would give an all-zero shared secret")
            }
            let wrappingKey = HKDF.derive(key: shared, salt: share + recipient.montgomeryKey, info: AgeSSH.ed25519Label)
            guard let fileKey = FileKeyWrapping.unwrap(stanza.body, with: wrappingKey) else {
                throw AgeError(.headerFailure, "ssh-ed25519 stanza \(index + 1) carries this key's tag but does not open with it: the stanza was modified")
            }
            return FileKey(bytes: fileKey)
        }
        return nil
    }
}
