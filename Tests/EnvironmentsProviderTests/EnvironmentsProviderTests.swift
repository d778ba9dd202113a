#if Configuration
import Configuration
import EnvironmentKit
import EnvironmentsProvider
import Foundation
import Testing

@Suite("EnvironmentsProvider serves a build configuration to swift-configuration")
struct EnvironmentsProviderTests {
    let directory = TemporaryDirectory()
    let path: String

    init() throws {
        path = try directory.write("environments.json", sampleJSON)
    }

    func reader(configurationName: String? = "Debug", environment: [String: String] = [:]) throws -> ConfigReader {
        ConfigReader(provider: try EnvironmentsProvider(contentsOf: path, configurationName: configurationName, environment: environment))
    }

    @Test("typed reads of every JSON type, nested objects as dotted keys")
    func typedReads() throws {
        let config = try reader()
        #expect(config.string(forKey: "base_url") == "https://dev.example.com")
        #expect(config.int(forKey: "retries") == 3)
        #expect(config.double(forKey: "ratio") == 0.5)
        #expect(config.double(forKey: "retries") == 3)
        #expect(config.int(forKey: "whole") == 2)
        #expect(config.bool(forKey: "enabled") == true)
        #expect(config.int(forKey: "api.timeout") == 60)
        #expect(config.string(forKey: "api.deep.level") == "three")
        #expect(config.scoped(to: "api").int(forKey: "timeout") == 60)
        #expect(config.stringArray(forKey: "hosts") == ["a.example.com", "b.example.com"])
        #expect(config.intArray(forKey: "ports") == [80, 443])
        #expect(config.doubleArray(forKey: "weights") == [0.25, 1])
        #expect(config.boolArray(forKey: "flags") == [true, false])
        #expect(config.stringArray(forKey: "none") == [])
        #expect(config.intArray(forKey: "none") == [])
        #expect(config.bytes(forKey: "blob") == Array("hello".utf8))
        #expect(config.byteChunkArray(forKey: "blobs") == [Array("hi".utf8), Array("yo".utf8)])
    }

    @Test("missing keys, null and objects have no value, so defaults and other providers apply")
    func missingKeys() throws {
        let config = try reader()
        #expect(config.string(forKey: "no_such_key") == nil)
        #expect(config.string(forKey: "api.no_such_key", default: "fallback") == "fallback")
        #expect(config.string(forKey: "nothing") == nil)
        #expect(config.string(forKey: "api") == nil)
        #expect(throws: (any Error).self) { try config.requiredString(forKey: "no_such_key") }
    }

    @Test(
        "a value of another type is an error naming the types, never a guess",
        arguments: [
            ("base_url", ConfigType.int, "is a string, not an integer"),
            ("ratio", .int, "is a number, not an integer"),
            ("retries", .bool, "is a number, not a boolean"),
            ("enabled", .string, "is a boolean, not a string"),
            ("hosts", .intArray, "is an array, not an array of integers"),
            ("mixed", .stringArray, "is an array, not an array of strings"),
            ("retries", .stringArray, "is a number, not an array of strings"),
            ("base_url", .bytes, "is a string, not a string of encoded bytes"),
        ])
    func wrongTypes(key: String, type: ConfigType, message: String) throws {
        let provider = try EnvironmentsProvider(contentsOf: path, configurationName: "Debug", environment: [:])
        do {
            _ = try provider.value(forKey: AbsoluteConfigKey(ConfigKey(key)), type: type)
            Issue.record("expected a type mismatch for \(key) as \(type)")
        } catch let error as EnvironmentError {
            #expect(error.kind == .typeMismatch)
            #expect(error.file == path)
            #expect(error.description.contains("the variable \"\(key)\" of configuration \"Debug\" \(message)"))
        }
    }

    @Test("through a ConfigReader a wrong type falls back to the default, and a required read throws")
    func wrongTypesThroughReader() throws {
        let config = try reader()
        #expect(config.int(forKey: "base_url") == nil)
        #expect(config.int(forKey: "base_url", default: 7) == 7)
        #expect(throws: (any Error).self) { try config.requiredInt(forKey: "base_url") }
    }

    @Test("the configuration is the explicit one, else ENVTOOL_CONFIGURATION, as in the library")
    func configurationResolution() throws {
        #expect(try reader(configurationName: "Release").string(forKey: "base_url") == "https://example.com")
        let fromEnvironment = try reader(configurationName: nil, environment: ["ENVTOOL_CONFIGURATION": "Release"])
        #expect(fromEnvironment.int(forKey: "retries") == 1)
        let explicitWins = try EnvironmentsProvider(contentsOf: path, configurationName: "Debug", environment: ["ENVTOOL_CONFIGURATION": "Release"])
        #expect(explicitWins.configurationName == "Debug")
    }

    @Test("an unknown configuration is an error at construction listing the known ones")
    func unknownConfiguration() throws {
        #expect {
            _ = try EnvironmentsProvider(contentsOf: path, configurationName: "Staging", environment: [:])
        } throws: { error in
            let error = try #require(error as? EnvironmentError)
            return error.kind == .unknownConfiguration && error.description.contains("\"Debug\", \"Release\"")
        }
    }

    @Test("a variable in the environment overrides the file when layered first")
    func layering() throws {
        let config = ConfigReader(providers: [
            EnvironmentVariablesProvider(environmentVariables: ["BASE_URL": "https://override.example.com", "API_TIMEOUT": "5"]),
            InMemoryProvider(values: ["retries": 9]),
            try EnvironmentsProvider(contentsOf: path, configurationName: "Debug", environment: [:]),
        ])
        #expect(config.string(forKey: "base_url") == "https://override.example.com")
        #expect(config.int(forKey: "api.timeout") == 5)
        #expect(config.int(forKey: "retries") == 9)
        #expect(config.bool(forKey: "enabled") == true)

        let fileFirst = ConfigReader(providers: [
            try EnvironmentsProvider(contentsOf: path, configurationName: "Debug", environment: [:]),
            EnvironmentVariablesProvider(environmentVariables: ["BASE_URL": "https://override.example.com"]),
        ])
        #expect(fileFirst.string(forKey: "base_url") == "https://dev.example.com")
    }

    @Test("a missing file is a clear error at construction")
    func missingFile() throws {
        let missing = directory.path + "/absent.json"
        #expect {
            _ = try EnvironmentsProvider(contentsOf: missing)
        } throws: { error in
            let error = try #require(error as? EnvironmentError)
            return error.kind == .unreadableFile && error.description == "\(missing): error: cannot read the file: no such file"
        }
    }

    @Test("a malformed file is an error at construction with its line and column")
    func malformedFile() throws {
        let bad = try directory.write("bad.json", "{\"languages\": [\"en\"],\n \"configurations\": {\"Debug\": 3}}")
        #expect {
            _ = try EnvironmentsProvider(contentsOf: bad, configurationName: "Debug")
        } throws: { error in
            let error = try #require(error as? EnvironmentError)
            return error.kind == .malformedDocument && error.description.hasPrefix("\(bad):2:")
        }
    }
}
#endif
