import AppleLocalization
import Testing
import TranslationFormats

@Suite("SourceLanguageRule: the one answer to which language is the source")
struct SourceLanguageRuleTests {
    static let document = SourceLanguageRule.Declaration(language: "fr", origin: "environments/environments.json")

    func resolve(_ rule: SourceLanguageRule, _ languages: [String], recorded: String? = nil) throws -> (String, String?) {
        let (language, warning) = try rule.resolve(languages: languages, recorded: recorded, table: "the Localizable table (xcstrings)", file: "res")
        return (language, warning?.message)
    }

    @Test("--source-language wins over everything, with a warning naming both when the files record another")
    func option() throws {
        #expect(
            try resolve(.init(option: "ru", document: Self.document), ["de", "en", "fr", "ru"], recorded: "de")
                == ("ru", "the Localizable table (xcstrings) records the source language de; ru (from --source-language) is used instead"))
        #expect(try resolve(.init(option: "de"), ["de", "en"], recorded: "de") == ("de", nil))
        // Even a language the table lacks: the caller that needs its text says so.
        #expect(try resolve(.init(option: "ja"), ["de", "en"]).0 == "ja")
    }

    @Test("the document's development language comes next when the table has it (or has no language yet)")
    func document() throws {
        #expect(
            try resolve(.init(document: Self.document), ["de", "en", "fr"], recorded: "de")
                == ("fr", "the Localizable table (xcstrings) records the source language de; fr (from environments/environments.json) is used instead"))
        #expect(try resolve(.init(document: Self.document), ["de", "en"], recorded: "de") == ("de", nil))
        #expect(try resolve(.init(document: Self.document), ["de", "en"]) == ("en", nil))
        #expect(try resolve(.init(document: Self.document), []) == ("fr", nil))
    }

    @Test("then what the files record, then en, then the only language")
    func fallbacks() throws {
        #expect(try resolve(.init(), ["de", "en"], recorded: "de") == ("de", nil))
        #expect(try resolve(.init(), ["de", "en", "fr"]) == ("en", nil))
        #expect(try resolve(.init(), []) == ("en", nil))
        #expect(try resolve(.init(), ["pt-BR"]) == ("pt-BR", nil))
    }

    @Test("else a usage error that lists the languages and names the option")
    func unknown() {
        do throws(TranslationError) {
            _ = try SourceLanguageRule().resolve(languages: ["fr", "de"], recorded: nil, table: "the translation table (i18next)", file: "res")
            Issue.record("no error")
        } catch {
            #expect(error.kind == .usage)
            #expect(error.diagnostic.file == "res")
            #expect(error.diagnostic.message.contains("the source language of the translation table (i18next) is not known"))
            #expect(error.diagnostic.message.hasSuffix("it has de, fr; pass --source-language"))
        }
    }
}

@Suite("The source language's file is written even without texts of its own")
struct SourceLanguageFileTests {
    @Test(
        "a catalog whose keys are their English text (no en localizations) keeps its source language through i18next, .po and .strings, without --source-language",
        arguments: ["i18next", "po", "strings"])
    func keysAsSourceText(format: String) throws {
        let directory = TemporaryDirectory()
        directory.write(
            "in/Localizable.xcstrings",
            #"""
            {
              "sourceLanguage" : "en",
              "strings" : {
                "Hello" : { "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "Hallo" } }, "fr" : { "stringUnit" : { "state" : "translated", "value" : "Bonjour" } } } }
              },
              "version" : "1.0"
            }
            """#)
        var converter = TranslationConverter()
        try converter.read(directory.path + "/in/Localizable.xcstrings")
        let target = try #require(TranslationFormatRegistry.standard.format(named: format))
        let outputs = try converter.plan(target, to: directory.path + "/mid")
        let paths = outputs.compactMap(\.relativePath)
        #expect(paths.contains { $0.hasPrefix("en/") || $0.hasPrefix("en.lproj/") }, "\(paths)")
        #expect(!converter.issues.contains { $0.reason.contains("records no source language") }, "\(converter.issues)")
        for output in outputs { directory.write("mid/" + (output.relativePath ?? ""), String(decoding: output.data, as: UTF8.self)) }
        let written = try directory.catalog(readingBack: "mid", format: target)
        #expect(written.contains(#""sourceLanguage" : "en""#), "\(written)")
        #expect(!written.contains(#""en" :"#), "\(written)")
    }
}
