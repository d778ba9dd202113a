import CSodium

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The two 32-byte keys of an RNCryptor file: the AES-256 encryption key and the HMAC-SHA-256 key
/// (RNCryptor's `EncryptorV3(encryptionKey:hmacKey:)`). They open files whose options byte is
/// `0x00`; a password file derives its own pair from the password.
///
/// A key file holds them in either of two forms (``keyFileForm``): the 64 raw bytes (encryption
/// key first), or two lines of 64 hex digits each, encryption key first, with `#` comment lines
/// allowed. Like every key file, it must not be readable by group or others.
///
/// It never prints its bytes: described, it shows its two ``SecretBytes``, which are redacted. (No
/// `CustomStringConvertible` of its own: see ``RNCryptorFile`` on conformances.)
public struct RNCryptorKeys: Sendable {
    let encryptionKey: SecretBytes
    let hmacKey: SecretBytes

    /// The stanza type of a file encrypted with two keys (``EnvironmentsBin/Header/stanzaTypes``).
    public static var stanzaType: String { "rncryptor/keys" }

    /// The key-file forms, as messages and help describe them.
    public static var keyFileForm: String {
        "the 64 bytes of the encryption key and then the HMAC key, or two lines of 64 hex digits each, the encryption key first"
    }

    init(encryptionKey: SecretBytes, hmacKey: SecretBytes) {
        self.encryptionKey = encryptionKey
        self.hmacKey = hmacKey
    }

    /// The keys an app passes to RNCryptor's `DecryptorV3(encryptionKey:hmacKey:)`.
    ///
    /// - Throws: ``CryptoError`` of kind ``CryptoError/Kind/invalidKeyFile`` when either is not
    ///   32 bytes.
    public init(encryptionKey: [UInt8], hmacKey: [UInt8]) throws(CryptoError) {
        guard encryptionKey.count == RNCryptorFile.keyLength, hmacKey.count == RNCryptorFile.keyLength else {
            throw CryptoError(.invalidKeyFile, "RNCryptor keys are 32 bytes each; got \(encryptionKey.count) and \(hmacKey.count)")
        }
        self.init(encryptionKey: SecretBytes(copying: encryptionKey), hmacKey: SecretBytes(copying: hmacKey))
    }

    /// Two new random keys from libsodium's CSPRNG.
    public static func generate() throws(CryptoError) -> RNCryptorKeys {
        try Sodium.ensureInitialized()
        func random() -> SecretBytes {
            SecretBytes(count: RNCryptorFile.keyLength) { randombytes_buf($0.baseAddress!, $0.count) }
        }
        return RNCryptorKeys(encryptionKey: random(), hmacKey: random())
    }

    /// The keys of a password file: PBKDF2-HMAC-SHA1 of the password's bytes with each salt,
    /// 10,000 rounds, as the format fixes.
    ///
    /// - Throws: ``CryptoError/Kind/unavailable`` when PBKDF2 cannot run (no libcrypto).
    init(password: Passphrase, encryptionSalt: [UInt8], hmacSalt: [UInt8]) throws(CryptoError) {
        self.init(encryptionKey: try Self.derive(password, salt: encryptionSalt), hmacKey: try Self.derive(password, salt: hmacSalt))
    }

    /// One key of a password file (the format's `v3/kdf` vectors).
    package static func derive(_ password: Passphrase, salt: [UInt8]) throws(CryptoError) -> SecretBytes {
        try SecretBytes(count: RNCryptorFile.keyLength) { (out: UnsafeMutableRawBufferPointer) throws(CryptoError) in
            try password.bytes.withUnsafeBytes { (passwordBytes) throws(CryptoError) in
                try salt.withBytes { (saltBytes) throws(CryptoError) in
                    try RNCryptorCipher.pbkdf2SHA1(password: passwordBytes, salt: saltBytes, rounds: RNCryptorFile.pbkdf2Rounds, into: out)
                }
            }
        }
    }

    /// Reads an RNCryptor key file (``keyFileForm``), refusing one that group or others can read.
    ///
    /// - Throws: ``CryptoError`` of kind ``CryptoError/Kind/invalidKeyFile`` when it is in
    ///   neither form or has unsafe permissions; ``CryptoError/Kind/secretUnavailable`` when it
    ///   cannot be read.
    public init(contentsOfKeyFile path: String) throws(CryptoError) {
        let (text, length) = try KeyFile.readText(path: path, namedBy: nil)
        do throws(CryptoError) {
            guard let keys = try RNCryptorKeys(keyFileText: text, length: length) else {
                throw CryptoError(.invalidKeyFile, "this is not an RNCryptor key file: it must hold \(Self.keyFileForm)")
            }
            self = keys
        } catch {
            throw CryptoError(error.kind, error.message, file: path)
        }
    }

    /// The keys in the first `length` bytes of a key file's `text`, or `nil` when it is in
    /// neither form (so that another kind of key file may be tried).
    ///
    /// - Throws: ``CryptoError/Kind/invalidKeyFile`` for text in the hex form whose lines are
    ///   not two keys of 64 hex digits.
    init?(keyFileText text: SecretBytes, length: Int) throws(CryptoError) {
        if length == 2 * RNCryptorFile.keyLength, !Self.isHexLines(text, length: length) {
            // Copied straight into zeroing buffers: `SecretBytes(copying:)` goes through an array.
            func key(at offset: Int) -> SecretBytes {
                SecretBytes(count: RNCryptorFile.keyLength) { out in
                    text.withUnsafeBytes { out.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[offset..<(offset + RNCryptorFile.keyLength)])) }
                }
            }
            self.init(encryptionKey: key(at: 0), hmacKey: key(at: RNCryptorFile.keyLength))
            return
        }
        guard Self.isHexLines(text, length: length) else { return nil }
        let lines = Self.keyLines(text, length: length)
        guard lines.count == 2, lines.allSatisfy({ $0.count == 2 * RNCryptorFile.keyLength }) else {
            throw CryptoError(
                .invalidKeyFile,
                "an RNCryptor key file in text holds two lines of 64 hex digits (the encryption key, then the HMAC key); this one has \(lines.count) line\(lines.count == 1 ? "" : "s") of \(lines.map { String($0.count) }.joined(separator: ", ")) digits"
            )
        }
        let decoded = text.withUnsafeBytes { raw in
            lines.map { range in
                SecretBytes(count: RNCryptorFile.keyLength) { out in
                    for index in 0..<RNCryptorFile.keyLength {
                        out[index] = Self.nibble(raw[range.lowerBound + 2 * index]) << 4 | Self.nibble(raw[range.lowerBound + 2 * index + 1])
                    }
                }
            }
        }
        self.init(encryptionKey: decoded[0], hmacKey: decoded[1])
    }

    /// The keys as key-file text, zeroed when released: a comment line, then the encryption key
    /// and the HMAC key as lines of lower-case hex.
    var keyFileText: SecretBytes {
        let comment = Array("# RNCryptor keys: the encryption key, then the HMAC key (keep this file secret, mode 0600)\n".utf8)
        let digits = Array("0123456789abcdef".utf8)
        return SecretBytes(count: comment.count + 2 * (2 * RNCryptorFile.keyLength + 1)) { out in
            out.copyBytes(from: comment)
            var cursor = comment.count
            for key in [encryptionKey, hmacKey] {
                key.withUnsafeBytes { raw in
                    for byte in raw {
                        out[cursor] = digits[Int(byte >> 4)]
                        out[cursor + 1] = digits[Int(byte & 0x0F)]
                        cursor += 2
                    }
                }
                out[cursor] = UInt8(ascii: "\n")
                cursor += 1
            }
        }
    }

    // MARK: - The text form

    /// Whether the text is made of hex digits, white space and `#` comment lines only.
    private static func isHexLines(_ text: SecretBytes, length: Int) -> Bool {
        text.withUnsafeBytes { raw in
            var index = 0
            var sawDigit = false
            while index < length {
                let byte = raw[index]
                if byte == UInt8(ascii: "#") {
                    while index < length, raw[index] != UInt8(ascii: "\n") { index += 1 }
                    continue
                }
                if isHexDigit(byte) {
                    sawDigit = true
                } else if !isSpace(byte) {
                    return false
                }
                index += 1
            }
            return sawDigit
        }
    }

    /// The ranges of the lines that hold digits, comments and white space around them left out.
    private static func keyLines(_ text: SecretBytes, length: Int) -> [Range<Int>] {
        text.withUnsafeBytes { raw in
            var lines: [Range<Int>] = []
            var start = 0
            while start < length {
                var end = start
                while end < length, raw[end] != UInt8(ascii: "\n") { end += 1 }
                var first = start
                var last = end
                while first < last, isSpace(raw[first]) { first += 1 }
                while last > first, isSpace(raw[last - 1]) { last -= 1 }
                if first < last, raw[first] != UInt8(ascii: "#") { lines.append(first..<last) }
                start = end + 1
            }
            return lines
        }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    private static func nibble(_ byte: UInt8) -> UInt8 {
        switch byte {
        case 0x30...0x39: return byte - 0x30
        case 0x41...0x46: return byte - 0x41 + 10
        default: return byte - 0x61 + 10
        }
    }
}

/// RNCryptor keys open RNCryptor files of options `0x00` only: they are an identity so that a
/// caller selects every kind of secret from a header's stanza types alike.
extension RNCryptorKeys: FileKeyIdentity {
    public var stanzaTypes: Set<String> { [Self.stanzaType] }

    /// Always `nil`: no age stanza is for RNCryptor keys.
    public func unwrap(_ stanzas: [AgeStanza]) throws(AgeError) -> FileKey? { nil }

    /// `nil`: an RNCryptor file is resealed by ``EnvironmentsBin/Opened/sameTarget(scryptWorkFactor:file:listed:)``.
    public func resealingRecipient(for stanzas: [AgeStanza]) -> (any FileKeyRecipient)? { nil }

    /// The two keys themselves.
    public var secret: FileSecret? { .rncryptorKeys(self) }
}
