import Foundation
import Testing

@testable import TranslationFormats

@Suite("printf arguments: the grouping flag and written numbers through every format")
struct PrintfArgumentsTests {
    /// What Android's `%1$,d`, `%1$s` and `%1$,.2f` become in i18next, beside a value a person
    /// formatted with `number` and the usual unnumbered arguments.
    static let i18next = #"""
        {
          "count": "{{arg1, number, 1$}} files",
          "human": "{{x, number}} items",
          "money": "{{arg1, '.2f, 1$}} total",
          "one": "Hello {{arg1, 1$}}",
          "plain": "Hi {{arg1}}",
          "prose": "70 % joissakin",
          "two": "{{arg1}} of {{arg2, d}}"
        }
        """#

    /// `.po` names its arguments (`%(arg1)s`): a lone argument's number goes in the `#.` line
    /// (`carriesTheNumberGettextCannotSay`).
    @Test("i18next → X → i18next is identical for the grouping flag and written numbers", arguments: ["android", "strings", "xcstrings", "xliff", "po"])
    func i18nextThroughEveryFormat(middle: String) throws {
        let directory = TemporaryDirectory()
        directory.write("in/en/translation.json", Self.i18next)
        var converter = TranslationConverter()
        try converter.read(directory.path + "/in")
        try directory.write(converter, as: middle, into: "mid")
        try directory.convert("mid", to: "i18next", into: "out")
        #expect(directory.read("out/en/translation.json") == Self.i18next + "\n" || directory.read("out/en/translation.json") == Self.i18next, "\(middle)")
    }

    @Test("i18next → .po carries the lone named argument's number, which %(name)s cannot say, in the #. line")
    func carriesTheNumberGettextCannotSay() throws {
        let directory = TemporaryDirectory()
        directory.write("in/en/translation.json", Self.i18next)
        try directory.convert("in", to: "po", into: "po")
        let po = directory.read("po/en/translation.po")
        #expect(po.contains("#. Placeholders: 1 = {{arg1, 1$}}\nmsgid \"one\"\nmsgstr \"Hello %(arg1)s\""), "\(po)")
        var issues = ConversionIssues(file: "", language: "")
        _ = PlaceholderSyntax.renderGettext(PlaceholderSyntax.parseI18Next("Hello {{arg1, 1$}}"), pluralNumber: nil, key: "one", issues: &issues)
        #expect(issues.all.isEmpty, "\(issues.all)")
    }

    @Test("Java's , and printf's ' are one flag: each format writes its own spelling")
    func groupingSpelledPerFormat() throws {
        let directory = TemporaryDirectory()
        directory.write(
            "res/values/strings.xml", #"<resources><string name="count">%1$,d files</string><string name="pair">%1$s of %2$,d</string></resources>"#)
        let converter = try directory.convert("res", language: "en", to: "strings", into: "strings")
        let strings = directory.read("strings/en.lproj/Localizable.strings")
        #expect(strings.contains(#""count" = "%1$'d files";"#), "\(strings)")
        #expect(strings.contains(#""pair" = "%1$@ of %2$'d";"#), "\(strings)")
        try directory.write(converter, as: "i18next", into: "json")
        let json = directory.read("json/en/translation.json")
        #expect(json.contains(#""count": "{{arg1, number, 1$}} files""#), "\(json)")
        #expect(json.contains(#""pair": "{{arg1}} of {{arg2, number}}""#), "\(json)")
        try directory.write(converter, as: "po", into: "po")
        let po = directory.read("po/en/translation.po")
        #expect(po.contains(#"msgstr "%1$'d files""#), "\(po)")
        #expect(po.contains(#"msgstr "%1$s of %2$'d""#), "\(po)")
    }

    @Test("an i18next format that ends in N$ is the written number; any other stays the format")
    func writtenPosition() {
        let message = PlaceholderSyntax.parseI18Next("{{arg1, number, 1$}} {{x, number}} {{y, currency(EUR)}}")
        #expect(
            message.placeholders == [
                TranslationPlaceholder(name: "arg1", position: 1, format: "number"), TranslationPlaceholder(name: "x", format: "number"),
                TranslationPlaceholder(name: "y", format: "currency(EUR)"),
            ])
    }
}

@Suite("the plural number is one argument")
struct PluralNumberArgumentTests {
    static let resources = #"""
        <resources xmlns:tools="http://schemas.android.com/tools" tools:locale="en">
          <plurals name="selected"><item quantity="one">%1$d/%2$d selected</item><item quantity="other">%1$d/%2$d selected</item></plurals>
          <plurals name="episodes"><item quantity="one">%2$s has %1$d new episode</item><item quantity="other">%2$s has %1$d new episodes</item></plurals>
        </resources>
        """#

    @Test(
        "%1$d/%2$d in a plural is the count and another number, and a name beside argN takes a free position: through i18next and back to every format, no two arguments become one"
    )
    func oneCount() throws {
        let directory = TemporaryDirectory()
        directory.write("res/values/strings.xml", Self.resources)
        let converter = try directory.convert("res", to: "i18next", into: "json")
        let json = directory.read("json/en/translation.json")
        #expect(json.contains(#""selected_other": "{{count}}/{{arg2, d}} selected""#), "\(json)")
        #expect(json.contains(#""episodes_other": "{{arg2}} has {{count}} new episodes""#), "\(json)")
        let back = try directory.convert("json", to: "android", into: "android")
        let xml = directory.read("android/values/strings.xml")
        #expect(xml.contains(#"<xliff:g id="count">%1$d</xliff:g>/<xliff:g id="arg2">%2$d</xliff:g> selected"#), "\(xml)")
        #expect(xml.contains(#"<xliff:g id="arg2">%2$s</xliff:g> has <xliff:g id="count">%1$d</xliff:g> new episodes"#), "\(xml)")
        try directory.write(back, as: "strings", into: "apple")
        let stringsdict = directory.read("apple/en.lproj/Localizable.stringsdict")
        #expect(stringsdict.contains("<string>%2$@ has %1$lld new episodes</string>"), "\(stringsdict)")
        #expect(stringsdict.contains("<string>%1$lld/%2$d selected</string>"), "\(stringsdict)")
        try directory.write(converter, as: "po", into: "po")
        let po = directory.read("po/en/translation.po")
        #expect(po.contains(#"msgstr[1] "%(count)d/%(arg2)d selected""#), "\(po)")
    }

    @Test("count in the plural forms and arg1 in a language without them are one argument: a catalog through i18next keeps %lld, never %2$lld")
    func countIsArgOneElsewhere() throws {
        let directory = TemporaryDirectory()
        directory.write(
            "in/Localizable.xcstrings",
            #"""
            {
              "sourceLanguage" : "en",
              "strings" : {
                "PlayCount.%lld" : {
                  "localizations" : {
                    "en" : { "variations" : { "plural" : {
                      "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld play" } },
                      "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld plays" } } } } },
                    "ja" : { "stringUnit" : { "state" : "translated", "value" : "%1$lld回" } }
                  }
                }
              },
              "version" : "1.0"
            }
            """#)
        try directory.convert("in/Localizable.xcstrings", to: "i18next", into: "json")
        let written = try directory.catalog(readingBack: "json")
        #expect(!written.contains("%2$"), "\(written)")
        #expect(written.contains("play"), "\(written)")
    }

    @Test("a language without plural forms whose argument is arg1 needs no Placeholders: line; one that names it count still gets it")
    func countLineOnlyForItsOwnNames() throws {
        let directory = TemporaryDirectory()
        // katagaki/DJDX's shape through i18next: `{{count}}` in en's forms, `{{arg1, lld}}` in ja.
        directory.write("src/en/translation.json", #"{"SongCount": {"%lld_one": "{{count}} song", "%lld_other": "{{count}} songs"}}"#)
        directory.write("src/ja/translation.json", #"{"SongCount": {"%lld": "{{arg1, lld}}曲"}}"#)
        directory.write("named/en/translation.json", #"{"songs_one": "{{count}} song", "songs_other": "{{count}} songs"}"#)
        directory.write("named/ja/translation.json", #"{"songs": "{{count}}曲"}"#)
        for (folder, line) in [("src", false), ("named", true)] {
            try directory.convert(folder, to: "xcstrings", into: folder + "-catalog")
            let catalog = directory.read(folder + "-catalog/Localizable.xcstrings")
            #expect(catalog.contains("Placeholders: 1 = {{count}}") == line, "\(catalog)")
            try directory.convert(folder + "-catalog/Localizable.xcstrings", to: "i18next", into: folder + "-back")
            for language in ["en", "ja"] {
                let back = try JSONSerialization.jsonObject(with: Data(directory.read("\(folder)-back/\(language)/translation.json").utf8)) as? NSDictionary
                let source = try JSONSerialization.jsonObject(with: Data(directory.read("\(folder)/\(language)/translation.json").utf8)) as? NSDictionary
                #expect(back == source, "\(folder) \(language): \(String(describing: back))")
            }
        }
    }
}

@Suite("Android through .po and back, as the app formats it")
struct AndroidThroughGettextTests {
    /// A plural whose count the source numbered or grouped, a form that prints only another
    /// argument, a text without arguments that shows `%%`, and a translation whose translator
    /// renamed the `<xliff:g>` ids.
    static let english = #"""
        <resources xmlns:tools="http://schemas.android.com/tools" xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2" tools:locale="en">
          <plurals name="grouped"><item quantity="one">%1$,d file</item><item quantity="other">%1$,d files</item></plurals>
          <plurals name="minutes"><item quantity="one">only %1$d minute left</item><item quantity="other">only %1$d minutes left</item></plurals>
          <plurals name="podcast"><item quantity="one">%2$s has a new episode</item><item quantity="other">%2$s has new episodes</item></plurals>
          <string name="index">Event <xliff:g id="item_index">%1$s</xliff:g> of <xliff:g id="item_count">%2$s</xliff:g>.</string>
          <string name="percent">100%% done</string>
        </resources>
        """#
    static let arabic = #"""
        <resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">
          <string name="index">الحدث <xliff:g id="ITEM_INDEX">%1$s</xliff:g> من <xliff:g id="ITEM_COUNT">%2$s</xliff:g>.</string>
        </resources>
        """#

    @Test("res → .po → res keeps every conversion as written: numbers, the grouping flag, %% and renamed ids")
    func asWritten() throws {
        let directory = TemporaryDirectory()
        directory.write("res/values/strings.xml", Self.english)
        directory.write("res/values-ar/strings.xml", Self.arabic)
        try directory.convert("res", to: "po", into: "po")
        let po = directory.read("po/en/translation.po")
        // python-format (`%(count)d`) has no number and no grouping flag: c-format as written.
        #expect(po.contains(#"msgstr[1] "%1$'d files""#), "\(po)")
        #expect(po.contains(#"msgstr[0] "only %1$d minute left""#), "\(po)")
        #expect(po.contains(#"msgstr[0] "%2$s has a new episode""#), "\(po)")
        // `%%` reads back as `%`: doubled, so that the text comes back as `100%% done`.
        #expect(po.contains(#"msgstr "100%%%% done""#), "\(po)")
        try directory.convert("po", to: "android", into: "android")
        let xml = directory.read("android/values/strings.xml")
        #expect(xml.contains(#"<item quantity="other">%1$,d files</item>"#), "\(xml)")
        #expect(xml.contains(#"<item quantity="one">only %1$d minute left</item>"#), "\(xml)")
        #expect(xml.contains(#"<item quantity="one">%2$s has a new episode</item>"#), "\(xml)")
        #expect(xml.contains(#"<string name="percent">100%% done</string>"#), "\(xml)")
        // Numbered past the source's two names, `%3$s` would ask for an argument the app never passes.
        let arabic = directory.read("android/values-ar/strings.xml")
        #expect(arabic.contains(#"<xliff:g id="ITEM_INDEX">%1$s</xliff:g> من <xliff:g id="ITEM_COUNT">%2$s</xliff:g>"#), "\(arabic)")
    }

    @Test("a text without arguments that shows %% reads back as itself from .strings too")
    func percentInStrings() throws {
        let directory = TemporaryDirectory()
        directory.write("res/values/strings.xml", Self.english)
        try directory.convert("res", to: "strings", into: "apple")
        var back = TranslationConverter()
        try back.read(directory.path + "/apple")
        let entry = try #require(back.tables.first?.languages["en"]?.first { $0.key == "percent" })
        #expect(entry.value == .single(TranslationMessage([.text("100%% done")])))
    }
}
