import AppleLocalization
import Foundation
import JSONParsing
import Testing
import TranslationFormats

@Suite("Translation coverage")
struct CoverageTests {
    @Test("every format is compared alike: Apple's positional arguments, plural gaps by CLDR, and a catalog's recorded source language")
    func appleFormats() throws {
        let directory = TemporaryDirectory()
        directory.write("in/en.lproj/Localizable.strings", "\"hello\" = \"Hello, %@!\";\n\"bye\" = \"Bye\";\n\"same\" = \"OK\";\n")
        directory.write("in/fr.lproj/Localizable.strings", "\"hello\" = \"Bonjour, %@ et %@ !\";\n\"same\" = \"OK\";\n")
        let coverage = try TranslationCoverage.read(directories: [directory.path + "/in"])
        let table = try #require(coverage.tables.first)
        #expect(table.format == "strings" && table.name == "Localizable" && table.sourceLanguage == "en" && table.keys == 3)
        let fr = try #require(table.languages.first { $0.language == "fr" })
        #expect(fr.missingKeys == ["bye"] && fr.untranslatedKeys == ["same"] && fr.translated == 1)
        #expect(fr.placeholderMismatches.map(\.key) == ["hello"])
        #expect(fr.placeholderMismatches.first?.found == ["%1$", "%2$"] && fr.placeholderMismatches.first?.expected == ["%1$"])
        #expect(fr.coverageText == "33.3" && !fr.meets(minimum: 34) && fr.meets(minimum: 33.3))
        #expect(table.languages.first?.isSource == true, "the source first")
    }

    @Test("i18next ordinals follow the ordinal rules, and a lone key_ordinal_other is the whole plural where the rules have only other")
    func ordinals() throws {
        let directory = TemporaryDirectory()
        directory.write(
            "res/en/translation.json",
            #"{"place_ordinal_one": "{{count}}st", "place_ordinal_two": "{{count}}nd", "place_ordinal_few": "{{count}}rd", "place_ordinal_other": "{{count}}th"}"#
        )
        directory.write("res/es/translation.json", #"{"place_ordinal_other": "{{count}}.º"}"#)
        directory.write("res/fr/translation.json", #"{"place_ordinal_other": "{{count}}e"}"#)
        let table = try #require(try TranslationCoverage.read(directories: [directory.path + "/res"]).tables.first)
        let es = try #require(table.languages.first { $0.language == "es" })
        let fr = try #require(table.languages.first { $0.language == "fr" })
        #expect(table.languages.first?.pluralGaps.isEmpty == true, "English ordinals: one, two, few, other")
        #expect(es.missingKeys.isEmpty && es.pluralGaps.isEmpty && es.translated == 1, "Spanish ordinals have only other")
        #expect(fr.pluralGaps.map(\.missing) == [["one"]], "French ordinals: one (1er), other")
    }

    @Test("a format registered by a test is reported with nothing else to change")
    func registeredFormat() throws {
        let directory = TemporaryDirectory()
        directory.write("kv/en.kv", "a=A\nb=B\n")
        directory.write("kv/de.kv", "a=Ah\n")
        let registry = TranslationFormatRegistry.standard.registering(KeyValueFormat())
        let coverage = try TranslationCoverage.read(directories: [directory.path + "/kv"], registry: registry)
        #expect(coverage.tables.map(\.format) == ["kv"])
        #expect(coverage.tables.first?.languages.map(\.coverageText) == ["100.0", "50.0"])
    }

    @Test("the page escapes every text from the files, and its rows carry the JSON's numbers")
    func page() throws {
        let directory = TemporaryDirectory()
        directory.write("<i>res&\"/en/translation.json", #"{"<script>x</script>": "a", "b\"&'": "b"}"#)
        directory.write("<i>res&\"/de/translation.json", #"{}"#)
        let coverage = try TranslationCoverage.read(directories: [directory.path + "/<i>res&\""])
        let html = coverage.htmlPage(minimum: 100)
        #expect(!html.contains("<script") && !html.contains("<i>"), "a key or a path is text, never markup")
        #expect(html.contains("&lt;i&gt;res&amp;&quot;"))
        #expect(html.contains("&lt;script&gt;x&lt;/script&gt;"))
        #expect(html.contains("data-key=\"b&quot;&amp;&apos;\""))
        #expect(html.contains("data-language=\"de\" data-source=\"false\" data-keys=\"2\" data-translated=\"0\" data-missing=\"2\""))
        #expect(html.contains("content=\"default-src 'none'; style-src 'unsafe-inline'\""), "nothing is loaded, no script runs")
        let json = coverage.json(minimum: 100).jsonText()
        #expect(json.contains(#""missing":2,"untranslated":0,"coverage":0.0,"meetsMinimum":false"#), "\(json)")
    }
}
