import EnvironmentCrypto
import Foundation
import Testing

@testable import EnvironmentKit
@testable import Environments

@Suite("Loading an encrypted environments.bin")
struct EncryptedDocumentTests {
    let directory = TemporaryDirectory()
    let key = try! SymmetricKey.generate()
    let binPath: String

    init() throws {
        binPath = directory.path + "/environments.bin"
        try EnvironmentsBin.encrypt(Data(sampleJSON.utf8), to: .v1(.key(key))).write(to: URL(fileURLWithPath: binPath))
    }

    @Test("the library loads the .bin directly with the app's secret")
    func loads() throws {
        let environment = try AppEnvironment(
            contentsOf: binPath,
            options: .init(
                configurationName: "Release", environment: [:], persistsLanguage: false, secret: .key(key)))
        #expect(try environment.current.string("base_url") == "https://example.com")
        #expect(environment.availableLanguages() == ["en", "es", "ca", "pt-BR"])
    }

    @Test("no secret, or a wrong one, is a clear error naming the file")
    func refusals() throws {
        do {
            _ = try EnvironmentsDocument(contentsOf: binPath)
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .secretUnavailable)
            #expect(error.description.hasPrefix(binPath + ": error: the file is encrypted (key file)"))
        }
        let otherKey = try SymmetricKey.generate()
        do {
            _ = try EnvironmentsDocument(contentsOf: binPath, secret: .key(otherKey))
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .authenticationFailed)
        }
    }

    @Test("a decrypted document that is invalid is reported against the .bin")
    func invalidInside() throws {
        let path = directory.path + "/bad.bin"
        try EnvironmentsBin.encrypt(Data("{\"languages\": [\"en\"]}".utf8), to: .v1(.key(key))).write(to: URL(fileURLWithPath: path))
        do {
            _ = try EnvironmentsDocument(contentsOf: path, secret: .key(key))
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .malformedDocument)
            #expect(error.description.hasPrefix(path + " (decrypted):1:1: error: the decrypted document is not a valid environments document here"))
        }
    }

    @Test(
        "an error in a decrypted document gives the position and quotes nothing of the plaintext",
        arguments: [
            #"{"languages": ["en"], "configurations": {"Debug": {"token": ghpABCDEFsecret}}}"#,
            #"{"languages": ["en"], "configurations": {"Debug": {"ghpABCDEFsecret": 1, "ghpABCDEFsecret": 2}}}"#,
            #"{"languages": ["en"], "configurations": {"Debug": {"token": "ghpABCDEFsecret" "x"}}}"#,
            #"{"languages": ["ghpABCDEFsecret"], "configurations": {"Debug": {}}}"#,
            #"{"languages": ["en"], "configurations": {"Debug": {"token": TRUEghpABCDEFsecret}}}"#,
        ])
    func noPlaintextInErrors(text: String) throws {
        let path = directory.path + "/secret.bin"
        try EnvironmentsBin.encrypt(Data(text.utf8), to: .v1(.key(key))).write(to: URL(fileURLWithPath: path))
        do {
            _ = try EnvironmentsDocument(contentsOf: path, secret: .key(key))
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .malformedDocument)
            #expect(error.line == 1 && error.column != nil, "\(error)")
            #expect(!error.description.contains("ghp") && !error.description.contains("secret\""), "\(error)")
        }
    }
}
