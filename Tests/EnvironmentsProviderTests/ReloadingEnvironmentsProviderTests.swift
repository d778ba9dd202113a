#if Configuration
import Configuration
import EnvironmentCrypto
import EnvironmentKit
import EnvironmentsProvider
import Foundation
import Testing

@Suite("ReloadingEnvironmentsProvider follows its file")
struct ReloadingEnvironmentsProviderTests {
    let directory = TemporaryDirectory()

    func baseURL(_ provider: ReloadingEnvironmentsProvider) async throws -> LookupResult {
        try await provider.fetchValue(forKey: ["base_url"], type: .string)
    }

    @Test("a changed file is published through swift-configuration's watch API while the provider runs")
    func publishesChanges() async throws {
        let path = try directory.write("environments.json", document(baseURL: "https://one.example.com"), version: 1)
        let provider = try await ReloadingEnvironmentsProvider(
            contentsOf: path, configurationName: "Debug", environment: [:], pollInterval: .milliseconds(10))
        let config = ConfigReader(provider: provider)
        let directory = self.directory

        let seen = try await withBound {
            try await withThrowingTaskGroup(of: [String?]?.self) { group in
                group.addTask {
                    try await provider.run()
                    return nil
                }
                group.addTask {
                    try await config.watchString(forKey: "base_url") { updates in
                        var seen: [String?] = []
                        for await value in updates {
                            seen.append(value)
                            // Changing the file only after the first value arrives means the
                            // watcher is registered before the change.
                            if seen.count == 1 {
                                try directory.write("environments.json", document(baseURL: "https://two.example.com"), version: 2)
                            }
                            if value == "https://two.example.com" { break }
                        }
                        return seen
                    }
                }
                defer { group.cancelAll() }
                while let result = try await group.next() {
                    if let seen = result { return seen }
                }
                return []
            }
        }
        #expect(seen.first == "https://one.example.com")
        #expect(seen.last == "https://two.example.com")
        #expect(config.string(forKey: "api.token") == "t-https://two.example.com")
    }

    @Test("a file that becomes invalid keeps the last good snapshot, and fetching reports the error")
    func keepsLastGoodSnapshot() async throws {
        let path = try directory.write("environments.json", document(baseURL: "https://one.example.com"), version: 1)
        let provider = try await ReloadingEnvironmentsProvider(contentsOf: path, configurationName: "Debug", environment: [:])
        let config = ConfigReader(provider: provider)

        try directory.write("environments.json", "{\"languages\": [\"en\"],\n \"configurations\": ", version: 2)
        await #expect {
            _ = try await baseURL(provider)
        } throws: { error in
            let error = try #require(error as? EnvironmentError)
            return error.kind == .malformedDocument && error.file == path && error.line == 2
        }
        #expect(config.string(forKey: "base_url") == "https://one.example.com")

        try directory.write("environments.json", document(baseURL: "https://three.example.com"), version: 3)
        #expect(try await baseURL(provider).value?.content == .string("https://three.example.com"))
        #expect(config.string(forKey: "base_url") == "https://three.example.com")
    }

    @Test("a file that becomes invalid is reported once per distinct error, again after it was valid, never at creation")
    func reportsInvalidFile() async throws {
        let reports = Collected<EnvironmentError>()
        let invalidPath = try directory.write("invalid.json", "{")
        await #expect(throws: EnvironmentError.self) {
            _ = try await ReloadingEnvironmentsProvider(contentsOf: invalidPath, onInvalidFile: { reports.append($0) })
        }
        #expect(reports.all.isEmpty)

        let path = try directory.write("environments.json", document(baseURL: "https://one.example.com"), version: 1)
        let provider = try await ReloadingEnvironmentsProvider(
            contentsOf: path, configurationName: "Debug", environment: [:], onInvalidFile: { reports.append($0) })
        let missingLanguages = "{\"configurations\": {\"Debug\": {}}}"

        // Every fetch checks the file again; the same broken file is reported once.
        try directory.write("environments.json", missingLanguages, version: 2)
        for _ in 0..<3 { _ = try? await baseURL(provider) }
        #expect(reports.all.map(\.kind) == [.malformedDocument])
        #expect(reports.all.first?.file == path)

        try directory.write("environments.json", "{\"languages\": [\"en\"]}", version: 3)
        _ = try? await baseURL(provider)
        #expect(reports.all.count == 2)
        #expect(reports.all.last?.description.contains("missing \"configurations\"") == true)

        try directory.write("environments.json", document(baseURL: "https://four.example.com"), version: 4)
        #expect(try await baseURL(provider).value?.content == .string("https://four.example.com"))
        try directory.write("environments.json", missingLanguages, version: 5)
        _ = try? await baseURL(provider)
        #expect(reports.all.count == 3)
        #expect(try provider.value(forKey: ["base_url"], type: .string) == LookupResult(encodedKey: "base_url", value: "https://four.example.com"))
    }

    @Test("a changed environments.bin is decrypted again; a tampered one keeps the last good snapshot")
    func reloadsEncrypted() async throws {
        let key = try SymmetricKey.generate()
        func encrypted(_ baseURL: String) throws -> Data {
            try EnvironmentsBin.encrypt(Data(document(baseURL: baseURL).utf8), to: .v1(.key(key)))
        }
        let path = try directory.write("environments.bin", encrypted("https://one.example.com"), version: 1)
        let provider = try await ReloadingEnvironmentsProvider(
            contentsOf: path, configurationName: "Debug", secret: .key(key), environment: [:])

        try directory.write("environments.bin", encrypted("https://two.example.com"), version: 2)
        let reloaded = try await baseURL(provider)
        #expect(reloaded.value?.content == .string("https://two.example.com"))
        #expect(reloaded.value?.isSecret == true)

        var tampered = try encrypted("https://evil.example.com")
        tampered[tampered.count - 1] ^= 0x01
        try directory.write("environments.bin", tampered, version: 3)
        await #expect {
            _ = try await baseURL(provider)
        } throws: { error in
            (error as? EnvironmentError)?.kind == .authenticationFailed
        }
        #expect(try provider.value(forKey: ["base_url"], type: .string).value?.content == .string("https://two.example.com"))
    }

    @Test("a missing or tampered file is a clear error at construction")
    func constructionErrors() async throws {
        let missing = directory.path + "/absent.json"
        await #expect {
            _ = try await ReloadingEnvironmentsProvider(contentsOf: missing)
        } throws: { error in
            let error = try #require(error as? EnvironmentError)
            return error.kind == .unreadableFile && error.description == "\(missing): error: cannot read the file: no such file"
        }

        let key = try SymmetricKey.generate()
        var encrypted = try EnvironmentsBin.encrypt(Data(sampleJSON.utf8), to: .v1(.key(key)))
        encrypted[encrypted.count - 1] ^= 0x01
        let tampered = try directory.write("tampered.bin", encrypted)
        await #expect {
            _ = try await ReloadingEnvironmentsProvider(contentsOf: tampered, configurationName: "Debug", secret: .key(key))
        } throws: { error in
            let error = try #require(error as? EnvironmentError)
            return error.kind == .authenticationFailed && error.file == tampered
        }
    }
}
#endif
