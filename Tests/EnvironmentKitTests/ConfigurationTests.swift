import Foundation
import Testing
@testable import EnvironmentKit

@Suite("Configuration variables")
struct ConfigurationTests {
    let debug: Configuration

    init() throws {
        debug = try document().configuration(named: "Debug")
    }

    @Test("typed access")
    func typed() throws {
        #expect(try debug.string("base_url") == "https://dev.example.com")
        #expect(try debug.int("retries") == 3)
        #expect(try debug.double("ratio") == 0.5)
        #expect(try debug.double("retries") == 3)
        #expect(try debug.bool("enabled"))
        #expect(try debug.url("base_url").host == "dev.example.com")
        #expect(try debug.int("api.timeout") == 60)
        #expect(debug["list"] == .array([.integer(1), .integer(2)]))
        #expect(debug["api.missing"] == nil)
    }

    @Test("untyped access keeps T21Environment's shape")
    func untyped() throws {
        let dictionary = debug.dictionary
        #expect(dictionary["base_url"] as? String == "https://dev.example.com")
        #expect((dictionary["api"] as? [String: Any])?["timeout"] as? Int == 60)
    }

    @Test("a missing variable lists the configuration's variables")
    func missing() {
        #expect {
            try debug.string("nope")
        } throws: { error in
            let error = error as! EnvironmentError
            return error.kind == .unknownVariable && error.message.contains("\"base_url\", \"retries\"")
        }
    }

    @Test("a wrong type says what it is and what was asked", arguments: [
        ("base_url", "int"), ("retries", "bool"), ("enabled", "string"), ("ratio", "int"), ("api", "double"), ("retries", "url"),
    ])
    func mismatch(key: String, accessor: String) {
        #expect(throws: EnvironmentError.self) {
            switch accessor {
            case "int": _ = try debug.int(key)
            case "bool": _ = try debug.bool(key)
            case "string": _ = try debug.string(key)
            case "double": _ = try debug.double(key)
            default: _ = try debug.url(key)
            }
        }
    }

    @Test("a string that is not an absolute URL is refused")
    func notURL() throws {
        let configuration = try document(#"{"languages":["en"],"configurations":{"Debug":{"u":"not a url"}}}"#).configuration(named: "Debug")
        #expect(throws: EnvironmentError.self) { try configuration.url("u") }
    }

    struct Settings: Decodable {
        struct API: Decodable { let timeout: Int; let name: String }
        let base_url: URL
        let retries: Int
        let api: API
    }

    @Test("the whole configuration decodes into a Decodable type")
    func decode() throws {
        let settings = try debug.decode(Settings.self)
        #expect(settings.api.timeout == 60)
        #expect(settings.base_url.absoluteString == "https://dev.example.com")
    }

    struct Wrong: Decodable { let api: [String: Int] }

    @Test("a decoding failure names the file, line, column and JSON path of the value")
    func decodeFailure() throws {
        let error = try #require(throws: EnvironmentError.self) { try debug.decode(Wrong.self) }
        #expect(error.kind == .typeMismatch)
        #expect(error.jsonPath == "configurations.Debug.api.name")
        #expect(error.file == "environments.json" && error.line == 5 && error.column == 46)
        #expect(error.message == #"cannot decode configuration "Debug" as Wrong: expected an integer, found a string ("dev")"#)
    }

    @Test("JSON text keeps key order and integers")
    func jsonText() {
        #expect(JSONValue.object(debug.variables).jsonText().hasPrefix(#"{"base_url":"https://dev.example.com","retries":3,"ratio":0.5"#))
        #expect(JSONValue.string("a\"b\n\u{01}").jsonText() == #""a\"b\n\u0001""#)
    }

    @Test("the build default follows the build, the environment variable and an explicit name win")
    func buildConfiguration() {
        #expect(BuildConfiguration.resolve(explicit: nil, environment: [:]) == BuildConfiguration.buildDefault)
        #if DEBUG
        #expect(BuildConfiguration.buildDefault == "Debug")
        #endif
        #expect(BuildConfiguration.resolve(explicit: nil, environment: ["ENVTOOL_CONFIGURATION": "pro"]) == "pro")
        #expect(BuildConfiguration.resolve(explicit: "test", environment: ["ENVTOOL_CONFIGURATION": "pro"]) == "test")
    }
}
