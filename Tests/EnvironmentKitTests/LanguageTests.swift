import Testing

@testable import EnvironmentKit
@testable import Environments

private func tags(_ codes: [String]) -> [LanguageTag] { codes.map { LanguageTag($0)! } }

@Suite("Language tags, system languages and matching")
struct LanguageTests {
    @Test(
        "tags are canonicalised",
        arguments: [
            ("EN", "en"), ("pt-br", "pt-BR"), ("zh-hant", "zh-Hant"), ("zh-HANT-tw", "zh-Hant-TW"), ("es-419", "es-419"),
        ])
    func canonical(input: String, expected: String) {
        #expect(LanguageTag(input)?.identifier == expected)
    }

    @Test("invalid tags are refused", arguments: ["", "e", "pt_BR", "en-", "toolonglanguage", "1a", "en-Ñ"])
    func invalid(input: String) {
        #expect(LanguageTag(input) == nil)
    }

    @Test(
        "POSIX locale names lose codeset and modifier",
        arguments: [
            ("es_ES.UTF-8@euro", "es-ES"), ("de_DE", "de-DE"), ("fr", "fr"), ("sr_RS@latin", "sr-Latn-RS"),
            ("pt_BR.ISO-8859-1", "pt-BR"), ("zh_TW.Big5", "zh-TW"),
        ])
    func posix(input: String, expected: String) {
        #expect(SystemLanguages.tag(fromPOSIXLocale: input)?.identifier == expected)
    }

    @Test("C and POSIX mean no preference", arguments: ["C", "POSIX", "C.UTF-8", ""])
    func cLocale(input: String) {
        #expect(SystemLanguages.tag(fromPOSIXLocale: input) == nil)
    }

    @Test("gettext order: LANGUAGE, then the first of LC_ALL, LC_MESSAGES, LANG")
    func gettextOrder() {
        #expect(SystemLanguages.preferred(environment: ["LANGUAGE": "ca:es_ES", "LANG": "en_US.UTF-8"]).map(\.identifier) == ["ca", "es-ES", "en-US"])
        #expect(SystemLanguages.preferred(environment: ["LC_ALL": "fr_FR", "LC_MESSAGES": "de_DE", "LANG": "es_ES"]).map(\.identifier) == ["fr-FR"])
        #expect(SystemLanguages.preferred(environment: ["LC_MESSAGES": "de_DE", "LANG": "es_ES"]).map(\.identifier) == ["de-DE"])
        #expect(SystemLanguages.preferred(environment: ["LC_ALL": "", "LANG": "es_ES"]).map(\.identifier) == ["es-ES"])
    }

    @Test("LANGUAGE is ignored when the locale is C, POSIX or unset, as gettext does")
    func languageIgnoredForC() {
        #expect(SystemLanguages.preferred(environment: ["LANGUAGE": "es", "LANG": "C"]).isEmpty)
        #expect(SystemLanguages.preferred(environment: ["LANGUAGE": "es", "LC_ALL": "POSIX", "LANG": "ca_ES"]).isEmpty)
        #expect(SystemLanguages.preferred(environment: ["LANGUAGE": "es"]).isEmpty)
    }

    @Test(
        "matching like Apple's",
        arguments: [
            (["es-MX"], ["en", "es", "ca"], "es"),
            (["es-ES"], ["en", "es-MX", "es"], "es"),
            (["ca-ES", "es"], ["en", "es", "ca"], "ca"),
            (["fr-FR", "es-ES"], ["en", "es", "ca"], "es"),
            (["pt-PT"], ["en", "pt-BR", "pt"], "pt"),
            (["pt-PT"], ["en", "pt-BR", "pt-PT"], "pt-PT"),
            (["pt-PT"], ["en", "pt-BR"], "pt-BR"),
            (["zh-TW"], ["en", "zh-Hans", "zh-Hant"], "zh-Hant"),
            (["zh-HK"], ["en", "zh-Hans", "zh-Hant"], "zh-Hant"),
            (["zh-CN"], ["en", "zh-Hant", "zh-Hans"], "zh-Hans"),
            (["zh-TW"], ["en", "zh-Hans"], nil),
            (["EN-gb"], ["en-GB", "en"], "en-GB"),
            (["de"], ["en", "es"], nil),
        ] as [([String], [String], String?)])
    func matching(preferred: [String], supported: [String], expected: String?) {
        #expect(LanguageMatcher.bestMatch(preferred: tags(preferred), supported: tags(supported))?.identifier == expected)
    }
}
