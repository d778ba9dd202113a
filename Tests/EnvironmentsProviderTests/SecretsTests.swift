#if Configuration
import Configuration
import EnvironmentCrypto
import EnvironmentKit
import EnvironmentsProvider
import Foundation
import SystemPackage
import Testing

@Suite("Secret values are redacted by swift-configuration's access reporters")
struct SecretsTests {
    let directory = TemporaryDirectory()

    /// Reads `keys` through a reader that reports to both a collecting reporter and
    /// swift-configuration's `FileAccessLogger`, and returns what each recorded.
    func accessLog(provider: some ConfigProvider, keys: [String]) throws -> (events: [AccessEvent], log: String) {
        let logPath = directory.path + "/access.log"
        let collector = CollectingReporter()
        let fileLogger = try FileAccessLogger(filePath: FilePath(logPath))
        let config = ConfigReader(provider: provider, accessReporter: BroadcastingAccessReporter(upstreams: [collector, fileLogger]))
        for key in keys { _ = config.string(forKey: ConfigKey(key)) }
        return (collector.reported, try String(contentsOfFile: logPath, encoding: .utf8))
    }

    func value(_ event: AccessEvent) -> ConfigValue? {
        guard case .success(let value) = event.result else { return nil }
        return value
    }

    @Test("keys listed in \"secrets\", and everything under a listed object, are secret; the others are not")
    func listedSecrets() throws {
        let path = try directory.write("environments.json", sampleJSON)
        let provider = try EnvironmentsProvider(contentsOf: path, configurationName: "Debug", environment: [:])
        let (events, log) = try accessLog(provider: provider, keys: ["api.token", "database.password", "base_url", "api.deep.level"])

        #expect(events.count == 4)
        #expect(events.map { value($0)?.isSecret } == [true, true, false, false])
        for secret in ["dev-token-123", "hunter2-debug"] {
            #expect(!log.contains(secret))
            #expect(!events.map(\.description).joined().contains(secret))
        }
        #expect(log.contains("<REDACTED>"))
        #expect(log.contains("https://dev.example.com"))
        #expect(log.contains("three"))
        // The values themselves still reach the app.
        #expect(ConfigReader(provider: provider).string(forKey: "api.token") == "dev-token-123")
    }

    @Test("a wrong type on a secret names the types, not the value")
    func mismatchOnSecret() throws {
        let path = try directory.write("environments.json", sampleJSON)
        let provider = try EnvironmentsProvider(contentsOf: path, configurationName: "Debug", environment: [:])
        #expect {
            _ = try provider.value(forKey: ["api", "token"], type: .int)
        } throws: { error in
            "\(error)".contains("is a string, not an integer") && !"\(error)".contains("dev-token-123")
        }
        #expect(!provider.debugDescription.contains("dev-token-123"))
        #expect(provider.debugDescription.contains("api.token=<REDACTED>"))
    }

    @Test(
        "\"secrets\" that is not an array of names is an error at construction",
        arguments: [
            ("\"api.token\"", "environments.json:1:34: error: \"secrets\" must be an array of variable names"),
            ("[\"api.token\", 3]", "environments.json:1:48: error: each entry of \"secrets\" must be a string"),
        ])
    func malformedSecrets(secrets: String, message: String) throws {
        let path = try directory.write(
            "environments.json",
            """
            {"languages": ["en"], "secrets": \(secrets), "configurations": {"Debug": {"api": {"token": "x"}}}}
            """)
        #expect {
            _ = try EnvironmentsProvider(contentsOf: path, configurationName: "Debug", environment: [:])
        } throws: { error in
            let error = try #require(error as? EnvironmentError)
            return error.kind == .malformedDocument && error.description.contains(message)
        }
    }

    @Test("every value of an environments.bin encrypted with a key file is secret")
    func encryptedWithKeyFile() throws {
        let key = try SymmetricKey.generate()
        let keyPath = directory.path + "/app.key"
        let keyText = key.keyFileText.withUnsafeBytes { Data($0) }
        #expect(FileManager.default.createFile(atPath: keyPath, contents: keyText, attributes: [.posixPermissions: 0o600]))
        let binPath = try directory.write("environments.bin", EnvironmentsBin.encrypt(Data(sampleJSON.utf8), to: .v1(.key(key))))

        let provider = try EnvironmentsProvider(
            contentsOf: binPath, configurationName: "Release", secret: .key(SymmetricKey(contentsOfKeyFile: keyPath)), environment: [:])
        #expect(ConfigReader(provider: provider).string(forKey: "base_url") == "https://example.com")
        #expect(ConfigReader(provider: provider).int(forKey: "api.timeout") == 30)

        let (events, log) = try accessLog(provider: provider, keys: ["base_url", "api.token"])
        #expect(events.map { value($0)?.isSecret } == [true, true])
        #expect(!log.contains("https://example.com"))
        #expect(!log.contains("release-token-456"))
    }

    @Test("an environments.bin without its secret, with a wrong key, or tampered with, is an error at construction")
    func encryptedRefusals() throws {
        let key = try SymmetricKey.generate()
        var encrypted = try EnvironmentsBin.encrypt(Data(sampleJSON.utf8), to: .v1(.key(key)))
        let binPath = try directory.write("environments.bin", encrypted)

        #expect {
            _ = try EnvironmentsProvider(contentsOf: binPath, configurationName: "Debug")
        } throws: { error in
            let error = try #require(error as? EnvironmentError)
            return error.kind == .secretUnavailable && error.description.hasPrefix("\(binPath): error: the file is encrypted")
        }
        #expect {
            _ = try EnvironmentsProvider(contentsOf: binPath, configurationName: "Debug", secret: .key(SymmetricKey.generate()))
        } throws: { error in
            (error as? EnvironmentError)?.kind == .authenticationFailed
        }

        encrypted[encrypted.count - 1] ^= 0x01
        let tampered = try directory.write("tampered.bin", encrypted)
        #expect {
            _ = try EnvironmentsProvider(contentsOf: tampered, configurationName: "Debug", secret: .key(key))
        } throws: { error in
            let error = try #require(error as? EnvironmentError)
            return error.kind == .authenticationFailed && error.file == tampered
        }
    }
}
#endif
