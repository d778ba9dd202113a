import Foundation
import Testing

@testable import EnvironmentCrypto

/// RNCryptor v3 files through `EnvironmentsBin`: recognised by their first bytes, opened with a
/// passphrase or RNCryptor keys, and every way a file can be wrong refused with its own error
/// before anything is decrypted.
@Suite("RNCryptor v3 files")
struct RNCryptorTests {
    static let password = try! Passphrase("the T21 build-phase password")
    static let keys = try! RNCryptorKeys.generate()

    static func sealed(_ seal: RNCryptorFile.Seal, _ plaintext: Data = document) throws -> Data {
        try EnvironmentsBin.encrypt(plaintext, to: .rncryptor(seal))
    }

    /// The error `body` throws, which must be a `CryptoError`.
    func failure(_ body: () throws -> Void) -> CryptoError? {
        do {
            try body()
            return nil
        } catch {
            return error as? CryptoError
        }
    }

    @Test("a file starting 0x03 is an encrypted document, in either mode, and its header says which")
    func recognised() throws {
        for (seal, type, length) in [(RNCryptorFile.Seal.password(Self.password), "rncryptor/password", 34), (.keys(Self.keys), "rncryptor/keys", 18)] {
            let file = try Self.sealed(seal)
            #expect(file[0] == 3)
            #expect(EnvironmentsBin.isEncrypted(file))
            let header = try EnvironmentsBin.Header(parsing: file)
            #expect(header.format == .rncryptor)
            #expect(header.stanzaTypes == [type])
            #expect(header.length == length)
            #expect(header.v1Mode == nil && header.age == nil)
            // The document pads to whole blocks: one more block when it is a multiple of 16.
            #expect(header.plaintextLength == (document.count / 16 + 1) * 16)
            #expect(file.count == length + header.plaintextLength + 32)
        }
    }

    @Test("open asks for identities with the header and uses the passphrase or the keys the mode needs")
    func opens() throws {
        let file = try Self.sealed(.password(Self.password))
        var asked: [String] = []
        let opened = try EnvironmentsBin.open(file) { (header) throws(CryptoError) in
            asked += header.stanzaTypes
            return [try SymmetricKey.generate(), Self.keys, Self.password]
        }
        #expect(asked == ["rncryptor/password"])
        #expect(opened.plaintext.data == document)
        #expect(opened.identity is Passphrase)
        let keyed = try EnvironmentsBin.open(try Self.sealed(.keys(Self.keys))) { (_) throws(CryptoError) in
            [Self.password, try RNCryptorKeys.generate(), Self.keys]
        }
        #expect(keyed.plaintext.data == document)
        #expect((keyed.identity as? RNCryptorKeys)?.hmacKey.isEqual(to: Self.keys.hmacKey) == true)
    }

    @Test("an empty document and documents around the block size round-trip", arguments: [0, 1, 15, 16, 17, 31, 32, 33, 4096])
    func lengths(count: Int) throws {
        let plaintext = Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        for seal in [RNCryptorFile.Seal.keys(Self.keys), .password(Self.password)] {
            let file = try Self.sealed(seal, plaintext)
            #expect(file.count == (seal.isPassword ? 34 : 18) + (count / 16 + 1) * 16 + 32)
            #expect(try EnvironmentsBin.decrypt(file, with: [Self.password, Self.keys]).data == plaintext)
        }
    }

    @Test("every encryption has a new IV and new salts")
    func fresh() throws {
        let first = try Self.sealed(.password(Self.password))
        let second = try Self.sealed(.password(Self.password))
        #expect(first[2..<34] != second[2..<34])
        #expect(try Self.sealed(.keys(Self.keys))[2..<18] != Self.sealed(.keys(Self.keys))[2..<18])
    }

    @Test("passwords are their UTF-8 bytes, in any script")
    func scripts() throws {
        for text in ["ASCII only", "contraseña", "中文密码", "パスワード", "🔑🗝️ emoji", "ñ"] {
            let password = try Passphrase(text)
            let file = try Self.sealed(.password(password))
            #expect(try EnvironmentsBin.decrypt(file, with: [Passphrase(bytes: SecretBytes(copying: Array(text.utf8)))]).data == document)
            // NFD is other bytes, so another password, as it is for RNCryptor.
            let decomposed = text.decomposedStringWithCanonicalMapping
            if Array(decomposed.utf8) != Array(text.utf8) {
                #expect(failure { _ = try EnvironmentsBin.decrypt(file, with: [Passphrase(decomposed)]) }?.kind == .authenticationFailed)
            }
        }
    }

    // MARK: - Errors, each its own

    @Test("a wrong password: an HMAC mismatch that names the password, nothing decrypted")
    func wrongPassword() throws {
        let error = failure { _ = try EnvironmentsBin.decrypt(Self.sealed(.password(Self.password)), with: [Passphrase("wrong")]) }
        #expect(error?.kind == .authenticationFailed)
        #expect(error?.message == "RNCryptor HMAC mismatch: the password is wrong, or the file was modified or truncated; nothing was decrypted")
    }

    @Test("wrong keys, and keys given in the wrong order: an HMAC mismatch that names the keys")
    func wrongKeys() throws {
        let file = try Self.sealed(.keys(Self.keys))
        let swapped = RNCryptorKeys(encryptionKey: Self.keys.hmacKey, hmacKey: Self.keys.encryptionKey)
        for wrong in [try RNCryptorKeys.generate(), swapped] {
            let error = failure { _ = try EnvironmentsBin.decrypt(file, with: [wrong]) }
            #expect(error?.kind == .authenticationFailed)
            #expect(error?.message.hasPrefix("RNCryptor HMAC mismatch: the keys are wrong (or given in the wrong order") == true)
        }
    }

    @Test("truncation: inside the header, before one block and the HMAC, and mid-block each say so", arguments: [1, 10, 33, 40, 81, 95])
    func truncated(length: Int) throws {
        let file = try Self.sealed(.password(Self.password))
        let error = failure { _ = try EnvironmentsBin.decrypt(file.prefix(length), with: [Self.password]) }
        #expect(error?.kind == .malformedFile)
        #expect(error?.message.hasPrefix("the file is truncated") == true, "\(error?.message ?? "none")")
    }

    @Test("a truncation or extension by whole blocks cannot be told from a modification: the HMAC fails")
    func truncatedByBlocks() throws {
        let file = try Self.sealed(.keys(Self.keys), Data(repeating: 0x41, count: 100))
        for changed in [file.dropLast(16), file.dropLast(32), file + Data(count: 16)] {
            #expect(failure { _ = try EnvironmentsBin.decrypt(Data(changed), with: [Self.keys]) }?.kind == .authenticationFailed)
        }
        #expect(
            failure { _ = try EnvironmentsBin.decrypt(file + Data(count: 5), with: [Self.keys]) }?.message.hasPrefix("the file is truncated or extended")
                == true)
    }

    @Test("a modified byte anywhere after the options (salts, IV, ciphertext, HMAC) fails the HMAC", arguments: [2, 9, 10, 17, 18, 33, 34, 50, -33, -1])
    func tampered(offset: Int) throws {
        var file = try Self.sealed(.password(Self.password))
        let index = offset < 0 ? file.count + offset : offset
        file[index] ^= 0x01
        let error = failure { _ = try EnvironmentsBin.decrypt(file, with: [Self.password]) }
        #expect(error?.kind == .authenticationFailed)
        #expect(error?.message.contains("nothing was decrypted") == true)
    }

    @Test("a modified version or options byte is a malformed header, named")
    func tamperedHeader() throws {
        var file = try Self.sealed(.password(Self.password))
        file[1] = 7
        let options = failure { _ = try EnvironmentsBin.decrypt(file, with: [Self.password]) }
        #expect(options?.kind == .malformedFile)
        #expect(options?.message.hasPrefix("unknown RNCryptor options byte 7") == true)
        file[1] = 1
        file[0] = 2
        let version = failure { _ = try EnvironmentsBin.decrypt(file, with: [Self.password]) }
        #expect(version?.kind == .malformedFile)
        #expect(version?.message.hasPrefix("this is an RNCryptor version 2 file; envtool reads version 3") == true)
        // Options 1 → 0 turns a password file into a key file's layout: a passphrase is then the
        // wrong kind of secret, said before anything is derived.
        file[0] = 3
        file[1] = 0
        let mode = failure { _ = try EnvironmentsBin.decrypt(file, with: [Self.password]) }
        #expect(mode?.kind == .secretUnavailable)
        #expect(mode?.message.contains("key pair (RNCryptor v3") == true)
    }

    @Test("a file that authenticates but is not PKCS#7-padded is refused after the HMAC, as bad padding")
    func badPadding() throws {
        // Encrypted without padding by hand: two whole blocks whose last byte is 0x00, then a
        // 17, then a run that does not repeat.
        for last in [
            [UInt8](repeating: 0x41, count: 31) + [0], [UInt8](repeating: 0x41, count: 31) + [17],
            [UInt8](repeating: 0x41, count: 28) + [1, 2, 3, 4],
        ] {
            let iv = [UInt8](repeating: 9, count: 16)
            let cipher = try SecretBytes(count: last.count) { (out: UnsafeMutableRawBufferPointer) throws(CryptoError) in
                try Self.keys.encryptionKey.withUnsafeBytes { (key) throws(CryptoError) in
                    try last.withBytes { (input) throws(CryptoError) in
                        try iv.withBytes { (ivBytes) throws(CryptoError) in
                            try RNCryptorCipher.aes256CBC(encrypting: true, key: key, iv: ivBytes, input, into: out)
                        }
                    }
                }
            }
            var file = Data([3, 0] + iv) + cipher.data
            var hmac = [UInt8](repeating: 0, count: 32)
            Self.keys.hmacKey.withUnsafeBytes { key in
                file.withUnsafeBytes { body in hmac.withUnsafeMutableBytes { HKDF.hmac(key: key, [body], into: $0) } }
            }
            file += hmac
            let error = failure { _ = try EnvironmentsBin.decrypt(file, with: [Self.keys]) }
            #expect(error?.kind == .malformedFile)
            #expect(error?.message.hasPrefix("the RNCryptor file authenticates, but its padding is not PKCS#7") == true)
        }
    }

    @Test("the wrong kind of secret, or none, is refused before anything is derived")
    func wrongKind() throws {
        let password = try Self.sealed(.password(Self.password))
        let keyed = try Self.sealed(.keys(Self.keys))
        let given = failure { _ = try EnvironmentsBin.decrypt(password, with: [Self.keys]) }
        #expect(given?.kind == .secretUnavailable)
        #expect(
            given?.message
                == "this file is encrypted with a password (RNCryptor v3), but an RNCryptor key file (an encryption key and an HMAC key) was given; it opens with its password (a passphrase)"
        )
        let key = failure { _ = try EnvironmentsBin.decrypt(keyed, with: [try SymmetricKey.generate()]) }
        #expect(key?.kind == .secretUnavailable)
        #expect(key?.message.contains("it opens with its two keys (an RNCryptor key file") == true)
        // And RNCryptor keys open no v1 key file.
        let v1 = try EnvironmentsBin.encrypt(document, to: .v1(.key(try SymmetricKey.generate())))
        #expect(failure { _ = try EnvironmentsBin.decrypt(v1, with: [Self.keys]) }?.message.contains("an RNCryptor key file") == true)
    }

    // MARK: - Key files

    @Test("a key file holds the two keys as 64 bytes or as two hex lines, with comments; both open the file")
    func keyFiles() throws {
        let scratch = Scratch()
        let file = try Self.sealed(.keys(Self.keys))
        let raw = Self.keys.encryptionKey.data + Self.keys.hmacKey.data
        let hex = Self.keys.keyFileText.data
        let upper = Data(
            ("  " + raw.prefix(32).map { String(format: "%02X", $0) }.joined() + "  \r\n\n# the HMAC key\n"
                + raw.suffix(32).map { String(format: "%02x", $0) }.joined()).utf8)
        for (name, bytes) in [("raw.keys", raw), ("hex.keys", hex), ("upper.keys", upper)] {
            let path = scratch.write(name, bytes)
            #expect(try EnvironmentsBin.decrypt(file, with: [RNCryptorKeys(contentsOfKeyFile: path)]).data == document)
            #expect(try KeyFile.readKey(path: path, namedBy: "--key-file") is RNCryptorKeys)
        }
        #expect(String(decoding: hex, as: UTF8.self).hasPrefix("# RNCryptor keys: the encryption key, then the HMAC key"))
        // An envtool key file is still an envtool key.
        let envtool = try SymmetricKey.generate()
        #expect(try KeyFile.readKey(path: scratch.write("envtool.key", envtool.keyFileText.data), namedBy: nil) is SymmetricKey)
    }

    @Test("a key file that is not one: refused with the forms it may take; an unsafe one for its mode")
    func badKeyFiles() throws {
        let scratch = Scratch()
        let line = String(repeating: "ab", count: 32)
        for (text, expected) in [
            (line, "two lines of 64 hex digits"), (line + "\n" + line + "\n" + line, "this one has 3 lines"),
            (line + "\n" + line.dropLast(2), "of 64, 62 digits"), ("not a key", "neither an envtool key file"),
        ] {
            let path = scratch.write("bad.keys", Data(text.utf8))
            let error = failure { _ = try KeyFile.readKey(path: path, namedBy: "--key-file") }
            #expect(error?.kind == .invalidKeyFile)
            #expect(error?.message.contains(expected) == true, "\(error?.message ?? "none")")
            #expect(error?.message.contains(line) == false)
        }
        let open = scratch.write("open.keys", Self.keys.keyFileText.data, mode: 0o644)
        let error = failure { _ = try RNCryptorKeys(contentsOfKeyFile: open) }
        #expect(error?.kind == .invalidKeyFile)
        #expect(error?.message.contains("readable or writable by group or others (mode 644)") == true)
        #expect(failure { _ = try RNCryptorKeys(encryptionKey: [1, 2], hmacKey: [3]) }?.kind == .invalidKeyFile)
    }

    // MARK: - The policy on the opened file

    static func noList() throws(CryptoError) -> EnvironmentsBin.ListedRecipients { throw CryptoError(.secretUnavailable, "no list") }

    @Test("sameTarget keeps the password or the keys; --to age takes the password to scrypt; keys need a new secret")
    func reseal() throws {
        let opened = try EnvironmentsBin.open(Self.sealed(.password(Self.password))) { _ in [Self.password] }
        guard case .rncryptor(.password)? = try? opened.sameTarget(scryptWorkFactor: 10, file: "f", listed: Self.noList) else {
            Issue.record("expected the same password")
            return
        }
        let toAge = try opened.sameSecret(in: .age, armored: false, scryptWorkFactor: 10, kdf: { cheapKDF }, file: "f", listed: Self.noList)
        let migrated = try EnvironmentsBin.encrypt(opened.plaintext, to: toAge)
        #expect(AgeFile.isAgeFile(migrated))
        #expect(try EnvironmentsBin.decrypt(migrated, with: [Self.password]).data == document)
        let toV1 = try opened.sameSecret(in: .v1, armored: false, scryptWorkFactor: 10, kdf: { cheapKDF }, file: "f", listed: Self.noList)
        #expect(EnvironmentsBin.isEnvironmentsBin(try EnvironmentsBin.encrypt(opened.plaintext, to: toV1)))

        let keyed = try EnvironmentsBin.open(Self.sealed(.keys(Self.keys))) { _ in [Self.keys] }
        #expect(
            failure { _ = try keyed.sameSecret(in: .age, armored: false, scryptWorkFactor: 10, kdf: { cheapKDF }, file: "f", listed: Self.noList) }?
                .message.hasPrefix("an RNCryptor file encrypted with two keys cannot be converted to age") == true)
        // An age passphrase file to RNCryptor keeps the passphrase as the password.
        let age = try EnvironmentsBin.open(
            EnvironmentsBin.encrypt(document, to: .age([ScryptRecipient(passphrase: Self.password, workFactor: 10)], armored: false))
        ) { _ in [Self.password] }
        let back = try age.sameSecret(in: .rncryptor, armored: false, scryptWorkFactor: 10, kdf: { cheapKDF }, file: "f", listed: Self.noList)
        #expect(try EnvironmentsBin.decrypt(EnvironmentsBin.encrypt(age.plaintext, to: back), with: [Self.password]).data == document)
    }

    @Test("inspect's facts: the mode and the sizes, nothing secret")
    func facts() throws {
        let facts = try EnvironmentsBin.Header(parsing: Self.sealed(.password(Self.password))).facts
        #expect(facts.format == .rncryptor)
        #expect(facts.keyMode == "passphrase")
        #expect(facts.headerBytes == 34)
        #expect(facts.kdf == "PBKDF2-HMAC-SHA1, 10000 rounds, an 8-byte salt for each key")
        #expect(facts.lines.first == "format: RNCryptor data format v3")
        let keyed = try EnvironmentsBin.Header(parsing: Self.sealed(.keys(Self.keys))).facts
        #expect(keyed.keyMode == "key file")
        #expect(keyed.kdf == nil)
        #expect(keyed.headerBytes == 18)
    }

    #if !canImport(CommonCrypto)
    @Test("without libcrypto the error names the library and how to install it")
    func libraryMissing() {
        let attempt = LibCrypto.load(["libenvtool-no-such-library.so.9"])
        #expect(attempt.library == nil)
        let message = LibCrypto.unavailable(attempt.problem).message
        #expect(message.contains("libenvtool-no-such-library.so.9"))
        #expect(message.contains("apt-get install libssl3"))
        #expect(LibCrypto.unavailable(attempt.problem).kind == .unavailable)
        // A library without the functions is named as such.
        let wrong = LibCrypto.load(["libsodium.so.23"])
        #expect(wrong.library == nil)
        #expect(wrong.problem.contains("lacks PKCS5_PBKDF2_HMAC_SHA1"), "\(wrong.problem)")
    }
    #endif
}

extension RNCryptorFile.Seal {
    var isPassword: Bool {
        if case .password = self { return true }
        return false
    }
}
