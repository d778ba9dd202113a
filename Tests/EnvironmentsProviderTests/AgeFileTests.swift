#if Configuration
import Configuration
import EnvironmentCrypto
import EnvironmentKit
import EnvironmentsProvider
import Foundation
import Testing

@Suite("EnvironmentsProvider opens age environments.bin files like v1 files")
struct AgeFileTests {
    let directory = TemporaryDirectory()

    @Test("an age file to several recipients opens with any one identity; every value is secret")
    func identities() throws {
        let alice = try AgeIdentity.generate()
        let bob = try AgeIdentity.generate()
        let sealed = try EnvironmentsBin.encrypt(Data(sampleJSON.utf8), to: .age([alice.recipient, bob.recipient], armored: false))
        let path = try directory.write("environments.bin", sealed)
        let provider = try EnvironmentsProvider(
            contentsOf: path, configurationName: "Release",
            secret: .ageIdentities([AgeIdentity.generate(), bob]), environment: [:])
        let reader = ConfigReader(provider: provider)
        #expect(reader.string(forKey: "base_url") == "https://example.com")
        #expect(reader.int(forKey: "api.timeout") == 30)
        #expect(provider.debugDescription.contains("base_url=<REDACTED>"))
    }

    @Test("an armored age passphrase file opens with its passphrase")
    func passphrase() throws {
        let sealed = try EnvironmentsBin.encrypt(
            Data(sampleJSON.utf8), to: .age([ScryptRecipient(passphrase: Passphrase("team secret"), workFactor: 10)], armored: true))
        let path = try directory.write("environments.bin", sealed)
        let provider = try EnvironmentsProvider(contentsOf: path, configurationName: "Debug", secret: .passphrase(Passphrase("team secret")), environment: [:])
        #expect(ConfigReader(provider: provider).string(forKey: "base_url") == "https://dev.example.com")
    }

    @Test("a wrong identity, a secret of the wrong kind and a changed byte are refused with their kinds")
    func refusals() throws {
        let owner = try AgeIdentity.generate()
        var sealed = try EnvironmentsBin.encrypt(Data(sampleJSON.utf8), to: .age([owner.recipient], armored: false))
        let path = try directory.write("environments.bin", sealed)
        let cases: [(EnvironmentsBin.DecryptionSecret, EnvironmentError.Kind)] = [
            (.ageIdentities([try AgeIdentity.generate()]), .authenticationFailed),
            (.passphrase(try Passphrase("p")), .secretUnavailable),
            (.key(try SymmetricKey.generate()), .secretUnavailable),
        ]
        for (secret, kind) in cases {
            #expect {
                _ = try EnvironmentsProvider(contentsOf: path, configurationName: "Debug", secret: secret, environment: [:])
            } throws: { error in
                let error = try #require(error as? EnvironmentError)
                return error.kind == kind && error.file == path
            }
        }
        sealed[sealed.count - 1] ^= 0x01
        let tampered = try directory.write("tampered.bin", sealed)
        #expect {
            _ = try EnvironmentsProvider(contentsOf: tampered, configurationName: "Debug", secret: .ageIdentities([owner]), environment: [:])
        } throws: { ($0 as? EnvironmentError)?.kind == .authenticationFailed }
    }
}
#endif
