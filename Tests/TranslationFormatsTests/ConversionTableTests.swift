import Foundation
import Testing
import TranslationFormats

/// docs/conversion.md has one table per registered format of what it holds ("kept") and what it
/// cannot ("reported"). Each row is a probe: a small source that has the thing, converted into the
/// format by the standard converter. A loss must be reported, naming the probe's key, exactly
/// where the table says so; and every registered format has its table.
@Suite("docs/conversion.md: each format's table of what it holds agrees with the converter")
struct ConversionTableTests {
    /// One thing a format may hold, and a source in a format that holds it.
    struct Probe: Sendable {
        /// The row's first cell in docs/conversion.md.
        let row: String
        /// The key whose loss is reported.
        let key: String
        /// The source files, by path below the probe's folder.
        let files: [String: String]
    }

    static let poHeader = #"""
        msgid ""
        msgstr ""
        "Content-Type: text/plain; charset=UTF-8\n"
        "Plural-Forms: nplurals=2; plural=(n != 1);\n"
        """#

    static func po(_ language: String, _ body: String) -> String {
        poHeader + "\n\"Language: \(language)\\n\"\n\n" + body + "\n"
    }

    static let probes: [Probe] = [
        Probe(
            row: "context", key: "open",
            files: [
                "en/Localizable.po": po("en", "msgid \"open\"\nmsgstr \"Open\"\n\nmsgctxt \"verb\"\nmsgid \"open\"\nmsgstr \"Open it\""),
                "fr/Localizable.po": po("fr", "msgid \"open\"\nmsgstr \"Ouvrir\"\n\nmsgctxt \"verb\"\nmsgid \"open\"\nmsgstr \"L'ouvrir\""),
            ]),
        Probe(
            row: "comment", key: "greeting",
            files: [
                "en/Localizable.po": po("en", "#. Shown at the top.\nmsgid \"greeting\"\nmsgstr \"Hello\""),
                "fr/Localizable.po": po("fr", "#. Shown at the top.\nmsgid \"greeting\"\nmsgstr \"Bonjour\""),
            ]),
        Probe(
            row: "state needs review", key: "greeting",
            files: [
                "en/Localizable.po": po("en", "msgid \"greeting\"\nmsgstr \"Hello\""),
                "fr/Localizable.po": po("fr", "#, fuzzy\nmsgid \"greeting\"\nmsgstr \"Bonjour\""),
            ]),
        Probe(
            row: "gettext msgid_plural", key: "apple",
            files: [
                "en/Localizable.po": po("en", "msgid \"apple\"\nmsgid_plural \"apples\"\nmsgstr[0] \"%(count)d apple\"\nmsgstr[1] \"%(count)d apples\""),
                "fr/Localizable.po": po("fr", "msgid \"apple\"\nmsgid_plural \"apples\"\nmsgstr[0] \"%(count)d pomme\"\nmsgstr[1] \"%(count)d pommes\""),
            ]),
        Probe(
            row: "text beside plural forms", key: "item",
            files: [
                "en/translation.json": #"{"item": "an item", "item_one": "{{count}} item", "item_other": "{{count}} items"}"#,
                "fr/translation.json": #"{"item": "un article", "item_one": "{{count}} article", "item_other": "{{count}} articles"}"#,
            ]),
        Probe(
            row: "nesting", key: "see",
            files: [
                "en/translation.json": #"{"see": "See $t(more)", "more": "more"}"#,
                "fr/translation.json": #"{"see": "Voir $t(more)", "more": "plus"}"#,
            ]),
        Probe(
            row: "i18next format", key: "total",
            files: [
                "en/translation.json": #"{"total": "Total: {{value, number}}"}"#,
                "fr/translation.json": #"{"total": "Total : {{value, number}}"}"#,
            ]),
        Probe(
            row: "unescaped value", key: "intro",
            files: [
                "en/translation.json": #"{"intro": "Read {{- html}} first"}"#,
                "fr/translation.json": #"{"intro": "Lisez d'abord {{- html}}"}"#,
            ]),
        Probe(
            row: "device variations", key: "tap",
            files: [
                "Localizable.xcstrings": #"""
                {"sourceLanguage": "en", "version": "1.0", "strings": {"tap": {"localizations": {
                  "en": {"variations": {"device": {"iphone": {"stringUnit": {"state": "translated", "value": "Tap"}},
                                                   "other": {"stringUnit": {"state": "translated", "value": "Click"}}}}},
                  "fr": {"stringUnit": {"state": "translated", "value": "Touchez"}}}}}}
                """#
            ]),
    ]

    /// Whether converting `probe` into `format` reports a loss for the probe's key.
    static func reports(_ probe: Probe, in format: String) throws -> Bool {
        let directory = TemporaryDirectory()
        for (relative, text) in probe.files { directory.write("probe/" + relative, text) }
        var converter = TranslationConverter()
        try converter.read(directory.path + "/probe")
        _ = try converter.plan(try #require(TranslationFormatRegistry.standard.format(named: format)), to: directory.path + "/out")
        return converter.issues.contains { $0.key == probe.key }
    }

    /// The tables under "## What each format holds": format name → row → "kept" or "reported".
    static func documentedTables() throws -> [String: [String: String]] {
        let text = try String(contentsOfFile: Fixtures.repositoryRoot + "/docs/conversion.md", encoding: .utf8)
        guard let start = text.range(of: "\n## What each format holds\n") else { return [:] }
        var tables: [String: [String: String]] = [:]
        var current: String?
        for line in text[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") { break }
            if line.hasPrefix("### `"), let name = line.split(separator: "`").dropFirst().first {
                current = String(name)
                tables[String(name), default: [:]] = [:]
                continue
            }
            guard let current, line.hasPrefix("| "), !line.hasPrefix("| ---"), !line.hasPrefix("| what") else { continue }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2 else { continue }
            let verdict = cells[1].hasPrefix("**reported**") ? "reported" : cells[1].hasPrefix("kept") ? "kept" : cells[1]
            tables[current]?[cells[0]] = verdict
        }
        return tables
    }

    @Test("every registered format has a table, and every table has a row for every probe")
    func everyFormatHasATable() throws {
        let tables = try Self.documentedTables()
        #expect(Set(tables.keys) == Set(TranslationFormatRegistry.standard.names), "\(tables.keys.sorted())")
        for (format, rows) in tables {
            #expect(Set(rows.keys) == Set(Self.probes.map(\.row)), "\(format): \(rows.keys.sorted())")
        }
    }

    @Test("each row's kept or reported is what the converter does", arguments: TranslationFormatRegistry.standard.names)
    func rowsAgree(format: String) throws {
        let rows = try #require(try Self.documentedTables()[format], "docs/conversion.md has no table for \(format)")
        for probe in Self.probes {
            let documented = try #require(rows[probe.row], "\(format): no row \"\(probe.row)\"")
            let actual = try Self.reports(probe, in: format) ? "reported" : "kept"
            #expect(documented == actual, "\(format), \(probe.row): the table says \(documented), the converter has it \(actual)")
        }
    }
}
