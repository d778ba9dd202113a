import EnvironmentCrypto
import Foundation
import Testing

@testable import EnvironmentKit
@testable import Environments

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

    @Test(
        "a wrong type says what it is and what was asked",
        arguments: [
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
        // The document's own key, decoded without CodingKeys.
        // swift-format-ignore: AlwaysUseLowerCamelCase
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

    static let nfc = "caf\u{E9}"
    static let nfd = "cafe\u{301}"
    static let bothSpellings = #"{"languages": ["en"], "configurations": {"Debug": {"\#(nfc)": "composed", "\#(nfd)": "decomposed", "menu": {"\#(nfd)": 2}}}}"#

    @Test("keys spelled in NFC and in NFD are two variables: lookup, printing and decoding keep both")
    func normalizationKeepsBothKeys() throws {
        let configuration = try document(Self.bothSpellings).configuration(named: "Debug")
        #expect(configuration.variables.count == 3)
        #expect(try configuration.string(Self.nfc) == "composed")
        #expect(try configuration.string(Self.nfd) == "decomposed")
        #expect(try configuration.int("menu.\(Self.nfd)") == 2)
        #expect(configuration["menu.\(Self.nfc)"] == nil)
        #expect(JSONValue.object(configuration.variables).jsonText() == #"{"\#(Self.nfc)":"composed","\#(Self.nfd)":"decomposed","menu":{"\#(Self.nfd)":2}}"#)

        struct Both: Decodable {
            enum CodingKeys: String, CodingKey { case composed = "caf\u{E9}", decomposed = "cafe\u{301}" }
            let composed: String
            let decomposed: String
        }
        let both = try configuration.decode(Both.self)
        #expect(both.composed == "composed" && both.decomposed == "decomposed")
        // A [String: String] cannot hold both: an error, never a silently lost value.
        let error = try #require(throws: EnvironmentError.self) { try configuration.decode([String: JSONDecodingProbe].self) }
        #expect(error.kind == .typeMismatch && error.message.contains("same Swift String"))
        #expect(error.line == 1 && error.column == 51 && error.jsonPath == "configurations.Debug")
    }

    @Test("numbers no Int or Double holds exactly are kept and refused, not rounded, by typed access")
    func exactNumbers() throws {
        let text =
            #"{"languages": ["en"], "configurations": {"Debug": {"big": 18446744073709551616, "huge": 1e400, "tiny": 1e-99999, "exact": 9007199254740993, "whole": 4.0, "spelled": 4.00, "price": 1.50}}}"#
        let configuration = try document(text).configuration(named: "Debug")
        #expect(configuration["big"] == .numberLiteral("18446744073709551616"))
        #expect(try configuration.int("exact") == 9_007_199_254_740_993)
        #expect(try configuration.int("whole") == 4)
        // Read by value, kept as written: 4.00 is the integer 4, 1.50 the Double 1.5.
        #expect(try configuration.int("spelled") == 4 && configuration["spelled"] == .numberLiteral("4.00"))
        #expect(try configuration.double("price") == 1.5)
        #expect(throws: EnvironmentError.self) { try configuration.int("price") }
        #expect(try configuration.double("big") == 18446744073709551616.0)
        #expect(try configuration.double("tiny") == 0)
        let huge = try #require(throws: EnvironmentError.self) { try configuration.double("huge") }
        #expect(huge.kind == .typeMismatch && huge.message.contains("a number (1e400)") && huge.column == 89)
        let big = try #require(throws: EnvironmentError.self) { try configuration.int("big") }
        #expect(big.message == #"the variable "big" of configuration "Debug" is a number (18446744073709551616), not an integer"#)
        #expect(big.jsonPath == "configurations.Debug.big" && big.line == 1 && big.column == 59)
    }

    @Test("a type mismatch in typed access names the line, column and JSON path, also for a nested path")
    func locatedMismatch() throws {
        let error = try #require(throws: EnvironmentError.self) { try debug.int("api.name") }
        #expect(error.jsonPath == "configurations.Debug.api.name")
        #expect(error.line == 5 && error.column == 46)
        let missing = try #require(throws: EnvironmentError.self) { try debug.decode(Missing.self) }
        #expect(missing.message.hasSuffix(#"missing variable "api.port"; add it, or make the property optional"#))
        #expect(missing.jsonPath == "configurations.Debug.api" && missing.line == 5 && missing.column == 22)
    }

    @Test("a decrypted document keeps no plaintext: its decode errors name the file and JSON path, without line and column")
    func decryptedDecodeError() throws {
        let decrypted = try EnvironmentsDocument(secretBytes: SecretBytes(copying: Array(sampleJSON.utf8)), source: "environments.bin (decrypted)")
        let error = try #require(throws: EnvironmentError.self) { try decrypted.configuration(named: "Debug").decode(Wrong.self) }
        #expect(error.file == "environments.bin (decrypted)" && error.jsonPath == "configurations.Debug.api.name")
        #expect(error.line == nil && error.column == nil)
    }

    struct Missing: Decodable {
        struct API: Decodable { let port: Int }
        let api: API
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

/// Any JSON value, to decode a `[String: …]` of mixed values.
struct JSONDecodingProbe: Decodable {
    init(from decoder: any Decoder) throws {}
}

@Suite("Unknown variables in large configurations")
struct UnknownVariableMessageTests {
    @Test("the error names at most 20 variables and says how many more there are")
    func capped() throws {
        var text = #"{"languages": ["en"], "configurations": {"Debug": {"#
        text += (0..<1000).map { "\"v\($0)\": \($0)" }.joined(separator: ", ") + "}}}"
        let document = try EnvironmentsDocument(data: Data(text.utf8), source: "big.json")
        let configuration = try document.configuration(named: "Debug")
        #expect(throws: EnvironmentError.self) { try configuration.value("nope") }
        do {
            _ = try configuration.value("nope")
        } catch {
            #expect(error.kind == .unknownVariable)
            #expect(error.message.contains("\"v19\" and 980 more"))
            #expect(!error.message.contains("\"v20\""))
        }
    }
}
