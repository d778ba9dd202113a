import AppleLocalization
import Foundation
import Testing

@testable import TranslationFormats

@Suite("Android string resources")
struct AndroidFormatTests {
    // MARK: Qualifiers and names

    @Test(
        "a locale qualifier maps to BCP 47 and back: values-es, values-pt-rBR, values-b+sr+Latn, values-b+es+419",
        arguments: [
            ("es", "values-es"), ("pt-BR", "values-pt-rBR"), ("sr-Latn", "values-b+sr+Latn"), ("es-419", "values-b+es+419"),
            ("zh-Hans-CN", "values-b+zh+Hans+CN"), ("fil", "values-fil"),
        ])
    func qualifiers(tag: String, folder: String) {
        #expect(AndroidLocaleQualifier.folder(for: tag) == folder)
        #expect(AndroidLocaleQualifier.read(folder: folder) == .language(tag))
    }

    @Test("qualifiers are read in any case; values is the default; other qualifiers are not translations")
    func otherQualifiers() {
        #expect(AndroidLocaleQualifier.read(folder: "values-PT-rbr") == .language("pt-BR"))
        #expect(AndroidLocaleQualifier.read(folder: "values-b+SR+latn") == .language("sr-Latn"))
        #expect(AndroidLocaleQualifier.read(folder: "values") == .defaultLanguage)
        for folder in ["values-night", "values-v21", "values-es-land", "values-sw600dp"] {
            #expect(AndroidLocaleQualifier.read(folder: folder) == .other, "\(folder)")
        }
        #expect(AndroidLocaleQualifier.read(folder: "layout") == nil)
    }

    @Test("a malformed locale qualifier says how to spell one", arguments: ["values-b+", "values-b+sr++Latn", "values-pt-rBRA", "values-b+x"])
    func malformedQualifiers(folder: String) {
        guard case .malformed(let why)? = AndroidLocaleQualifier.read(folder: folder) else {
            Issue.record("\(folder): \(String(describing: AndroidLocaleQualifier.read(folder: folder)))"); return
        }
        #expect(why.contains("b+"), "\(why)")
    }

    @Test(
        "the name rule: case kept, [A-Za-z0-9_] only, a letter first, no Java keyword",
        arguments: [
            ("settings.language", "settings_language"), ("Sign-out", "Sign_out"), ("404", "key_404"), ("_x", "key__x"),
            ("café", "caf_"), ("ok", "ok"), ("", "key_"), ("aboutLicense", "aboutLicense"), ("default", "key_default"),
            ("continue", "key_continue"), ("import", "key_import"), ("true", "key_true"), ("Default", "Default"),
        ])
    func names(key: String, name: String) {
        #expect(AndroidResourceName.name(for: key) == name)
    }

    @Test("a key the rule changes is kept in the comment's last line and read back; a person's line is not a key")
    func keyInComment() {
        #expect(AndroidResourceName.comment(nil, key: "Sign-out", name: "Sign_out") == "Key: Sign-out")
        #expect(AndroidResourceName.comment("Menu item", key: "settings.language", name: "settings_language") == "Menu item\nKey: settings.language")
        #expect(AndroidResourceName.comment("Menu item", key: "ok", name: "ok") == "Menu item")
        let kept = AndroidResourceName.key(name: "settings_language", comment: "Menu item\nKey: settings.language")
        #expect(kept.key == "settings.language" && kept.comment == "Menu item")
        let notKept = AndroidResourceName.key(name: "other_name", comment: "Key: settings.language")
        #expect(notKept.key == "other_name" && notKept.comment == "Key: settings.language")
        // A collision's `_N` still names the key; `_0`, `_02` and `_x` do not.
        #expect(AndroidResourceName.key(name: "Sign_out_2", comment: "Key: Sign-out").key == "Sign-out")
        for name in ["Sign_out_0", "Sign_out_02", "Sign_out_x", "Sign_out_"] {
            #expect(AndroidResourceName.key(name: name, comment: "Key: Sign-out").key == name)
        }
    }

    @Test("keys that become one name: a key that is its own name keeps it, the others get _2, _3 in order")
    func collidingNames() {
        let names = AndroidResourceName.names(for: ["Sign-out", "Sign.out", "Sign_out", "default", "key_default"])
        #expect(
            names == [
                "Sign_out": "Sign_out", "Sign-out": "Sign_out_2", "Sign.out": "Sign_out_3",
                "key_default": "key_default", "default": "key_default_2",
            ])
    }

    // MARK: Reading as aapt does

    /// What `aapt dump --values resources` printed for these values (Debian's aapt 10.0.0).
    @Test(
        "values read as aapt compiles them: white space, quotes, escapes, CDATA, references",
        arguments: [
            ("  lead   and\n   trail  ", "lead and trail"),
            (#""  quoted   space  ""#, "  quoted   space  "),
            (#"It\'s \"q\" \\ back\nnl\ttab \u00e9"#, "It's \"q\" \\ back\nnl\ttab é"),
            (#"\@ref \?attr"#, "@ref ?attr"),
            ("<![CDATA[cdata <b>x</b>  two  spaces \\n esc]]>", "cdata <b>x</b> two spaces \n esc"),
            ("a &lt;b&gt; &amp; c", "a <b> & c"),
            (#"x"in quote  s"y z"#, "xin quote  sy z"),
            (#"tab\t  x  \n  y"#, "tab\t x \n y"),
            (#"sp\u0020\u0020x"#, "sp  x"),
            (#""it's""#, "it's"),
            (#"\uD83E\uDDD8 yoga \uD83C\uDFC3"#, "🧘 yoga 🏃"),
            (##"won\’t \#1"##, "wont #1"),
            (#"lone \uD83E half"#, "lone \u{FFFD} half"),
        ])
    func aaptText(xml: String, expected: String) throws {
        let entries = try read("<resources><string name=\"k\">\(xml)</string></resources>").entries
        #expect(entries.first?.value == .single(TranslationMessage([.text(expected)])))
    }

    @Test("<xliff:g id> names the argument inside; ctype keeps what Java's conversion cannot say; %% is % in a format")
    func placeholders() throws {
        let xml =
            #"<resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2"><string name="k">Hi <xliff:g id="name">%1$s</xliff:g>, <xliff:g id="n" ctype="x-format:number">%2$d</xliff:g> at 100%% and %3$.2f</string></resources>"#
        let entries = try read(xml).entries
        #expect(
            entries.first?.value
                == .single(
                    TranslationMessage([
                        .text("Hi "), .placeholder(TranslationPlaceholder(name: "name", position: 1)), .text(", "),
                        .placeholder(TranslationPlaceholder(name: "n", position: 2, format: "number")), .text(" at 100% and "),
                        .placeholder(TranslationPlaceholder(position: 3, conversion: ".2f")),
                    ])))
    }

    @Test("formatted=\"false\" is literal text; a text with no argument keeps its %; 100% done is prose")
    func formattedFalse() throws {
        let entries = try read(
            #"<resources><string name="a" formatted="false">%s and %d</string><string name="b">100% done</string><string name="c">50%% off</string></resources>"#
        ).entries
        #expect(
            entries.map(\.value) == [
                .single(TranslationMessage([.text("%s and %d")])), .single(TranslationMessage([.text("100% done")])),
                .single(TranslationMessage([.text("50%% off")])),
            ])
    }

    @Test("<plurals> items by CLDR quantity, <string-array> items as key.N, comments above, translatable=\"false\" kept")
    func structure() throws {
        let xml = """
            <resources>
              <!-- Shown in the list -->
              <plurals name="files"><item quantity="one">%d file</item><item quantity="other">%d files</item></plurals>
              <string-array name="planets"><item>Mercury</item><item>Venus</item></string-array>
              <string name="app" translatable="false">envtool</string>
              <string name="styled">Hi <b>bold</b></string>
            </resources>
            """
        let (entries, issues) = try read(xml)
        #expect(entries.map(\.key) == ["files", "planets.0", "planets.1", "app", "styled"])
        #expect(entries.map(\.shouldTranslate) == [true, true, true, false, true])
        #expect(entries.first?.comment == "Shown in the list")
        guard case .plural(let forms, _, _, _)? = entries.first?.value else { Issue.record("\(entries)"); return }
        #expect(Set(forms.keys) == [.one, .other])
        #expect(entries.last?.value == .single(TranslationMessage([.text("Hi "), .markup("<b>"), .text("bold"), .markup("</b>")])))
        #expect(!issues.contains { $0.key == "app" })
        // Markup is only a loss where it is written as text (below), not when it is read.
        #expect(!issues.contains { $0.key == "styled" }, "\(issues)")
    }

    @Test(
        "malformed files are one error naming the file, line and column, with a fix",
        arguments: [
            ("<resources>\n  <string name=\"a\">x</strin>\n</resources>", ":2:", "expected </string>"),
            ("<resources>\n<string>x</string></resources>", ":2:1:", "has no name"),
            ("<resources>\n<plurals name=\"p\"></plurals></resources>", ":2:1:", "has no <item>"),
            ("<resources>\n<plurals name=\"p\"><item quantity=\"lots\">x</item></plurals></resources>", ":2:", "quantity=\"zero|one|two|few|many|other\""),
            ("<resources><string name=\"a\">x</string>\n<string name=\"a\">y</string></resources>", ":2:1:", "defined twice (first on line 1)"),
            ("<manifest/>", ":1:1:", "expected the root element <resources>"),
        ])
    func malformed(xml: String, location: String, message: String) {
        do {
            _ = try read(xml)
            Issue.record("no error for \(xml)")
        } catch {
            let text = (error as? AndroidResourceError)?.diagnostic.description ?? "\(error)"
            #expect(text.hasPrefix("res/values/strings.xml" + location), "\(text)")
            #expect(text.contains(message), "\(text)")
        }
    }

    // MARK: Through the converter

    @Test("i18next → android → i18next is exact: escapes, white space, names, formats, nesting, context and plural keys")
    func roundTrip() throws {
        let directory = TemporaryDirectory()
        let json = #"""
            {
              "a": "  two  spaces, lead and trail  ",
              "apostrophe": "It's \"quoted\" \\ back\nslash\ttab",
              "at": "@home ?maybe",
              "control": "bell\u0007 and \r return",
              "format": "{{n, number}} items, {{price, currency(EUR)}} and {{- raw}}",
              "friend": "A friend",
              "friend_male_one": "{{count}} boyfriend",
              "friend_male_other": "{{count}} boyfriends",
              "markup": "<b>not markup</b> & more",
              "nested": "See $t(other.key)",
              "percent": "100% done",
              "percentRaw": "50%s off",
              "percentWithArg": "100% of {{name}}",
              "settings": {"language": "Language"},
              "Sign-out": "Sign out",
              "unicode": "😀 é"
            }
            """#
        directory.write("in/en/translation.json", json)
        var converter = TranslationConverter()
        try converter.read(directory.path + "/in")
        let android = try #require(TranslationFormatRegistry.standard.format(named: "android"))
        for output in try converter.plan(android, to: directory.path + "/res") {
            directory.write("res/" + (output.relativePath ?? ""), String(decoding: output.data, as: UTF8.self))
        }
        let xml = directory.read("res/values/strings.xml")
        #expect(xml.contains(#"tools:locale="en""#), "\(xml)")
        #expect(xml.contains(#"<!-- Key: Sign-out -->"#), "\(xml)")
        #expect(xml.contains(#"<string name="percent">100% done</string>"#), "\(xml)")
        #expect(xml.contains(#"<string name="percentRaw" formatted="false">50%s off</string>"#), "\(xml)")
        #expect(xml.contains(#"<xliff:g id="n" ctype="x-format:number">%1$,d</xliff:g>"#), "\(xml)")
        #expect(converter.issues.map(\.key) == ["nested"], "\(converter.issues)")
        var back = TranslationConverter()
        try back.read(directory.path + "/res")
        #expect(back.issues.isEmpty, "\(back.issues)")
        let i18next = try #require(TranslationFormatRegistry.standard.format(named: "i18next"))
        let outputs = try back.plan(i18next, to: directory.path + "/out")
        var original = TranslationConverter()
        try original.read(directory.path + "/in")
        let expected = try original.plan(i18next, to: directory.path + "/out")
        #expect(outputs.map(\.relativePath) == expected.map(\.relativePath))
        #expect(outputs.map { String(decoding: $0.data, as: UTF8.self) } == expected.map { String(decoding: $0.data, as: UTF8.self) })
        let written = outputs.map { String(decoding: $0.data, as: UTF8.self) }.joined()
        #expect(written.contains("{{n, number}} items, {{price, currency(EUR)}} and {{- raw}}"), "\(written)")
        #expect(written.contains("See $t(other.key)"), "\(written)")
    }

    @Test(
        "inline markup is markup: Android → Android and through i18next it is written back as it was, the Apple formats get its tags as text and name the key, and escaped tags stay text"
    )
    func inlineMarkup() throws {
        let directory = TemporaryDirectory()
        let values = #"""
              <string name="empty">Line<br/>break</string>
              <string name="escaped">Line&lt;br/&gt;two &amp; more</string>
              <string name="format"><b>%1$s</b> has %2$d</string>
              <string name="link">Tap <b>here</b>, <a href="https://example.org/?a=1&amp;b=2">read</a> <i>now</i></string>
              <plurals name="files">
                <item quantity="one"><i>one</i> file</item>
                <item quantity="other">%d <i>files</i></item>
              </plurals>
            """#
        directory.write("in/values/strings.xml", "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<resources>\n" + values + "\n</resources>\n")
        var converter = TranslationConverter()
        try converter.read(directory.path + "/in", language: "en")
        #expect(converter.issues.isEmpty, "\(converter.issues)")
        let android = try #require(TranslationFormatRegistry.standard.format(named: "android"))
        let xml = String(decoding: try #require(try converter.plan(android, to: directory.path + "/res").first).data, as: UTF8.self)
        for line in values.split(separator: "\n") {
            #expect(xml.contains(line.trimmingCharacters(in: .whitespaces)), "\(line) in \(xml)")
        }
        #expect(converter.issues.isEmpty, "\(converter.issues)")

        // i18next keeps the tags, which react-i18next's `Trans` renders, and reads balanced ones
        // back as markup; a text that shows a tag cannot be told from it there, and is named.
        let i18next = try #require(TranslationFormatRegistry.standard.format(named: "i18next"))
        let json = String(decoding: try #require(try converter.plan(i18next, to: directory.path + "/out").first).data, as: UTF8.self)
        #expect(json.contains(#""link": "Tap <b>here</b>, <a href=\"https://example.org/?a=1&amp;b=2\">read</a> <i>now</i>""#), "\(json)")
        #expect(json.contains(#""escaped": "Line<br/>two & more""#), "\(json)")
        #expect(json.contains(#""files_other": "{{count}} <i>files</i>""#), "\(json)")
        #expect(converter.issues.map(\.key) == ["escaped"], "\(converter.issues)")
        #expect(converter.issues.first?.reason.contains("a text that shows a tag (<br/>) reads back from i18next as inline markup") == true)
        directory.write("json/en/translation.json", json)
        var back = TranslationConverter()
        try back.read(directory.path + "/json")
        let again = String(decoding: try #require(try back.plan(android, to: directory.path + "/res").first).data, as: UTF8.self)
        // Placeholders come back named (`<xliff:g id="count">`), as from any i18next source.
        for line in values.split(separator: "\n") where !line.contains("escaped") && !line.contains("%") {
            #expect(again.contains(line.trimmingCharacters(in: .whitespaces)), "\(line) in \(again)")
        }
        #expect(again.contains(#"<xliff:g id="count">%d</xliff:g> <i>files</i>"#), "\(again)")
        #expect(again.contains(#"<string name="escaped">Line<br/>two &amp; more</string>"#), "\(again)")

        // The Apple formats have no markup: the tags are text, named by key, and read back as text,
        // which Android shows: escaped, as `escaped` was.
        var apple = TranslationConverter()
        try apple.read(directory.path + "/in", language: "en")
        try directory.write(apple, as: "strings", into: "apple")
        _ = try apple.plan(try #require(TranslationFormatRegistry.standard.format(named: "strings")), to: directory.path + "/apple")
        let named = Set(apple.issues.filter { $0.reason.contains("inline markup") }.map(\.key))
        #expect(named == ["empty", "format", "link", "files"], "\(apple.issues)")
        #expect(apple.issues.contains { $0.key == "link" && $0.reason.contains("(<b>, <a>, <i>)") }, "\(apple.issues)")
        var fromApple = TranslationConverter()
        try fromApple.read(directory.path + "/apple")
        let shown = String(decoding: try #require(try fromApple.plan(android, to: directory.path + "/res").first).data, as: UTF8.self)
        #expect(shown.contains(#"<string name="escaped">Line&lt;br/&gt;two &amp; more</string>"#), "\(shown)")
        #expect(shown.contains(#"Tap &lt;b&gt;here&lt;/b&gt;"#), "\(shown)")
    }

    @Test("keys that become one resource name, or a Java keyword, are renamed by the rule and come back through the comment")
    func collision() throws {
        let directory = TemporaryDirectory()
        directory.write("in/en/translation.json", #"{"Sign_out": "A", "Sign-out": "B", "default": "C", "import": "D"}"#)
        var converter = TranslationConverter()
        try converter.read(directory.path + "/in")
        let android = try #require(TranslationFormatRegistry.standard.format(named: "android"))
        for output in try converter.plan(android, to: directory.path + "/res") {
            directory.write("res/" + (output.relativePath ?? ""), String(decoding: output.data, as: UTF8.self))
        }
        let xml = directory.read("res/values/strings.xml")
        #expect(xml.contains("<!-- Key: Sign-out -->\n  <string name=\"Sign_out_2\">B</string>"), "\(xml)")
        #expect(xml.contains("<string name=\"Sign_out\">A</string>"), "\(xml)")
        #expect(xml.contains("<!-- Key: default -->\n  <string name=\"key_default\">C</string>"), "\(xml)")
        var back = TranslationConverter()
        try back.read(directory.path + "/res")
        #expect(Set(back.tables.first?.languages["en"]?.map(\.key) ?? []) == ["Sign_out", "Sign-out", "default", "import"])
    }

    @Test("a malformed locale folder is an error naming it; the default folder without tools:locale is English, said once; --language wins")
    func folderErrors() throws {
        let directory = TemporaryDirectory()
        directory.write("res/values-pt-rBRA/strings.xml", "<resources><string name=\"a\">x</string></resources>")
        var converter = TranslationConverter()
        #expect {
            try converter.read(directory.path + "/res")
        } throws: { error in
            let text = (error as? TranslationError)?.diagnostic.description ?? ""
            return text.contains("values-pt-rBRA/strings.xml") && text.contains("\"rBRA\" is not a region qualifier")
        }
        let other = TemporaryDirectory()
        other.write("res/values/strings.xml", "<resources><string name=\"a\">x</string></resources>")
        var plain = TranslationConverter()
        try plain.read(other.path + "/res")
        #expect(plain.tables.first?.languages["en"]?.first?.key == "a")
        #expect(plain.notices.count == 1 && plain.notices.first?.description.contains("read as en") == true, "\(plain.notices)")
        #expect(plain.issues.isEmpty)
        var withLanguage = TranslationConverter()
        try withLanguage.read(other.path + "/res", language: "de")
        #expect(withLanguage.tables.first?.languages["de"]?.first?.key == "a")
    }

    @Test("a <plurals> without other is read as it is; android and i18next keep it so, a catalog gets the last form as other, reported")
    func pluralsWithoutOther() throws {
        let directory = TemporaryDirectory()
        directory.write(
            "res/values/strings.xml",
            #"<resources tools:locale="en" xmlns:tools="http://schemas.android.com/tools"><plurals name="files"><item quantity="one">%d file</item><item quantity="other">%d files</item></plurals></resources>"#
        )
        directory.write(
            "res/values-ru/strings.xml",
            #"<resources><plurals name="files"><item quantity="one">%d файл</item><item quantity="few">%d файла</item><item quantity="many">%d файлов</item></plurals></resources>"#
        )
        var converter = TranslationConverter()
        try converter.read(directory.path + "/res")
        #expect(converter.issues.contains { $0.key == "files" && $0.language == "ru" && $0.reason.contains("no other quantity") }, "\(converter.issues)")
        guard case .plural(let forms, _, _, _)? = converter.tables.first?.languages["ru"]?.first?.value else { Issue.record("not a plural"); return }
        #expect(Set(forms.keys) == [.one, .few, .many])
        let android = try #require(TranslationFormatRegistry.standard.format(named: "android"))
        let xml = try converter.plan(android, to: directory.path + "/out").map { String(decoding: $0.data, as: UTF8.self) }.joined()
        #expect(!xml.contains("файла</item>\n    <item quantity=\"other\""), "\(xml)")
        let i18next = try #require(TranslationFormatRegistry.standard.format(named: "i18next"))
        let json = try converter.plan(i18next, to: directory.path + "/json").map { String(decoding: $0.data, as: UTF8.self) }.joined()
        #expect(json.contains("\"files_many\": \"{{count}} файлов\"\n}"), "\(json)")
        let catalog = try #require(TranslationFormatRegistry.standard.format(named: "xcstrings"))
        let written = try converter.plan(catalog, to: directory.path + "/Localizable.xcstrings").map { String(decoding: $0.data, as: UTF8.self) }.joined()
        #expect(written.components(separatedBy: "\"%d файлов\"").count == 3, "\(written)")
        #expect(converter.issues.contains { $0.key == "files" && $0.reason.contains("the many form is written as other") }, "\(converter.issues)")
    }

    // MARK: Helpers

    func read(_ xml: String) throws -> (entries: [TranslationEntry], issues: [ConversionIssue]) {
        var issues: [ConversionIssue] = []
        let (_, entries) = try AndroidFormat.read(Data(xml.utf8), path: "res/values/strings.xml", language: "en", issues: &issues)
        return (entries, issues)
    }
}

extension TemporaryDirectory {
    func read(_ relative: String) -> String {
        (try? String(contentsOfFile: path + "/" + relative, encoding: .utf8)) ?? ""
    }
}
