import Foundation
import Testing

@testable import EnvironmentKit
@testable import Environments

@Suite("environments.json")
struct EnvironmentsDocumentTests {
    @Test("a valid document lists languages and configurations in file order")
    func valid() throws {
        let doc = try document()
        #expect(doc.languages.map(\.identifier) == ["en", "es", "ca", "pt-BR"])
        #expect(doc.configurationNames == ["Debug", "Release"])
        #expect(doc.warnings.isEmpty)
    }

    @Test("loads from a dictionary")
    func fromDictionary() throws {
        let doc = try EnvironmentsDocument(dictionary: [
            "languages": ["en"], "configurations": ["Debug": ["base_url": "x"]],
        ])
        #expect(try doc.configuration(named: "Debug").string("base_url") == "x")
    }

    @Test("a dictionary's values keep their JSON types; a value that is not JSON is refused")
    func fromDictionaryTypes() throws {
        let doc = try EnvironmentsDocument(dictionary: [
            "languages": ["en"],
            "configurations": [
                "Debug": [
                    "count": 3, "ratio": 0.5, "on": true, "none": NSNull(), "missing": String?.none as Any,
                    "api": ["timeout": UInt8(30), "hosts": ["a", "b"]],
                ] as [String: Any]
            ],
        ])
        let debug = try doc.configuration(named: "Debug")
        #expect(try debug.int("count") == 3)
        #expect(try debug.double("ratio") == 0.5)
        #expect(try debug.bool("on") == true)
        #expect(try debug.value("none") == .null)
        #expect(try debug.value("missing") == .null)
        #expect(try debug.int("api.timeout") == 30)
        #expect(try debug.value("api.hosts") == .array([.string("a"), .string("b")]))
        // NSNumbers, as JSONSerialization and property lists give them: 1 stays a number, true a
        // Boolean, a 64-bit id exact, 3.0 an integer.
        let parsed =
            try JSONSerialization.jsonObject(with: Data(#"{"retries": 1, "on": true, "id": 9223372036854775807, "ratio": 2.5, "whole": 3.0}"#.utf8))
            as! [String: Any]
        let numbers = try EnvironmentsDocument(dictionary: ["languages": ["en"], "configurations": ["Debug": parsed]]).configuration(named: "Debug")
        #expect(try numbers.int("retries") == 1)
        #expect(try numbers.bool("on") == true)
        #expect(try numbers.int("id") == Int.max)
        #expect(try numbers.double("ratio") == 2.5)
        #expect(try numbers.int("whole") == 3)
        let swiftValues = try EnvironmentsDocument(dictionary: [
            "languages": ["en"], "configurations": ["Debug": ["f": Float(0.1), "d": 3.0, "n": NSNumber(value: 0)]],
        ]).configuration(named: "Debug")
        #expect(try swiftValues.double("f") == 0.1)
        #expect(try swiftValues.int("d") == 3)
        #expect(try swiftValues.int("n") == 0)
        #expect {
            _ = try EnvironmentsDocument(dictionary: ["languages": ["en"], "configurations": ["Debug": ["when": Date()]]])
        } throws: { error in
            (error as? EnvironmentError)?.kind == .malformedDocument
        }
        #expect(throws: EnvironmentError.self) {
            _ = try EnvironmentsDocument(dictionary: ["languages": ["en"], "configurations": ["Debug": ["x": Double.nan]]])
        }
    }

    @Test("unknown top-level keys are kept and reported as warnings")
    func unknownKeys() throws {
        let doc = try document(#"{"languages": ["en"], "configurations": {"Debug": {}}, "extra": 1}"#)
        #expect(doc.extraKeys["extra"] == .integer(1))
        #expect(doc.warnings.count == 1)
        #expect(doc.warnings[0].description.hasPrefix("environments.json:1:65: warning: unknown top-level key \"extra\""))
    }

    @Test(
        "malformed documents name line, column and what was expected",
        arguments: [
            ("{\"languages\": [\"en\"],\n  \"configurations\": {\"Debug\": {}},,}", 2, 35, "expected a key"),
            ("not json", 1, 1, "expected a value"),
            ("", 1, 1, "empty"),
            ("[1, 2]", 1, 1, "must be a JSON object"),
            ("{\"configurations\": {\"Debug\": {}}}", 1, 1, "missing \"languages\""),
            ("{\"languages\": \"en\", \"configurations\": {\"Debug\": {}}}", 1, 15, "must be an array"),
            ("{\"languages\": [], \"configurations\": {\"Debug\": {}}}", 1, 15, "is empty"),
            ("{\"languages\": [\"en\", 3], \"configurations\": {\"Debug\": {}}}", 1, 22, "must be a string"),
            ("{\"languages\": [\"en\", \"pt_BR\"], \"configurations\": {\"Debug\": {}}}", 1, 22, "write \"pt-BR\""),
            ("{\"languages\": [\"en\", \"e\"], \"configurations\": {\"Debug\": {}}}", 1, 22, "not a valid language tag"),
            ("{\"languages\": [\"en\", \"EN\"], \"configurations\": {\"Debug\": {}}}", 1, 22, "duplicate language"),
            ("{\"languages\": [\"en\"]}", 1, 1, "missing \"configurations\""),
            ("{\"languages\": [\"en\"], \"configurations\": {}}", 1, 41, "is empty"),
            ("{\"languages\": [\"en\"], \"configurations\": []}", 1, 41, "must be an object"),
            ("{\"languages\": [\"en\"], \"configurations\": {\"Debug\": 3}}", 1, 51, "\"Debug\" must be an object"),
            ("{\"languages\": [\"en\"], \"configurations\": {\"Debug\": {\"a\": 1, \"a\": 2}}}", 1, 60, "duplicate key"),
            ("{\"languages\": [\"en\"], \"configurations\": {\"Debug\": {\"a\": 01}}}", 1, 57, "leading zeros"),
            ("{\"languages\": [\"en\"], \"configurations\": {\"Debug\": {\"a\": 'x'}}}", 1, 57, "double quotes"),
            ("{\"languages\": [\"en\"], \"configurations\": {\"Debug\": {\"a\": [1,]}}}", 1, 60, "trailing comma"),
            ("{\"languages\": [\"en\"], \"configurations\": {\"Debug\": {\"a\": \"x}}}", 1, 57, "unterminated string"),
            ("{\"languages\": [\"en\"], \"configurations\": {\"Debug\": {\"a\": True}}}", 1, 57, "lowercase"),
            ("{\"languages\": [\"en\"]} x", 1, 23, "after the end"),
        ])
    func malformedDocuments(text: String, line: Int, column: Int, message: String) throws {
        let error = try #require(malformed(text))
        #expect(error.kind == .malformedDocument)
        #expect(error.file == "environments.json")
        #expect(error.line == line)
        #expect(error.column == column)
        #expect(error.message.contains(message), "\(error.message)")
        #expect(error.description.hasPrefix("environments.json:\(line):\(column): error: "))
    }

    @Test("absurdly deep nesting is an error, not a crash")
    func deepNesting() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let error = try #require(malformed("{\"languages\": [\"en\"], \"configurations\": {\"Debug\": {\"a\": \(deep)}}}"))
        #expect(error.message.contains("nesting is deeper than 256"))
    }

    @Test("an unreadable file is an error naming it and why")
    func unreadable() throws {
        let directory = TemporaryDirectory()
        for (path, reason) in [(directory.path + "/missing.json", "no such file"), (directory.path, "it is a directory")] {
            do {
                _ = try EnvironmentsDocument(contentsOf: path)
                Issue.record("expected an error")
            } catch {
                #expect(error.kind == .unreadableFile)
                #expect(error.description.hasPrefix("\(path): error: cannot read the file: \(reason)"), "\(error)")
            }
        }
    }

    @Test("an unknown configuration lists the known ones")
    func unknownConfiguration() throws {
        let doc = try document()
        do {
            _ = try doc.configuration(named: "release")
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .unknownConfiguration)
            #expect(error.message.contains("\"Debug\", \"Release\""))
            #expect(error.message.contains("did you mean \"Release\"?"))
        }
    }

    @Test("configuration names spelled in NFC and in NFD are two configurations")
    func normalizationKeepsBothConfigurations() throws {
        let nfc = "Caf\u{E9}"
        let nfd = "Cafe\u{301}"
        let doc = try document(#"{"languages": ["en"], "configurations": {"\#(nfc)": {"v": 1}, "\#(nfd)": {"v": 2}}}"#)
        #expect(doc.configurationNames.map { Array($0.utf8) } == [Array(nfc.utf8), Array(nfd.utf8)])
        #expect(try doc.configuration(named: nfc).int("v") == 1)
        #expect(try doc.configuration(named: nfd).int("v") == 2)
    }

    @Test("every unknown top-level key is a warning at its own position; paths with odd keys read unambiguously")
    func locatedWarnings() throws {
        let doc = try document("{\"languages\": [\"en\"],\n \"x.y\": 1,\n \"configurations\": {\"Debug\": {}},\n \"z\": [2]}")
        #expect(doc.warnings.map { "\($0.line ?? 0):\($0.column ?? 0) \($0.path ?? "")" } == [#"2:9 ["x.y"]"#, "4:7 z"])
        let error = try #require(malformed(#"{"languages": ["en"], "configurations": {"Debug Staging": 3}}"#))
        #expect(error.jsonPath == #"configurations["Debug Staging"]"# && error.column == 59)
    }

    @Test("errors conform to LocalizedError with the same text")
    func localizedError() throws {
        let error = try #require(malformed("[]"))
        #expect(error.errorDescription == error.description)
        #expect((error as Error).localizedDescription == error.description)
    }
}
