import Foundation
import Testing

@testable import EnvironmentCrypto

/// A key backend of the test's own, as a cloud KMS would be: its stanza `-> test-kms KEYID` holds
/// the file key "wrapped" with a pad known to the backend. It exists to show that a new backend is
/// one recipient and one identity type, with no change to the age format code.
private struct TestKMSRecipient: FileKeyRecipient {
    let keyID: String
    func wrap(_ fileKey: FileKey) throws(AgeError) -> [AgeStanza] {
        [AgeStanza(arguments: ["test-kms", keyID], body: fileKey.bytes.withUnsafeBytes { $0.map { $0 ^ 0x5A } })]
    }
    var displayName: String { "test-kms:\(keyID)" }
}

private struct TestKMSIdentity: FileKeyIdentity {
    let keyID: String
    var stanzaTypes: Set<String> { ["test-kms"] }
    func unwrap(_ stanzas: [AgeStanza]) throws(AgeError) -> FileKey? {
        for stanza in stanzas where stanza.type == "test-kms" {
            guard stanza.arguments.count == 2, stanza.body.count == 16 else {
                throw AgeError(.headerFailure, "a test-kms stanza has one argument and a 16-byte body")
            }
            if stanza.arguments[1] == keyID { return FileKey(bytes: SecretBytes(copying: stanza.body.map { $0 ^ 0x5A })) }
        }
        return nil
    }
    func resealingRecipient(for stanzas: [AgeStanza]) -> (any FileKeyRecipient)? { TestKMSRecipient(keyID: keyID) }
}

@Suite("age: recipients and identities are protocols; the file holds arrays of them")
struct FileKeyProtocolTests {
    static let document = Data(#"{"configurations":{"Debug":{"a":1}}}"#.utf8)

    @Test("a backend of its own round-trips beside X25519, and each identity opens the file alone")
    func ownBackend() throws {
        let x25519 = try AgeIdentity.generate()
        let recipients: [any FileKeyRecipient] = [TestKMSRecipient(keyID: "alias/app"), x25519.recipient]
        for armored in [false, true] {
            let sealed = try AgeFile.encrypt(Self.document, to: recipients, armored: armored)
            #expect(try AgeFile.inspect(sealed).stanzaTypes == ["test-kms", "X25519"])
            #expect(try AgeFile.decrypt(sealed, with: [TestKMSIdentity(keyID: "alias/app")]).data == Self.document)
            #expect(try AgeFile.decrypt(sealed, with: [x25519]).data == Self.document)
            // Through the one opening function, identities tried in order.
            #expect(try EnvironmentsBin.decrypt(sealed, with: .ageIdentities([x25519])).data == Self.document)
        }
        let sealed = try AgeFile.encrypt(Self.document, to: recipients)
        let error = #expect(throws: AgeError.self) { try AgeFile.decrypt(sealed, with: [TestKMSIdentity(keyID: "alias/other")]) }
        #expect(error?.kind == .noMatch)
        #expect(
            error?.message
                == "none of the 1 identities given opens this file (its stanzas: 1 × test-kms, 1 × X25519); use the identity of one of the recipients it was encrypted to"
        )
    }

    @Test("a malformed stanza of an identity's type is fatal, not skipped")
    func malformedIsFatal() throws {
        let sealed = try AgeFile.encrypt(Self.document, to: [TestKMSRecipient(keyID: "k")])
        let text = String(decoding: sealed, as: UTF8.self).replacingOccurrences(of: "-> test-kms k\n", with: "-> test-kms k extra\n")
        let error = #expect(throws: AgeError.self) { try AgeFile.decrypt(Data(text.utf8), with: [TestKMSIdentity(keyID: "k")]) }
        #expect(error?.kind == .headerFailure)
    }

    @Test("a passphrase must be alone: labels differ from any other recipient's, even another passphrase's")
    func passphraseAlone() throws {
        let passphrase = try Passphrase("p")
        let cases: [[any FileKeyRecipient]] = [
            [ScryptRecipient(passphrase: passphrase, workFactor: 4), try AgeIdentity.generate().recipient],
            [try AgeIdentity.generate().recipient, ScryptRecipient(passphrase: passphrase, workFactor: 4)],
            [ScryptRecipient(passphrase: passphrase, workFactor: 4), ScryptRecipient(passphrase: try Passphrase("q"), workFactor: 4)],
        ]
        for recipients in cases {
            let error = #expect(throws: AgeError.self) { try AgeFile.encrypt(Self.document, to: recipients) }
            #expect(error?.kind == .unusable)
            #expect(error?.message.hasSuffix("a passphrase must be the only recipient") == true)
        }
        #expect((#expect(throws: AgeError.self) { try AgeFile.encrypt(Self.document, to: [any FileKeyRecipient]()) })?.kind == .unusable)
        // The same recipient twice is wrapped once, passphrase or key.
        let scrypt = ScryptRecipient(passphrase: passphrase, workFactor: 4)
        #expect(try AgeFile.inspect(AgeFile.encrypt(Self.document, to: [scrypt, scrypt])).stanzaTypes == ["scrypt"])
        let recipient = try AgeIdentity.generate().recipient
        #expect(try AgeFile.inspect(AgeFile.encrypt(Self.document, to: [recipient, recipient])).stanzaTypes == ["X25519"])
    }

    @Test("identities say which stanzas they open and how the file is sealed again")
    func identities() throws {
        let passphrase = try Passphrase("p")
        let sealed = try AgeFile.encrypt(Self.document, to: [ScryptRecipient(passphrase: passphrase, workFactor: 5)])
        #expect(try AgeFile.decrypt(sealed, with: [passphrase]).data == Self.document)
        let stanzas = [AgeStanza(arguments: ["scrypt", "AAAAAAAAAAAAAAAAAAAAAA", "5"], body: [])]
        #expect((passphrase.resealingRecipient(for: stanzas) as? ScryptRecipient)?.workFactor == 5)
        #expect(passphrase.stanzaTypes == ["scrypt", "envtool-v1/argon2id", "rncryptor/password"])
        let identity = try AgeIdentity.generate()
        #expect((identity.resealingRecipient(for: []) as? AgeRecipient) == identity.recipient)
        #expect(identity.stanzaTypes == ["X25519", "envtool-v1/X25519"])
        let key = try SymmetricKey.generate()
        #expect(key.stanzaTypes == ["envtool-v1/key"])
        #expect(try key.unwrap(stanzas) == nil)
        #expect(ScryptRecipient(passphrase: passphrase, workFactor: 18).displayName == "passphrase, scrypt work factor 18")
        #expect(identity.recipient.displayName == identity.recipient.encoded)
    }

    @Test("the wrong kind of identity says which kind the file needs")
    func wrongKind() throws {
        let passphrase = try Passphrase("p")
        let identity = try AgeIdentity.generate()
        let scrypt = try AgeFile.encrypt(Self.document, to: [ScryptRecipient(passphrase: passphrase, workFactor: 4)])
        let x25519 = try AgeFile.encrypt(Self.document, to: [identity.recipient])
        let cases: [(Data, [any FileKeyIdentity], String)] = [
            (scrypt, [identity], "this file is encrypted with a passphrase, not to a recipient; give the passphrase instead of an identity"),
            (scrypt, [try Passphrase("q")], "the passphrase is wrong"),
            (x25519, [passphrase], "this file is encrypted to recipients (1 × X25519), not with a passphrase; give an identity instead"),
            (x25519, [], "no identity was given to open this file (its stanzas: 1 × X25519)"),
        ]
        for (file, identities, message) in cases {
            let error = #expect(throws: AgeError.self) { try AgeFile.decrypt(file, with: identities) }
            #expect(error?.kind == .noMatch)
            #expect(error?.message == message)
        }
    }

    @Test(
        "a header too long to read back is refused before any key is wrapped (a plugin or KMS is never asked), and a long list that fits keeps each recipient once"
    )
    func headerLengthCheckedFirst() throws {
        let wraps = WrapCounter()
        let x25519 = try (0..<11_000).map { _ in try AgeIdentity.generate().recipient }
        let error = #expect(throws: AgeError.self) {
            try AgeFile.encrypt(Self.document, to: [CountingRecipient(counter: wraps)] + x25519)
        }
        #expect(error?.kind == .unusable)
        #expect(error?.message.hasPrefix("11000 recipients make an age header of ") == true, "\(String(describing: error))")
        #expect(wraps.count == 0)

        // 8,000 given twice over: one stanza each, in the order given.
        let fits = Array(x25519.prefix(8_000))
        let sealed = try AgeFile.encrypt(Self.document, to: [CountingRecipient(counter: wraps)] + fits + fits)
        #expect(wraps.count == 1)
        let types = try AgeFile.inspect(sealed).stanzaTypes
        #expect(types.count == 8_001 && types.first == "test-kms")
    }

    @Test("what v1, RNCryptor and the recipients list need is asked of the protocols: each kind answers for itself, a new backend with nil")
    func secretsThroughRequirements() throws {
        let key = try SymmetricKey.generate()
        let passphrase = try Passphrase("correct horse")
        let rncryptor = try RNCryptorKeys.generate()
        let x25519 = try AgeIdentity.generate()
        guard case .key(let k)? = key.secret, k.fingerprint == key.fingerprint else { Issue.record("a key file is .key"); return }
        #expect(passphrase.secret?.passphrase != nil)
        guard case .rncryptorKeys? = rncryptor.secret else { Issue.record("RNCryptor keys are .rncryptorKeys"); return }
        guard case .x25519(let pair)? = x25519.secret, pair.recipient == x25519.recipient else { Issue.record("an age identity is .x25519"); return }
        #expect(TestKMSIdentity(keyID: "k").secret == nil)

        #expect(x25519.recipient.x25519 == x25519.recipient)
        #expect(x25519.recipient.listedName == x25519.recipient.encoded)
        let scrypt = ScryptRecipient(passphrase: passphrase, workFactor: 10)
        #expect(scrypt.x25519 == nil && scrypt.listedName == nil)
        #expect(TestKMSRecipient(keyID: "k").x25519 == nil && TestKMSRecipient(keyID: "k").listedName == nil)

        // A key line of the other SSH type is refused by its type, before its key is read.
        let error = #expect(throws: AgeError.self) { try SSHEd25519Recipient("ssh-rsa AAAA comment") }
        #expect(error?.message == "\"ssh-rsa AAAA comment…\" is not an ssh-ed25519 key")
    }
}

/// Counts the wraps of every ``CountingRecipient`` given it.
private final class WrapCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    var count: Int { lock.withLock { value } }
    func increment() { lock.withLock { value += 1 } }
}

/// A backend that counts how often it is asked to wrap, as a KMS call would cost.
private struct CountingRecipient: FileKeyRecipient {
    let counter: WrapCounter
    func wrap(_ fileKey: FileKey) throws(AgeError) -> [AgeStanza] {
        counter.increment()
        return [AgeStanza(arguments: ["test-kms", "counted"], body: fileKey.bytes.withUnsafeBytes { $0.map { $0 ^ 0x5A } })]
    }
    var displayName: String { "test-kms:counted" }
}
