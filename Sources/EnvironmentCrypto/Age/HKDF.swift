import CSodium

/// HKDF-SHA256 (RFC 5869) and HMAC-SHA256, built on libsodium's `crypto_auth_hmacsha256_*`:
/// the Debian libsodium (1.0.18) predates `crypto_kdf_hkdf_sha256_*`.
package enum HKDF {
    package static let hashLength = 32

    /// HMAC-SHA256 of the concatenation of `parts` under `key`, into `output` (32 bytes).
    package static func hmac(key: UnsafeRawBufferPointer, _ parts: [UnsafeRawBufferPointer], into output: UnsafeMutableRawBufferPointer) {
        var state = crypto_auth_hmacsha256_state()
        defer { withUnsafeMutableBytes(of: &state) { sodium_memzero($0.baseAddress!, $0.count) } }
        // libsodium accepts a zero-length key, but not a null pointer with it.
        var empty: UInt8 = 0
        if let base = key.baseAddress, key.count > 0 {
            crypto_auth_hmacsha256_init(&state, base.assumingMemoryBound(to: UInt8.self), key.count)
        } else {
            crypto_auth_hmacsha256_init(&state, &empty, 0)
        }
        for part in parts where part.count > 0 {
            crypto_auth_hmacsha256_update(&state, part.baseAddress!.assumingMemoryBound(to: UInt8.self), UInt64(part.count))
        }
        crypto_auth_hmacsha256_final(&state, output.baseAddress!.assumingMemoryBound(to: UInt8.self))
    }

    /// HKDF-SHA256(ikm, salt, info) of `length` bytes (at most 32: every key age derives is).
    static func derive(key ikm: SecretBytes, salt: [UInt8], info: String, length: Int = 32) -> SecretBytes {
        precondition(length <= hashLength, "age derives only 32-byte keys")
        let pseudorandomKey = SecretBytes(count: hashLength) { output in
            ikm.withUnsafeBytes { key in salt.withUnsafeBytes { salt in hmac(key: salt, [key], into: output) } }
        }
        // One block of HKDF-Expand: T(1) = HMAC(PRK, info || 0x01).
        let block = SecretBytes(count: hashLength) { output in
            pseudorandomKey.withUnsafeBytes { prk in
                Array(info.utf8).withUnsafeBytes { info in
                    withUnsafeBytes(of: UInt8(1)) { counter in hmac(key: prk, [info, counter], into: output) }
                }
            }
        }
        return length == hashLength
            ? block
            : block.withUnsafeBytes { whole in
                SecretBytes(count: length) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: whole[..<length])) }
            }
    }
}
