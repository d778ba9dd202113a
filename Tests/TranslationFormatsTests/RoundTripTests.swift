import Foundation
import Testing

@testable import TranslationFormats

/// i18next → X → i18next for every registered format X: what i18next resources hold comes back
/// exactly, whatever X can express (an ordinal is carried as one text per form where X has no
/// ordinals; a dash, a format and a name as the comment's `Placeholders:` line or Android's
/// `<xliff:g>`; a nesting as its text).
@Suite("i18next through every registered format")
struct RoundTripTests {
    static let english = #"""
        {
          "files_one": "{{count}} file",
          "files_other": "{{count}} files",
          "friend": "A friend",
          "friend_male": "A boyfriend",
          "greeting": "Hello, {{name}}!",
          "markup": "Read {{- html}} first",
          "moved_one": "Moved {{count}} file to {{- folder}}",
          "moved_other": "Moved {{count}} files to {{- folder}}",
          "move": "Move {{file}} to {{folder}}",
          "price": "Costs {{value, number(minimumFractionDigits: 2)}} since {{since, datetime}}",
          "share": "{{part}}% of $t(files, {\"count\": 2})",
          "code": "$t(coupon, {\"label\": \"5%d\"}) for {{n}}",
          "coupon": "$t(coupon, {\"label\": \"5%d\"})",
          "place_ordinal_few": "{{count}}rd place",
          "place_ordinal_one": "{{count}}st place",
          "place_ordinal_other": "{{count}}th place",
          "place_ordinal_two": "{{count}}nd place"
        }
        """#
    /// Spanish has one ordinal form (`other`) and three cardinal ones.
    static let spanish = #"""
        {
          "files_many": "{{count}} de archivos",
          "files_one": "{{count}} archivo",
          "files_other": "{{count}} archivos",
          "friend": "Un amigo",
          "friend_male": "Un novio",
          "greeting": "¡Hola, {{name}}!",
          "markup": "Lee primero {{- html}}",
          "moved_many": "A {{- folder}} se movieron {{count}} de archivos",
          "moved_one": "A {{- folder}} se movió {{count}} archivo",
          "moved_other": "A {{- folder}} se movieron {{count}} archivos",
          "move": "Mover a {{folder}} el archivo {{file}}",
          "price": "Desde {{since, datetime}} cuesta {{value, number(minimumFractionDigits: 2)}}",
          "share": "{{part}} % de $t(files, {\"count\": 2})",
          "code": "$t(coupon, {\"label\": \"5%d\"}) para {{n}}",
          "coupon": "$t(coupon, {\"label\": \"5%d\"})",
          "place_ordinal_other": "{{count}}.º puesto"
        }
        """#

    @Test(
        "ordinals, plurals, contexts, names (reordered in a translation), {{- x}}, formats with options and $t() with options come back exactly",
        arguments: TranslationFormatRegistry.standard.formats.map(\.name))
    func exact(format: String) throws {
        let directory = TemporaryDirectory()
        directory.write("in/en/translation.json", Self.english)
        directory.write("in/es/translation.json", Self.spanish)
        let target = try #require(TranslationFormatRegistry.standard.format(named: format))
        var there = TranslationConverter()
        try there.read(directory.path + "/in")
        let destination = directory.path + "/" + format
        for output in try there.plan(target, to: destination) {
            directory.write(String(output.path.dropFirst(directory.path.count + 1)), String(decoding: output.data, as: UTF8.self))
        }
        if format != "i18next" {
            // Said once per key, naming the texts the forms became.
            #expect(
                there.issues.contains {
                    $0.key == "place_ordinal" && $0.reason.contains("place_ordinal_one, place_ordinal_two, place_ordinal_few, place_ordinal_other")
                },
                "\(there.issues)")
        }
        // What is carried is not reported as lost; the nesting is, once, as the platform shows its text.
        #expect(!there.issues.contains { ["markup", "move", "moved", "price"].contains($0.key) }, "\(format): \(there.issues)")
        #expect(format == "i18next" || there.issues.contains { $0.key == "share" && $0.reason.contains("shows it as written") }, "\(format): \(there.issues)")
        var back = TranslationConverter()
        try back.read(destination)
        let i18next = try #require(TranslationFormatRegistry.standard.format(named: "i18next"))
        let outputs = try back.plan(i18next, to: directory.path + "/back")
        let texts = Dictionary(uniqueKeysWithValues: outputs.map { ($0.relativePath ?? "", try! JSONSerialization.jsonObject(with: $0.data) as! NSDictionary) })
        #expect(texts["en/translation.json"] == (try JSONSerialization.jsonObject(with: Data(Self.english.utf8)) as! NSDictionary), "\(format): \(texts)")
        #expect(texts["es/translation.json"] == (try JSONSerialization.jsonObject(with: Data(Self.spanish.utf8)) as! NSDictionary), "\(format): \(texts)")
    }

    @Test(
        "a translation that spells a placeholder otherwise than the source: exact where each language has its own line (.strings, .po, android), reported where a key has one (.xcstrings, XLIFF)",
        arguments: TranslationFormatRegistry.standard.formats.map(\.name))
    func respelled(format: String) throws {
        let directory = TemporaryDirectory()
        let spanish = #"{"markup": "Lee {{html}} y {{n, number}}"}"#
        directory.write("in/en/translation.json", #"{"markup": "Read {{- html}} and {{n}}"}"#)
        directory.write("in/es/translation.json", spanish)
        var there = TranslationConverter()
        try there.read(directory.path + "/in")
        for output in try there.plan(try #require(TranslationFormatRegistry.standard.format(named: format)), to: directory.path + "/out") {
            directory.write(String(output.path.dropFirst(directory.path.count + 1)), String(decoding: output.data, as: UTF8.self))
        }
        var back = TranslationConverter()
        try back.read(directory.path + "/out")
        let outputs = try back.plan(try #require(TranslationFormatRegistry.standard.format(named: "i18next")), to: directory.path + "/back")
        let text = outputs.first { $0.relativePath == "es/translation.json" }.map { String(decoding: $0.data, as: UTF8.self) } ?? ""
        if ["xcstrings", "xliff"].contains(format) {
            #expect(there.issues.contains { $0.key == "markup" && $0.reason.hasPrefix("{{html}} reads back as {{- html}}") }, "\(there.issues)")
            #expect(there.issues.contains { $0.key == "markup" && $0.reason.hasPrefix("{{n, number}} reads back as {{n}}") }, "\(there.issues)")
        } else {
            #expect(there.issues.isEmpty, "\(format): \(there.issues)")
            #expect(text.contains(#""markup": "Lee {{html}} y {{n, number}}""#), "\(format): \(text)")
        }
    }

    @Test("an ordinal is never a cardinal plural: android writes one <string> per form, and status finds no gap in Spanish's one ordinal form")
    func ordinalsInAndroid() throws {
        let directory = TemporaryDirectory()
        directory.write("in/en/translation.json", Self.english)
        directory.write("in/es/translation.json", Self.spanish)
        let files = try directory.convert(from: "in", to: "android")
        let english = try #require(files["values/strings.xml"])
        #expect(!english.contains("<plurals name=\"place_ordinal\""), "\(english)")
        #expect(english.contains(#"<string name="place_ordinal_two"><xliff:g id="count">%d</xliff:g>nd place</string>"#), "\(english)")
        for (path, text) in files { directory.write("res/" + path, text) }
        directory.write("res/values/strings.xml", (files["values/strings.xml"] ?? "").replacing(#" tools:locale="en""#, with: ""))
        let coverage = try TranslationCoverage.read(directories: [directory.path + "/res"])
        // values/ without tools:locale: status says it read it as English.
        #expect(coverage.notices.contains { $0.description.contains("read as en") }, "\(coverage.notices)")
        let spanish = try #require(coverage.tables.first?.languages.first { $0.language == "es" })
        #expect(!spanish.pluralGaps.contains { $0.key.hasPrefix("place") }, "\(spanish.pluralGaps)")
        #expect(spanish.missingKeys.isEmpty, "\(spanish.missingKeys)")
    }

    @Test("pseudo-localization keeps every ordinal form of the pseudo language's ordinal rules")
    func pseudoOrdinals() throws {
        var table = TranslationTable(name: "Localizable", sourceLanguage: "en")
        var place = TranslationEntry(
            key: "place_ordinal",
            value: .plural(
                [
                    .one: TranslationMessage([.text("1st")]), .two: TranslationMessage([.text("2nd")]),
                    .few: TranslationMessage([.text("3rd")]), .other: TranslationMessage([.text("4th")]),
                ], variable: nil, frame: nil, valueType: nil))
        place.pluralKind = .ordinal
        table.languages["en"] = [place]
        let pseudo = try PseudoLocalizer().pseudoLocalized(table, source: "en", methods: [.accented])
        guard case .plural(let forms, _, _, _)? = pseudo.languages["en-XA"]?.first?.value else { Issue.record("no plural"); return }
        #expect(Set(forms.keys) == [.one, .two, .few, .other])
    }

    @Test(
        "translatable=\"false\" is carried where the target has the notion: a catalog's shouldTranslate, XLIFF's translate=\"no\", and back",
        arguments: ["xcstrings", "xliff"])
    func doNotTranslate(format: String) throws {
        let directory = TemporaryDirectory()
        directory.write(
            "res/values/strings.xml",
            #"<resources tools:locale="en" xmlns:tools="http://schemas.android.com/tools"><string name="app_name" translatable="false">Kore</string><string name="hello">Hello</string></resources>"#
        )
        directory.write("res/values-de/strings.xml", #"<resources><string name="hello">Hallo</string></resources>"#)
        let files = try directory.convert(from: "res", to: format)
        let text = files.values.joined()
        #expect(format == "xcstrings" ? text.contains("\"shouldTranslate\" : false") : text.contains(#"<trans-unit id="app_name" translate="no""#), "\(text)")
        #expect(text.components(separatedBy: format == "xcstrings" ? "shouldTranslate" : "translate=\"no\"").count == 2, "\(text)")
        for (path, content) in files { directory.write(format + "/" + path, content) }
        var back = TranslationConverter()
        try back.read(directory.path + "/" + format)
        #expect(back.tables.first?.languages["en"]?.first { $0.key == "app_name" }?.shouldTranslate == false)
        #expect(back.tables.first?.languages["en"]?.first { $0.key == "hello" }?.shouldTranslate == true)
    }

    @Test("an <item> aapt would compile as a number or a boolean is written quoted, so it stays a string")
    func literalItems() throws {
        let directory = TemporaryDirectory()
        directory.write(
            "res/values/strings.xml",
            #"<resources tools:locale="en" xmlns:tools="http://schemas.android.com/tools"><plurals name="more"><item quantity="one">"+1"</item><item quantity="other">+%d</item></plurals><string-array name="a"><item>"12"</item><item>true</item></string-array></resources>"#
        )
        let xml = try #require(try directory.convert(from: "res", to: "android")["values/strings.xml"])
        #expect(xml.contains(#"<item quantity="one">"+1"</item>"#), "\(xml)")
        #expect(xml.contains(#"<item>"12"</item>"#) && xml.contains(#"<item>"true"</item>"#), "\(xml)")
    }

    @Test("a plural whose number is not a whole number keeps its conversion through i18next: %lf is {{count, lf}}, %lld is {{count}}")
    func pluralNumberConversion() throws {
        let directory = TemporaryDirectory()
        let catalog = #"""
            {
              "sourceLanguage" : "en",
              "strings" : {
                "distance" : {
                  "localizations" : {
                    "en" : {
                      "variations" : {
                        "plural" : {
                          "one" : { "stringUnit" : { "state" : "translated", "value" : "%lf kilometer" } },
                          "other" : { "stringUnit" : { "state" : "translated", "value" : "%lf kilometers" } }
                        }
                      }
                    }
                  }
                },
                "files" : {
                  "localizations" : {
                    "en" : {
                      "variations" : {
                        "plural" : {
                          "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld file" } },
                          "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld files" } }
                        }
                      }
                    }
                  }
                }
              },
              "version" : "1.0"
            }
            """#
        directory.write("in/Localizable.xcstrings", catalog)
        let json = try #require(try directory.convert(from: "in", to: "i18next")["en/translation.json"])
        #expect(json.contains(#""distance_one": "{{count, lf}} kilometer""#) && json.contains(#""files_one": "{{count}} file""#), "\(json)")
        directory.write("json/en/translation.json", json)
        let back = try directory.convert(from: "json", to: "xcstrings").values.joined()
        #expect(back.contains(#""value" : "%lf kilometers""#) && back.contains(#""value" : "%lld files""#), "\(back)")
    }
}
