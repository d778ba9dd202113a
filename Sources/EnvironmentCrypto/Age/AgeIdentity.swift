import CSodium

/// An age X25519 identity (`AGE-SECRET-KEY-1…`): the secret key that opens files encrypted to
/// its ``recipient``.
///
/// The key lives in zeroing memory and never appears in descriptions or errors.
public struct AgeIdentity: FileKeyIdentity, CustomStringConvertible {
    package let secretKey: SecretBytes
    /// The public half, which may be shared.
    public let recipient: AgeRecipient

    /// A new random identity from libsodium's CSPRNG.
    public static func generate() throws(AgeError) -> AgeIdentity {
        try AgeSodium.ready()
        let secret = SecretBytes(count: 32) { randombytes_buf($0.baseAddress!, 32) }
        return AgeIdentity(secretKey: secret)
    }

    package init(secretKey: SecretBytes) {
        self.secretKey = secretKey
        var publicKey = [UInt8](repeating: 0, count: 32)
        secretKey.withUnsafeBytes { _ = crypto_scalarmult_base(&publicKey, $0.baseAddress!.assumingMemoryBound(to: UInt8.self)) }
        recipient = AgeRecipient(publicKey: publicKey)
    }

    /// Parses one identity line (`AGE-SECRET-KEY-1…`) held in `text`.
    ///
    /// - Throws: ``AgeError`` of kind ``AgeError/Kind/invalidIdentity`` when it is not bech32,
    ///   not an X25519 identity (ML-KEM hybrid `AGE-SECRET-KEY-PQ-1…` and plugin identities are
    ///   not supported), or not 32 bytes. The message never quotes the text.
    package init(parsing text: UnsafeRawBufferPointer) throws(AgeError) {
        try AgeSodium.ready()
        let decoded: (hrp: String, data: SecretBytes)
        do {
            decoded = try Bech32.decode(text)
        } catch {
            throw AgeError(
                .invalidIdentity,
                "this is not an age identity: \(error.reason); an identity looks like AGE-SECRET-KEY-1 followed by 58 characters, as written by `age-keygen`")
        }
        switch decoded.hrp {
        case "age-secret-key-": break
        case "age-secret-key-pq-":
            throw AgeError(
                .invalidIdentity,
                "this is an ML-KEM hybrid (post-quantum) identity (AGE-SECRET-KEY-PQ-1…); envtool cannot use it because libsodium has no ML-KEM; use an X25519 identity from `age-keygen` without -pq"
            )
        case let hrp where hrp.hasPrefix("age-plugin-"):
            throw AgeError(.invalidIdentity, "this is an age plugin identity; envtool supports only X25519 identities (AGE-SECRET-KEY-1…)")
        default:
            throw AgeError(.invalidIdentity, "this is not an age identity: it should start with AGE-SECRET-KEY-1")
        }
        guard decoded.data.count == 32 else {
            throw AgeError(.invalidIdentity, "this identity holds \(decoded.data.count) bytes; an X25519 identity holds 32")
        }
        self.init(secretKey: decoded.data)
    }

    /// Parses one identity from a string. Prefer ``AgeIdentityFile``, which keeps the key out of
    /// Swift strings (they cannot be zeroed).
    public init(_ text: String) throws(AgeError) {
        let bytes = SecretBytes(copying: text.utf8)
        try self.init(parsing: bytes)
    }

    package init(parsing text: SecretBytes) throws(AgeError) {
        let result: Result<AgeIdentity, AgeError> = text.withUnsafeBytes { raw in
            Result { () throws(AgeError) in try AgeIdentity(parsing: raw) }
        }
        self = try result.get()
    }

    /// The identity as age writes it (`AGE-SECRET-KEY-1…`, uppercase), in zeroing memory.
    package var encoded: SecretBytes {
        secretKey.withUnsafeBytes { Bech32.encode(hrp: "AGE-SECRET-KEY-", data: $0, uppercase: true) }
    }

    public var description: String { "AgeIdentity(recipient: \(recipient.encoded))" }

    /// X25519 stanzas, and the v1 format's recipient mode (the same key pairs).
    public var stanzaTypes: Set<String> { [AgeX25519.type, EnvironmentsBin.Mode.recipient.stanzaType] }

    /// Its own recipient: an X25519 stanza does not say whom else a file was encrypted to.
    public func resealingRecipient(for stanzas: [AgeStanza]) -> (any FileKeyRecipient)? { recipient }

    /// The key pair itself.
    public var secret: FileSecret? { .x25519(self) }

    /// The file key from the first X25519 stanza this identity opens, or nil when none is for it.
    ///
    /// - Throws: ``AgeError/Kind/headerFailure`` for a malformed X25519 stanza (wrong argument
    ///   count, a share that is not 32 canonical bytes, a body that is not a 16-byte wrapped key)
    ///   or a low-order share, as age does: such a file is broken, not merely for someone else.
    public func unwrap(_ stanzas: [AgeStanza]) throws(AgeError) -> FileKey? {
        for (index, stanza) in stanzas.enumerated() where stanza.type == AgeX25519.type {
            guard stanza.arguments.count == 2, let share = AgeBase64.decode(stanza.arguments[1].utf8, padded: false), share.count == 32 else {
                throw AgeError(.headerFailure, "X25519 stanza \(index + 1) does not have exactly one argument, the canonical base64 of a 32-byte share")
            }
            guard stanza.body.count == FileKeyWrapping.bodyLength else {
                throw AgeError(
                    .headerFailure, "X25519 stanza \(index + 1) has a body of \(stanza.body.count) bytes; a wrapped file key is \(FileKeyWrapping.bodyLength)")
            }
            var lowOrder = false
            let shared = SecretBytes(count: 32) { output in
                secretKey.withUnsafeBytes { secret in
                    // libsodium returns -1 when the result is all zeros: the share is a low-order point.
                    lowOrder =
                        crypto_scalarmult(
                            output.baseAddress!.assumingMemoryBound(to: UInt8.self),
                            secret.baseAddress!.assumingMemoryBound(to: UInt8.self), share) != 0
                }
            }
            guard !lowOrder else {
                throw AgeError(.headerFailure, "X25519 stanza \(index + 1) has a low-order share, which would give an all-zero shared secret")
            }
            let wrappingKey = HKDF.derive(key: shared, salt: share + recipient.publicKey, info: AgeX25519.info)
            if let fileKey = FileKeyWrapping.unwrap(stanza.body, with: wrappingKey) { return FileKey(bytes: fileKey) }
        }
        return nil
    }
}
