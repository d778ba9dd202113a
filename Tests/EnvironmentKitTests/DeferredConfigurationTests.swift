import EnvironmentCrypto
import Foundation
import Testing

@testable import EnvironmentKit
@testable import Environments

/// Configurations of an `environments.json` are parsed when read; the document is still checked
/// whole when it is loaded, so nothing about errors changes.
@Suite("Configurations parsed when read")
struct DeferredConfigurationTests {
    /// Debug and Release; `broken` replaces Release's body.
    private static func twoConfigurations(release: String = #"{"base_url": "https://api.example.com"}"#) -> String {
        """
        {"languages": ["en"],
         "configurations": {
          "Debug": {"base_url": "https://dev.example.com"},
          "Release": \(release)
         }}
        """
    }

    @Test(
        "a problem in another configuration fails the load with the same line and column",
        arguments: [
            (#"{"a": 1,}"#, 4, 22, "trailing comma"),
            (#"{"a": 1, "a": 2}"#, 4, 23, "duplicate key"),
            (#"{"a": "\u0061", "\u0061": 2}"#, 4, 30, "duplicate key"),
            (#"{"a": 01}"#, 4, 20, "leading zeros"),
            (#"{"a": "x\#u{1}"}"#, 4, 22, "control character"),
            (#"{"a": tru}"#, 4, 20, "strings need double quotes"),
            ("[1]", 4, 14, "\"Release\" must be an object"),
        ])
    func errorsElsewhere(release: String, line: Int, column: Int, message: String) throws {
        let text = Self.twoConfigurations(release: release)
        let error = try #require(malformed(text))
        #expect(error.kind == .malformedDocument)
        #expect(error.line == line && error.column == column, "\(error)")
        #expect(error.message.contains(message), "\(error.message)")
        // The environment of the other configuration is never made: the document does not load.
        let directory = TemporaryDirectory()
        let path = directory.write("environments.json", text)
        #expect(throws: EnvironmentError.self) {
            try AppEnvironment(contentsOf: path, options: .init(configurationName: "Debug", persistsLanguage: false))
        }
    }

    @Test("invalid UTF-8 in another configuration fails the load at its position")
    func invalidUTF8Elsewhere() throws {
        var bytes = Array(Self.twoConfigurations(release: #"{"a": "Qy"}"#).utf8)
        let x = try #require(bytes.firstIndex(of: UInt8(ascii: "Q")))
        bytes[x] = 0xFF
        do {
            _ = try EnvironmentsDocument(data: Data(bytes), source: "environments.json")
            Issue.record("an invalid document loaded")
        } catch {
            #expect(error.kind == .malformedDocument && error.message.contains("invalid UTF-8"))
            #expect(error.line == 4 && error.column == 21)
        }
    }

    /// Paths by every rule of the index: a literal dotted key wins over the nested path, the first
    /// nested path in file order wins over later ones, keys compare by code units and may be escaped.
    private static let tricky = #"""
        {"languages": ["en"], "configurations": {"Debug": {
          "a": {"b": 1, "b.c": "nested literal", "b2": {"c": 3}},
          "a.b": "top-level literal",
          "x": {"y.z": "first", "y": {"z": "second"}},
          "caf\u00e9": "escaped nfc", "cafe\u0301": "escaped nfd",
          "quote\"d": [1, {"k": null}],
          "n": -1.5e300, "big": 123456789012345678901234567890, "t": true, "nil": null,
          "empty": {}, "": "empty key"
        }}}
        """#

    @Test(
        "a lookup before and after the configuration is parsed finds what a parsed configuration finds",
        arguments: [
            "a", "a.b", "a.b.c", "a.b2.c", "x.y.z", "x.y", "caf\u{E9}", "cafe\u{301}", "quote\"d", "n", "big", "t", "nil",
            "empty", "", "missing", "a.missing", "x.y.z.w", "quote\"d.k",
        ])
    func lookupsAgree(path: String) throws {
        let parsedDocument = try document(Self.tricky)
        let eager = try parsedDocument.configuration(named: "Debug")
        let reference = Configuration(name: "Debug", variables: eager.variables, source: "environments.json")
        // A fresh document each time: its first lookup scans, its second uses the index.
        let first = try document(Self.tricky).configuration(named: "Debug")
        #expect(first[path] == reference[path])
        #expect(first[path] == reference[path])
        let afterAnother = try document(Self.tricky).configuration(named: "Debug")
        _ = afterAnother["t"]
        #expect(afterAnother[path] == reference[path])
    }

    @Test("the tricky paths resolve by the index's rules, deferred or parsed", arguments: [true, false])
    func trickyPaths(deferred: Bool) throws {
        let read = try document(Self.tricky).configuration(named: "Debug")
        // A configuration made from parsed variables finds top-level keys before its index exists.
        let debug = deferred ? read : Configuration(name: "Debug", variables: read.variables, source: "environments.json")
        #expect(debug["a.b"] == "top-level literal")
        #expect(debug["a.b.c"] == "nested literal")
        #expect(debug["x.y.z"] == "first")
        #expect(debug["caf\u{E9}"] == "escaped nfc")
        #expect(debug["cafe\u{301}"] == "escaped nfd")
        #expect(debug["quote\"d"] == [1, ["k": nil]])
        #expect(debug[""] == "empty key")
        #expect(debug.variables.keys.first == "a")
        #expect(debug.variables.count == 12)
    }

    @Test("a decrypted document, whose text is not kept, reads its configurations as before")
    func decrypted() throws {
        let key = try SymmetricKey.generate()
        let sealed = try EnvironmentsBin.encrypt(Data(Self.tricky.utf8), to: .v1(.key(key)))
        let debug = try EnvironmentsDocument(fileData: sealed, path: "environments.bin", secret: .key(key)).configuration(named: "Debug")
        #expect(debug["a.b.c"] == "nested literal")
        #expect(debug["x.y.z"] == "first")
        #expect(debug["a.b"] == "top-level literal")
        #expect(debug["a"] == ["b": 1, "b.c": "nested literal", "b2": ["c": 3]])
        #expect(debug["missing"] == nil)
        #expect(debug["a.missing"] == nil)
        #expect(debug.variables.count == 12)
    }

    @Test("members of a top-level key \"\" are at \".x\", before and after the index is built, deferred or parsed", arguments: [true, false])
    func emptyKeyObject(deferred: Bool) throws {
        let text = #"{"languages": ["en"], "configurations": {"Debug": {"x": 2, "": {"x": 1, "y": 3}}}}"#
        func configuration() throws -> Configuration {
            let read = try document(text).configuration(named: "Debug")
            return deferred ? read : Configuration(name: "Debug", variables: read.variables, source: "environments.json")
        }
        let debug = try configuration()
        #expect(debug["x"] == 2)
        #expect(debug["y"] == nil)
        #expect(debug[".x"] == 1)
        #expect(debug[".y"] == 3)
        // The index is built by now (a dotted lookup); the answers stay the same.
        #expect(debug["x"] == 2)
        #expect(debug["y"] == nil)
        #expect(debug["a.missing"] == nil)
        #expect(debug["x"] == 2)
        let fresh = try configuration()
        #expect(fresh["y"] == nil)
    }
}
