#if Configuration
import Configuration
import EnvironmentCrypto
import EnvironmentKit
import EnvironmentsProvider
import Foundation
import Testing

@Suite("EnvironmentsProvider opens sops files like environments.bin files")
struct SopsFileTests {
    /// The fixture the real sops 3.11 wrote, shared with EnvironmentCryptoTests.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("EnvironmentCryptoTests/Fixtures/sops").path

    static func identity() throws -> AgeIdentity {
        let text = try String(contentsOfFile: fixtures + "/identity.txt", encoding: .utf8)
        return try AgeIdentity(String(try #require(text.split(separator: "\n").first { $0.hasPrefix("AGE-SECRET-KEY-") })))
    }

    @Test("a sops file opens with its recipient's identity; values are typed as sops stored them and all secret")
    func opens() throws {
        let provider = try EnvironmentsProvider(
            contentsOf: Self.fixtures + "/environments.sops.json", configurationName: "Debug",
            secret: .ageIdentities([AgeIdentity.generate(), Self.identity()]), environment: [:])
        let reader = ConfigReader(provider: provider)
        #expect(reader.string(forKey: "base_url") == "https://dev-api.example.com/v1")
        #expect(reader.int(forKey: "max_retries") == 5)
        #expect(reader.double(forKey: "request_timeout") == 30.5)
        #expect(reader.bool(forKey: "analytics_enabled") == false)
        #expect(reader.string(forKey: "api.keys.maps") == "dev-maps-key")
        #expect(reader.string(forKey: "region_unencrypted") == "eu-west-1")
        #expect(provider.debugDescription.contains("base_url=<REDACTED>"))
    }

    @Test("a stranger's identity is refused as an authentication failure naming the file")
    func stranger() throws {
        let path = Self.fixtures + "/environments.sops.json"
        #expect {
            _ = try EnvironmentsProvider(contentsOf: path, configurationName: "Debug", secret: .ageIdentities([AgeIdentity.generate()]), environment: [:])
        } throws: { error in
            let error = try #require(error as? EnvironmentError)
            return error.kind == .authenticationFailed && error.file == path
        }
    }
}
#endif
