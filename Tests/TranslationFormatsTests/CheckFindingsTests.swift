import Diagnostics
import Foundation
import Testing
import TranslationFormats

/// The checks as `i18n lint` and `validate` print them (``TranslationCoverage/findings``),
/// located where the files give positions.
@Suite("Check findings")
struct CheckFindingsTests {
    private func findings(_ directory: TemporaryDirectory, _ relative: String, source: String? = nil) throws -> [String] {
        let coverage = try TranslationCoverage.read(
            directories: [directory.path + "/" + relative], format: I18NextJSONFormat(),
            sourceLanguage: SourceLanguageRule(option: source), checking: true)
        return (coverage.failures + coverage.findings).map(\.description)
    }

    @Test("missing and extra keys, missing CLDR plural forms and differing variables, at their line and column")
    func located() throws {
        let directory = TemporaryDirectory()
        directory.write(
            "res/en/translation.json",
            """
            {
              "greeting": "Hello {{name}}",
              "items_one": "{{count}} item",
              "items_other": "{{count}} items",
              "only_en": "x",
              "same": "OK"
            }
            """)
        directory.write(
            "res/ru/translation.json",
            """
            {
              "greeting": "Привет {{user}}",
              "items_one": "{{count}} предмет",
              "items_other": "{{count}} предметов",
              "only_ru": "y",
              "same": "OK"
            }
            """)
        let found = try findings(directory, "res")
        let ru = directory.path + "/res/ru/translation.json"
        #expect(found.contains(ru + ":1:1: warning: 1 key missing for ru (translation, i18next): \"only_en\""), "\(found)")
        #expect(found.contains(ru + ":1:1: warning: 1 key of ru (translation, i18next) not in en, the source language: \"only_ru\""), "\(found)")
        #expect(found.contains(ru + ":3:16: warning: lacks the plural form(s) few, many that ru needs (CLDR: one, few, many, other) (at items)"), "\(found)")
        #expect(found.contains(ru + ":2:15: warning: lacks {{name}}, which en reads; reads {{user}}, which en does not (at greeting)"), "\(found)")
        #expect(found.contains(ru + ":1:1: note: 1 key of ru (translation, i18next) not translated (the en text, or marked new): \"same\""), "\(found)")
        #expect(!found.contains { $0.contains("/en/") }, "the source is checked for plural gaps only: \(found)")
    }

    @Test("a differing variable is named without {{count}}, which i18next supplies")
    func countNotCompared() throws {
        let directory = TemporaryDirectory()
        directory.write("res/ca/translation.json", "{\n  \"summary\": \"{{count}} articles\"\n}")
        directory.write("res/en/translation.json", "{\n  \"summary\": \"{{count}} items for {{name}}\"\n}")
        let found = try findings(directory, "res")
        #expect(found == [directory.path + "/res/ca/translation.json:2:14: warning: lacks {{name}}, which en reads (at summary)"])
    }

    @Test("a malformed file is an error at its position, and the other files are still checked")
    func malformed() throws {
        let directory = TemporaryDirectory()
        directory.write("res/en/translation.json", "{\n  \"a\": \"b\",\n  \"c\": \"{{n}}\"\n}")
        directory.write("res/de/translation.json", "{\n  \"a\": \"b\",\n}")
        directory.write("res/fr/translation.json", "{\n  \"a\": \"b\",\n  \"c\": \"{{m}}\"\n}")
        let found = try findings(directory, "res", source: "en")
        #expect(found.first?.hasPrefix(directory.path + "/res/de/translation.json:3:1: error: trailing comma") == true, "\(found)")
        #expect(
            found.contains(directory.path + "/res/fr/translation.json:3:8: warning: lacks {{n}}, which en reads; reads {{m}}, which en does not (at c)"),
            "\(found)")
    }

    @Test("a language without one of the namespaces lacks all of its keys")
    func missingNamespace() throws {
        let directory = TemporaryDirectory()
        directory.write("res/en/translation.json", #"{"a": "A"}"#)
        directory.write("res/en/common.json", #"{"ok": "OK", "no": "No"}"#)
        directory.write("res/de/translation.json", #"{"a": "Ah"}"#)
        let coverage = try TranslationCoverage.read(directories: [directory.path + "/res"], format: I18NextJSONFormat(), checking: true)
        let common = try #require(coverage.tables.first { $0.name == "common" })
        let de = try #require(common.languages.first { $0.language == "de" })
        #expect(de.lacksTable && de.missingKeys == ["ok", "no"] && de.translated == 0)
        #expect(
            coverage.findings.map(\.description).contains(
                directory.path + "/res: warning: common has no de translation: 2 keys missing for de (common, i18next); other languages have it"))
    }

    @Test("a catalog key without a source-language text is its own source text, as Xcode writes it")
    func catalogKeyIsSourceText() throws {
        let directory = TemporaryDirectory()
        directory.write(
            "cat/Localizable.xcstrings",
            """
            {"sourceLanguage": "en", "strings": {
              "%lld files": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "Dateien"}}}},
              "Hello": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "Hallo"}}}}
            }, "version": "1.0"}
            """)
        let coverage = try TranslationCoverage.read(directories: [directory.path + "/cat"], checking: true)
        let table = try #require(coverage.tables.first)
        #expect(table.languages.map(\.language) == ["en", "de"] && table.keys == 2)
        #expect(table.languages.allSatisfy { $0.missingKeys.isEmpty }, "the source has both keys, as their own text")
        let de = try #require(table.languages.last)
        #expect(de.placeholderMismatches.map(\.key) == ["%lld files"] && de.placeholderMismatches.first?.expected == ["%1$"])
        #expect(de.placeholderMismatches.first?.location?.line == 2, "located at the key in the catalog")
    }
}
