import CSodium
import EnvironmentCrypto

/// SHA-256 and HMAC-SHA256 from libsodium, as SigV4 uses them: lowercase hexadecimal digests of
/// request parts, and HMAC chains whose keys are secret.
package enum SHA256 {
    /// The lowercase hexadecimal SHA-256 of `bytes`.
    package static func hexDigest(_ bytes: some Collection<UInt8>) -> String {
        var digest = [UInt8](repeating: 0, count: Int(crypto_hash_sha256_BYTES))
        let input = Array(bytes)
        var empty: UInt8 = 0
        input.withUnsafeBufferPointer { input in
            if let base = input.baseAddress, input.count > 0 {
                _ = crypto_hash_sha256(&digest, base, UInt64(input.count))
            } else {
                _ = crypto_hash_sha256(&digest, &empty, 0)
            }
        }
        return hex(digest)
    }

    /// HMAC-SHA256 of `message` under the secret `key`, into fresh zeroing memory: every link of
    /// the SigV4 key chain is as secret as the access key it comes from.
    package static func hmac(key: SecretBytes, _ message: some Collection<UInt8>) -> SecretBytes {
        let text = Array(message)
        return SecretBytes(count: HKDF.hashLength) { output in
            key.withUnsafeBytes { key in
                text.withUnsafeBytes { text in HKDF.hmac(key: key, [text], into: output) }
            }
        }
    }

    /// Lowercase hexadecimal, as SigV4 writes hashes and signatures.
    package static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 15)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
