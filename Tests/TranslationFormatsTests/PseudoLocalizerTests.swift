import AppleLocalization
import CLDRPlurals
import Foundation
import Testing

@testable import TranslationFormats

@Suite("Pseudo-localization: en-XA and ar-XB from the source text")
struct PseudoLocalizerTests {
    static let rlmRlo = "\u{200F}\u{202E}", pdfRlm = "\u{202C}\u{200F}"

    static func localizer(_ expansion: Int = 40) throws -> PseudoLocalizer { try PseudoLocalizer(expansion: expansion) }

    /// The text of `message` as i18next writes it.
    static func i18next(_ message: TranslationMessage) -> String {
        var issues = ConversionIssues(file: "", language: "")
        return PlaceholderSyntax.renderI18Next(message, pluralNumber: nil, key: "k", issues: &issues)
    }

    static func accented(_ text: String, expansion: Int = 40) throws -> String {
        i18next(try localizer(expansion).pseudoLocalized(PlaceholderSyntax.parseI18Next(text), method: .accented))
    }

    static func bidi(_ text: String) throws -> String {
        i18next(try localizer().pseudoLocalized(PlaceholderSyntax.parseI18Next(text), method: .bidi))
    }

    @Test("en-XA accents every ASCII letter, brackets the text and marks placeholders »…«")
    func accentedLetters() throws {
        #expect(try Self.accented("Settings", expansion: 0) == "[Šéţţíñĝš]")
        #expect(try Self.accented("Hello, {{name}}!", expansion: 0) == "[Ĥéĺĺó, »{{name}}«!]")
        let alphabet = try Self.accented("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", expansion: 0)
        #expect(!alphabet.unicodeScalars.contains { $0.isASCII && $0.properties.isAlphabetic })
        // One precomposed scalar per letter, so the length in characters is kept, and NFC too.
        #expect(alphabet.unicodeScalars.count == 52 + 2)
        #expect(alphabet.precomposedStringWithCanonicalMapping == alphabet)
        // Digits, punctuation and other scripts stay.
        #expect(try Self.accented("2 × 3 = 6 ✓ Привет", expansion: 0) == "[2 × 3 = 6 ✓ Привет]")
    }

    @Test(
        "en-XA grows by the expansion, rounded up, counting text only (not placeholders or markup)",
        arguments: [
            (0, "[Šéţţíñĝš]"), (40, "[Šéţţíñĝš one]"), (100, "[Šéţţíñĝš one two]"),
            (300, "[Šéţţíñĝš one two three four five]"),
        ])
    func expansion(percent: Int, expected: String) throws {
        #expect(try Self.accented("Settings", expansion: percent) == expected)
        // 8 characters of text either way: the placeholder and the tag do not count.
        let withCode = try Self.accented("<b>Settings</b>{{n}}", expansion: percent)
        #expect(withCode == "[<b>Šéţţíñĝš</b>»{{n}}«" + expected.dropFirst(9))
    }

    @Test("the filler is exact for any length, and long texts grow in proportion")
    func fillerLength() throws {
        for length in [1, 7, 49, 50, 51, 200] {
            let text = String(repeating: "x", count: length)
            let result = try Self.accented(text, expansion: 40)
            #expect(result.count == 2 + length + (length * 40 + 99) / 100, "\(length)")
        }
        #expect(PseudoLocalizer.growth(of: Int.max, percent: 300) == Int.max / 100)
    }

    @Test("i18next's unescaped {{- name}}, formats and nesting with options are written back as they were")
    func i18nextPlaceholdersKept() throws {
        #expect(
            try Self.accented("<p>{{- html}}</p> {{n, number(minimumFractionDigits: 2)}} $t(k, {\"count\": {{count}} })", expansion: 0)
                == "[<p>»{{- html}}«</p> »{{n, number(minimumFractionDigits: 2)}}« $t(k, {\"count\": {{count}} })]")
    }

    @Test("an empty text stays empty, and a text of only placeholders is bracketed but not grown")
    func emptyText() throws {
        #expect(try Self.accented("") == "")
        #expect(try Self.bidi("") == "")
        #expect(try Self.accented("{{count}}") == "[»{{count}}«]")
    }

    @Test("ar-XB wraps each word and placeholder in RLM RLO … PDF RLM, and leaves white space and markup outside")
    func bidiWords() throws {
        let (open, close) = (Self.rlmRlo, Self.pdfRlm)
        #expect(try Self.bidi("Hello world") == "\(open)Hello\(close) \(open)world\(close)")
        #expect(try Self.bidi("  Hi\n") == "  \(open)Hi\(close)\n")
        #expect(try Self.bidi("Hi {{name}}!") == "\(open)Hi\(close) \(open){{name}}\(close)\(open)!\(close)")
        #expect(try Self.bidi("<b>bold</b> text") == "<b>\(open)bold\(close)</b> \(open)text\(close)")
        // Not expanded, not bracketed, not accented.
        #expect(try Self.bidi("Settings") == "\(open)Settings\(close)")
    }

    @Test(
        "markup, references, brace groups, conversions kept as text and $t() are never changed",
        arguments: [
            "<a href=\"https://example.com/path\">", "</a>", "<br/>", "<!-- note -->", "&amp;", "&#8217;", "&#x2F;", "&nbsp;",
            "{0}", "{name}", "{count, plural, one {# item} other {# items}}", "%s", "%1$s", "%-5.2lf", "%(name)s", "%(n).1f", "%%", "%@", "%#@items@", "%*d",
            "$t(other.key)", "$t(key, {\"count\": 2})",
        ])
    func keptSegments(code: String) throws {
        let text = "Open " + code + " now"
        let accented = try Self.localizer(0).pseudoLocalized(TranslationMessage([.text(text)]), method: .accented)
        guard case .text(let result)? = accented.pieces.first else { Issue.record("\(accented)"); return }
        #expect(result == "[Óƥéñ " + code + " ñóŵ]", "\(result)")
        let bidi = try Self.localizer().pseudoLocalized(TranslationMessage([.text(text)]), method: .bidi)
        guard case .text(let mirrored)? = bidi.pieces.first else { Issue.record("\(bidi)"); return }
        #expect(mirrored.contains(code), "\(mirrored)")
    }

    @Test(
        "what only looks like code is text: a < b, <3, a lone & or {, 100% done",
        arguments: [
            ("a < b", "[á < ƀ]"), ("<3", "[<3]"), ("R&D", "[Ŕ&Ď]"), ("& x;", "[& ẋ;]"), ("{ open", "[{ óƥéñ]"),
            ("100% done", "[100% ďóñé]"), ("50 % off", "[50 % óƒƒ]"), ("50 $ total", "[50 $ ţóţáĺ]"),
        ])
    func textLookingLikeCode(text: String, expected: String) throws {
        let result = try Self.localizer(0).pseudoLocalized(TranslationMessage([.text(text)]), method: .accented)
        #expect(result.pieces == [.text(expected)])
    }

    @Test("segments are found in linear time on texts of many openers")
    func manyOpeners() throws {
        let started = ContinuousClock.now
        for opener in ["<a", "{", "$t(", "&#", "%("] {
            let text = String(repeating: opener, count: 20_000)
            let result = try Self.localizer().pseudoLocalized(TranslationMessage([.text(text)]), method: .accented)
            #expect(!result.pieces.isEmpty)
        }
        #expect(ContinuousClock.now - started < .seconds(20))
    }

    @Test(
        "--expand is a whole percentage from 0 to 300, with or without %",
        arguments: [
            ("40%", 40), ("40", 40), ("0", 0), ("0%", 0), ("300%", 300), ("007", 7),
        ])
    func expansionText(text: String, value: Int) throws {
        #expect(try PseudoLocalizer(expansion: text).expansion == value)
    }

    @Test(
        "a bad or huge --expand is an error, never a trap",
        arguments: [
            "", "%", "-1", "-1%", "301%", "4000000%", "99999999999999999999999", "+5", "4 0", "40%%", "1.5", "40 %", "٤٠", "0x10",
        ])
    func badExpansion(text: String) {
        #expect(throws: PseudoLocalizer.InvalidExpansion.self) { try PseudoLocalizer(expansion: text) }
    }

    @Test("expansion out of range in code is an error too", arguments: [-1, 301, Int.max, Int.min])
    func badExpansionValue(value: Int) {
        #expect(throws: PseudoLocalizer.InvalidExpansion.self) { try PseudoLocalizer(expansion: value) }
    }

    @Test("plurals get every CLDR category of the pseudo language: ar-XB six from English's two")
    func plurals() throws {
        let one = PlaceholderSyntax.parseI18Next("{{count}} file")
        let other = PlaceholderSyntax.parseI18Next("{{count}} files")
        let table = TranslationTable(
            name: "Localizable",
            languages: [
                "en": [
                    TranslationEntry(key: "files", value: .plural([.one: one, .other: other], variable: nil, frame: nil, valueType: nil))
                ]
            ])
        let result = try Self.localizer().pseudoLocalized(table, source: "en", methods: [.accented, .bidi])
        guard case .plural(let accented, _, _, _)? = result.languages["en-XA"]?.first?.value,
            case .plural(let bidi, _, _, _)? = result.languages["ar-XB"]?.first?.value
        else {
            Issue.record("\(result.languages)"); return
        }
        #expect(Set(accented.keys) == Set(PluralRules(locale: "en-XA", kind: .cardinal).categories))
        #expect(Set(bidi.keys) == [.zero, .one, .two, .few, .many, .other])
        #expect(Self.i18next(try #require(accented[.one])) == "[»{{count}}« ƒíĺé o]")
        #expect(Self.i18next(try #require(bidi[.few])) == "\(Self.rlmRlo){{count}}\(Self.pdfRlm) \(Self.rlmRlo)files\(Self.pdfRlm)")
        #expect(Self.i18next(try #require(bidi[.one])) == "\(Self.rlmRlo){{count}}\(Self.pdfRlm) \(Self.rlmRlo)file\(Self.pdfRlm)")
        // The source stays as it was.
        #expect(result.languages["en"] == table.languages["en"])
    }

    // MARK: Every registered format

    /// Texts with every kind of code a format may hold, in i18next JSON (converted to each format).
    static let source = """
        {
          "greeting": "Hello, {{arg1}}!",
          "transfer": "Send {{arg1}} to {{arg2}}",
          "files_one": "{{count}} file",
          "files_other": "{{count}} files",
          "markup": "<b>Bold</b> &amp; <a href=\\"https://example.com\\">a link</a>",
          "braces": "Step {0} of {total}",
          "percent": "100% done",
          "nested": "See $t(title)",
          "raw": "<p>{{- html}}</p>",
          "title": "Files",
          "empty": ""
        }
        """

    @Test("placeholders of every registered format survive exactly, and markup stays", arguments: TranslationFormatRegistry.standard.formats.map(\.name))
    func everyFormat(name: String) throws {
        let registry = TranslationFormatRegistry.standard
        let format = try #require(registry.format(named: name))
        let directory = TemporaryDirectory()
        directory.write("src/en/translation.json", Self.source)
        // The source in the format, written as i18n convert writes it.
        var converter = TranslationConverter()
        try converter.read(directory.path + "/src")
        for output in try converter.plan(format, to: directory.path + "/in", sourceLanguage: .init(option: "en")) {
            directory.write("in/" + (output.relativePath ?? ""), String(decoding: output.data, as: UTF8.self))
        }
        var reader = TranslationConverter()
        try reader.read(directory.path + "/in", format: format)
        var pseudo = reader
        let outputs = try pseudo.planPseudoLocalization(
            try Self.localizer(), methods: [.accented, .bidi], format: format,
            to: directory.path + "/out", sourceLanguage: .init(option: "en"))
        #expect(!outputs.isEmpty)
        for output in outputs {
            directory.write("out/" + (output.relativePath ?? ""), String(decoding: output.data, as: UTF8.self))
        }
        // Read back in the format: the pseudo languages' placeholders are the source's.
        var back = TranslationConverter()
        try back.read(directory.path + "/out", format: format)
        let source = try #require(reader.tables.first?.languages["en"])
        for language in ["en-XA", "ar-XB"] {
            let entries = try #require(back.tables.first?.languages[language], "\(name): \(language) not written")
            #expect(entries.map(\.key).sorted() == source.map(\.key).sorted(), "\(name) \(language)")
            for entry in entries {
                let original = try #require(source.first { $0.key == entry.key && $0.context == entry.context })
                let before = Self.forms(original.value)
                let after = Self.forms(entry.value)
                for (category, message) in after {
                    let expected = try #require(before[category] ?? before[.other])
                    #expect(message.placeholders == expected.placeholders, "\(name) \(language) \(entry.key) \(category)")
                    #expect(Self.nestings(message) == Self.nestings(expected), "\(name) \(language) \(entry.key)")
                    for code in ["<b>", "</b>", "&amp;", "<a href=\"https://example.com\">", "</a>", "{0}", "{total}", "$t(title)"]
                    where Self.text(expected).contains(code) || Self.nestings(expected).contains(code) {
                        #expect(Self.text(message).contains(code) || Self.nestings(message).contains(code), "\(name) \(language) \(entry.key): \(code)")
                    }
                }
                if Self.text(before[.other] ?? TranslationMessage()).isEmpty && before[.other]?.placeholders.isEmpty != false {
                    #expect(after.values.allSatisfy { $0.pieces.isEmpty }, "\(name) \(language) \(entry.key): an empty text stays empty")
                }
            }
        }
    }

    static func forms(_ value: TranslationEntry.Value) -> [PluralCategory: TranslationMessage] {
        switch value {
        case .single(let message): [.other: message]
        case .plural(let forms, _, _, _): forms
        }
    }

    static func text(_ message: TranslationMessage) -> String {
        message.pieces.map { if case .text(let text) = $0 { text } else { "" } }.joined()
    }

    static func nestings(_ message: TranslationMessage) -> [String] {
        message.pieces.compactMap { if case .nesting(let key) = $0 { "$t(" + key + ")" } else { nil } }
    }

    // MARK: The converter

    @Test("only the files the pseudo-locales change are planned: the source and other languages are left alone")
    func onlyPseudoFiles() throws {
        let directory = TemporaryDirectory()
        directory.write("in/en/translation.json", #"{"title": "Files"}"#)
        directory.write("in/de/translation.json", #"{"title": "Dateien"}"#)
        var converter = TranslationConverter()
        try converter.read(directory.path + "/in")
        let i18next = try #require(TranslationFormatRegistry.standard.format(named: "i18next"))
        let outputs = try converter.planPseudoLocalization(try Self.localizer(), methods: [.accented, .bidi], format: i18next, to: directory.path + "/in")
        #expect(outputs.compactMap(\.relativePath).sorted() == ["ar-XB/translation.json", "en-XA/translation.json"])
        let catalog = try #require(TranslationFormatRegistry.standard.format(named: "xcstrings"))
        var again = TranslationConverter()
        try again.read(directory.path + "/in")
        let single = try again.planPseudoLocalization(try Self.localizer(), methods: [.accented], format: catalog, to: directory.path + "/out")
        // A catalog holds every language, so it is planned whole.
        #expect(single.compactMap(\.relativePath) == ["Localizable.xcstrings"])
        let text = String(decoding: try #require(single.first).data, as: UTF8.self)
        #expect(text.contains("\"en-XA\"") && text.contains("\"de\"") && text.contains("[Ƒíĺéš o]"))
    }

    @Test("the source language is the given one, the recorded one, en, or the only one; else a usage error")
    func sourceLanguage() throws {
        let i18next = try #require(TranslationFormatRegistry.standard.format(named: "i18next"))
        let directory = TemporaryDirectory()
        directory.write("two/de/translation.json", #"{"title": "Dateien"}"#)
        directory.write("two/fr/translation.json", #"{"title": "Fichiers"}"#)
        var converter = TranslationConverter()
        try converter.read(directory.path + "/two")
        var unknown = converter
        #expect { _ = try unknown.planPseudoLocalization(try Self.localizer(), methods: [.accented], format: i18next, to: directory.path + "/out") } throws: {
            ($0 as? TranslationError)?.kind == .usage
        }
        var missing = converter
        #expect {
            _ = try missing.planPseudoLocalization(
                try Self.localizer(), methods: [.accented], format: i18next, to: directory.path + "/out", sourceLanguage: .init(option: "en"))
        } throws: { ($0 as? TranslationError)?.kind == .usage }
        var pseudoSource = converter
        #expect {
            _ = try pseudoSource.planPseudoLocalization(
                try Self.localizer(), methods: [.accented], format: i18next, to: directory.path + "/out", sourceLanguage: .init(option: "en-XA"))
        } throws: { ($0 as? TranslationError)?.kind == .usage }
        let french = try converter.planPseudoLocalization(
            try Self.localizer(0), methods: [.accented], format: i18next, to: directory.path + "/out", sourceLanguage: .init(option: "fr"))
        #expect(String(decoding: try #require(french.first).data, as: UTF8.self).contains("[Ƒíçĥíéŕš]"))
    }
}
