import EnvironmentCrypto
import Foundation

/// RNCryptor v3 files: recognition and the header's structure checks (`Header(parsing:)`,
/// `RNCryptorFile.Summary`, `inspect`'s facts), then opening with the official test vectors'
/// secrets (`Tests/EnvironmentCryptoTests/Fixtures/rncryptor-spec`, whose ciphertexts are the
/// seeds), and the same bytes again with their HMAC recomputed, so that mutations get past the
/// HMAC check to AES-CBC and the PKCS#7 padding check.
enum RNCryptorHarness {
    /// The key vectors' pairs (encryption key, HMAC key): `v3/key` of the spec.
    private static let keyPairs: [RNCryptorKeys] = [
        ("0000000000000000000000000000000000000000000000000000000000000000", "0000000000000000000000000000000000000000000000000000000000000000"),
        ("000102030405060708090a0b0c0d0e0f000102030405060708090a0b0c0d0e0f", "0102030405060708090a0b0c0d0e0f000102030405060708090a0b0c0d0e0f00"),
        ("0102030405060708090a0b0c0d0e0f000102030405060708090a0b0c0d0e0f00", "02030405060708090a0b0c0d0e0f000102030405060708090a0b0c0d0e0f0001"),
        ("02030405060708090a0b0c0d0e0f000102030405060708090a0b0c0d0e0f0001", "030405060708090a0b0c0d0e0f000102030405060708090a0b0c0d0e0f000102"),
    ].compactMap { try? RNCryptorKeys(encryptionKey: bytes($0.0), hmacKey: bytes($0.1)) }

    /// The password vectors' keys (`v3/password`), derived once: (encryption salt ‖ HMAC salt) →
    /// keys. PBKDF2's 2 × 10,000 rounds per input would only measure SHA-1; an input whose salts
    /// are a vector's is opened with that vector's keys, others are parsed only.
    private static let passwordKeys: [([UInt8], RNCryptorKeys)] = [
        ("a", "0000000000000000", "0000000000000000"),
        ("thepassword", "0001020304050607", "0102030405060708"),
        ("thepassword", "0102030405060700", "0203040506070801"),
        ("thepassword", "0203040506070001", "0304050607080102"),
        ("中文密码", "0304050607000102", "0405060708010203"),
        (
            "It was the best of times, it was the worst of times; it was the age of wisdom, it was the age of foolishness;", "0405060700010203",
            "0506070801020304"
        ),
    ].compactMap { vector in
        guard let password = try? Passphrase(vector.0),
            let keys = try? RNCryptorKeys(encryptionKey: derive(password, vector.1), hmacKey: derive(password, vector.2))
        else { return nil }
        return (bytes(vector.1) + bytes(vector.2), keys)
    }

    static func run(_ input: UnsafeRawBufferPointer) {
        let data = Data(input)
        _ = EnvironmentsBin.isEncrypted(data)
        guard RNCryptorFile.isRNCryptorFile(data), let header = try? EnvironmentsBin.Header(parsing: data), let summary = header.rncryptor else { return }
        _ = header.facts.lines
        _ = header.stanzaTypes
        let candidates: [RNCryptorKeys]
        if summary.usesPassword {
            let salts = Array(data[2..<18])
            candidates = passwordKeys.filter { $0.0 == salts }.map(\.1)
        } else {
            candidates = keyPairs
            // The whole path, as `get` takes it: several key pairs, the one whose HMAC matches.
            _ = try? EnvironmentsBin.decrypt(data, with: keyPairs)
        }
        for keys in candidates {
            open(input, keys)
            // Resealed: the HMAC of the mutated header and ciphertext, so that AES and the
            // padding check see the mutation.
            let body = UnsafeRawBufferPointer(rebasing: input[..<(input.count - 32)])
            let resealed = Data(body) + RNCryptorFile.hmac(of: body, keys: keys)
            resealed.withUnsafeBytes { open($0, keys) }
        }
    }

    /// Opens `file` with `keys`; a success must return 1 to 16 bytes fewer than the ciphertext held.
    private static func open(_ file: UnsafeRawBufferPointer, _ keys: RNCryptorKeys) {
        guard let plaintext = try? RNCryptorFile.decrypt(file, keys: keys),
            let summary = try? RNCryptorFile.Summary(parsing: file)
        else { return }
        if plaintext.count >= summary.ciphertextLength || plaintext.count < summary.ciphertextLength - 16 {
            fatalError("RNCryptor: \(plaintext.count) plaintext bytes from \(summary.ciphertextLength) of ciphertext")
        }
    }

    private static func derive(_ password: Passphrase, _ salt: String) -> [UInt8] {
        (try? RNCryptorKeys.derive(password, salt: bytes(salt)).withUnsafeBytes { Array($0) }) ?? []
    }

    private static func bytes(_ hex: String) -> [UInt8] {
        let digits = Array(hex.utf8)
        return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(decoding: digits[$0...$0 + 1], as: UTF8.self), radix: 16)! }
    }
}
