import Foundation
import Testing

@testable import EnvironmentCrypto

@Suite("Keys, key files and secrecy")
struct KeyTests {
    @Test("a key file round-trips and is refused when group or others can read it")
    func keyFilePermissions() throws {
        let scratch = Scratch()
        let key = try SymmetricKey.generate()
        let text = key.keyFileText.data
        let safe = scratch.write("safe.key", text, mode: 0o600)
        #expect(try SymmetricKey(contentsOfKeyFile: safe).fingerprint == key.fingerprint)
        for mode in [0o640, 0o604, 0o644, 0o660] {
            let unsafe = scratch.write("unsafe-\(mode).key", text, mode: mode)
            do {
                _ = try SymmetricKey(contentsOfKeyFile: unsafe)
                Issue.record("mode \(String(mode, radix: 8)) accepted")
            } catch {
                #expect(error.kind == .invalidKeyFile)
                #expect(error.description.contains("run `chmod 600 \(unsafe)`"))
            }
        }
    }

    @Test(
        "malformed key files are refused with what they are not",
        arguments: [
            ("not a key", "not a key file"),
            ("envtool-key-1:AAAA", "not 32 bytes"),
            ("envtool-key-1:!!!!", "not 32 bytes"),
            ("envtool-identity-1:" + String(repeating: "A", count: 43) + "=", "not a key file"),
        ])
    func malformedKeyFiles(content: String, message: String) {
        let scratch = Scratch()
        let path = scratch.write("bad.key", Array(content.utf8))
        do {
            _ = try SymmetricKey(contentsOfKeyFile: path)
            Issue.record("accepted")
        } catch {
            #expect(error.kind == .invalidKeyFile)
            #expect(error.message.contains(message), "\(error.message)")
            #expect(error.file == path)
        }
    }

    @Test("a missing key file is a secret that is unavailable")
    func missingKeyFile() {
        #expect {
            try SymmetricKey(contentsOfKeyFile: "/nonexistent/key")
        } throws: { ($0 as? CryptoError)?.kind == .secretUnavailable }
    }

    @Test("identity files round-trip and give the same recipient")
    func identity() throws {
        let scratch = Scratch()
        let identity = try Identity.generate()
        let path = scratch.write("id", identity.identityFileText.data)
        let read = try Identity(contentsOfIdentityFile: path)
        #expect(read.recipient == identity.recipient)
        #expect(try Recipient(encoded: identity.recipient.encoded + "\n") == identity.recipient)
        #expect(throws: CryptoError.self) { try Recipient(encoded: "envtool-key-1:abc") }
    }

    @Test("secrets never print, and errors never contain them")
    func secrecy() throws {
        let key = try SymmetricKey.generate()
        let keyText = String(decoding: key.keyFileText.data, as: UTF8.self)
        let base64 = String(keyText.split(separator: ":")[1].dropLast())
        #expect(!"\(key)".contains(base64))
        #expect(!String(reflecting: key).contains(base64))
        let passphrase = try Passphrase("super secret words")
        #expect("\(passphrase)" == "Passphrase(redacted)")
        #expect(!String(reflecting: passphrase).contains("super"))
        #expect("\(key.bytes)" == "SecretBytes(32 bytes, redacted)")

        let sealed = try EnvironmentsBin.encrypt(document, to: .v1(.passphrase(passphrase, cheapKDF)))
        var messages: [String] = []
        for attempt in [try Passphrase("super secret wordz"), try Passphrase("x")] {
            do { _ = try EnvironmentsBin.decrypt(sealed, with: .passphrase(attempt)) } catch { messages.append(error.description) }
        }
        do { _ = try EnvironmentsBin.decrypt(sealed, with: .key(key)) } catch { messages.append(error.description) }
        #expect(messages.count == 3)
        for message in messages {
            #expect(!message.contains("super secret"))
            #expect(!message.contains(base64))
        }
    }

    @Test("an empty passphrase is refused")
    func emptyPassphrase() {
        #expect(throws: CryptoError.self) { try Passphrase("") }
    }
}

@Suite("Key files named by an option")
struct KeyFileOptionTests {
    @Test("a key given where its path belongs is never printed back; the option is named instead")
    func keyInsteadOfPath() throws {
        let key = try SymmetricKey.generate()
        let text = key.keyFileText.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }.trimmingCharacters(in: .whitespacesAndNewlines)
        do {
            _ = try SymmetricKey(contentsOfKeyFile: text, namedBy: "ENVTOOL_KEY_FILE")
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .secretUnavailable)
            #expect(error.file == nil)
            #expect(error.description.contains("ENVTOOL_KEY_FILE does not name a readable file"))
            #expect(error.description.contains("not the key itself"))
            #expect(!error.description.contains(text))
            #expect(!error.description.contains(String(text.dropFirst("envtool-key-1:".count).prefix(12))))
        }
    }

    @Test("an unsafe key file named by an option names the file and the fix: a file that exists is not a pasted key")
    func unsafeNamedByOption() throws {
        let scratch = Scratch()
        let path = scratch.write("a-secret-looking-name.key", Array(try SymmetricKey.generate().keyFileText.withUnsafeBytes { Array($0) }), mode: 0o640)
        do {
            _ = try Identity(contentsOfIdentityFile: path, namedBy: "--identity")
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .invalidKeyFile)
            #expect(error.file == path)
            #expect(
                error.description
                    == "\(path): error: the file given to --identity: the key file is readable or writable by group or others (mode 640); run `chmod 600 \(path)`"
            )
        }
    }
}
