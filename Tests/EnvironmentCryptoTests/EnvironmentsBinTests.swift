import Foundation
import Testing

@testable import EnvironmentCrypto

@Suite("environments.bin: round trips, refusals and test vectors")
struct EnvironmentsBinTests {
    static let passphraseText = "tr0ub4dor & 3"

    struct Mode: CustomTestStringConvertible, Sendable {
        let name: String
        let target: @Sendable () throws -> EnvironmentsBin.EncryptionTarget
        let secret: @Sendable () throws -> EnvironmentsBin.DecryptionSecret
        let wrong: @Sendable () throws -> EnvironmentsBin.DecryptionSecret
        var testDescription: String { name }
    }

    static let key = try! SymmetricKey.generate()
    static let identity = try! Identity.generate()
    static let modes: [Mode] = [
        Mode(name: "key", target: { .v1(.key(key)) }, secret: { .key(key) }, wrong: { .key(try SymmetricKey.generate()) }),
        Mode(
            name: "passphrase", target: { .v1(.passphrase(try Passphrase(passphraseText), cheapKDF)) },
            secret: { .passphrase(try Passphrase(passphraseText)) }, wrong: { .passphrase(try Passphrase("tr0ub4dor & 4")) }),
        Mode(
            name: "recipient", target: { .v1(.recipient(identity.recipient)) }, secret: { .identity(identity) },
            wrong: { .identity(try Identity.generate()) }),
    ]

    @Test("round trip", arguments: modes)
    func roundTrip(mode: Mode) throws {
        let sealed = try EnvironmentsBin.encrypt(document, to: mode.target())
        #expect(EnvironmentsBin.isEncrypted(sealed))
        #expect(try EnvironmentsBin.decrypt(sealed, with: mode.secret()).data == document)
        let again = try EnvironmentsBin.encrypt(document, to: mode.target())
        #expect(again != sealed, "a new nonce (and salt or ephemeral key) for every encryption")
    }

    @Test("a wrong secret is refused", arguments: modes)
    func wrongSecret(mode: Mode) throws {
        let sealed = try EnvironmentsBin.encrypt(document, to: mode.target())
        #expect {
            try EnvironmentsBin.decrypt(sealed, with: mode.wrong())
        } throws: { ($0 as? CryptoError)?.kind == .authenticationFailed }
    }

    @Test("a secret of the wrong kind says which kind the file needs")
    func wrongKind() throws {
        let sealed = try EnvironmentsBin.encrypt(document, to: .v1(.key(Self.key)))
        do {
            _ = try EnvironmentsBin.decrypt(sealed, with: .passphrase(Passphrase("x")))
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .secretUnavailable)
            #expect(error.message.contains("encrypted with a key file"))
        }
    }

    @Test("every single-byte change is refused", arguments: modes)
    func everyByteFlip(mode: Mode) throws {
        let sealed = try EnvironmentsBin.encrypt(document, to: mode.target())
        let secret = try mode.secret()
        var refused = 0
        for index in 0..<sealed.count {
            for flip: UInt8 in [0x01, 0x80] {
                var tampered = sealed
                tampered[index] ^= flip
                do {
                    _ = try EnvironmentsBin.decrypt(tampered, with: secret)
                    Issue.record("byte \(index) ^ \(flip) was accepted")
                } catch {
                    refused += 1
                }
            }
        }
        #expect(refused == sealed.count * 2)
    }

    @Test("every truncation and any appended byte is refused", arguments: modes)
    func truncations(mode: Mode) throws {
        let sealed = try EnvironmentsBin.encrypt(document, to: mode.target())
        let secret = try mode.secret()
        for length in 0..<sealed.count {
            #expect(throws: CryptoError.self, "length \(length)") {
                try EnvironmentsBin.decrypt(sealed.prefix(length), with: secret)
            }
        }
        for extra in [Data([0]), Data(repeating: 0xAB, count: 17)] {
            #expect(throws: CryptoError.self) { try EnvironmentsBin.decrypt(sealed + extra, with: secret) }
        }
    }

    @Test("unknown versions, modes and algorithms are refused with their number")
    func unknownHeader() throws {
        var sealed = try EnvironmentsBin.encrypt(document, to: .v1(.key(Self.key)))
        sealed[6] = 2
        #expect {
            try EnvironmentsBin.decrypt(sealed, with: .key(Self.key))
        } throws: { error in
            let error = error as! CryptoError
            return error.kind == .malformedFile && error.message.contains("format version 2 is not supported")
        }
        sealed[6] = 1
        sealed[7] = 9
        #expect(throws: CryptoError.self) { try EnvironmentsBin.Header(parsing: sealed) }
        #expect(throws: CryptoError.self) { try EnvironmentsBin.Header(parsing: Data("{\"languages\": []}".utf8)) }
    }

    @Test("absurd Argon2id parameters in a header are refused before any work")
    func absurdKDF() throws {
        var sealed = try EnvironmentsBin.encrypt(document, to: .v1(.passphrase(Passphrase("p"), cheapKDF)))
        // Memory field: bytes 13..<21; ask for 1 TiB.
        let huge: UInt64 = 1 << 40
        for index in 0..<8 { sealed[13 + index] = UInt8(truncatingIfNeeded: huge >> (8 * UInt64(index))) }
        #expect {
            try EnvironmentsBin.decrypt(sealed, with: .passphrase(Passphrase("p")))
        } throws: { ($0 as? CryptoError)?.kind == .malformedFile }
    }

    @Test("the header describes the file without needing the secret")
    func header() throws {
        let sealed = try EnvironmentsBin.encrypt(document, to: .v1(.passphrase(Passphrase("p"), cheapKDF)))
        let header = try EnvironmentsBin.Header(parsing: sealed)
        #expect(header.v1Mode == .passphrase)
        #expect(header.kdf == cheapKDF)
        #expect(header.length == 61)
        #expect(header.plaintextLength == document.count)
        #expect(try EnvironmentsBin.Header(parsing: EnvironmentsBin.encrypt(document, to: .v1(.key(Self.key)))).length == 40)
        #expect(try EnvironmentsBin.Header(parsing: EnvironmentsBin.encrypt(document, to: .v1(.recipient(Self.identity.recipient)))).length == 72)
    }

    @Test("the default passphrase cost is libsodium's interactive preset")
    func defaultKDF() {
        #expect(KDFParameters.interactive.operations == 2)
        #expect(KDFParameters.interactive.memoryBytes == 64 << 20)
    }

    @Test("test vectors written by format version 1 still decrypt", arguments: ["key", "passphrase", "recipient"])
    func vectors(mode: String) throws {
        let scratch = Scratch()
        let secret: EnvironmentsBin.DecryptionSecret
        switch mode {
        case "key": secret = .key(try SymmetricKey(contentsOfKeyFile: scratch.fixture("v1-key.key")))
        case "passphrase": secret = .passphrase(try Passphrase("correct horse battery staple"))
        default: secret = .identity(try Identity(contentsOfIdentityFile: scratch.fixture("v1-identity")))
        }
        let plaintext = try EnvironmentsBin.decrypt(Fixtures.data("v1-\(mode).bin"), with: secret)
        #expect(plaintext.data == Fixtures.data("v1-plaintext.json"))
    }
}
