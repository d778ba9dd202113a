import EnvironmentCrypto
import Foundation
import Testing

@testable import EnvironmentKit
@testable import Environments

/// A key backend of the test's own, as a cloud KMS would be: its stanza `-> test-kms KEYID` holds
/// the file key wrapped with the fixed key the backend keeps for KEYID. It lives outside the
/// library on purpose: a new backend is one recipient and one identity type, and every layer
/// above (`EnvironmentsBin`, `EnvironmentsDocument`, `AppEnvironment`) takes it unchanged.
private enum TestKMS {
    static let type = "test-kms"
    /// The backend's wrapping key for a key id; a real KMS holds it and never hands it out.
    static func wrappingKey(_ keyID: String) -> [UInt8] {
        (0..<16).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ keyID.utf8.count &+ Int(keyID.utf8.last ?? 0)) }
    }
}

private struct TestKMSRecipient: FileKeyRecipient {
    let keyID: String
    func wrap(_ fileKey: FileKey) throws(AgeError) -> [AgeStanza] {
        let key = TestKMS.wrappingKey(keyID)
        let body = fileKey.bytes.withUnsafeBytes { bytes in bytes.indices.map { bytes[$0] ^ key[$0] } }
        return [AgeStanza(arguments: [TestKMS.type, keyID], body: body)]
    }
    var displayName: String { "test-kms:\(keyID)" }
}

private struct TestKMSIdentity: FileKeyIdentity {
    let keyID: String
    var stanzaTypes: Set<String> { [TestKMS.type] }
    func unwrap(_ stanzas: [AgeStanza]) throws(AgeError) -> FileKey? {
        for stanza in stanzas where stanza.type == TestKMS.type {
            guard stanza.arguments.count == 2, stanza.body.count == 16 else {
                throw AgeError(.headerFailure, "a test-kms stanza has one argument and a 16-byte body")
            }
            guard stanza.arguments[1] == keyID else { continue }
            let key = TestKMS.wrappingKey(keyID)
            return FileKey(bytes: SecretBytes(copying: stanza.body.indices.map { stanza.body[$0] ^ key[$0] }))
        }
        return nil
    }
    func resealingRecipient(for stanzas: [AgeStanza]) -> (any FileKeyRecipient)? { TestKMSRecipient(keyID: keyID) }
}

@Suite("A key backend of its own, end to end: encrypt, open, document, app environment")
struct KeyBackendTests {
    let directory = TemporaryDirectory()

    func sealed(to recipients: [any FileKeyRecipient], _ name: String) throws -> String {
        let path = directory.path + "/" + name
        try EnvironmentsBin.encrypt(Data(sampleJSON.utf8), to: .age(recipients, armored: false)).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("a file sealed to the backend opens through EnvironmentsBin, EnvironmentsDocument and AppEnvironment")
    func endToEnd() throws {
        let path = try sealed(to: [TestKMSRecipient(keyID: "alias/app")], "kms.bin")
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let kms = TestKMSIdentity(keyID: "alias/app")

        // The one opening function: the header says which kind of identity it needs.
        let stranger = try AgeIdentity.generate()
        var asked: [String] = []
        let opened = try EnvironmentsBin.open(
            data,
            identities: { (header) throws(CryptoError) in
                asked = header.stanzaTypes
                return [stranger, kms]
            })
        #expect(asked == ["test-kms"])
        #expect(opened.plaintext.data == Data(sampleJSON.utf8))
        #expect((opened.identity as? TestKMSIdentity)?.keyID == "alias/app")
        #expect(opened.stanzas.map(\.type) == ["test-kms"])

        // "Again the way it was": the identity names its own recipient, no recipients list needed.
        let again = try opened.sameTarget(
            scryptWorkFactor: 18, file: "kms.bin",
            listed: { () throws(CryptoError) in
                throw CryptoError(.secretUnavailable, "the list is not asked for")
            })
        #expect(again.displayName == "age, 1 recipient")
        let resealed = try EnvironmentsBin.encrypt(opened.plaintext.data, to: again)
        #expect(try EnvironmentsBin.decrypt(resealed, with: [kms]).data == Data(sampleJSON.utf8))

        let document = try EnvironmentsDocument(contentsOf: path, identities: [kms])
        #expect(try document.configuration(named: "Release").string("base_url") == "https://example.com")

        let environment = try AppEnvironment(
            contentsOf: path,
            options: .init(
                configurationName: "Release", environment: [:], persistsLanguage: false, identities: [kms]))
        #expect(try environment.current.string("base_url") == "https://example.com")
    }

    @Test("beside X25519 either identity opens it; a wrong key id, a wrong kind or no identity is refused with its kind")
    func refusals() throws {
        let x25519 = try AgeIdentity.generate()
        let mixed = try sealed(to: [TestKMSRecipient(keyID: "alias/app"), x25519.recipient], "mixed.bin")
        for identity in [TestKMSIdentity(keyID: "alias/app"), x25519] as [any FileKeyIdentity] {
            #expect(try EnvironmentsDocument(contentsOf: mixed, identities: [identity]).configurationNames.contains("Release"))
        }

        let path = try sealed(to: [TestKMSRecipient(keyID: "alias/app")], "kms.bin")
        let cases: [([any FileKeyIdentity], EnvironmentError.Kind, String)] = [
            ([TestKMSIdentity(keyID: "alias/other")], .authenticationFailed, "none of the 1 identities given opens this file (its stanzas: 1 × test-kms)"),
            ([try Passphrase("p")], .secretUnavailable, "this age file is encrypted to recipients (1 × test-kms), but a passphrase (Argon2id) was given"),
            ([], .secretUnavailable, "the file is encrypted (an age file, 1 × test-kms); supply its secret to read it"),
        ]
        for (identities, kind, message) in cases {
            let error = #expect(throws: EnvironmentError.self) { try EnvironmentsDocument(contentsOf: path, identities: identities) }
            #expect(error?.kind == kind)
            #expect(error?.description.contains(message) == true, "\(String(describing: error))")
        }
    }
}

extension SecretBytes {
    /// A copy, for comparing with the expected document.
    fileprivate var data: Data { withUnsafeBytes { Data($0) } }
}
