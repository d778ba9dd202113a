import Foundation
import Testing

@testable import EnvironmentCrypto

/// Passphrase-protected OpenSSH private keys in process, made by `ssh-keygen -N` at test time:
/// every cipher envtool reads, a wrong or missing passphrase, and hostile headers (rebuilt from a
/// real key with one field changed). The CLI tests run them against the real age.
@Suite("OpenSSH private keys protected by a passphrase")
struct OpenSSHPassphraseTests {
    static let passphrase = "secret"

    /// A key from `ssh-keygen -N secret [-Z cipher] [-a rounds]`: its file text and its public line.
    static func protectedKey(
        _ scratch: Scratch, type: String = "ed25519", cipher: String? = nil, rounds: Int? = nil,
        name: String = "key"
    ) throws -> (text: [UInt8], line: String) {
        let keygen = try AgeSuite.Interop.require("ssh-keygen")
        let path = scratch.path + "/" + name
        let options = (cipher.map { ["-Z", $0] } ?? []) + (rounds.map { ["-a", String($0)] } ?? [])
        let made = try runProcess(
            keygen,
            ["-q", "-t", type] + (type == "rsa" ? ["-b", "2048"] : []) + options
                + ["-N", passphrase, "-C", "a comment", "-f", path])
        #expect(made.status == 0, "\(made.stderr)")
        let text = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let line = try String(contentsOfFile: path + ".pub", encoding: .utf8).split(separator: " ").prefix(2).joined(separator: " ")
        return (text, line)
    }

    static func read(_ text: [UInt8], passphrase: String? = Self.passphrase, maximumRounds: Int = OpenSSHPrivateKey.maximumRounds) throws(AgeError)
        -> any FileKeyIdentity
    {
        let source: AgeIdentityFile.PassphraseSource = { (_: String) throws(AgeError) -> SecretBytes in
            guard let passphrase else { return try AgeIdentityFile.noPassphrase("") }
            return SecretBytes(copying: Array(passphrase.utf8))
        }
        return try SecretBytes(copying: text).withUnsafeBytes { (raw) throws(AgeError) in
            try OpenSSHPrivateKey.identity(raw, passphrase: source, maximumRounds: maximumRounds)
        }
    }

    static func failure(_ text: [UInt8], passphrase: String? = Self.passphrase) -> AgeError? {
        do {
            _ = try read(text, passphrase: passphrase)
            return nil
        } catch {
            return error
        }
    }

    @Test(
        "each cipher ssh-keygen offers opens with its passphrase, to the key of its .pub; a wrong one is noMatch, none is unusable",
        arguments: [nil, "aes128-ctr", "aes192-ctr", "aes256-gcm@openssh.com", "chacha20-poly1305@openssh.com", "aes256-cbc"])
    func ciphers(cipher: String?) throws {
        let scratch = Scratch()
        let key = try Self.protectedKey(scratch, cipher: cipher)
        let identity = try Self.read(key.text)
        #expect(identity.resealingRecipient(for: [])?.displayName == key.line)
        let fileKey = FileKey.generate()
        let stanzas = try AgeRecipientsFile.parseRecipient(key.line).wrap(fileKey)
        #expect(try identity.unwrap(stanzas)?.bytes.isEqual(to: fileKey.bytes) == true)

        let wrong = Self.failure(key.text, passphrase: "not the secret")
        #expect(wrong?.kind == .noMatch)
        #expect(wrong?.message == "the passphrase does not open this OpenSSH private key")
        #expect(Self.failure(key.text, passphrase: nil)?.kind == .unusable)
        #expect(Self.failure(key.text, passphrase: "")?.message == "the passphrase for this OpenSSH private key is empty")
    }

    @Test("an ssh-rsa key protected by a passphrase; more rounds (-a) than the default")
    func rsaAndRounds() throws {
        let scratch = Scratch()
        let rsa = try Self.protectedKey(scratch, type: "rsa", name: "rsa")
        #expect(try Self.read(rsa.text).stanzaTypes == ["ssh-rsa"])
        let slow = try Self.protectedKey(scratch, rounds: 20, name: "slow")
        #expect(try Self.read(slow.text).resealingRecipient(for: [])?.displayName == slow.line)
        #expect(Self.failure(slow.text, passphrase: "nope")?.kind == .noMatch)
    }

    /// A key file's fields, to rebuild it with one changed.
    struct Blob {
        var cipher: [UInt8], kdf: [UInt8], options: [UInt8], publicKey: [UInt8], section: [UInt8], tail: [UInt8]

        init(_ text: [UInt8]) throws {
            let body = String(decoding: text, as: UTF8.self).split(separator: "\n").dropFirst().dropLast().joined()
            var bytes = Array(try #require(Data(base64Encoded: body)))[15...]
            func string() throws -> [UInt8] {
                let length = bytes.prefix(4).reduce(0) { $0 << 8 | Int($1) }
                let field = Array(bytes.dropFirst(4).prefix(length))
                try #require(field.count == length)
                bytes = bytes.dropFirst(4 + length)
                return field
            }
            cipher = try string(); kdf = try string(); options = try string()
            bytes = bytes.dropFirst(4)
            publicKey = try string(); section = try string()
            tail = Array(bytes)
        }

        static func wire(_ field: [UInt8]) -> [UInt8] {
            let count = UInt32(field.count)
            return [UInt8(count >> 24), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)] + field
        }

        static func options(salt: [UInt8], rounds: UInt32) -> [UInt8] {
            wire(salt) + [UInt8(rounds >> 24), UInt8(rounds >> 16 & 0xFF), UInt8(rounds >> 8 & 0xFF), UInt8(rounds & 0xFF)]
        }

        var text: [UInt8] {
            let blob =
                Array("openssh-key-v1\0".utf8) + Self.wire(cipher) + Self.wire(kdf) + Self.wire(options) + [0, 0, 0, 1]
                + Self.wire(publicKey) + Self.wire(section) + tail
            let encoded = Data(blob).base64EncodedString()
            var lines = ["-----BEGIN OPENSSH PRIVATE KEY-----"]
            var index = encoded.startIndex
            while index < encoded.endIndex {
                let next = encoded.index(index, offsetBy: 70, limitedBy: encoded.endIndex) ?? encoded.endIndex
                lines.append(String(encoded[index..<next]))
                index = next
            }
            return Array((lines + ["-----END OPENSSH PRIVATE KEY-----", ""]).joined(separator: "\n").utf8)
        }
    }

    @Test(
        "hostile headers are refused before the passphrase is asked: huge or no rounds, a salt too long or empty, an unknown cipher or KDF, a truncated or extended section"
    )
    func hostileHeaders() throws {
        let scratch = Scratch()
        let key = try Self.protectedKey(scratch)
        let blob = try Blob(key.text)
        #expect(try Self.read(blob.text).resealingRecipient(for: [])?.displayName == key.line)

        func refusal(_ change: (inout Blob) -> Void) -> AgeError? {
            var changed = blob
            change(&changed)
            // No passphrase: a refusal that needed one would be `unusable`, not the header's error.
            return Self.failure(changed.text, passphrase: nil)
        }
        let huge = refusal { $0.options = Blob.options(salt: Array(repeating: 1, count: 16), rounds: UInt32.max) }
        #expect(huge?.kind == .invalidIdentity)
        #expect(huge?.message.contains("asks for 4294967295 bcrypt rounds; envtool reads keys of at most 10000") == true, "\(String(describing: huge))")
        #expect(refusal { $0.options = Blob.options(salt: Array(repeating: 1, count: 16), rounds: 10_001) }?.message.contains("at most 10000") == true)
        #expect(refusal { $0.options = Blob.options(salt: Array(repeating: 1, count: 16), rounds: 0) }?.message.contains("0 bcrypt rounds") == true)
        #expect(
            refusal { $0.options = Blob.options(salt: Array(repeating: 1, count: 1025), rounds: 16) }?.message.contains(
                "salt is 1025 bytes; envtool reads 1 to 1024") == true)
        #expect(refusal { $0.options = Blob.options(salt: [], rounds: 16) }?.message.contains("salt is 0 bytes") == true)
        #expect(refusal { $0.options = Array($0.options.dropLast()) }?.message.contains("its bcrypt options are truncated") == true)
        let cipher = refusal { $0.cipher = Array("3des-cbc".utf8) }
        #expect(cipher?.kind == .invalidIdentity)
        #expect(
            cipher?.message.contains("encrypted with `3des-cbc`, which envtool does not read (it reads aes256-ctr,") == true, "\(String(describing: cipher))")
        #expect(refusal { $0.cipher = [0x1B, 0x5B] }?.message.contains("encrypted with a cipher or KDF of an unreadable name") == true)
        #expect(refusal { $0.kdf = Array("scrypt".utf8) }?.message.contains("with `scrypt`, which envtool does not read; OpenSSH writes bcrypt") == true)
        #expect(refusal { $0.kdf = Array("none".utf8) }?.message.contains("with `none`") == true)
        #expect(refusal { $0.cipher = Array("none".utf8) }?.message.contains("it is not encrypted, yet names a KDF") == true)
        #expect(refusal { $0.section.removeLast() }?.message.contains("not a whole number of aes256-ctr blocks") == true)
        #expect(refusal { $0.section = [] }?.message.contains("not a whole number") == true)
        #expect(refusal { $0.tail = [0] }?.message.contains("it has bytes after its private section") == true)
    }

    @Test("after decryption: garbled padding, a truncated section, a type that differs from the public key are malformed, not a crash")
    func garbledPlaintext() throws {
        let scratch = Scratch()
        let key = try Self.protectedKey(scratch)
        let blob = try Blob(key.text)
        // CTR: a flipped ciphertext bit flips the same plaintext bit, so the last byte (padding) changes.
        var padding = blob
        padding.section[padding.section.count - 1] ^= 0x40
        #expect(Self.failure(padding.text)?.message.contains("its padding is wrong") == true)
        // The comment's length (an ed25519 key with "a comment" ends in it, 9 bytes, then 4 of padding).
        var comment = blob
        comment.section[comment.section.count - 17] ^= 0x80
        let garbled = Self.failure(comment.text)
        #expect(garbled?.kind == .invalidIdentity, "\(String(describing: garbled))")
        var halved = blob
        halved.section = Array(halved.section.prefix(32))
        #expect(Self.failure(halved.text)?.kind == .invalidIdentity)
        // GCM authenticates: any change is a failed tag, reported as the wrong passphrase it usually is.
        let gcm = try Blob(try Self.protectedKey(scratch, cipher: "aes256-gcm@openssh.com", name: "gcm").text)
        var tampered = gcm
        tampered.section[0] ^= 1
        #expect(Self.failure(tampered.text)?.kind == .noMatch)
        var cut = gcm
        cut.tail.removeLast()
        #expect(Self.failure(cut.text, passphrase: nil)?.message.contains("tag is 15 bytes, not 16") == true)
    }

    @Test("the fuzzer's bound: a key with more rounds than the limit given is refused")
    func roundsLimit() throws {
        let scratch = Scratch()
        let key = try Self.protectedKey(scratch, rounds: 5)
        #expect(throws: AgeError.self) { try Self.read(key.text, maximumRounds: 4) }
        #expect(try Self.read(key.text, maximumRounds: 5).stanzaTypes == ["ssh-ed25519"])
    }
}
