import Foundation
import Testing

@testable import EnvironmentCrypto

/// The RNCryptor-Spec's own test vectors (`Fixtures/rncryptor-spec`, MIT): every record of
/// `v3/password`, `v3/key` and `v3/kdf`.
@Suite("RNCryptor v3: the official test vectors")
struct RNCryptorVectorTests {
    /// One `name: value` record of a vector file.
    struct Vector: CustomTestStringConvertible, Sendable {
        let fields: [String: String]

        var title: String { fields["title"] ?? "?" }
        var testDescription: String { title }

        func text(_ name: String) -> String { fields[name] ?? "" }

        /// A hex field, spaces removed.
        func bytes(_ name: String) -> [UInt8] {
            let digits = Array(text(name).filter { !$0.isWhitespace })
            return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(digits[$0...$0 + 1]), radix: 16)! }
        }
    }

    /// The records of `file`: blank lines separate them, `#` starts a comment.
    static func vectors(_ file: String) -> [Vector] {
        let text = String(decoding: Fixtures.data("rncryptor-spec/v3/" + file), as: UTF8.self)
        var records: [Vector] = []
        var fields: [String: String] = [:]
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.append("")
        for line in lines {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("#") { continue }
            if trimmed.isEmpty {
                if fields["title"] != nil { records.append(Vector(fields: fields)) }
                fields = [:]
                continue
            }
            guard let colon = trimmed.firstIndex(of: ":") else { continue }
            fields[String(trimmed[..<colon])] = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return records
    }

    @Test("the vector files hold the records the spec publishes")
    func counts() {
        #expect(Self.vectors("password").count == 6)
        #expect(Self.vectors("key").count == 4)
        #expect(Self.vectors("kdf").count == 6)
        #expect(Self.vectors("password").allSatisfy { $0.text("version") == "3" && !$0.bytes("ciphertext_hex").isEmpty })
    }

    @Test("PBKDF2-HMAC-SHA1 of each password's UTF-8 bytes gives the vector's key", arguments: vectors("kdf"))
    func kdf(vector: Vector) throws {
        let key = try RNCryptorKeys.derive(Passphrase(vector.text("password")), salt: vector.bytes("salt_hex"))
        #expect(key.data == Data(vector.bytes("key_hex")))
    }

    @Test("each password vector encrypts to its ciphertext and decrypts back", arguments: vectors("password"))
    func password(vector: Vector) throws {
        let password = try Passphrase(vector.text("password"))
        let plaintext = vector.bytes("plaintext_hex")
        let sealed = try plaintext.withUnsafeBytes { raw in
            try RNCryptorFile.encrypt(
                raw, password: password, encryptionSalt: vector.bytes("enc_salt_hex"),
                hmacSalt: vector.bytes("hmac_salt_hex"), iv: vector.bytes("iv_hex"))
        }
        #expect(sealed == Data(vector.bytes("ciphertext_hex")))
        let opened = try EnvironmentsBin.decrypt(Data(vector.bytes("ciphertext_hex")), with: [password])
        #expect(opened.data == Data(plaintext))
    }

    @Test("each key vector encrypts to its ciphertext and decrypts back", arguments: vectors("key"))
    func key(vector: Vector) throws {
        let keys = try RNCryptorKeys(encryptionKey: vector.bytes("enc_key_hex"), hmacKey: vector.bytes("hmac_key_hex"))
        let plaintext = vector.bytes("plaintext_hex")
        let sealed = try plaintext.withUnsafeBytes { raw in try RNCryptorFile.encrypt(raw, keys: keys, iv: vector.bytes("iv_hex")) }
        #expect(sealed == Data(vector.bytes("ciphertext_hex")))
        let opened = try EnvironmentsBin.decrypt(Data(vector.bytes("ciphertext_hex")), with: [keys])
        #expect(opened.data == Data(plaintext))
    }
}
