import Foundation
import Testing

@Suite("envtool: --format json, one documented JSON document on stdout")
struct OutputFormatTests {
    /// The stdout of a successful-or-not run, decoded as one JSON object.
    func object(_ result: EnvtoolProcess.Result) throws -> [String: Any] {
        let value = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        return try #require(value as? [String: Any], "stdout is not one JSON object: \(result.stdout)")
    }

    /// The keys of an object in the order they were written (JSONSerialization loses it).
    func keyOrder(_ text: String) -> [String] {
        text.split(separator: "\n").filter { $0.hasPrefix("  \"") }.compactMap { line in
            line.dropFirst(3).split(separator: "\"", maxSplits: 1).first.map(String.init)
        }
    }

    static let findingKeys = ["column", "file", "line", "message", "path", "severity"]

    @Test("configurations: the current one and the names in file order")
    func configurations() throws {
        let result = try Workspace().run(["configurations", "--format", "json", "-c", "pro"])
        #expect(result.status == 0)
        let json = try object(result)
        #expect(json["current"] as? String == "pro")
        #expect(json["configurations"] as? [String] == ["Debug", "Release", "appstore", "pro", "test"])
        #expect(keyOrder(result.stdout) == ["current", "configurations"])
    }

    @Test("languages: current, development and the list")
    func languages() throws {
        let workspace = try Workspace()
        #expect(try workspace.run(["set-language", "ca"]).status == 0)
        let result = try workspace.run(["languages", "--format", "json"])
        let json = try object(result)
        #expect(json["current"] as? String == "ca")
        #expect(json["development"] as? String == "en")
        #expect(json["languages"] as? [String] == ["en", "es", "ca", "ru", "ar"])
    }

    @Test(
        "language: the code and a machine-readable source, whatever the source",
        arguments: [("saved", ["LANG": "es_ES.UTF-8"]), ("system", ["LANG": "es_MX.UTF-8"]), ("fallback", [:])])
    func language(expected: String, environment: [String: String]) throws {
        let workspace = try Workspace()
        if expected == "saved" { #expect(try workspace.run(["set-language", "ca"]).status == 0) }
        let result = try workspace.run(["language", "--format", "json"], environment: environment)
        #expect(result.status == 0)
        let json = try object(result)
        #expect(json["source"] as? String == expected)
        #expect(keyOrder(result.stdout) == ["language", "source", "preferencesFile", "preferred", "ignoredSavedLanguage"])
        switch expected {
        case "saved":
            #expect(json["language"] as? String == "ca")
            #expect((json["preferencesFile"] as? String)?.hasSuffix("envtool/com.example.envtool-demo/preferences.json") == true)
        case "system":
            #expect(json["language"] as? String == "es")
            #expect(json["preferred"] as? [String] == ["es-MX"])
            #expect(json["preferencesFile"] is NSNull)
        default:
            #expect(json["language"] as? String == "en")
            #expect(json["preferred"] as? [String] == [])
        }
        #expect(json["ignoredSavedLanguage"] is NSNull)
    }

    @Test("validate: counts and an empty findings list for the sample")
    func validateValid() throws {
        let result = try Workspace().run(["validate", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let json = try object(result)
        #expect(json["file"] as? String == "environments/environments.json")
        #expect(json["valid"] as? Bool == true)
        #expect(json["languages"] as? Int == 5)
        #expect(json["configurations"] as? Int == 5)
        #expect(json["stringsTables"] as? Int == 3)
        #expect(json["stringsdictTables"] as? Int == 1)
        #expect(json["stringCatalogs"] as? Int == 1)
        #expect(json["i18nextResources"] as? String == "environments/locales")
        #expect((json["findings"] as? [Any])?.isEmpty == true)
        #expect(
            keyOrder(result.stdout) == [
                "file", "valid", "languages", "configurations", "stringsTables", "stringsdictTables", "stringCatalogs", "i18nextResources", "findings",
            ])
    }

    @Test("validate: warnings and errors as findings with file, line, column and path; errors exit 65")
    func validateFindings() throws {
        let workspace = try Workspace()
        try workspace.write("environments/environments.json", #"{"languages": ["en", "es", "ca"], "configurations": {"Debug": {}}, "colour": "red"}"#)
        try workspace.write("environments/ca.lproj/Localizable.strings", "\"a\" = \"b\";\n\"c\" = \"d\" junk;\n")
        let result = try workspace.run(["validate", "--format", "json"])
        #expect(result.status == 65)
        let json = try object(result)
        #expect(json["valid"] as? Bool == false)
        let findings = try #require(json["findings"] as? [[String: Any]])
        #expect(findings.allSatisfy { $0.keys.sorted() == Self.findingKeys })
        let unknownKey = try #require(findings.first { ($0["message"] as? String)?.contains("colour") == true })
        #expect(unknownKey["severity"] as? String == "warning")
        let broken = try #require(
            findings.first { ($0["file"] as? String) == "environments/ca.lproj/Localizable.strings" && $0["severity"] as? String == "error" })
        #expect(broken["line"] as? Int == 2)
        #expect(broken["column"] as? Int == 11)
        #expect(broken["path"] is NSNull)
    }

    @Test("validate: a document that does not parse is still one JSON document, with its error located")
    func validateMalformed() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write("env.json", "{\n  \"languages\": [\"en\", \"pt_BR\"],\n  \"configurations\": {\"Debug\": {}}\n}")
        let result = try workspace.run(["validate", "-e", "env.json", "--format", "json"])
        #expect(result.status == 65)
        let json = try object(result)
        #expect(json["valid"] as? Bool == false)
        #expect(json["languages"] is NSNull)
        let finding = try #require((json["findings"] as? [[String: Any]])?.first)
        #expect(finding["file"] as? String == "env.json")
        #expect(finding["line"] as? Int == 2)
        #expect(finding["column"] as? Int == 23)
        #expect(finding["path"] as? String == "languages[1]")
        let missing = try workspace.run(["validate", "-e", "missing.json", "--format", "json"])
        #expect(missing.status == 66)
        #expect(try object(missing)["valid"] as? Bool == false)
    }

    @Test("strings lint: findings and counts; unreadable files are findings too; --strict fails on warnings")
    func stringsLint() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write("good.strings", "\"a\" = \"\\u00e9\";\n\"a\" = \"b\";\n")
        try workspace.write("bad.strings", "\"a\" = \"b\";\n/* open")
        let result = try workspace.run(["strings", "lint", "--format", "json", "good.strings", "bad.strings", "missing.strings"])
        // A file left unread outranks the errors of the others: the check is incomplete (66).
        #expect(result.status == 66)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let json = try object(result)
        #expect(json["files"] as? [String] == ["good.strings", "bad.strings", "missing.strings"])
        #expect(json["errors"] as? Int == 2)
        #expect(json["warnings"] as? Int == 2)
        let findings = try #require(json["findings"] as? [[String: Any]])
        #expect(findings.count == 4)
        #expect(findings.allSatisfy { $0.keys.sorted() == Self.findingKeys })
        #expect(findings.map { $0["file"] as? String } == ["good.strings", "good.strings", "bad.strings", "missing.strings"])
        #expect(findings[2]["line"] as? Int == 2)
        #expect(findings[3]["line"] is NSNull)

        let warningsOnly = try workspace.run(["strings", "lint", "--format", "json", "good.strings"])
        #expect(warningsOnly.status == 0)
        let strict = try workspace.run(["strings", "lint", "--format", "json", "--strict", "good.strings"])
        #expect(strict.status == 65)
        #expect(try object(strict)["warnings"] as? Int == 2)
        try workspace.write("clean.strings", "\"a\" = \"b\";\n")
        #expect(try workspace.run(["strings", "lint", "--strict", "clean.strings"]).status == 0)
    }

    @Test("an unknown format is a usage error")
    func unknownFormat() throws {
        let result = try Workspace().run(["languages", "--format", "yaml"])
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
    }

    @Test("JSON strings are escaped by the project's writer: quotes, backslashes, control characters")
    func escaping() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write("environments/environments.json", #"{"languages": ["en"], "configurations": {"a\"b\\c\u0001": {}}}"#)
        let result = try workspace.run(["configurations", "--format", "json", "-c", "a\"b\\c\u{1}"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(#""a\"b\\c\u0001""#))
        #expect(try object(result)["current"] as? String == "a\"b\\c\u{1}")
    }
}
