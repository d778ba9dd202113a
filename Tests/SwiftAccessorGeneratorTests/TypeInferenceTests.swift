import Diagnostics
import Testing

@testable import SwiftAccessorGenerator

@Suite("Types inferred across configurations")
struct TypeInferenceTests {
    func members(_ configurations: [(String, String)]) throws -> (members: [VariableType.Member], diagnostics: [Diagnostic], source: String) {
        let workspace = try GeneratorWorkspace(document: document(configurations))
        let output = try workspace.generate()
        var inference = TypeInference(file: workspace.documentPath, bytes: Array(document(configurations).utf8))
        let parsed = try EnvironmentsFixture.configurations(of: workspace.documentPath)
        let members = inference.members(of: parsed)
        return (members, output.diagnostics, output.source)
    }

    @Test("a type holds in every configuration: URL, Int, Double, Bool, String, arrays, nested objects")
    func scalarTypes() throws {
        let result = try members([
            ("Debug", #"{"url": "https://a.example", "n": 1, "d": 1.5, "b": true, "s": "x", "tags": ["a"], "api": {"timeout": 5}}"#),
            ("Release", #"{"url": "https://b.example", "n": 2, "d": 2.5, "b": false, "s": "y", "tags": [], "api": {"timeout": 6}}"#),
        ])
        #expect(
            result.members.map(\.type) == [
                .url, .int, .double, .bool, .string, .array(.string),
                .object([
                    .init(key: "timeout", path: "api.timeout", keys: ["api", "timeout"], type: .int, isOptional: false, configurations: ["Debug", "Release"])
                ]),
            ])
        #expect(result.diagnostics.isEmpty)
        #expect(result.source.contains("let url: Foundation.URL"))
        #expect(result.source.contains("let api: Api"))
        #expect(result.source.contains("self.timeout = try configuration.int(\"api.timeout\")"))
    }

    @Test("numbers widen to Double and URLs to String without a warning")
    func silentWidening() throws {
        let result = try members([
            ("Debug", #"{"n": 1, "u": "https://a.example"}"#),
            ("Release", #"{"n": 0.5, "u": "not a url"}"#),
        ])
        #expect(result.members.map(\.type) == [.double, .string])
        #expect(result.diagnostics.isEmpty)
    }

    @Test("different JSON types become JSONValue with a warning naming the configurations and the position")
    func mixedTypes() throws {
        let result = try members([("Debug", #"{"port": "8080"}"#), ("Release", #"{"port": 443}"#), ("test", #"{"port": "1"}"#)])
        #expect(result.members.map(\.type) == [.json])
        let warning = try #require(result.diagnostics.first)
        #expect(warning.severity == .warning)
        #expect(warning.message.contains("a string in Debug and test, a number in Release"))
        #expect(warning.line == 1)
        #expect(warning.path == "configurations.Release.port")
        #expect(result.source.contains("let port: EnvironmentKit.JSONValue"))
    }

    @Test("a variable missing in a configuration is optional, with a warning that names where it is missing")
    func missing() throws {
        let result = try members([("Debug", #"{"a": 1, "b": 2}"#), ("Release", #"{"a": 1}"#)])
        #expect(result.members[1].isOptional)
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics[0].message.contains("\"b\" is missing in Release"))
        #expect(result.diagnostics[0].path == "configurations.Release")
        #expect(result.source.contains("let b: Swift.Int?"))
        #expect(result.source.contains("case nil, .null?: self.b = nil"))
    }

    @Test("names from the document are escaped in warnings: a line break in a configuration or key never starts a line of its own")
    func namesEscapedInWarnings() throws {
        let result = try members([("Debug", #"{"a": 1, "b\nwarning: fake": 2, "port": "1"}"#), (#"Rel\nease"#, #"{"a": 1, "port": 2}"#)])
        let messages = result.diagnostics.map(\.message)
        #expect(messages.count == 2, "\(messages)")
        #expect(messages.contains { $0.contains(#""b\u{a}warning: fake" is missing in Rel\u{a}ease"#) }, "\(messages)")
        #expect(messages.contains { $0.contains(#"a string in Debug, a number in Rel\u{a}ease"#) }, "\(messages)")
        for diagnostic in result.diagnostics {
            #expect(!diagnostic.description.contains("\n"), "\(diagnostic.description)")
        }
    }

    @Test("null in a configuration makes the type optional without a warning")
    func null() throws {
        let result = try members([("Debug", #"{"a": null}"#), ("Release", #"{"a": "x"}"#)])
        #expect(result.members[0].type == .string)
        #expect(result.members[0].isOptional)
        #expect(result.diagnostics.isEmpty)
    }

    @Test("arrays of mixed or compound elements and empty arrays are [JSONValue]")
    func arrays() throws {
        let result = try members([("Debug", #"{"a": [1, "x"], "b": [], "c": [{"k": 1}], "d": [1, 2.5]}"#)])
        #expect(result.members.map(\.type) == [.array(.json), .array(.json), .array(.json), .array(.double)])
    }

    @Test("a number beyond Double is JSONValue with a warning, never a trap")
    func hugeNumber() throws {
        let result = try members([("Debug", #"{"big": 1e400, "wide": 18446744073709551616}"#)])
        #expect(result.members.map(\.type) == [.json, .double])
        #expect(result.diagnostics.count == 1)
    }

    @Test("two keys with one Swift name are an error that names both")
    func collision() throws {
        let result = try members([("Debug", #"{"a-b": 1, "a_b": 2}"#)])
        let error = try #require(result.diagnostics.first { $0.severity == .error })
        #expect(error.message.contains("\"a-b\" and \"a_b\""))
    }

    @Test("the same input gives the same output")
    func deterministic() throws {
        let workspace = try GeneratorWorkspace(document: document([("B", #"{"x": 1}"#), ("A", #"{"x": 2}"#)]))
        #expect(try workspace.generate().source == workspace.generate().source)
    }
}

@Suite("Documents the generator refuses")
struct RefusedDocumentTests {
    @Test("a key with a dot and a nested path spelled the same are an error naming both")
    func dottedPathClash() throws {
        let workspace = try GeneratorWorkspace(document: document([("Debug", #"{"api.timeout": "x", "api": {"timeout": 5}}"#)]))
        let output = try workspace.generate()
        let error = try #require(output.diagnostics.first { $0.severity == .error })
        #expect(error.message.contains(#""api.timeout" and "api" → "timeout" are both read as "api.timeout""#))
    }
}
