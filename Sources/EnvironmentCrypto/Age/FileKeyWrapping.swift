import CSodium

/// The file key (16 random bytes, one per file) and how stanzas carry it: ChaCha20-Poly1305
/// under a key derived for the stanza, with the all-zero nonce (each wrapping key is used once).
enum FileKeyWrapping {
    static let fileKeyLength = 16
    /// A wrapped file key: the 16 encrypted bytes and the 16-byte tag.
    static let bodyLength = fileKeyLength + 16

    /// A fresh random file key (see ``FileKey/generate()``).
    static func generateFileKey() -> SecretBytes {
        SecretBytes(count: fileKeyLength) { randombytes_buf($0.baseAddress!, fileKeyLength) }
    }

    /// The stanza body for `fileKey` under `wrappingKey` (32 bytes).
    static func wrap(_ fileKey: SecretBytes, with wrappingKey: SecretBytes) -> [UInt8] {
        var body = [UInt8](repeating: 0, count: bodyLength)
        let nonce = [UInt8](repeating: 0, count: 12)
        var length: UInt64 = 0
        fileKey.withUnsafeBytes { plain in
            wrappingKey.withUnsafeBytes { key in
                _ = crypto_aead_chacha20poly1305_ietf_encrypt(
                    &body, &length, plain.baseAddress!.assumingMemoryBound(to: UInt8.self), UInt64(plain.count),
                    nil, 0, nil, nonce, key.baseAddress!.assumingMemoryBound(to: UInt8.self))
            }
        }
        return body
    }

    /// The file key in `body`, or nil when `wrappingKey` does not open it (another recipient's stanza).
    /// The caller has checked that `body` is ``bodyLength`` bytes.
    static func unwrap(_ body: [UInt8], with wrappingKey: SecretBytes) -> SecretBytes? {
        let nonce = [UInt8](repeating: 0, count: 12)
        var opened = false
        let fileKey = SecretBytes(count: fileKeyLength) { output in
            var length: UInt64 = 0
            opened = wrappingKey.withUnsafeBytes { key in
                crypto_aead_chacha20poly1305_ietf_decrypt(
                    output.baseAddress!.assumingMemoryBound(to: UInt8.self), &length, nil, body, UInt64(body.count),
                    nil, 0, nonce, key.baseAddress!.assumingMemoryBound(to: UInt8.self)) == 0
            }
        }
        return opened ? fileKey : nil
    }
}
