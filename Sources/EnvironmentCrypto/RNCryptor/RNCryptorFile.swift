import CSodium

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// RNCryptor data format v3 (RNCryptor-Spec-v3): what RNCryptor 3+ for Swift and Objective-C,
/// and its ports, read and write, and so what T21Environment's build phase makes of an
/// `environments.json`.
///
/// ```
/// 0x03 | options | [encryption salt (8) | HMAC salt (8)] | IV (16) | AES-256-CBC ciphertext | HMAC (32)
/// ```
///
/// Options `0x01`: the keys are derived from a password with PBKDF2-HMAC-SHA1 (10,000 rounds,
/// one salt each); `0x00`: the two 32-byte keys are given. The HMAC is HMAC-SHA-256 of everything
/// before it under the HMAC key, checked in constant time before anything is decrypted; the
/// plaintext is PKCS#7-padded.
///
/// Few public symbols, and no conformances beyond `Sendable`: every symbol the binary exports and
/// every conformance record is walked at each start of every command (by `dladdr` and the
/// runtime's first-use conformance scans), RNCryptor or not.
public enum RNCryptorFile {
    /// The format version this code reads and writes.
    static let version: UInt8 = 3
    /// PBKDF2's iteration count, fixed by the format.
    static let pbkdf2Rounds: UInt32 = 10_000
    /// The options byte of a password file.
    static let passwordOption: UInt8 = 1
    /// The options byte of a file encrypted with two keys.
    static let keysOption: UInt8 = 0
    static let saltLength = 8
    static let ivLength = 16
    static let hmacLength = 32
    static let keyLength = 32

    /// How a file was sealed: a password, or the two keys themselves.
    public enum Seal: Sendable {
        /// A password (its UTF-8 bytes), stretched into both keys by PBKDF2-HMAC-SHA1.
        case password(Passphrase)
        /// An encryption key and an HMAC key (``RNCryptorKeys``).
        case keys(RNCryptorKeys)

        /// "RNCryptor v3, password" or "RNCryptor v3, encryption and HMAC keys".
        var displayName: String {
            switch self {
            case .password: return "RNCryptor v3, password"
            case .keys: return "RNCryptor v3, encryption and HMAC keys"
            }
        }
    }

    /// Whether `data` starts like an RNCryptor file: version 3, or version 2 (refused with a
    /// message when read). No JSON document, `ENVBIN` or age file starts with either byte.
    public static func isRNCryptorFile(_ data: Data) -> Bool {
        data.withUnsafeBytes { isRNCryptorFile($0) }
    }

    /// ``isRNCryptorFile(_:)`` on bytes.
    static func isRNCryptorFile(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let first = bytes.first else { return false }
        return first == version || (first == 2 && bytes.count > 1 && bytes[1] <= passwordOption)
    }

    /// Whether `bytes` start with a well-formed v3 header byte pair (`0x03`, options `0x00` or
    /// `0x01`): stricter than ``isRNCryptorFile(_:)``, for telling a file apart from any other
    /// binary file.
    static func hasV3Header(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count >= 2 && bytes[0] == version && bytes[1] <= passwordOption
    }

    // MARK: - Encrypt

    /// Encrypts `plaintext` with a new random IV (and, for a password, new random salts).
    ///
    /// - Throws: ``CryptoError/Kind/unavailable`` when AES or PBKDF2 cannot run (no libcrypto).
    static func encrypt(_ plaintext: UnsafeRawBufferPointer, with seal: Seal) throws(CryptoError) -> Data {
        try Sodium.ensureInitialized()
        let iv = Sodium.randomBytes(ivLength)
        switch seal {
        case .password(let password):
            return try encrypt(
                plaintext, password: password, encryptionSalt: Sodium.randomBytes(saltLength),
                hmacSalt: Sodium.randomBytes(saltLength), iv: iv)
        case .keys(let keys):
            return try encrypt(plaintext, keys: keys, iv: iv)
        }
    }

    /// Encrypts with the given salts and IV: the format's test vectors fix them.
    static func encrypt(
        _ plaintext: UnsafeRawBufferPointer, password: Passphrase, encryptionSalt: [UInt8], hmacSalt: [UInt8],
        iv: [UInt8]
    ) throws(CryptoError) -> Data {
        let keys = try RNCryptorKeys(password: password, encryptionSalt: encryptionSalt, hmacSalt: hmacSalt)
        return try seal(plaintext, header: [version, passwordOption] + encryptionSalt + hmacSalt + iv, keys: keys)
    }

    /// Encrypts with the given keys and IV.
    static func encrypt(_ plaintext: UnsafeRawBufferPointer, keys: RNCryptorKeys, iv: [UInt8]) throws(CryptoError) -> Data {
        try seal(plaintext, header: [version, keysOption] + iv, keys: keys)
    }

    /// `header`, then `plaintext` padded (PKCS#7) and encrypted with the IV that ends `header`,
    /// then the HMAC of both.
    private static func seal(_ plaintext: UnsafeRawBufferPointer, header: [UInt8], keys: RNCryptorKeys) throws(CryptoError) -> Data {
        let padding = RNCryptorCipher.blockLength - plaintext.count % RNCryptorCipher.blockLength
        let padded = SecretBytes(count: plaintext.count + padding) { buffer in
            if plaintext.count > 0 { buffer.copyMemory(from: plaintext) }
            for index in plaintext.count..<buffer.count { buffer[index] = UInt8(padding) }
        }
        let iv = header[(header.count - ivLength)...]
        let ciphertext = try SecretBytes(count: padded.count) { (cipher: UnsafeMutableRawBufferPointer) throws(CryptoError) in
            try keys.encryptionKey.withUnsafeBytes { (key) throws(CryptoError) in
                try padded.withUnsafeBytes { (input) throws(CryptoError) in
                    try Array(iv).withBytes { (ivBytes) throws(CryptoError) in
                        try RNCryptorCipher.aes256CBC(encrypting: true, key: key, iv: ivBytes, input, into: cipher)
                    }
                }
            }
        }
        var output = Data(count: header.count + ciphertext.count + hmacLength)
        output.withUnsafeMutableBytes { out in
            out.copyBytes(from: header)
            ciphertext.withUnsafeBytes { (out.baseAddress! + header.count).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
            let authenticated = UnsafeRawBufferPointer(rebasing: out[..<(out.count - hmacLength)])
            keys.hmacKey.withUnsafeBytes { key in
                HKDF.hmac(key: key, [authenticated], into: UnsafeMutableRawBufferPointer(rebasing: out[(out.count - hmacLength)...]))
            }
        }
        return output
    }

    // MARK: - Decrypt

    /// Checks the HMAC of `file` (whose header is `summary`) with `keys` in constant time, and
    /// only then decrypts it and removes the padding.
    ///
    /// - Throws: ``CryptoError/Kind/authenticationFailed`` when the HMAC does not match (a wrong
    ///   password or keys, or a modified file: the two cannot be told apart), with nothing
    ///   decrypted; ``CryptoError/Kind/malformedFile`` for a file that authenticates but whose
    ///   padding is not PKCS#7 (made by a broken encrypter, not by tampering);
    ///   ``CryptoError/Kind/unavailable`` when AES cannot run.
    static func decrypt(_ file: UnsafeRawBufferPointer, summary: Summary, keys: RNCryptorKeys) throws(CryptoError) -> SecretBytes {
        guard authenticates(file, keys: keys) else {
            let secret =
                summary.usesPassword ? "the password is wrong" : "the keys are wrong (or given in the wrong order: the encryption key first, then the HMAC key)"
            throw CryptoError(.authenticationFailed, "RNCryptor HMAC mismatch: \(secret), or the file was modified or truncated; nothing was decrypted")
        }
        let headerLength = summary.headerLength
        let padded = try SecretBytes(count: summary.ciphertextLength) { (plain: UnsafeMutableRawBufferPointer) throws(CryptoError) in
            let iv = UnsafeRawBufferPointer(rebasing: file[(headerLength - ivLength)..<headerLength])
            let ciphertext = UnsafeRawBufferPointer(rebasing: file[headerLength..<(headerLength + summary.ciphertextLength)])
            try keys.encryptionKey.withUnsafeBytes { (key) throws(CryptoError) in
                try RNCryptorCipher.aes256CBC(encrypting: false, key: key, iv: iv, ciphertext, into: plain)
            }
        }
        let length = try padded.withUnsafeBytes { (raw) throws(CryptoError) -> Int in
            // Authenticated bytes, so the check need not be constant-time: no one without the
            // HMAC key can ask it a question.
            let padding = Int(raw[raw.count - 1])
            guard padding >= 1, padding <= RNCryptorCipher.blockLength, raw[(raw.count - padding)...].allSatisfy({ Int($0) == padding }) else {
                throw CryptoError(
                    .malformedFile,
                    "the RNCryptor file authenticates, but its padding is not PKCS#7 (it ends in byte \(padding)): it was made with the right keys by something that is not an RNCryptor encrypter; nothing was decrypted"
                )
            }
            return raw.count - padding
        }
        return SecretBytes(count: length) { output in
            padded.withUnsafeBytes { output.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[..<length])) }
        }
    }

    /// Whether the HMAC that ends `file` is that of the rest under `keys`' HMAC key, compared in
    /// constant time.
    static func authenticates(_ file: UnsafeRawBufferPointer, keys: RNCryptorKeys) -> Bool {
        guard file.count >= hmacLength else { return false }
        let computed = hmac(of: UnsafeRawBufferPointer(rebasing: file[..<(file.count - hmacLength)]), keys: keys)
        let expected = file.baseAddress! + (file.count - hmacLength)
        return sodium_memcmp(computed, expected, hmacLength) == 0
    }

    /// HMAC-SHA-256 of `message` (a header and ciphertext) under `keys`' HMAC key: what an
    /// RNCryptor file ends with. The fuzz harness reseals mutated files with it, so that its
    /// inputs get past the HMAC to the cipher and the padding.
    package static func hmac(of message: UnsafeRawBufferPointer, keys: RNCryptorKeys) -> [UInt8] {
        var computed = [UInt8](repeating: 0, count: hmacLength)
        keys.hmacKey.withUnsafeBytes { key in
            computed.withUnsafeMutableBytes { out in HKDF.hmac(key: key, [message], into: out) }
        }
        return computed
    }

    /// Checks the structure of `file` and decrypts it with `keys`, whatever its options byte
    /// says: for a password file, the keys its password derives (which the fuzz harness derives
    /// once per salt pair instead of twice 10,000 rounds per input).
    ///
    /// - Throws: ``CryptoError``, as ``RNCryptorFile/Summary/init(parsing:)`` and
    ///   ``decrypt(_:summary:keys:)``.
    package static func decrypt(_ file: UnsafeRawBufferPointer, keys: RNCryptorKeys) throws(CryptoError) -> SecretBytes {
        try decrypt(file, summary: Summary(parsing: file), keys: keys)
    }
}
