#if Configuration
import Configuration
import EnvironmentCrypto
import EnvironmentKit
import EnvironmentsProvider
import Foundation
import Testing

@Suite("EnvironmentsProvider and AppEnvironment open RNCryptor v3 files (T21Environment's)")
struct RNCryptorFileTests {
    let directory = TemporaryDirectory()

    @Test("a password file opens with its password as a passphrase; every value is secret")
    func password() throws {
        let sealed = try EnvironmentsBin.encrypt(Data(sampleJSON.utf8), to: .rncryptor(.password(Passphrase("XXXXXXXXXX"))))
        let path = try directory.write("environments.bin", sealed)
        let provider = try EnvironmentsProvider(contentsOf: path, configurationName: "Release", secret: .passphrase(Passphrase("XXXXXXXXXX")), environment: [:])
        let reader = ConfigReader(provider: provider)
        #expect(reader.string(forKey: "base_url") == "https://example.com")
        #expect(provider.debugDescription.contains("base_url=<REDACTED>"))
        let environment = try AppEnvironment(contentsOf: path, options: .init(configurationName: "Release", identities: [Passphrase("XXXXXXXXXX")]))
        #expect(environment.configuration()["base_url"] as? String == "https://example.com")
    }

    @Test("a file of two keys opens with RNCryptorKeys among the identities; a wrong password is an authentication failure")
    func keys() throws {
        let keys = try RNCryptorKeys.generate()
        let path = try directory.write("keys.bin", EnvironmentsBin.encrypt(Data(sampleJSON.utf8), to: .rncryptor(.keys(keys))))
        let provider = try EnvironmentsProvider(contentsOf: path, configurationName: "Debug", identities: [try AgeIdentity.generate(), keys], environment: [:])
        #expect(ConfigReader(provider: provider).string(forKey: "base_url") == "https://dev.example.com")
        let passwordFile = try directory.write("password.bin", EnvironmentsBin.encrypt(Data(sampleJSON.utf8), to: .rncryptor(.password(Passphrase("right")))))
        #expect {
            _ = try EnvironmentsProvider(contentsOf: passwordFile, configurationName: "Debug", secret: .passphrase(Passphrase("wrong")), environment: [:])
        } throws: { ($0 as? EnvironmentError)?.kind == .authenticationFailed }
    }
}
#endif
