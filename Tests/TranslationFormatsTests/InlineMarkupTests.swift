import Foundation
import Testing

@testable import TranslationFormats

@Suite("inline markup in gettext and i18next: android2po's tags, read back as markup")
struct InlineMarkupTests {
    static func markup(_ message: TranslationMessage) -> [String] {
        message.pieces.compactMap { if case .markup(let tag) = $0 { tag } else { nil } }
    }

    @Test(
        "balanced, well-formed tags are markup; anything an XML reader would refuse, or that does not balance, is text",
        arguments: [
            ("Cut <b>%d</b> notes", ["<b>", "</b>"]),
            (#"<a href="https://x.org/?a=1&amp;b=2">site</a>"#, [#"<a href="https://x.org/?a=1&amp;b=2">"#, "</a>"]),
            ("Line<br/>two <br />", ["<br/>", "<br />"]),
            ("<b><i>both</i></b>", ["<b>", "<i>", "</i>", "</b>"]),
            ("a < b and b > a", []),
            ("<0>Trans</0>", []),
            ("an HTML <br> never closed", []),
            ("<b>crossed <i>tags</b></i>", []),
            (#"<a href="x?a=1&b=2">bare ampersand</a>"#, []),
            (#"<a href="&nbsp;">an HTML entity</a>"#, []),
            (#"<a href="&#0;">no such character</a>"#, []),
            (#"<a href=x>unquoted</a>"#, []),
            ("<a href=\"%s\">cut by an argument</a>", []),
        ])
    func rule(text: String, tags: [String]) {
        #expect(Self.markup(PlaceholderSyntax.parseGettext(text)) == tags, "\(text)")
    }

    @Test("reading is linear: twice the candidates, twice the steps (counted, not timed)")
    func linear() {
        for unit in [#"<a b=""#, "<a ", "<b>", "</b", "&lt;a "] {
            var small = 0
            var large = 0
            _ = InlineMarkup.reading(TranslationMessage([.text(String(repeating: unit, count: 2_000))]), steps: &small)
            _ = InlineMarkup.reading(TranslationMessage([.text(String(repeating: unit, count: 4_000))]), steps: &large)
            #expect(large <= small * 2 + 16, "\(unit): \(small) → \(large)")
        }
    }

    @Test(
        "res → .po → res keeps markup as markup, writes it as android2po does, and a text that shows a balanced tag as text, by its comment"
    )
    func throughGettext() throws {
        let directory = TemporaryDirectory()
        directory.write(
            "res/values/strings.xml",
            #"""
            <resources xmlns:tools="http://schemas.android.com/tools" tools:locale="en">
              <string name="bold">Cut <b>%1$d</b> notes</string>
              <string name="link"><a href="%1$s">OpenCage</a> policy</string>
              <string name="shows">like &lt;small&gt; here</string>
              <string name="balanced">see &lt;b&gt;this&lt;/b&gt;</string>
            </resources>
            """#)
        var converter = TranslationConverter()
        try converter.read(directory.path + "/res")
        var writing = converter
        try directory.write(writing, as: "po", into: "po")
        let po = directory.read("po/en/translation.po")
        #expect(po.contains(#"msgstr "Cut <b>%1$d</b> notes""#), "\(po)")
        // The attribute's `%` is text in a format string: doubled, so that it is no argument.
        #expect(po.contains(#"msgstr "<a href=\"%%1$s\">OpenCage</a> policy""#), "\(po)")
        #expect(po.contains(#"msgstr "like <small> here""#), "\(po)")
        // Only the text that reads back as markup says its tags are text.
        #expect(po.contains("#. \(InlineMarkup.tagsAreTextLine)\nmsgid \"balanced\"\nmsgstr \"see <b>this</b>\"\n"), "\(po)")
        #expect(po.components(separatedBy: InlineMarkup.tagsAreTextLine).count == 2, "\(po)")
        _ = try writing.plan(try #require(TranslationFormatRegistry.standard.format(named: "po")), to: directory.path + "/po2")
        #expect(writing.issues.isEmpty, "\(writing.issues)")
        // Read back, the line is the reader's, not the comment's.
        var read = TranslationConverter()
        try read.read(directory.path + "/po")
        let balanced = try #require(read.tables.first?.languages["en"]?.first { $0.key == "balanced" })
        #expect(balanced.comment == nil && balanced.value == .single(TranslationMessage([.text("see <b>this</b>")])), "\(balanced)")
        try directory.convert("po", to: "android", into: "android")
        let xml = directory.read("android/values/strings.xml")
        #expect(xml.contains(#"<string name="bold">Cut <b>%1$d</b> notes</string>"#), "\(xml)")
        #expect(xml.contains(#"<string name="link"><a href="%1$s">OpenCage</a> policy</string>"#), "\(xml)")
        #expect(xml.contains(#"<string name="shows">like &lt;small&gt; here</string>"#), "\(xml)")
        #expect(xml.contains(#"<string name="balanced">see &lt;b&gt;this&lt;/b&gt;</string>"#), "\(xml)")
    }

    @Test(
        "the line that says the tags are text: in the translator .po and its template from the source text, in a plural, before the Placeholders line, and a comment that is that line left out and reported"
    )
    func tagsAreTextLine() throws {
        let directory = TemporaryDirectory()
        directory.write(
            "res/values/strings.xml",
            #"""
            <resources xmlns:tools="http://schemas.android.com/tools" tools:locale="en">
              <string name="shown">Line&lt;br/&gt;two</string>
              <!-- Its tags are text, shown as written: not markup. -->
              <string name="bold">a <b>bold</b> word</string>
              <string name="named"><xliff:g id="who" xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">%1$s</xliff:g>&lt;br/&gt;</string>
              <plurals name="files">
                <item quantity="one">%d file&lt;br/&gt;</item>
                <item quantity="other">%d files&lt;br/&gt;</item>
              </plurals>
            </resources>
            """#)
        directory.write("res/values-de/strings.xml", #"<resources><string name="bold">ein <b>fettes</b> Wort</string></resources>"#)
        var converter = TranslationConverter()
        try converter.read(directory.path + "/res")
        let line = "#. " + InlineMarkup.tagsAreTextLine + "\n"
        // The translator .po: the source text shows the tag, so the message says it for the
        // translation to come, in the template and in a language that has none yet.
        var translators = converter
        let outputs = try translators.plan(GettextFormat(messageID: .source), to: directory.path + "/tpo")
        let files = Dictionary(uniqueKeysWithValues: outputs.map { ($0.relativePath ?? "", String(decoding: $0.data, as: UTF8.self)) })
        for name in ["translation.pot", "de/translation.po"] {
            let text = try #require(files[name], "\(files.keys)")
            #expect(text.contains(line + "msgctxt \"shown\"\nmsgid \"Line<br/>two\""), "\(name): \(text)")
            #expect(text.contains(line + "msgctxt \"files\""), "\(name): \(text)")
            #expect(!text.contains(line + "msgctxt \"bold\""), "\(name): \(text)")
        }
        // A translation filled in later reads back as text, as the source's does.
        let german = try #require(files["de/translation.po"]).replacingOccurrences(
            of: "msgctxt \"shown\"\nmsgid \"Line<br/>two\"\nmsgstr \"\"", with: "msgctxt \"shown\"\nmsgid \"Line<br/>two\"\nmsgstr \"Zeile<br/>zwei\"")
        directory.write("filled/de/translation.po", german)
        var filled = TranslationConverter()
        try filled.read(directory.path + "/filled")
        let shown = try #require(filled.tables.first?.languages["de"]?.first { $0.key == "shown" })
        #expect(shown.value == .single(TranslationMessage([.text("Zeile<br/>zwei")])), "\(shown)")

        // The languages' .po: the line comes before the Placeholders line, which readers find
        // last; a comment that is the line itself is left out, and said.
        var writing = converter
        let po = try writing.plan(GettextFormat(), to: directory.path + "/po")
        let english = String(decoding: try #require(po.first { $0.relativePath == "en/translation.po" }).data, as: UTF8.self)
        #expect(english.contains(line + "#. Placeholders: 1 = {{who, 1$}}\nmsgid \"named\""), "\(english)")
        #expect(english.contains(line + "msgid \"files\"\nmsgid_plural \"files\""), "\(english)")
        #expect(!english.contains(line + "msgid \"bold\""), "\(english)")
        #expect(writing.issues.map(\.key) == ["bold"], "\(writing.issues)")
        #expect(writing.issues.first?.reason.contains("left out") == true, "\(writing.issues)")
        try directory.write(converter, as: "po", into: "po")
        try directory.convert("po", to: "android", into: "android")
        let xml = directory.read("android/values/strings.xml")
        #expect(xml.contains(#"<string name="bold">a <b>bold</b> word</string>"#), "\(xml)")
        #expect(xml.contains(#"</xliff:g> files&lt;br/&gt;</item>"#), "\(xml)")
        #expect(xml.contains(#"&lt;br/&gt;</string>"#) && xml.contains(#"<string name="shown">Line&lt;br/&gt;two</string>"#), "\(xml)")
    }

    @Test(
        "in a message with markup the text is XML's: references are read as their characters and written back only where needed, through .po and i18next"
    )
    func xmlText() throws {
        // android2po writes the text of a message with markup as XML: `&amp;` is `&`.
        let read = PlaceholderSyntax.parseGettext("<b>Tom</b> &amp; Jerry &lt;3 &#x263A; & more")
        #expect(read.pieces == [.markup("<b>"), .text("Tom"), .markup("</b>"), .text(" & Jerry <3 \u{263A} & more")], "\(read.pieces)")
        // A text the markup does not touch is XML's too: after a placeholder, or in a later piece.
        let apart = PlaceholderSyntax.parseI18NextText("<b>Hi</b>{{n}} &amp; co")
        #expect(apart.pieces.last == .text(" & co"), "\(apart.pieces)")
        #expect(PlaceholderSyntax.parseGettext("<b>A</b>%s &lt;i&gt;").pieces.last == .text(" <i>"))
        var issues = ConversionIssues(file: "", language: "")
        // Written back, a bare `&` needs no reference; `&amp;` read as text does.
        let written = PlaceholderSyntax.renderI18Next(apart, pluralNumber: nil, key: "k", issues: &issues)
        #expect(written == "<b>Hi</b>{{n}} & co")
        #expect(PlaceholderSyntax.parseI18NextText(written) == apart)
        let literal = TranslationMessage([.markup("<b>"), .text("x"), .markup("</b>"), .placeholder(TranslationPlaceholder(name: "n")), .text(" &amp; <i>")])
        let escaped = PlaceholderSyntax.renderI18Next(literal, pluralNumber: nil, key: "k", issues: &issues)
        #expect(escaped == "<b>x</b>{{n}} &amp;amp; &lt;i>")
        #expect(PlaceholderSyntax.parseI18NextText(escaped) == literal)
        #expect(issues.all.isEmpty, "\(issues.all)")
        // Without markup a text is as it is.
        #expect(PlaceholderSyntax.parseGettext("Tom &amp; Jerry").pieces == [.text("Tom &amp; Jerry")])
        #expect(PlaceholderSyntax.parseI18NextText("Tom &amp; <b>Jerry</b>").pieces == [.text("Tom & "), .markup("<b>"), .text("Jerry"), .markup("</b>")])

        let directory = TemporaryDirectory()
        directory.write(
            "res/values/strings.xml",
            #"""
            <resources xmlns:tools="http://schemas.android.com/tools" tools:locale="en">
              <string name="amp"><b>Tom</b> &amp; Jerry, &amp;amp; and &lt;br/&gt; shown</string>
              <string name="plain">Tom &amp; Jerry &amp;amp;</string>
            </resources>
            """#)
        for (format, file) in [("po", "en/translation.po"), ("i18next", "en/translation.json")] {
            let converter = try directory.convert("res", to: format, into: format)
            var writing = converter
            _ = try writing.plan(try #require(TranslationFormatRegistry.standard.format(named: format)), to: directory.path + "/again")
            #expect(writing.issues.isEmpty, "\(format): \(writing.issues)")
            let written = directory.read(format + "/" + file)
            // `&` that starts no reference is written bare; `&amp;` and a tag that is text, escaped.
            #expect(written.contains(#"<b>Tom</b> & Jerry, &amp;amp; and &lt;br/> shown"#), "\(written)")
            #expect(written.contains(#"Tom & Jerry &amp;"#), "\(written)")
            try directory.convert(format, to: "android", into: "back-" + format)
            let xml = directory.read("back-\(format)/values/strings.xml")
            #expect(xml.contains(#"<string name="amp"><b>Tom</b> &amp; Jerry, &amp;amp; and &lt;br/&gt; shown</string>"#), "\(format): \(xml)")
            #expect(xml.contains(#"<string name="plain">Tom &amp; Jerry &amp;amp;</string>"#), "\(format): \(xml)")
        }
    }
}
