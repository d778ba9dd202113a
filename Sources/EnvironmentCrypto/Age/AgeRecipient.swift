import CSodium

/// An age X25519 recipient (`age1…`): a public key that files can be encrypted to.
///
/// Only the matching ``AgeIdentity`` decrypts them. Recipients may be shared freely.
public struct AgeRecipient: FileKeyRecipient, Hashable, CustomStringConvertible {
    /// The 32-byte X25519 public key.
    public let publicKey: [UInt8]

    init(publicKey: [UInt8]) {
        self.publicKey = publicKey
    }

    /// Parses an `age1…` recipient (bech32, lowercase as age writes it, or all uppercase).
    ///
    /// - Throws: ``AgeError`` of kind ``AgeError/Kind/invalidRecipient`` when it is not bech32,
    ///   its checksum is wrong, it is another kind of recipient (`age1pq1…`, a plugin, SSH), or its
    ///   key is not 32 bytes. The message quotes the recipient: it is public.
    public init(_ text: String) throws(AgeError) {
        let trimmed = Array(text.utf8)
        if text.uppercased().hasPrefix("AGE-SECRET-KEY-") {
            // Never quoted: it is a secret key, given where a public one belongs.
            throw AgeError(
                .invalidRecipient,
                "an identity (secret key) was given where a recipient belongs; give its recipient instead (`age-keygen -y FILE` prints it), and treat this key as exposed if it was shared"
            )
        }
        // Only text that looks like a recipient is quoted, so that a pasted secret never is.
        let shown = text.hasPrefix("age1") && text.count <= 100 ? "\"\(text)\"" : "this"
        if text.hasPrefix("age1pq1") {
            throw AgeError(
                .invalidRecipient,
                "\(shown) is an ML-KEM hybrid (post-quantum) recipient, which envtool cannot encrypt to (libsodium has no ML-KEM); use an X25519 recipient (age1…, from age-keygen without -pq)"
            )
        }
        if text.hasPrefix("ssh-") {
            throw AgeError(
                .invalidRecipient, "\"\(text.prefix(20))…\" is an SSH key of a type age does not use; give an ssh-ed25519 or ssh-rsa key, or an age1… recipient"
            )
        }
        let decoded: (hrp: String, data: SecretBytes)
        do {
            decoded = try trimmed.withUnsafeBytes { raw in Result { () throws(Bech32.Failure) in try Bech32.decode(raw) } }.get()
        } catch {
            throw AgeError(
                .invalidRecipient,
                "\(shown) is not an age recipient: \(error.reason); a recipient looks like age1 followed by 58 characters, as printed by `age-keygen -y`")
        }
        guard decoded.hrp == "age" else {
            let kind =
                decoded.hrp.hasPrefix("age1")
                ? "an age plugin recipient, which envtool does not support" : "not an age recipient (its prefix is \"\(decoded.hrp)\", not \"age\")"
            throw AgeError(.invalidRecipient, "\(shown) is \(kind)")
        }
        guard decoded.data.count == 32 else {
            throw AgeError(.invalidRecipient, "\(shown) holds \(decoded.data.count) bytes; an X25519 recipient holds 32")
        }
        publicKey = decoded.data.withUnsafeBytes { Array($0) }
    }

    /// The recipient as age writes it: `age1…`, lowercase.
    public var encoded: String {
        let text = publicKey.withUnsafeBytes { Bech32.encode(hrp: "age", data: $0, uppercase: false) }
        return text.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
    }

    public var description: String { encoded }

    /// The recipient itself (`age1…`).
    public var displayName: String { encoded }

    /// The key itself.
    public var x25519: AgeRecipient? { self }

    /// `age1…`: an X25519 stanza does not name its recipient.
    public var listedName: String? { encoded }

    /// One X25519 stanza carrying `fileKey` (see `stanza(wrapping:)`).
    ///
    /// - Throws: ``AgeError/Kind/invalidRecipient`` for a low-order public key.
    public func wrap(_ fileKey: FileKey) throws(AgeError) -> [AgeStanza] {
        [try stanza(wrapping: fileKey.bytes)]
    }

    /// A stanza carrying `fileKey` for this recipient: a fresh ephemeral key pair, its share as
    /// the argument, and the file key wrapped under HKDF(shared secret, share || recipient).
    func stanza(wrapping fileKey: SecretBytes) throws(AgeError) -> AgeStanza {
        var share = [UInt8](repeating: 0, count: 32)
        let ephemeral = SecretBytes(count: 32) { randombytes_buf($0.baseAddress!, 32) }
        var failed = false
        let shared = SecretBytes(count: 32) { output in
            ephemeral.withUnsafeBytes { secret in
                let base = secret.baseAddress!.assumingMemoryBound(to: UInt8.self)
                failed =
                    crypto_scalarmult_base(&share, base) != 0
                    || crypto_scalarmult(output.baseAddress!.assumingMemoryBound(to: UInt8.self), base, publicKey) != 0
            }
        }
        // Only a low-order recipient key gives an all-zero secret; age refuses it too.
        guard !failed else { throw AgeError(.invalidRecipient, "the recipient \(encoded) is a low-order point; no file can be encrypted to it safely") }
        let wrappingKey = HKDF.derive(key: shared, salt: share + publicKey, info: AgeX25519.info)
        return AgeStanza(
            arguments: [AgeX25519.type, String(decoding: AgeBase64.encode(share, padded: false), as: UTF8.self)],
            body: FileKeyWrapping.wrap(fileKey, with: wrappingKey))
    }
}
