import Foundation
import Testing

@testable import TranslationFormats

/// gettext kept whole: `.po` → `.po` gives the file back whatever its `Plural-Forms`, an empty
/// `msgstr` stays untranslated (never fuzzy), and a format without states gets neither
/// untranslated nor fuzzy texts.
@Suite("gettext kept whole")
struct GettextWholeTests {
    /// Transifex's Russian form: index 3 is for fractions, which no whole number reaches.
    static let russian = #"""
        msgid ""
        msgstr ""
        "Language: ru\n"
        "Content-Type: text/plain; charset=UTF-8\n"
        "Plural-Forms: nplurals=4; plural=(n % 1 == 0 && n % 10 == 1 && n % 100 != 11 ? 0 : n % 1 == 0 && n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14) ? 1 : n % 1 == 0 && (n % 10 ==0 || (n % 10 >=5 && n % 10 <=9) || (n % 100 >=11 && n % 100 <=14 )) ? 2: 3);\n"

        #: src/files.c:12
        #, c-format
        msgid "%d file"
        msgid_plural "%d files"
        msgstr[0] "%d файл"
        msgstr[1] "%d файла"
        msgstr[2] "%d файлов"
        msgstr[3] "%d файла"

        #, fuzzy
        msgid "Open"
        msgstr "Открыть"

        msgid "Close"
        msgstr ""

        msgid "Save"
        msgstr "Сохранить"

        """#

    @Test("an index no whole number reaches is the form for fractions (other), so .po → .po is the file itself")
    func unreachedIndex() throws {
        let directory = TemporaryDirectory()
        directory.write("in/ru/messages.po", Self.russian)
        var converter = TranslationConverter()
        try converter.read(directory.path + "/in")
        #expect(!converter.issues.contains { $0.reason.contains("never chosen") }, "\(converter.issues)")
        guard case .plural(let forms, _, _, _)? = converter.tables.first?.languages["ru"]?.first(where: { $0.key == "%d file" })?.value else {
            Issue.record("no plural"); return
        }
        #expect(Set(forms.keys) == [.one, .few, .many, .other])
        let po = try #require(TranslationFormatRegistry.standard.format(named: "po"))
        let outputs = try converter.plan(po, to: directory.path + "/out")
        #expect(outputs.map { String(decoding: $0.data, as: UTF8.self) } == [Self.russian])
    }

    @Test("an empty msgstr written from the model is untranslated, not fuzzy; a text in state new is fuzzy, reported")
    func emptyIsNotFuzzy() throws {
        var issues = ConversionIssues(file: "ru.po", language: "ru")
        let data = try GettextFormat.write(
            [
                TranslationEntry(key: "Close", value: .single(TranslationMessage([.text("")])), state: .new),
                TranslationEntry(key: "Open", value: .single(TranslationMessage([.text("Открыть")])), state: .new),
            ], language: "ru", table: "messages", path: "ru.po", issues: &issues)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\n\nmsgid \"Close\"\nmsgstr \"\"\n"), "\(text)")
        #expect(text.contains("#, fuzzy\nmsgid \"Open\""), "\(text)")
        #expect(issues.all.map(\.key) == ["Open"], "\(issues.all)")
    }

    @Test("an empty key (gettext's header) is not written and an empty translated text (gettext's untranslated) is reported, each by key")
    func emptyKeyAndText() throws {
        var issues = ConversionIssues(file: "es.po", language: "es")
        let data = try GettextFormat.write(
            [
                TranslationEntry(key: "", value: .single(TranslationMessage([.text("vacío")]))),
                TranslationEntry(key: "%lld", value: .single(TranslationMessage([.text("")]))),
            ], language: "es", table: "messages", path: "es.po", issues: &issues)
        let text = String(decoding: data, as: UTF8.self)
        #expect(!text.contains("vacío") && text.components(separatedBy: "msgid \"\"").count == 2, "\(text)")
        #expect(issues.all.map(\.key) == ["", "%lld"], "\(issues.all)")
        #expect(issues.all.first?.reason.contains("gettext's header") == true && issues.all.last?.reason.contains("untranslated") == true, "\(issues.all)")
    }

    /// `in/ru/messages.po` (``russian``) and `in/en/messages.po` with `keys`, each its own text, in that order.
    static func russianBesideEnglish(_ keys: [String]) -> TemporaryDirectory {
        let directory = TemporaryDirectory()
        directory.write("in/ru/messages.po", russian)
        directory.write(
            "in/en/messages.po",
            "msgid \"\"\nmsgstr \"\"\n\"Language: en\\n\"\n\"Plural-Forms: nplurals=2; plural=(n != 1);\\n\"\n"
                + keys.map { "\nmsgid \"\($0)\"\nmsgstr \"\($0)\"\n" }.joined())
        return directory
    }

    @Test("into i18next the untranslated and fuzzy texts of a translation are left out, each reported; includesFuzzy writes the fuzzy ones")
    func unfinishedLeftOut() throws {
        let directory = Self.russianBesideEnglish(["Open", "Close", "Save"])
        let i18next = try #require(TranslationFormatRegistry.standard.format(named: "i18next"))
        var converter = TranslationConverter()
        try converter.read(directory.path + "/in")
        let russian = try converter.plan(i18next, to: directory.path + "/out").first { $0.relativePath == "ru/messages.json" }
        let json = String(decoding: try #require(russian).data, as: UTF8.self)
        #expect(!json.contains("\"Close\"") && !json.contains("\"Open\"") && json.contains("\"Save\": \"Сохранить\""), "\(json)")
        #expect(
            converter.issues.contains { $0.key == "Close" && $0.reason.hasPrefix("not translated: left out, as i18next has no translation state") },
            "\(converter.issues)")
        #expect(
            converter.issues.contains { $0.key == "Open" && $0.reason.hasPrefix("fuzzy (to be reviewed); --include-fuzzy writes it: left out") },
            "\(converter.issues)")

        var fuzzy = TranslationConverter()
        fuzzy.includesFuzzy = true
        try fuzzy.read(directory.path + "/in")
        let withFuzzy = String(
            decoding: try #require(try fuzzy.plan(i18next, to: directory.path + "/out").first { $0.relativePath == "ru/messages.json" }).data, as: UTF8.self)
        #expect(withFuzzy.contains("\"Open\": \"Открыть\"") && !withFuzzy.contains("\"Close\""), "\(withFuzzy)")
    }

    @Test(
        "a converter that hands its tables to the writer (releasesTablesWhenPlanned) plans the same files and issues, leaving its tables empty; one that keeps them plans again alike"
    )
    func tablesHandedToTheWriter() throws {
        // The English unsorted, so the plan sorts it.
        let directory = Self.russianBesideEnglish(["Save", "Open", "Close"])
        let i18next = try #require(TranslationFormatRegistry.standard.format(named: "i18next"))
        var kept = TranslationConverter()
        try kept.read(directory.path + "/in")
        let planned = try kept.plan(i18next, to: directory.path + "/out")
        #expect(try kept.plan(i18next, to: directory.path + "/out") == planned)
        let keys = Set(kept.tables.first?.languages["ru"]?.map(\.key) ?? [])
        #expect(keys.isSuperset(of: ["Close", "Open", "Save"]), "\(keys)")

        var released = TranslationConverter()
        released.releasesTablesWhenPlanned = true
        try released.read(directory.path + "/in")
        #expect(try released.plan(i18next, to: directory.path + "/out") == planned)
        #expect(released.issues == kept.issues && released.issues.contains { $0.key == "Close" }, "\(released.issues)")
        #expect(released.tables.allSatisfy { $0.languages.isEmpty }, "\(released.tables)")
        // What both plan: the unfinished texts left out, each reported, and the keys sorted.
        func json(_ language: String) -> String? {
            planned.first { $0.relativePath == language + "/messages.json" }.map { String(decoding: $0.data, as: UTF8.self) }
        }
        #expect(json("en") == "{\n  \"Close\": \"Close\",\n  \"Open\": \"Open\",\n  \"Save\": \"Save\"\n}\n", "\(json("en") ?? "")")
        #expect(json("ru")?.hasSuffix("  \"%d file_other\": \"{{count}} файла\",\n  \"Save\": \"Сохранить\"\n}\n") == true, "\(json("ru") ?? "")")
        #expect(Set(released.issues.filter { $0.reason.contains("left out") }.map(\.key)) == ["Close", "Open"], "\(released.issues)")
    }

    @Test(
        "a lone .po is a translation of its msgids: its untranslated and fuzzy texts are left out too, though the rule infers its language as the source; a declared source, or en beside it, keeps its own"
    )
    func loneFileLeftOut() throws {
        let directory = TemporaryDirectory()
        directory.write("in/ru/messages.po", Self.russian)
        let i18next = try #require(TranslationFormatRegistry.standard.format(named: "i18next"))
        var converter = TranslationConverter()
        try converter.read(directory.path + "/in")
        let json = String(decoding: try #require(try converter.plan(i18next, to: directory.path + "/out").first).data, as: UTF8.self)
        #expect(!json.contains("\"Close\"") && !json.contains("\"Open\"") && json.contains("\"Save\": \"Сохранить\""), "\(json)")

        var declared = TranslationConverter()
        try declared.read(directory.path + "/in")
        let kept = String(
            decoding: try #require(try declared.plan(i18next, to: directory.path + "/out", sourceLanguage: SourceLanguageRule(option: "ru")).first).data,
            as: UTF8.self)
        #expect(kept.contains("\"Open\"") && kept.contains("\"Close\""), "\(kept)")

        // With en beside it, en is the source, and its empty text is a text (Android's
        // `<string name="empty"></string>` through .po).
        directory.write("set/ru/messages.po", Self.russian)
        directory.write("set/en/messages.po", "msgid \"\"\nmsgstr \"\"\n\"Language: en\\n\"\n\nmsgid \"Empty\"\nmsgstr \"\"\n")
        var set = TranslationConverter()
        try set.read(directory.path + "/set")
        let english = try #require(try set.plan(i18next, to: directory.path + "/set-out").first { $0.relativePath == "en/messages.json" })
        #expect(String(decoding: english.data, as: UTF8.self).contains("\"Empty\": \"\""), "\(String(decoding: english.data, as: UTF8.self))")
    }

    // MARK: Real files

    /// Public `.po` files beside the repository (../shared/realworld, see its SOURCES.md); a clone
    /// without them skips this test. They are read from there, never copied here.
    static let realWorld = Fixtures.repositoryRoot + "/../shared/realworld/po"
    static let realWorldFiles: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: realWorld)) ?? []).filter { $0.hasSuffix(".po") }.sorted()

    @Test(
        "every real .po converted to .po is the bytes read",
        .enabled(if: !realWorldFiles.isEmpty, "../shared/realworld/po is not beside the repository: no real .po files to compare"),
        arguments: realWorldFiles)
    func realWorldBytes(name: String) throws {
        let original = try Data(contentsOf: URL(fileURLWithPath: Self.realWorld + "/" + name))
        let directory = TemporaryDirectory()
        directory.write("in/" + name, String(decoding: original, as: UTF8.self))
        var converter = TranslationConverter()
        try converter.read(directory.path + "/in/" + name)
        let po = try #require(TranslationFormatRegistry.standard.format(named: "po"))
        let outputs = try converter.plan(po, to: directory.path + "/out")
        #expect(outputs.count == 1)
        #expect(outputs.first?.data == original)
        #expect(converter.issues.isEmpty, "\(converter.issues.prefix(3))")
    }
}
