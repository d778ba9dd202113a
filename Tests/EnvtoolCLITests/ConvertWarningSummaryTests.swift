import Foundation
import Testing

@Suite("envtool i18n convert: warnings people read")
struct ConvertWarningSummaryTests {
    /// Android resources whose every string has a comment: each is a loss in i18next JSON.
    static func commentedResources(_ count: Int) -> String {
        var xml = "<resources>\n"
        for index in 1...count { xml += "  <!-- Shown on screen \(index) -->\n  <string name=\"label_\(index)\">Label \(index)</string>\n" }
        return xml + "</resources>\n"
    }

    @Test("many keys with one kind of loss are one line: the count, the languages and the first five keys")
    func oneLinePerKind() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write("res/values/strings.xml", Self.commentedResources(12))
        let result = try workspace.run(["i18n", "convert", "--from", "res", "--to", "out", "--format", "i18next"])
        #expect(result.status == 0, "\(result.stderr)")
        let warnings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("out/") }
        #expect(
            warnings == [
                #"out/en/translation.json: warning: 12 keys (en): i18next JSON has no comments; the comment is not written: "label_1", "label_10", "label_11", "label_12", "label_2", and 7 more (--verbose names each)"#
            ], "\(result.stderr)")
    }

    @Test("--verbose names every key on a line of its own, in the one per-key shape")
    func verboseNamesEach() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write("res/values/strings.xml", Self.commentedResources(12))
        let result = try workspace.run(["i18n", "convert", "--from", "res", "--to", "out", "--format", "i18next", "--verbose"])
        #expect(result.status == 0, "\(result.stderr)")
        let warnings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("out/") }.map(String.init)
        #expect(warnings.count == 12, "\(result.stderr)")
        for index in 1...12 {
            #expect(
                warnings.contains(#"out/en/translation.json: warning: "label_\#(index)" (en): i18next JSON has no comments; the comment is not written"#),
                "\(result.stderr)")
        }
    }

    @Test("a kind with one key keeps its per-key line, naming the key; --strict still refuses and writes nothing")
    func kindsAndSingleKeys() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write(
            "src/en/translation.json",
            #"{"a_male": "He", "b_male": "He", "c_female": "She", "a": "A", "b": "B", "c": "C", "w": "see $t(a)"}"#)
        let result = try workspace.run(["i18n", "convert", "--from", "src", "--to", "out.xcstrings"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                #"out.xcstrings: warning: "w" (en): $t(a) is written as text, which i18next reads back as the nesting; Apple's lookup shows it as written"#),
            "\(result.stderr)")
        let strict = try workspace.run(["i18n", "convert", "--from", "src", "--to", "strict.xcstrings", "--strict"])
        #expect(strict.status == 65 && workspace.read("strict.xcstrings") == nil, "\(strict.stderr)")
    }

    /// A catalog whose facts other formats have no field for: its source language is not en, its
    /// version is 1.1, a key has an extractionState and another none, and a locale is spelled zh_Hans.
    static let catalog = """
        {
          "sourceLanguage" : "de",
          "strings" : {
            "Hallo" : {
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : "Hallo" } },
                "en" : { "stringUnit" : { "state" : "translated", "value" : "Hello" } },
                "zh_Hans" : { "stringUnit" : { "state" : "translated", "value" : "你好" } }
              }
            },
            "Tschüss" : {
              "extractionState" : "manual",
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : "Tschüss" } },
                "en" : { "stringUnit" : { "state" : "translated", "value" : "Bye" } },
                "zh_Hans" : { "stringUnit" : { "state" : "translated", "value" : "再见" } }
              }
            }
          },
          "version" : "1.1"
        }
        """

    @Test("a catalog's source language, version and extractionState come back through i18next and .po, or are reported", arguments: ["i18next", "po"])
    func catalogFacts(middle: String) throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write("in/Localizable.xcstrings", Self.catalog)
        let there = try workspace.run(["i18n", "convert", "--from", "in", "--to", "mid", "--format", middle, "--verbose"])
        #expect(there.status == 0, "\(there.stderr)")
        #expect(
            there.stderr.contains("records no source language: read back without --source-language de, the source language is taken to be en"),
            "\(there.stderr)")
        #expect(there.stderr.contains("version 1.1 is kept only in .xcstrings"), "\(there.stderr)")
        #expect(there.stderr.contains(#""Tschüss" (de): extractionState "manual" is kept only in .xcstrings"#), "\(there.stderr)")
        #expect(!there.stderr.contains(#""Hallo""#), "\(there.stderr)")
        let back = try workspace.run(["i18n", "convert", "--from", "mid", "--to", "out/Localizable.xcstrings", "--source-language", "de"])
        #expect(back.status == 0, "\(back.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: workspace.read("out/Localizable.xcstrings") ?? Data()) as? [String: Any])
        #expect(json["sourceLanguage"] as? String == "de")
        let strings = try #require(json["strings"] as? [String: [String: Any]])
        // No key gains an extractionState it did not have.
        #expect(strings["Hallo"]?["extractionState"] == nil, "\(strings)")
        #expect(strings["Tschüss"]?["extractionState"] == nil, "\(strings)")
        let localizations = try #require(strings["Hallo"]?["localizations"] as? [String: Any])
        // i18next keeps the folder name; gettext's Language: is read as a language tag, and says so.
        #expect(localizations.keys.sorted() == ["de", "en", middle == "po" ? "zh-Hans" : "zh_Hans"], "\(localizations.keys)")
        #expect(
            there.stderr.contains(#"warning: "" (zh_Hans): the language code zh_Hans reads back from Language: as zh-Hans"#) == (middle == "po"),
            "\(there.stderr)")
    }
}
