import Foundation
import PrintfFormat
import Testing

@testable import I18Next

/// The assertions of i18next-ios's unit tests (its `spec/*.m`), transcribed into
/// `Fixtures/i18next-ios/cases.json` (the README there says how) and run on the
/// `compatibilityJSON: "ios"` flavour. Every `it(…)` of every spec is a case, or is listed under
/// `skipped` with the reason envtool does not follow it; nothing is left out silently.
@Suite("i18next-ios corpus")
struct IOSCorpusTests {
    static let directory = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/i18next-ios")

    struct Case: Sendable, CustomTestStringConvertible {
        let id: String
        let spec: String
        let test: String
        let initOptions: I18nObject
        let calls: [I18nObject]
        var testDescription: String { "\(id) (\(spec))" }
    }

    struct Skipped: Sendable {
        let spec: String
        let test: String
        /// One assertion of a test whose other assertions run, or `nil` for the whole test.
        let assertion: String?
        let reason: String
    }

    static let root: I18nObject = {
        guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent("cases.json").path),
            case .object(let root) = try? I18nValue(jsonData: data, source: "cases.json")
        else { return I18nObject() }
        return root
    }()

    static let cases: [Case] = {
        guard case .array(let list)? = root["cases"] else { return [] }
        return list.compactMap { value in
            guard case .object(let object) = value, case .string(let id)? = object["id"], case .string(let spec)? = object["spec"],
                case .string(let test)? = object["test"], case .object(let initOptions)? = object["init"],
                case .array(let calls)? = object["calls"]
            else { return nil }
            return Case(
                id: id, spec: spec, test: test, initOptions: initOptions,
                calls: calls.compactMap { if case .object(let call) = $0 { return call } else { return nil } })
        }
    }()

    static let skipped: [Skipped] = {
        guard case .array(let list)? = root["skipped"] else { return [] }
        return list.compactMap { value in
            guard case .object(let object) = value, case .string(let spec)? = object["spec"], case .string(let test)? = object["test"],
                case .string(let reason)? = object["reason"]
            else { return nil }
            return Skipped(spec: spec, test: test, assertion: object["assertion"]?.stringValue, reason: reason)
        }
    }()

    /// The spec files of i18next-ios at 8c517f5 that hold tests (I18NextSpecHelper only sets them up).
    static let specFiles: Set<String> = [
        "I18NextSpec", "I18NextPluralsSpec", "I18NextLanguageBundles", "I18NextLoadBehaviorSpec", "I18NextLoadSpec",
        "I18NextLocalCacheSpec", "I18NextNamespaceSpec", "I18NextTranslationArraySpec", "I18NextTranslationContextSpec",
        "I18NextTranslationDefaultValueSpec", "I18NextTranslationEmptyValueSpec", "I18NextTranslationExistsSpec",
        "I18NextTranslationInterpolationSpec", "I18NextTranslationMissingKeySpec", "I18NextTranslationNestingSpec",
        "I18NextTranslationNullValueSpec", "I18NextTranslationObjectValueSpec", "I18NextTranslationPluralsSpec",
        "I18NextTranslationSprintfSpec",
    ]

    @Test("the corpus is complete: every spec file is transcribed, and every skipped test names its reason")
    func complete() {
        #expect(Self.cases.count == 68, "expected the corpus at \(Self.directory.path)")
        #expect(Self.cases.reduce(0) { $0 + $1.calls.count } == 167)
        #expect(Set(Self.cases.map(\.id)).count == Self.cases.count, "case ids are unique")
        #expect(Set(Self.cases.map(\.spec) + Self.skipped.map(\.spec)) == Self.specFiles)
        #expect(Self.skipped.count == 5)
        for skip in Self.skipped {
            #expect(skip.reason.count > 40, "\(skip.test): say why")
            // A whole test skipped is not also run; a test run in part names the assertion left out.
            let ran = Self.cases.contains { $0.spec == skip.spec && $0.test == skip.test }
            #expect(ran == (skip.assertion != nil), "\(skip.test)")
        }
        for testCase in Self.cases {
            #expect(testCase.initOptions["compatibilityJSON"] == .string("ios"), "\(testCase.id)")
        }
    }

    @Test("each case gives i18next-ios's results", arguments: cases)
    func run(testCase: Case) throws {
        let i18n = I18Next(options: try I18NextOptions(json: testCase.initOptions, source: testCase.id))
        for call in testCase.calls {
            if let key = call["exists"]?.stringValue {
                #expect(i18n.exists(key) == (call["expected"] == .bool(true)), "\(testCase.id): exists(\(key))")
            } else if call["language"] != nil {
                #expect(i18n.languages.first.map(I18nValue.string) == call["expected"], "\(testCase.id): the language is \(i18n.languages)")
            } else if case .array(let languages)? = call["pluralRules"] {
                #expect(Set(LegacyPluralRule.iosTable.keys) == Set(languages.compactMap(\.stringValue)), "\(testCase.id)")
            } else if case .array(let languages)? = call["pluralRulesValid"] {
                for language in languages.compactMap(\.stringValue) {
                    let rule = LegacyPluralRule.iosTable[language]
                    #expect(rule != nil, "\(language) has a rule")
                    if let rule { #expect(rule.index(for: 0) < rule.numbers.count, "\(language): the form of 0 is one of its numbers") }
                }
            } else {
                let result = translate(i18n, call)
                let shown = "\(testCase.id): t(\(call["key"]?.jsonText() ?? ""), \(call["options"]?.jsonText() ?? "{}")) = \(result.jsonText())"
                if let expected = call["expected"] { #expect(result.isSameJavaScriptValue(as: expected), "\(shown)") }
                if let unexpected = call["expectedNot"] { #expect(!result.isSameJavaScriptValue(as: unexpected), "\(shown)") }
                if case .object(let other)? = call["sameAs"] {
                    #expect(result.isSameJavaScriptValue(as: translate(i18n, other)), "\(shown), like t(\(I18nValue.object(other).jsonText()))")
                }
            }
        }
    }

    private func translate(_ i18n: I18Next, _ call: I18nObject) -> I18nValue {
        var options = I18nObject()
        if case .object(let given)? = call["options"] { options = given }
        switch call["key"] {
        case .string(let key)?: return i18n.t(key, TranslationOptions(options))
        case .array(let keys)?: return i18n.t(keys.compactMap(\.stringValue), TranslationOptions(options))
        default: return .null
        }
    }

    // MARK: Where the flavour differs from v1, one by one

    static func engine(_ compatibility: String, _ resources: I18nObject, lng: String = "en-US") throws -> I18Next {
        try I18Next(
            options: I18NextOptions(
                json: [
                    "compatibilityJSON": .string(compatibility), "lng": .string(lng),
                    "resources": .object(resources),
                ], source: "test"))
    }

    @Test("sprintf arguments format Objective-C conversions without postProcess; v1 keeps sprintf-js and needs postProcess")
    func sprintf() throws {
        let resources: I18nObject = ["en-US": ["translation": ["k": "%@ has %d items at %.2f (%5.1f%%), %s, %x, %3$@ again"]]]
        let ios = try Self.engine("ios", resources)
        #expect(ios.t("k", ["sprintf": ["Ada", 3, 7.8]]) == "Ada has 3 items at 7.80 (%5.1f%), %s, %x, 7.8 again")
        #expect(ios.t("k") == "%@ has %d items at %.2f (%5.1f%%), %s, %x, %3$@ again")
        #expect(ios.t("k", ["sprintf": ["Ada", 3, 7.8], "postProcess": "sprintf"]) == "Ada has 3 items at 7.80 (%5.1f%), %s, %x, 7.8 again")
        let v1 = try Self.engine("v1", ["en-US": ["translation": ["k": "%s has %d"]]])
        #expect(v1.t("k", ["sprintf": ["Ada", 3]]) == "%s has %d")
        #expect(v1.t("k", ["sprintf": ["Ada", 3], "postProcess": "sprintf"]) == "Ada has 3")
    }

    @Test("an underscore in the language code finds the dashed resources, as the call's lang too")
    func underscore() throws {
        let resources: I18nObject = ["en-US": ["translation": ["a": "US"]], "en": ["translation": ["b": "EN"]], "pt-BR": ["translation": ["a": "BR"]]]
        let ios = try Self.engine("ios", resources, lng: "en_us")
        #expect(ios.t("a") == "US")
        #expect(ios.t("b") == "EN")
        #expect(ios.languages.first == "en-US")
        #expect(ios.t("a", ["lang": "pt_BR"]) == "BR")
        ios.changeLanguage("pt_br")
        #expect(ios.t("a") == "BR")
        let v1 = try Self.engine("v1", resources, lng: "en_US")
        #expect(v1.t("a") == "a")
    }

    @Test("an object is reported in i18next-ios's words, v1 in i18next 1.x's")
    func objectMessage() throws {
        let resources: I18nObject = ["en-US": ["translation": ["o": ["a": "A"]]]]
        #expect(try Self.engine("ios", resources).t("o") == "key 'translation:o (en-US)' returned an object instead of a string")
        #expect(try Self.engine("v1", resources).t("o") == "key 'translation:o (en-US)' returned an object instead of string.")
    }

    @Test("nesting with options: count and i18next-ios's names in the JSON, the call's variables passed on, an unclosed $t( kept")
    func nesting() throws {
        let resources: I18nObject = [
            "en-US": [
                "translation": [
                    "girls": "__count__ girl", "girls_plural": "__count__ girls", "greet": "Hi __name__", "ctx_male": "him",
                    "all": #"$t(girls, {"count": 3}), $t(greet), $t(greet, {"variables": {"name": "Bo"}}), $t(ctx, {"context": "male"})"#,
                    "open": "$t(greet) and $t(greet", "lng": #"$t(greet, {"lang": "de"})"#,
                ]
            ],
            "de": ["translation": ["greet": "Hallo __name__"]],
        ]
        let ios = try Self.engine("ios", resources)
        #expect(ios.t("all", ["variables": ["name": "Ada"]]) == "3 girls, Hi Ada, Hi Bo, him")
        #expect(ios.t("open", ["name": "Ada"]) == "Hi Ada and $t(greet")
        #expect(ios.t("lng", ["name": "Ada"]) == "Hallo Ada")
    }

    @Test("plural keys as i18next-ios chooses them: key_plural_1 for French 0 first, the singular when it is missing")
    func plurals() throws {
        let resources: I18nObject = [
            "fr": ["translation": ["k": "un", "k_plural": "plusieurs", "k_plural_1": "zéro ou un"]],
            "xx": ["translation": ["k": "one", "k_plural": "many"]],
        ]
        #expect(try Self.engine("ios", resources, lng: "fr").t("k", ["count": 0]) == "zéro ou un")
        #expect(try Self.engine("v1", resources, lng: "fr").t("k", ["count": 0]) == "un")
        #expect(try Self.engine("ios", resources, lng: "xx").t("k", ["count": 2]) == "many")
    }

    @Test("interpolation: no escaping, no __nameHTML__, values as Foundation describes them, only word names")
    func interpolation() throws {
        let resources: I18nObject = ["en-US": ["translation": ["k": "__a__ __aHTML__ __n__ __b__ __x y__ __c__"]]]
        let ios = try Self.engine("ios", resources)
        #expect(ios.t("k", ["a": "<b>", "n": 2.5, "b": true, "c": "C", "x y": "no"]) == "<b> __aHTML__ 2.5 1 __x y__ C")
    }

    @Test("i18next-ios's init option names are read; compatibilityJSON names the flavours when it is wrong")
    func initNames() throws {
        let options = try I18NextOptions(
            json: [
                "compatibilityJSON": "ios", "lang": "de_AT", "fallbackLang": .null, "namespaces": ["a", "b"], "defaultNamespace": "b",
                "fallbackNamespace": "a", "fallbackOnNull": false, "returnObjectTrees": true, "langLoadType": "current",
                "interpolationPrefix": "{", "interpolationSuffix": "}", "reusePrefix": "@(", "reuseSuffix": ")", "pluralSuffix": "_pl",
                "namespaceSeparator": "::", "lowercaseLang": true, "fallbackToDefaultNamespace": true, "resourcesStore": ["de-at": ["b": ["k": "v"]]],
            ], source: "test")
        #expect(options.lng == "de_AT")
        #expect(options.fallbackLng == I18NextOptions.FallbackLanguages.none)
        #expect(options.ns == ["a", "b"] && options.defaultNS == ["b"] && options.fallbackNS == ["a"])
        #expect(options.returnNull && options.returnObjects && options.load == .currentOnly && options.lowerCaseLng && options.fallbackToDefaultNS)
        #expect(options.interpolation.prefix == "{" && options.interpolation.suffix == "}")
        #expect(options.interpolation.nestingPrefix == "@(" && options.legacyPluralSuffix == "_pl" && options.nsSeparator == "::")
        let i18n = I18Next(options: options)
        #expect(i18n.languages.first == "de-at")
        #expect(i18n.t("k") == "v")
        #expect(throws: I18NextError.self) { try I18NextOptions(json: ["compatibilityJSON": "ios", "langLoadType": "sometimes"]) }
        do {
            _ = try I18NextOptions(json: ["compatibilityJSON": "v2"])
            Issue.record("v2 accepted")
        } catch {
            #expect("\(error)".contains(#""ios""#), "\(error)")
        }
    }
}

@Suite("Objective-C format strings (i18next-ios's sprintf)")
struct ObjectiveCFormatTests {
    @Test(
        "conversions as NSString prints them",
        arguments: [
            ("%@, %f, %.2f", ["a", 6.3, 7.8] as [I18nValue], "a, 6.300000, 7.80"),
            ("%d %i %ld %lld %u %hhd %hd", [3.9, -2, 1e10, 1e10, -1, 300, 70000], "3 -2 10000000000 10000000000 4294967295 44 4464"),
            (
                "%x %X %o %#x %08.3f %-5d| %+d %e %g %G", [255, 255, 8, 255, 3.14159, 42, 5, 12345.678, 0.0001, 1e20],
                "ff FF 10 0xff 0003.142 42   | +5 1.234568e+04 0.0001 1E+20"
            ),
            ("%2$@ %1$@ %2$@", ["one", "two"], "two one two"),
            ("%*d|%-*d|%.*f", [4, 7, 3, 1, 2, 3.14159], "   7|1  |3.14"),
            ("%5@|%-5@|%.2@|%5s|%-4s|%.3s", ["ab", "cd", "efgh", "ab", "é", "日本"], "ab|cd|efgh|   ab|é  |日"),
            ("%@ %@ %@ %@ %@", [.integer(3), .number(0.1), .bool(true), .null, .array(["a", "b c"])], "3 0.1 1 <null> (\n    a,\n    \"b c\"\n)"),
            ("%@", [.object(["b": 1, "a": "x y"])], "{\n    a = \"x y\";\n    b = 1;\n}"),
            ("%c%C%%|%3c|%-3c|", [65, 0x263A, 66, 67], "A☺%|  B|C  |"),
            ("%D %U %O", [4294967297, -1, 8], "1 4294967295 10"),
            ("%@ %d %s %*d", [], "%@ %d %s %*d"),
            ("100%, %y and %", ["x"], "100%, %y and %"),
            ("%d of %@", ["12", "n"], "12 of n"),
        ])
    func conversions(template: String, arguments: [I18nValue], expected: String) {
        #expect(ObjectiveCFormat.format(template, arguments) == expected)
    }

    @Test("widths and precisions stop at 1,024 instead of padding megabytes, as for every Apple format")
    func hugeWidth() {
        let text = ObjectiveCFormat.format("%99999999d!", [1])
        #expect(text.count == 1025 && text.hasSuffix("1!"), "\(text.count)")
        #expect(ObjectiveCFormat.format("%.99999999f", [1]).count == 1026)
    }

    @Test(
        "one answer whichever path formats: the i18next-ios sprintf and the Apple FormatString agree",
        arguments: [
            "%c|%5@|%D|%-3c|%C", "%n %d", "%d %s", "%.3s %5.1f %x", "%2$@ %1$d %%", "%*d|%.*f",
        ])
    func sameAsAppleFormats(template: String) {
        let values: [I18nValue] = [65, "abc", 4294967297, 0x263A, .number(2.5), .bool(true)]
        #expect(ObjectiveCFormat.format(template, values) == FormatString(template).format(values.map(ObjectiveCFormat.argument)))
    }
}
