import Foundation
import Testing

@Suite("envtool i18n status")
struct I18nStatusCommandTests {
    /// i18next resources with one of each finding: German misses a key, leaves one as in English
    /// and renames a placeholder; Russian misses two keys (one of them named like a script) and
    /// the few and many forms of a plural.
    static func fixture() throws -> Workspace {
        let workspace = try Workspace(copySample: false)
        try workspace.write(
            "res/en/translation.json",
            """
            {"greeting": "Hello, {{name}}!", "farewell": "Goodbye", "items_one": "{{count}} item", "items_other": "{{count}} items",
             "<script>alert(1)</script>": "hostile & \\"quoted\\"", "ok": "OK", "title": "Title"}
            """)
        try workspace.write(
            "res/de/translation.json",
            """
            {"greeting": "Hallo, {{user}}!", "items_one": "{{count}} Artikel", "items_other": "{{count}} Artikel",
             "<script>alert(1)</script>": "feindlich", "ok": "OK", "title": "Titel"}
            """)
        try workspace.write(
            "res/ru/translation.json",
            """
            {"greeting": "Привет, {{name}}!", "farewell": "Пока", "items_one": "{{count}} предмет", "items_other": "{{count}} предмета", "ok": "ОК"}
            """)
        return workspace
    }

    static func json(_ result: EnvtoolProcess.Result) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout) \(result.stderr)")
    }

    static func languages(_ object: [String: Any]) throws -> [String: [String: Any]] {
        let tables = try #require(object["tables"] as? [[String: Any]])
        var result: [String: [String: Any]] = [:]
        for table in tables {
            for language in try #require(table["languages"] as? [[String: Any]]) {
                result[try #require(language["language"] as? String)] = language
            }
        }
        return result
    }

    @Test("per language: translated, missing, untranslated, plural forms the CLDR rules need, and placeholders that differ from the source")
    func counts() throws {
        let workspace = try Self.fixture()
        let result = try workspace.run(["i18n", "status", "res", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try Self.json(result)
        let tables = try #require(object["tables"] as? [[String: Any]])
        #expect(tables.count == 1)
        #expect(tables[0]["format"] as? String == "i18next" && tables[0]["table"] as? String == "translation")
        #expect(tables[0]["sourceLanguage"] as? String == "en", "en, when no document declares a development language")
        #expect(tables[0]["keys"] as? Int == 6)
        let languages = try Self.languages(object)
        let en = try #require(languages["en"])
        let de = try #require(languages["de"])
        let ru = try #require(languages["ru"])
        #expect(en["source"] as? Bool == true && en["translated"] as? Int == 6 && en["coverage"] as? Double == 100)
        #expect(de["missingKeys"] as? [String] == ["farewell"])
        #expect(de["untranslatedKeys"] as? [String] == ["ok"])
        #expect(de["translated"] as? Int == 4 && de["coverage"] as? Double == 66.6, "4 of 6, rounded down")
        let mismatch = try #require((de["placeholderMismatches"] as? [[String: Any]])?.first)
        #expect(mismatch["key"] as? String == "greeting")
        #expect(mismatch["found"] as? [String] == ["{{user}}"] && mismatch["expected"] as? [String] == ["{{name}}"])
        #expect((de["pluralGaps"] as? [Any])?.isEmpty == true, "German needs one and other only")
        #expect(ru["missingKeys"] as? [String] == ["<script>alert(1)</script>", "title"])
        let gap = try #require((ru["pluralGaps"] as? [[String: Any]])?.first)
        #expect(gap["key"] as? String == "items" && gap["missing"] as? [String] == ["few", "many"])
        #expect((ru["placeholderMismatches"] as? [Any])?.isEmpty == true, "{{count}} is supplied by i18next, and ru keeps {{name}}")
        #expect(object["passed"] as? Bool == false && object["minCoverage"] as? Double == 100)

        let text = try workspace.run(["i18n", "status", "res"])
        #expect(text.status == 0)
        #expect(text.stdout.contains("res: translation (i18next), source en, 6 keys"), "\(text.stdout)")
        #expect(text.stdout.contains("de  66.6%  4/6  1 missing, 1 untranslated, 1 placeholder mismatch"), "\(text.stdout)")
        #expect(text.stdout.contains("plural forms: \"items\" lacks few, many (ru needs one, few, many, other)"), "\(text.stdout)")
        #expect(text.stdout.contains("placeholders: \"greeting\" reads {{user}} where en reads {{name}}"), "\(text.stdout)")
    }

    @Test("--strict exits 65 when a language is below --min-coverage, 0 when none is")
    func strict() throws {
        let workspace = try Self.fixture()
        #expect(try workspace.run(["i18n", "status", "res"]).status == 0, "without --strict the report is the result")
        let failed = try workspace.run(["i18n", "status", "res", "--strict"])
        #expect(failed.status == 65)
        #expect(
            failed.stderr.contains("error: --strict: 2 languages below 100%: de in translation (i18next, 66.6%), ru in translation (i18next, 66.6%)"),
            "\(failed.stderr)")
        #expect(try workspace.run(["i18n", "status", "res", "--strict", "--min-coverage", "66.7"]).status == 65, "66.6 rounded down is below 66.7; 4/6 is too")
        let passed = try workspace.run(["i18n", "status", "res", "--strict", "--min-coverage", "66.5", "--format", "json"])
        #expect(passed.status == 0, "\(passed.stderr)")
        #expect(try Self.json(passed)["passed"] as? Bool == true)
    }

    @Test("--min-coverage outside 0…100 or not a number is a usage error (64), and nothing is written", arguments: ["150", "-1", "abc", "nan"])
    func minCoverageRange(value: String) throws {
        let workspace = try Self.fixture()
        let result = try workspace.run(["i18n", "status", "res", "--min-coverage=" + value, "--html", "page.html"])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(workspace.read("page.html") == nil)
        let separate = try workspace.run(["i18n", "status", "res", "--min-coverage", value])
        #expect(separate.status == 64 && separate.stdout.isEmpty, "\(separate.stderr)")
    }

    @Test("a directory without translation files exits 66 and names it; so does a missing one")
    func noFiles() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write("empty/readme.txt", "nothing to translate")
        let empty = try workspace.run(["i18n", "status", "empty"])
        #expect(empty.status == 66)
        #expect(
            empty.stderr.contains("empty: error: no translation files in the directory (looked for xcstrings, strings, i18next, po, xliff"), "\(empty.stderr)")
        let onlyPo = try workspace.run(["i18n", "status", "empty", "--from-format", "po"])
        #expect(onlyPo.status == 66 && onlyPo.stderr.contains("no po files in the directory"), "\(onlyPo.stderr)")
        let missing = try workspace.run(["i18n", "status", "nowhere"])
        #expect(missing.status == 66 && missing.stderr.contains("nowhere: error: no such directory"), "\(missing.stderr)")
        let none = try workspace.run(["i18n", "status"])
        #expect(none.status == 66 && none.stderr.contains("pass the directories to read"), "\(none.stderr)")
    }

    @Test("the source language is the document's development language, else en, else the command says which languages there are")
    func sourceLanguage() throws {
        let workspace = try Self.fixture()
        try workspace.write("environments/environments.json", #"{"languages": ["de", "en"], "configurations": {"Debug": {}}}"#)
        let fromDocument = try Self.json(try workspace.run(["i18n", "status", "res", "--format", "json"]))
        #expect((fromDocument["tables"] as? [[String: Any]])?.first?["sourceLanguage"] as? String == "de")
        let explicit = try Self.json(try workspace.run(["i18n", "status", "res", "--format", "json", "--source-language", "ru"]))
        #expect((explicit["tables"] as? [[String: Any]])?.first?["sourceLanguage"] as? String == "ru")
        let absent = try workspace.run(["i18n", "status", "res", "--source-language", "fr"])
        #expect(absent.status == 64 && absent.stderr.contains("has no fr, its source language; it has de, en, ru"), "\(absent.stderr)")

        let withoutEnglish = try Workspace(copySample: false)
        try withoutEnglish.write("res/de/translation.json", #"{"a": "A"}"#)
        try withoutEnglish.write("res/fr/translation.json", #"{"a": "A"}"#)
        let unknown = try withoutEnglish.run(["i18n", "status", "res"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("the source language of the translation table (i18next) is not known"), "\(unknown.stderr)")
        #expect(unknown.stderr.contains("it has de, fr; pass --source-language"), "\(unknown.stderr)")
    }

    @Test("an --html path that cannot be written exits 73 and leaves nothing behind")
    func unwritableHTML() throws {
        let workspace = try Self.fixture()
        try workspace.write("file.txt", "a file, not a directory")
        let before = try FileManager.default.contentsOfDirectory(atPath: workspace.path).sorted()
        for path in ["file.txt/page.html", "no/such/dir/page.html"] {
            let result = try workspace.run(["i18n", "status", "res", "--html", path])
            #expect(result.status == 73, "\(path): \(result.stderr)")
            #expect(result.stdout.isEmpty, "the report is not printed when the page cannot be written")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.path).sorted() == before)
        #expect(String(decoding: workspace.read("file.txt") ?? Data(), as: UTF8.self) == "a file, not a directory")
    }

    @Test("the README's command reports every format of the sample in environments/")
    func sample() throws {
        let workspace = try Workspace()
        let result = try workspace.run(["i18n", "status", "--format", "json", "--html", "status.html"])
        #expect(result.status == 0, "\(result.stderr)")
        let tables = try #require(try Self.json(result)["tables"] as? [[String: Any]])
        let formats = Set(tables.compactMap { $0["format"] as? String })
        #expect(formats == ["xcstrings", "strings", "i18next"], "\(formats)")
        #expect(tables.allSatisfy { $0["sourceLanguage"] as? String == "en" }, "the sample's development language")
        #expect(workspace.read("status.html") != nil)
    }
}
