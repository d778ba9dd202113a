import CSodium

/// An `ssh-ed25519` public key as an age recipient (age's `agessh.Ed25519Recipient`): the
/// Ed25519 key turned into its X25519 form, a fresh ephemeral share per file, and the shared
/// secret tweaked with a scalar derived from the SSH key, so that the stanza is bound to it.
public struct SSHEd25519Recipient: FileKeyRecipient, Hashable, CustomStringConvertible {
    /// The key's SSH wire encoding (`string "ssh-ed25519"`, `string key`).
    let wire: [UInt8]
    /// The X25519 form of the Ed25519 public key.
    let montgomeryKey: [UInt8]

    /// Parses the key's wire encoding (what a .pub line holds in base64).
    ///
    /// - Throws: ``AgeError/Kind/invalidRecipient`` when it is not one 32-byte Ed25519 key that
    ///   has an X25519 form.
    init(wire: [UInt8], shown: String) throws(AgeError) {
        try AgeSodium.ready()
        let key: [UInt8]? = wire.withUnsafeBytes { raw in
            var reader = SSHWireReader(raw)
            guard reader.string(equalTo: AgeSSH.ed25519Type), let key = reader.string(), key.count == 32, reader.isAtEnd else { return nil }
            return Array(key)
        }
        guard let key else {
            throw AgeError(.invalidRecipient, "\(shown) is not a valid ssh-ed25519 key: its encoded key is truncated or malformed")
        }
        try self.init(wire: wire, publicKey: key, shown: shown)
    }

    /// The recipient of the Ed25519 `publicKey` whose wire encoding is `wire`.
    init(wire: [UInt8], publicKey: [UInt8], shown: String) throws(AgeError) {
        var montgomery = [UInt8](repeating: 0, count: 32)
        guard crypto_sign_ed25519_pk_to_curve25519(&montgomery, publicKey) == 0 else {
            throw AgeError(.invalidRecipient, "\(shown) is not a valid ssh-ed25519 key: its key is not a point of Ed25519 that can be encrypted to")
        }
        self.wire = wire
        montgomeryKey = montgomery
    }

    /// Parses an `ssh-ed25519 AAAA… comment` line.
    ///
    /// - Throws: ``AgeError/Kind/invalidRecipient`` when it is not a valid `ssh-ed25519` key.
    public init(_ line: String) throws(AgeError) {
        let (type, wire, shown) = try AgeSSH.publicKeyFields(line)
        guard type == AgeSSH.ed25519Type else { throw AgeError(.invalidRecipient, "\(shown) is not an ssh-ed25519 key") }
        try self.init(wire: wire, shown: shown)
    }

    /// The key as a recipients file holds it: `ssh-ed25519 AAAA…` without the comment.
    public var encoded: String { AgeSSH.line(type: AgeSSH.ed25519Type, wire: wire) }
    public var description: String { encoded }
    public var displayName: String { encoded }

    /// The key line: its stanza names it by a 4-byte tag only.
    public var listedName: String? { encoded }

    /// The tweak scalar: HKDF-SHA-256 with no key material, the SSH key as salt and the label.
    static func tweak(wire: [UInt8]) -> SecretBytes {
        HKDF.derive(key: SecretBytes(count: 0) { _ in }, salt: wire, info: AgeSSH.ed25519Label)
    }

    /// One `ssh-ed25519` stanza: `-> ssh-ed25519 TAG SHARE` and the wrapped file key.
    ///
    /// - Throws: ``AgeError/Kind/invalidRecipient`` for a key whose shared secret is all zeros.
    public func wrap(_ fileKey: FileKey) throws(AgeError) -> [AgeStanza] {
        var share = [UInt8](repeating: 0, count: 32)
        let ephemeral = SecretBytes(count: 32) { randombytes_buf($0.baseAddress!, 32) }
        var failed = false
        let tweak = Self.tweak(wire: wire)
        let shared = SecretBytes(count: 32) { output in
            ephemeral.withUnsafeBytes { secret in
                let base = secret.baseAddress!.assumingMemoryBound(to: UInt8.self)
                var untweaked = [UInt8](repeating: 0, count: 32)
                defer { sodium_memzero(&untweaked, 32) }
                failed = crypto_scalarmult_base(&share, base) != 0 || crypto_scalarmult(&untweaked, base, montgomeryKey) != 0
                // age ignores this result's error: the tweak cannot make a good secret zero.
                tweak.withUnsafeBytes { scalar in
                    _ = crypto_scalarmult(
                        output.baseAddress!.assumingMemoryBound(to: UInt8.self), scalar.baseAddress!.assumingMemoryBound(to: UInt8.self), untweaked)
                }
            }
        }
        guard !failed else { throw AgeError(.invalidRecipient, "the ssh-ed25519 key is a low-order point; no file can be encrypted to it safely") }
        let wrappingKey = HKDF.derive(key: shared, salt: share + montgomeryKey, info: AgeSSH.ed25519Label)
        return [
            AgeStanza(
                arguments: [AgeSSH.ed25519Type, AgeSSH.tag(of: wire), String(decoding: AgeBase64.encode(share, padded: false), as: UTF8.self)],
                body: FileKeyWrapping.wrap(fileKey.bytes, with: wrappingKey))
        ]
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.wire == rhs.wire }
    public func hash(into hasher: inout Hasher) { hasher.combine(wire) }
}
