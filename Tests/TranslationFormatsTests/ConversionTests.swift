import AppleLocalization
import CLDRPlurals
import Foundation
import Testing

@testable import TranslationFormats

@Suite("Conversion: plural expressions, placeholders, the converter")
struct ConversionTests {
    @Test(
        "gettext expressions evaluate like C and never trap",
        arguments: [
            ("n != 1", 1, 0), ("n != 1", 5, 1),
            ("n == 0 ? 0 : n == 1 ? 1 : 2", 0, 0), ("n == 0 ? 0 : n == 1 ? 1 : 2", 7, 2),
            ("(n % 10 == 1 && n % 100 != 11) ? 0 : 1", 21, 0), ("(n % 10 == 1 && n % 100 != 11) ? 0 : 1", 11, 1),
            ("!(n > 1)", 0, 1), ("n / 0", 5, 0), ("n % 0", 5, 0), ("n * 9999999999 * 9999999999", 7, 7 &* 1_000_000_000 &* 1_000_000_000),
            ("2 + 3 * 4 - 1", 0, 13), ("n <= 2 || n >= 10", 5, 0),
        ])
    func expression(text: String, n: Int, expected: Int) throws {
        #expect(try GettextExpression(text).evaluate(n) == expected)
    }

    @Test(
        "malformed or too deep expressions are errors with an offset",
        arguments: [
            "n ==", "(n", "n ? 1", "x", String(repeating: "(", count: 500) + "n" + String(repeating: ")", count: 500), "n 1",
        ])
    func badExpression(text: String) {
        #expect(throws: GettextExpression.Failure.self) { try GettextExpression(text) }
    }

    @Test(
        "Plural-Forms agree with CLDR for 0…1000, for gettext's usual languages and those only CLDR's rules give (kab, br, cy, gd…)",
        arguments: [
            "en", "es", "ca", "ru", "ar", "pl", "fr", "pt-BR", "de", "ja", "uk", "cs", "he", "lv",
            "kab", "ro", "mo", "br", "cy", "ga", "gd", "gv", "lt", "mt", "sl", "is", "mk", "ksh", "shi", "kw", "lag", "dsb", "be", "it", "pt-PT",
        ])
    func pluralForms(language: String) throws {
        let categories = PluralRules(locale: language, kind: .cardinal).categories
        let forms = try #require(GettextPluralForms.forLanguage(language, categories: categories))
        #expect(forms.count == categories.count)
    }

    @Test(
        "originals are kept only for the format that will be written",
        arguments: [
            ("gettext", "po"), ("catalog/Localizable.xcstrings", "xcstrings"),
        ])
    func originalsOnlyForTheTarget(source: String, format: String) throws {
        let path = Fixtures.repositoryRoot + "/Tests/Corpus/" + source
        var same = TranslationConverter()
        same.targetFormat = format
        try same.read(path)
        var other = TranslationConverter()
        other.targetFormat = "i18next"
        try other.read(path)
        var unknown = TranslationConverter()
        try unknown.read(path)
        #expect(!same.tables.isEmpty && same.tables.allSatisfy { $0.original?.format == format })
        #expect(unknown.tables.allSatisfy { $0.original?.format == format })
        #expect(other.tables.allSatisfy { $0.original == nil })
        // The model is the same either way: only what the other format's writer ignores is left out.
        #expect(other.tables.map(\.languages) == same.tables.map(\.languages))
    }

    @Test("i18next keys nest at each dot unless a prefix is a key; a dot that a combining mark follows is no separator")
    func nestedKeys() throws {
        let i18next = try #require(TranslationFormatRegistry.standard.format(named: "i18next"))
        let keys = ["a.b", "a.c.d", "x", "x.y", "é.f", "g.\u{301}h", "i..j", "a.e"]
        let table = TranslationTable(
            name: "translation", languages: ["en": keys.map { TranslationEntry(key: $0, value: .single(TranslationMessage([.text($0)]))) }])
        var issues: [ConversionIssue] = []
        let outputs = try i18next.write(table, to: "/out", singleFile: false, issues: &issues)
        let text = String(decoding: try #require(outputs.first).data, as: UTF8.self)
        #expect(
            text == """
                {
                  "a": {
                    "b": "a.b",
                    "c": {
                      "d": "a.c.d"
                    },
                    "e": "a.e"
                  },
                  "x": "x",
                  "x.y": "x.y",
                  "é": {
                    "f": "é.f"
                  },
                  "g.\u{301}h": "g.\u{301}h",
                  "i..j": "i..j"
                }

                """)
    }

    @Test("Apple placeholders read as typed tokens")
    func applePlaceholders() {
        let message = PlaceholderSyntax.parseApple("%1$@ has %2$lld files, %.2f%% and %#@count@")
        #expect(
            message.placeholders == [
                TranslationPlaceholder(position: 1, conversion: "@"),
                TranslationPlaceholder(position: 2, conversion: "lld"),
                TranslationPlaceholder(conversion: ".2f"),
                TranslationPlaceholder(conversion: "#@count@"),
            ])
        #expect(message.pieces.contains(.text(" and ")) || message.pieces.contains(.text("% and ")))
    }

    @Test("i18next placeholders, formats and nesting read as tokens")
    func i18nextPlaceholders() {
        let message = PlaceholderSyntax.parseI18Next("Hi {{name}}, {{- raw}} {{value, number}} $t(other.key) {{unclosed")
        #expect(
            message.pieces == [
                .text("Hi "), .placeholder(TranslationPlaceholder(name: "name")), .text(", "),
                .placeholder(TranslationPlaceholder(name: "raw", unescaped: true)), .text(" "),
                .placeholder(TranslationPlaceholder(name: "value", format: "number")), .text(" "),
                .nesting("other.key"), .text(" {{unclosed"),
            ])
    }

    @Test("i18next's unescaped {{- name}} is written back as it was; other formats insert it as any value")
    func unescapedPlaceholder() throws {
        let directory = TemporaryDirectory()
        directory.write("in/en/translation.json", #"{"raw": "Hi {{- html}} and {{-  x, number}}"}"#)
        let i18next = try directory.convert(from: "in", to: "i18next")
        #expect(i18next["en/translation.json"]?.contains(#""raw": "Hi {{- html}} and {{- x, number}}""#) == true, "\(i18next)")
        let po = try directory.convert(from: "in", to: "po")
        #expect(po["en/translation.po"]?.contains(#"msgstr "Hi %(html)s and %(x)s""#) == true, "\(po)")
    }

    @Test("gettext placeholders: %(name)s, %1$s, %d, %%")
    func gettextPlaceholders() {
        let message = PlaceholderSyntax.parseGettext("%(user)s: %1$s %d 50%% %(count)d")
        #expect(
            message.pieces == [
                .placeholder(TranslationPlaceholder(name: "user")), .text(": "),
                .placeholder(TranslationPlaceholder(position: 1, conversion: "s")), .text(" "),
                .placeholder(TranslationPlaceholder(conversion: "d")), .text(" 50% "),
                .placeholder(TranslationPlaceholder(name: "count")),
            ])
    }

    @Test("gettext's named conversions keep flags, width, precision and length (what the writer gives Apple's specifiers)")
    func gettextNamedSpecifiers() {
        let message = PlaceholderSyntax.parseGettext("%(arg1).1f km, %(arg2)lld GB, %(name)10s, %(n)-5d, %(x)q")
        #expect(
            message.pieces == [
                .placeholder(TranslationPlaceholder(name: "arg1", conversion: ".1f")), .text(" km, "),
                .placeholder(TranslationPlaceholder(name: "arg2", conversion: "lld")), .text(" GB, "),
                .placeholder(TranslationPlaceholder(name: "name", conversion: "10@")), .text(", "),
                .placeholder(TranslationPlaceholder(name: "n", conversion: "-5d")), .text(", %(x)q"),
            ])
    }

    @Test("XLIFF: a source key the target lacks is a unit without <target>, and such a unit gives the target nothing")
    func xliffUntranslatedUnits() throws {
        let directory = TemporaryDirectory()
        directory.write("in/en.lproj/Localizable.strings", "\"done\" = \"Done\";\n\"later\" = \"Later\";\n")
        directory.write("in/de.lproj/Localizable.strings", "\"done\" = \"Fertig\";\n")
        let files = try directory.convert(from: "in", to: "xliff")
        let xliff = try #require(files["de.xliff"])
        #expect(xliff.contains("<trans-unit id=\"later\" xml:space=\"preserve\">\n        <source>Later</source>\n      </trans-unit>"), "\(xliff)")
        directory.write("hand-off/de.xliff", xliff)
        var back = TranslationConverter()
        try back.read(directory.path + "/hand-off")
        let table = try #require(back.tables.first)
        #expect(table.languages["en"]?.map(\.key) == ["done", "later"])
        #expect(table.languages["de"]?.map(\.key) == ["done"])
    }

    @Test(
        "XLIFF exported from a String Catalog: key|==|plural.one units are plural forms, device.other is the text, other devices and substitutions are reported"
    )
    func xliffFromCatalog() throws {
        let directory = TemporaryDirectory()
        directory.write(
            "in/de.xliff",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
              <file original="App/Localizable.xcstrings" source-language="en" target-language="de" datatype="plaintext">
                <body>
                  <trans-unit id="%lld photos|==|plural.one" xml:space="preserve"><source>%lld photo</source><target state="translated">%lld Foto</target></trans-unit>
                  <trans-unit id="%lld photos|==|plural.other" xml:space="preserve"><source>%lld photos</source><target state="translated">%lld Fotos</target></trans-unit>
                  <trans-unit id="tap|==|device.mac" xml:space="preserve"><source>Click</source><target state="translated">Klicken</target></trans-unit>
                  <trans-unit id="tap|==|device.other" xml:space="preserve"><source>Tap</source><target state="translated">Tippen</target></trans-unit>
                  <trans-unit id="trips|==|substitutions.n.plural.one" xml:space="preserve"><source>%arg trip</source><target>%arg Fahrt</target></trans-unit>
                  <trans-unit id="Done" xml:space="preserve"><source>Done</source><target>Fertig</target></trans-unit>
                </body>
              </file>
            </xliff>
            """)
        var converter = TranslationConverter()
        try converter.read(directory.path + "/in")
        let german = try #require(converter.tables.first?.languages["de"])
        let photos = try #require(german.first { $0.key == "%lld photos" })
        guard case .plural(let forms, _, _, _) = photos.value else { Issue.record("not a plural: \(photos)"); return }
        #expect(Set(forms.keys) == [.one, .other])
        #expect(german.first { $0.key == "tap" }?.value == .single(TranslationMessage([.text("Tippen")])))
        #expect(german.first { $0.key == "Done" } != nil)
        #expect(converter.issues.contains { $0.key == "tap" && $0.reason.contains("device variations") }, "\(converter.issues)")
        #expect(converter.issues.contains { $0.key == "trips" && $0.reason.contains("substitutions.n.plural.one") }, "\(converter.issues)")
    }

    @Test("the XML reader of property lists reads generic elements with attributes, entities, CDATA and comments")
    func xmlElements() throws {
        let text = #"<?xml version="1.0"?><!-- c --><a x="1 &amp; 2" y='q"'><b>t&lt;<![CDATA[<raw>]]><!-- skip --></b><c/></a>"#
        let root = try Data(text.utf8).withUnsafeBytes { raw in
            var reader = PropertyListReader(bytes: raw.bindMemory(to: UInt8.self))
            return try reader.parseElementDocument()
        }
        #expect(root.name == "a")
        #expect(root.attribute("x") == "1 & 2")
        #expect(root.attribute("y") == "q\"")
        #expect(root.child("b")?.text == "t<<raw>")
        #expect(root.children.map(\.name) == ["b", "c"])
    }

    @Test("the converter reads the sample directory: catalog first, then .stringsdict and .strings")
    func sample() throws {
        var converter = TranslationConverter()
        try converter.read(Fixtures.repositoryRoot + "/environments")
        let table = try #require(converter.tables.first { $0.name == "Localizable" })
        #expect(table.sourceLanguage == "en")
        let russian = try #require(table.languages["ru"])
        #expect(russian.contains { $0.key == "items_in_cart" })
        #expect(converter.issues.contains { $0.key == "continue_hint" && $0.reason.contains("device variations") })
    }

    @Test("a missing input is unreadable, an unknown extension a usage error")
    func errorKinds() throws {
        var converter = TranslationConverter()
        #expect { try converter.read("/nonexistent/x.po") } throws: { ($0 as? TranslationError)?.kind == .unreadable }
        let directory = TemporaryDirectory()
        let path = directory.write("notes.txt", "x")
        #expect { try converter.read(path) } throws: { ($0 as? TranslationError)?.kind == .usage }
    }
}

enum Fixtures {
    /// The repository's sample `environments/`, which the converter must read as the README shows.
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
}

@Suite("i18next keys: a suffix is a plural form only beside the key's other forms")
struct I18NextPluralSuffixTests {
    func entries(_ json: String, language: String) throws -> [String: TranslationEntry.Value] {
        let directory = TemporaryDirectory()
        directory.write("in/\(language)/translation.json", json)
        var converter = TranslationConverter()
        try converter.read(directory.path + "/in")
        let entries = try #require(converter.tables.first?.languages[language])
        // By the key i18next looks up: a context is a suffix of it (`k_one` beside `k` is the context "one").
        return Dictionary(uniqueKeysWithValues: entries.map { ($0.key + ($0.context.map { "_" + $0 } ?? ""), $0.value) })
    }

    @Test("a lone add_other is the key add_other; items_one beside items_other is a plural")
    func loneSuffix() throws {
        let read = try entries(
            #"{"add_other": "Add another", "items_one": "{{count}} item", "items_other": "{{count}} items", "k": "seven", "k_one": "six"}"#, language: "en")
        #expect(Set(read.keys) == ["add_other", "items", "k", "k_one"])
        guard case .single? = read["add_other"], case .plural(let forms, _, _, _)? = read["items"], case .single? = read["k_one"] else {
            Issue.record("\(read)"); return
        }
        #expect(Set(forms.keys) == [.one, .other])
    }

    @Test("v3's numbered forms start at _0 and stop before the language's count; an app's numbered series (tile_1 … tile_12) is keys")
    func numberedSeries() throws {
        let series = try entries(#"{"tile_1": "Tile 1", "tile_2": "Tile 2", "tile_3": "Tile 3", "help_1": "Why?", "help_2": "How?"}"#, language: "ru")
        #expect(Set(series.keys) == ["tile_1", "tile_2", "tile_3", "help_1", "help_2"], "\(series)")
        #expect(series.values.allSatisfy { if case .single = $0 { true } else { false } }, "\(series)")
        let counted = try entries(#"{"step_0": "0", "step_1": "1", "step_2": "2", "step_3": "3", "step_4": "4"}"#, language: "ru")
        #expect(Set(counted.keys) == ["step_0", "step_1", "step_2", "step_3", "step_4"], "\(counted)")
        let v3 = try entries(#"{"file_0": "{{count}} файл", "file_1": "{{count}} файла", "file_2": "{{count}} файлов"}"#, language: "ru")
        guard case .plural(let forms, _, _, _)? = v3["file"] else { Issue.record("\(v3)"); return }
        #expect(Set(forms.keys) == [.one, .few, .many])
    }

    @Test("a namespace reads a lone share_other one way in every language: a key when English has it as a key")
    func oneReadingPerNamespace() throws {
        let directory = TemporaryDirectory()
        directory.write("in/en/translation.json", #"{"share_other": "Share to another app", "items_one": "{{count}} item", "items_other": "{{count}} items"}"#)
        directory.write("in/ja/translation.json", #"{"share_other": "別のアプリで共有", "items_other": "{{count}} 件"}"#)
        var converter = TranslationConverter()
        try converter.read(directory.path + "/in")
        let table = try #require(converter.tables.first)
        for language in ["en", "ja"] {
            let entries = try #require(table.languages[language])
            guard case .single? = entries.first(where: { $0.key == "share_other" })?.value,
                case .plural? = entries.first(where: { $0.key == "items" })?.value
            else {
                Issue.record("\(language): \(entries.map(\.key))"); continue
            }
        }
    }

    @Test(
        "a namespace reads a numbered series one way in every language: keys when English has them as keys (an Android list's items), v3 plural forms when no language does"
    )
    func numberedSeriesPerNamespace() throws {
        let directory = TemporaryDirectory()
        // libretorrent's `pref_theme_entries_N`: English has four, more than its two categories,
        // so they are keys; Russian's four and Arabic's three fit their categories, read alone.
        directory.write("in/en/translation.json", #"{"theme_0": "Light", "theme_1": "Dark", "theme_2": "Black", "theme_3": "System", "theme": "Theme"}"#)
        directory.write("in/ru/translation.json", #"{"theme_0": "Светлая", "theme_1": "Тёмная", "theme_2": "Чёрная", "theme_3": "Системная", "theme": "Тема"}"#)
        directory.write("in/ar/translation.json", #"{"theme_0": "مضيء", "theme_1": "داكن", "theme_2": "أسود"}"#)
        var converter = TranslationConverter()
        try converter.read(directory.path + "/in")
        let table = try #require(converter.tables.first)
        let expected: [String: [String: String]] = [
            "en": ["theme_0": "Light", "theme_1": "Dark", "theme_2": "Black", "theme_3": "System", "theme": "Theme"],
            "ru": ["theme_0": "Светлая", "theme_1": "Тёмная", "theme_2": "Чёрная", "theme_3": "Системная", "theme": "Тема"],
            "ar": ["theme_0": "مضيء", "theme_1": "داكن", "theme_2": "أسود"],
        ]
        for (language, texts) in expected {
            let entries = try #require(table.languages[language])
            let read = Dictionary(
                entries.compactMap { entry -> (String, String)? in
                    guard case .single(let message) = entry.value, entry.textWithoutCount == nil else { return nil }
                    return (entry.foldedKey, message.pieces.map { if case .text(let text) = $0 { text } else { "?" } }.joined())
                }, uniquingKeysWith: { first, _ in first })
            #expect(read == texts && entries.count == texts.count, "\(language): \(entries)")
        }
        // Without a language that holds them as keys, the series is v3's plural, as i18next v3 wrote it.
        let v3 = TemporaryDirectory()
        v3.write("in/ru/translation.json", #"{"files_0": "{{count}} файл", "files_1": "{{count}} файла", "files_2": "{{count}} файлов"}"#)
        var plural = TranslationConverter()
        try plural.read(v3.path + "/in")
        let files = try #require(plural.tables.first?.languages["ru"])
        #expect(files.count == 1 && files[0].key == "files" && files[0].isPlural, "\(files)")
    }

    @Test("items_other alone is the whole plural where the language has only other (Japanese)")
    func onlyOther() throws {
        let read = try entries(#"{"items_other": "{{count}} 件"}"#, language: "ja")
        guard case .plural(let forms, _, _, _)? = read["items"] else { Issue.record("\(read)"); return }
        #expect(Set(forms.keys) == [.other])
    }

    @Test(
        "a plural with only its other form is written for the language's other categories too, so that it reads back as a plural (reported); Japanese keeps the lone other"
    )
    func onlyOtherPlural() throws {
        let directory = TemporaryDirectory()
        directory.write(
            "in/Localizable.xcstrings",
            """
            {"sourceLanguage": "en", "version": "1.0", "strings": {"n": {"localizations": {
              "en": {"variations": {"plural": {"other": {"stringUnit": {"state": "translated", "value": "%lld things"}}}}},
              "ja": {"variations": {"plural": {"other": {"stringUnit": {"state": "translated", "value": "%lld 個"}}}}}}}}}
            """)
        var converter = TranslationConverter()
        try converter.read(directory.path + "/in")
        let outputs = try converter.plan(try #require(TranslationFormatRegistry.standard.format(named: "i18next")), to: directory.path + "/out")
        let files = Dictionary(uniqueKeysWithValues: outputs.map { ($0.relativePath ?? "", String(decoding: $0.data, as: UTF8.self)) })
        #expect(files["en/translation.json"] == "{\n  \"n_one\": \"{{count}} things\",\n  \"n_other\": \"{{count}} things\"\n}\n")
        #expect(files["ja/translation.json"] == "{\n  \"n_other\": \"{{count}} 個\"\n}\n")
        #expect(converter.issues.contains { $0.key == "n" && $0.language == "en" && $0.reason.contains("only its other form") }, "\(converter.issues)")
        #expect(!converter.issues.contains { $0.key == "n" && $0.language == "ja" })

        // Read back, both are the plural n again.
        directory.write("back/en/translation.json", try #require(files["en/translation.json"]))
        directory.write("back/ja/translation.json", try #require(files["ja/translation.json"]))
        var back = TranslationConverter()
        try back.read(directory.path + "/back")
        let table = try #require(back.tables.first)
        for language in ["en", "ja"] {
            let entry = try #require(table.languages[language]?.first)
            #expect(entry.key == "n", "\(language)")
            guard case .plural = entry.value else { Issue.record("\(language): not a plural"); continue }
        }
    }
}

@Suite("A % in prose")
struct PercentInProseTests {
    @Test("is text users see: not doubled where nothing is formatted, never read as a conversion, doubled in a format string")
    func prose() throws {
        let directory = TemporaryDirectory()
        directory.write("web/en/translation.json", #"{"after": "Over 20% after", "done": "100% done", "share": "{{part}}% of {{total}}"}"#)
        let catalog = try #require(try directory.convert(from: "web", to: "xcstrings")["Localizable.xcstrings"])
        #expect(catalog.contains(#""value" : "Over 20% after""#) && catalog.contains(#""value" : "100% done""#), "\(catalog)")
        #expect(catalog.contains(#""value" : "%1$@%% of %2$@""#), "\(catalog)")
        directory.write("apple/Localizable.xcstrings", catalog)
        let back = try #require(try directory.convert(from: "apple", to: "i18next")["en/translation.json"])
        #expect(back.contains(#""after": "Over 20% after""#) && back.contains(#""done": "100% done""#), "\(back)")
        let po = try #require(try directory.convert(from: "web", to: "po")["en/translation.po"])
        #expect(po.contains(#"msgstr "Over 20% after""#) && po.contains(#"msgstr "%(part)s%% of %(total)s""#), "\(po)")
    }
}

@Suite("Apple specifiers through i18next")
struct SpecifiersThroughI18NextTests {
    @Test(
        "%lld, %.2f and %x go to i18next as the placeholder's format and come back as written",
        arguments: [
            ("Played %lld times by %@", #""Played {{arg1, lld}} times by {{arg2}}""#, "Played %1$lld times by %2$@"),
            ("%.2f km", #""{{arg1, .2f}} km""#, "%.2f km"),
            ("Code %04x", #""Code {{arg1, 04x}}""#, "Code %04x"),
            ("%@ and %d", #""{{arg1}} and {{arg2, d}}""#, "%1$@ and %2$d"),
        ])
    func roundTrip(apple: String, i18next: String, back: String) throws {
        let directory = TemporaryDirectory()
        directory.write("apple/en.lproj/Localizable.strings", "\"k\" = \"\(apple)\";\n")
        var there = TranslationConverter()
        try there.read(directory.path + "/apple")
        let json = try there.plan(try #require(TranslationFormatRegistry.standard.format(named: "i18next")), to: directory.path + "/web")
        let text = String(decoding: try #require(json.first).data, as: UTF8.self)
        #expect(text.contains(i18next), "\(text)")
        // Several arguments written without numbers come back numbered, and say so.
        let numbered = back != apple
        #expect(there.issues.map(\.key) == (numbered ? ["k"] : []), "\(there.issues)")
        directory.write("web/en/translation.json", text)
        var again = TranslationConverter()
        try again.read(directory.path + "/web")
        let strings = try again.plan(try #require(TranslationFormatRegistry.standard.format(named: "strings")), to: directory.path + "/out")
        #expect(String(decoding: try #require(strings.first).data, as: UTF8.self).contains("\"k\" = \"\(back)\";"))
    }

    @Test("i18next's own formats are not printf conversions")
    func i18nextFormats() {
        for format in ["number", "currency(USD)", "datetime", "relativetime", "list", "uppercase"] {
            #expect(!PlaceholderSyntax.isPrintfSpecifier(format), "\(format)")
        }
        // One argument each, and no pointer conversions: `{{x, *d}}` or `{{name, S}}` stay i18next formats.
        for format in ["*d", ".*f", "S", "C", "p"] {
            #expect(!PlaceholderSyntax.isPrintfSpecifier(format), "\(format)")
        }
        for specifier in ["lld", ".2f", "-5d", "@", "x", "04X", "lu"] {
            #expect(PlaceholderSyntax.isPrintfSpecifier(specifier), "\(specifier)")
        }
    }
}

@Suite("Review cases: % before a letter, a plain {{count}}, a person's Placeholders line")
struct ConversionReviewTests {
    @Test(
        "a % that would read back as a conversion (100%ige) is doubled, and a plain {{count}} keeps its name, through .strings, .po and .xcstrings",
        arguments: ["strings", "po", "xcstrings"])
    func roundTrip(format: String) throws {
        let directory = TemporaryDirectory()
        directory.write("web/de/translation.json", #"{"safe": "100%ige Sicherheit", "inbox": "Du hast {{count}} Nachrichten"}"#)
        for (path, text) in try directory.convert(from: "web", to: format) { directory.write("mid/" + path, text) }
        let back = try #require(try directory.convert(from: "mid", to: "i18next")["de/translation.json"])
        #expect(back.contains(#""safe": "100%ige Sicherheit""#) && back.contains(#""inbox": "Du hast {{count}} Nachrichten""#), "\(format): \(back)")
    }

    @Test("a Placeholders line a person wrote that names nothing the text has stays in the comment, and the catalog is the identity")
    func personsLine() throws {
        let directory = TemporaryDirectory()
        let catalog = """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "greeting" : {
                  "comment" : "Where it appears\\nPlaceholders: 1 = {{arg1}}",
                  "localizations" : {
                    "en" : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : "Hello"
                      }
                    }
                  }
                },
                "hello" : {
                  "comment" : "Placeholders: 1 = {{count}}",
                  "localizations" : {
                    "en" : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : "Hello %@"
                      }
                    }
                  }
                }
              },
              "version" : "1.0"
            }

            """
        directory.write("apple/Localizable.xcstrings", catalog)
        #expect(try directory.convert(from: "apple", to: "xcstrings")["Localizable.xcstrings"] == catalog)
        // `%@` named count stays a text argument, not an integer.
        let strings = try #require(try directory.convert(from: "apple", to: "strings")["en.lproj/Localizable.strings"])
        #expect(strings.contains(#""hello" = "Hello %@";"#) && strings.contains("Where it appears\nPlaceholders: 1 = {{arg1}}"), "\(strings)")
    }
}

@Suite("XLIFF inline markup")
struct XLIFFInlineMarkupTests {
    @Test("the text inside <g>, <ph> and <mrk> is kept in place; the markup is named as a loss by key")
    func inlineText() throws {
        let directory = TemporaryDirectory()
        directory.write(
            "in/de.xliff",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
              <file original="Localizable.strings" source-language="en" target-language="de" datatype="plaintext"><body>
                <trans-unit id="tap"><source>Tap <g id="1">here</g> now</source><target>Tippe <g id="1">hier</g> jetzt</target></trans-unit>
                <trans-unit id="name"><source>Hi <ph id="1">%@</ph>!</source><target>Hallo <ph id="1">%@</ph>, <mrk mtype="x">du</mrk>!</target></trans-unit>
                <trans-unit id="plain"><source>Plain</source><target>Schlicht</target></trans-unit>
              </body></file>
            </xliff>
            """)
        var converter = TranslationConverter()
        try converter.read(directory.path + "/in/de.xliff")
        let outputs = try converter.plan(try #require(TranslationFormatRegistry.standard.format(named: "i18next")), to: directory.path + "/out")
        let german = String(decoding: try #require(outputs.first { $0.relativePath == "de/translation.json" }).data, as: UTF8.self)
        #expect(german.contains(#""tap": "Tippe hier jetzt""#) && german.contains(#""name": "Hallo {{arg1}}, du!""#), "\(german)")
        let named = converter.issues.filter { $0.reason.contains("inline markup") }.map(\.key)
        #expect(named == ["tap", "name"], "\(converter.issues)")
    }
}

/// A directory under the system's temporary directory, removed when the value is released.
final class TemporaryDirectory {
    let path: String

    init() {
        path = NSTemporaryDirectory() + "translation-formats-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// The files the standard converter plans from `from` (below this directory) in `format`,
    /// into `<format>/`, by path below it.
    func convert(from: String, to format: String) throws -> [String: String] {
        var converter = TranslationConverter()
        try converter.read(path + "/" + from)
        let outputs = try converter.plan(try #require(TranslationFormatRegistry.standard.format(named: format)), to: path + "/" + format)
        return Dictionary(uniqueKeysWithValues: outputs.map { ($0.relativePath ?? "", String(decoding: $0.data, as: UTF8.self)) })
    }

    /// Reads `input` (below this directory) and writes it in `format` into `folder`: one step of a
    /// trip (catalog → i18next → catalog), for the tests that make several.
    @discardableResult
    func convert(_ input: String, language: String? = nil, to format: String, into folder: String) throws -> TranslationConverter {
        var converter = TranslationConverter()
        try converter.read(path + "/" + input, language: language)
        try write(converter, as: format, into: folder)
        return converter
    }

    /// The catalog the files in `folder` (read as `format`, or found by their extension) make:
    /// the last step of a trip back to `.xcstrings`.
    func catalog(readingBack folder: String, format: (any TranslationFileFormat)? = nil) throws -> String {
        var back = TranslationConverter()
        try back.read(path + "/" + folder, format: format)
        let catalog = try #require(TranslationFormatRegistry.standard.format(named: "xcstrings"))
        return String(decoding: try #require(try back.plan(catalog, to: path + "/Localizable.xcstrings").first).data, as: UTF8.self)
    }

    /// Writes the files `converter` plans in `format` into `folder`.
    func write(_ converter: TranslationConverter, as format: String, into folder: String) throws {
        var converter = converter
        for output in try converter.plan(try #require(TranslationFormatRegistry.standard.format(named: format)), to: path + "/" + folder) {
            write(folder + "/" + (output.relativePath ?? ""), String(decoding: output.data, as: UTF8.self))
        }
    }

    /// Writes `text` (UTF-8) at `relative`, creating folders.
    @discardableResult
    func write(_ relative: String, _ text: String) -> String {
        let full = path + "/" + relative
        try? FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: full, contents: Data(text.utf8))
        return full
    }
}
