import AppleLocalization
import Foundation
import I18Next
import Testing

@Suite("StringCatalog")
struct StringCatalogTests {
    static func catalog(_ json: String, path: String = "Localizable.xcstrings") throws(AppleLocalizationError) -> StringCatalog {
        try StringCatalog(data: Data(json.utf8), path: path)
    }

    @Test("reads the sample: source language, plurals, devices, table name")
    func sample() throws {
        let catalog = try StringCatalog(contentsOf: Fixtures.path("environments/Localizable.xcstrings"))
        #expect(catalog.sourceLanguage == "en")
        #expect(catalog.version == "1.0")
        #expect(catalog.table == "Localizable")
        #expect(catalog.languages == ["ar", "ca", "en", "es", "ru"])
        #expect(catalog.warnings.isEmpty)
        let files = try #require(catalog["files_count"]?.localizations["ar"])
        guard case .plural(let forms, _) = files.value else { Issue.record("not a plural variation"); return }
        #expect(Set(forms.keys) == [.zero, .one, .two, .few, .many, .other])
        guard case .device(let devices, _)? = catalog["continue_hint"]?.localizations["ru"]?.value else { Issue.record("not a device variation"); return }
        #expect(Set(devices.keys) == ["iphone", "mac", "other"])
    }

    @Test("substitutions become plural variables; %arg is the substitution's own argument")
    func substitutions() throws {
        let catalog = try Self.catalog(
            """
            {"sourceLanguage": "en", "strings": {"%lld files in %@": {"localizations": {"en": {
              "stringUnit": {"state": "translated", "value": "%#@files@ in %2$@"},
              "substitutions": {"files": {"argNum": 1, "formatSpecifier": "lld", "variations": {"plural": {
                "one": {"stringUnit": {"state": "translated", "value": "%arg file"}},
                "other": {"stringUnit": {"state": "translated", "value": "%arg files"}}}}}}}}}}}
            """)
        let localization = try #require(catalog["%lld files in %@"]?.localizations["en"])
        let files = try #require(localization.substitutions["files"])
        #expect(files.argumentNumber == 1)
        #expect(files.valueType == "lld")
        #expect(files.forms == [.one: "%1$lld file", .other: "%1$lld files"])
    }

    struct BadInput: Sendable, CustomTestStringConvertible {
        let name: String
        let json: String
        let expected: String
        var testDescription: String { name }
    }

    static let badInputs: [BadInput] = [
        BadInput(
            name: "malformed JSON", json: "{\n  \"sourceLanguage\": \"en\",\n  \"strings\": {,}\n}",
            expected: "bad.xcstrings:3:15: error: expected a key in double quotes, found ','"),
        BadInput(
            name: "plural without other",
            json: """
                {"sourceLanguage": "en", "strings": {"k": {"localizations": {"ru": {"variations": {
                    "plural": {"one": {"stringUnit": {"state": "translated", "value": "a"}}}}}}}}}
                """, expected: "bad.xcstrings:2:15: error: the plural variation of the ru localization of \"k\" lacks \"other\""),
        BadInput(
            name: "substitution reference without its substitution",
            json: """
                {"sourceLanguage": "en", "strings": {"k": {"localizations": {"en": {
                    "stringUnit": {"state": "translated", "value": "%#@count@"}}}}}}
                """, expected: "bad.xcstrings:2:52: error: %#@count@ in the en text of \"k\" has no substitution"),
        BadInput(
            name: "unknown state",
            json: """
                {"sourceLanguage": "en", "strings": {"k": {"localizations": {"en": {
                    "stringUnit": {"state": "done", "value": "x"}}}}}}
                """, expected: "bad.xcstrings:2:29: error: unknown state \"done\"; use translated, needs_review, new or stale"),
        BadInput(
            name: "missing source language", json: "{\"strings\": {}}",
            expected: "bad.xcstrings:1:1: error: the catalog lacks \"sourceLanguage\""),
        BadInput(
            name: "unknown plural category",
            json: """
                {"sourceLanguage": "en", "strings": {"k": {"localizations": {"en": {"variations": {"plural": {
                    "several": {"stringUnit": {"value": "x"}}, "other": {"stringUnit": {"value": "y"}}}}}}}}}
                """, expected: "bad.xcstrings:2:16: error: unknown plural category \"several\""),
        BadInput(
            name: "unit and variations together",
            json: """
                {"sourceLanguage": "en", "strings": {"k": {"localizations": {"en": {"stringUnit": {"value": "x"},
                    "variations": {"device": {}}}}}}}
                """, expected: "bad.xcstrings:1:68: error: the en localization of \"k\" has both \"stringUnit\" and \"variations\""),
        BadInput(
            name: "wrong type", json: "{\"sourceLanguage\": 3, \"strings\": {}}",
            expected: "bad.xcstrings:1:20: error: \"sourceLanguage\" must be a string"),
        BadInput(
            name: "negative argNum",
            json: """
                {"sourceLanguage": "en", "strings": {"k": {"localizations": {"en": {"stringUnit": {"value": "%#@n@"},
                    "substitutions": {"n": {"argNum": -1, "formatSpecifier": "lld", "variations": {"plural": {"other": {"stringUnit": {"value": "%arg"}}}}}}}}}}}
                """, expected: "bad.xcstrings:2:39: error: \"argNum\" of \"n\" must be a whole number from 1"),
    ]

    @Test("bad input is one positioned error naming the fix", arguments: badInputs)
    func badInput(_ input: BadInput) {
        do {
            _ = try Self.catalog(input.json, path: "bad.xcstrings")
            Issue.record("no error for \(input.name)")
        } catch {
            #expect(error.description.contains(input.expected), "\(error)")
        }
    }

    @Test("an entry keeps shouldTranslate, extractionState and each unit's state as written")
    func states() throws {
        let catalog = try Self.catalog(
            """
            {"sourceLanguage": "en", "strings": {"k": {"shouldTranslate": false, "extractionState": "stale",
              "localizations": {"de": {"stringUnit": {"state": "needs_review", "value": "x"}}}}}}
            """)
        let entry = try #require(catalog["k"])
        #expect(!entry.shouldTranslate)
        #expect(entry.extractionState == "stale")
        #expect(entry.localizations["de"]?.value == .unit(CatalogStringUnit(state: .needsReview, value: "x")))
    }

    @Test("an unknown device and an unused substitution are warnings")
    func warnings() throws {
        let catalog = try Self.catalog(
            """
            {"sourceLanguage": "en", "strings": {"k": {"localizations": {"en": {
              "variations": {"device": {"toaster": {"stringUnit": {"value": "x"}}, "other": {"stringUnit": {"value": "y"}}}},
              "substitutions": {"n": {"variations": {"plural": {"other": {"stringUnit": {"value": "%arg"}}}}}}}}}}}
            """)
        let messages = catalog.warnings.map(\.description)
        #expect(messages.contains { $0.hasPrefix("Localizable.xcstrings:2:40: warning: unknown device \"toaster\"") })
        #expect(
            messages.contains { $0.hasPrefix("Localizable.xcstrings:3:26: warning: the substitution \"n\" of the en text of \"k\" is not referenced by %#@n@") }
        )
    }

    @Test("device variations without other are a warning; other devices fall back")
    func deviceWithoutOther() throws {
        let catalog = try Self.catalog(
            """
            {"sourceLanguage": "en", "strings": {"k": {"localizations": {"en": {"variations": {"device": {"mac": {"stringUnit": {"value": "Click"}}}}}}}}}
            """)
        #expect(
            catalog.warnings.map(\.description) == [
                "Localizable.xcstrings:1:94: warning: the device variation of the en localization of \"k\" has no \"other\"; devices it does not name fall back to another language (at strings.k.localizations.en.variations.device)"
            ])
    }

    @Test("deeply nested JSON is refused, not a stack overflow")
    func deepNesting() {
        let json = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: AppleLocalizationError.self) { try Self.catalog(json) }
    }

    @Test("a formatSpecifier that is not a printf conversion is read as Xcode reads it: kept, %arg printed as an object")
    func textFormatSpecifier() throws {
        let catalog = try Self.catalog(
            """
            {"sourceLanguage": "en", "strings": {"welcome": {"localizations": {"en": {
              "stringUnit": {"state": "new", "value": "Welcome, %#@USERNAME@!"},
              "substitutions": {"USERNAME": {"formatSpecifier": "USERNAME", "variations": {"plural": {
                "one": {"stringUnit": {"state": "new", "value": "%arg user"}},
                "other": {"stringUnit": {"state": "new", "value": "users"}}}}}}}}}}}
            """)
        let variable = try #require(catalog["welcome"]?.localizations["en"]?.substitutions["USERNAME"])
        #expect(variable.valueType == "USERNAME")
        #expect(variable.forms == [.one: "%@ user", .other: "users"])
    }

    @Test(
        "Xcode's key order: punctuation, then digits by value, letters regardless of case, lowercase first",
        arguments: [
            // Pairs in the order Xcode wrote them in public catalogs.
            ("/", "%@"), ("?", "(%@)"), ("--", "%@ updated on %@."), ("(%lld)", "%lld"), ("**Status:** %@", "%lld issues"),
            ("© Cizzuk", "360 Search"), ("🎉", "Comment"), ("• To detect", "Accessibility"), ("・", "%@ %@"),
            ("available", "Available"), ("Faild to confirm %@", "Faild to Load Event List"), ("Invalid address: (%1$@)", "Invalid CRC"),
            ("Shared.Difficulty", "Shared.DJLevel"), ("lc.appList.installation", "lc.appList.installFromIpa"), ("item 2", "item 10"),
            ("zh-Hans", "zh-HK"), ("few", "many"), ("one", "other"), ("You’ve leveled up", "You've looped"), ("·", "("),
            ("Rename “%@”", "Rename %@ to:"), ("café", "cafés"), ("cafe", "café"),
        ])
    func xcodeOrder(first: String, second: String) {
        #expect(CatalogKeyOrder.precedes(first, second))
        #expect(!CatalogKeyOrder.precedes(second, first))
    }

    @Test("a new key goes into its place among keys in Xcode's order, after keys in another order; existing keys never move")
    func placing() {
        #expect(CatalogKeyOrder.placing(["item 3", "%d"], among: ["(%lld)", "item 2", "item 10"]) == ["(%lld)", "%d", "item 2", "item 3", "item 10"])
        #expect(CatalogKeyOrder.placing(["b", "a"], among: ["welcome", "days"]) == ["welcome", "days", "a", "b"])
        #expect(CatalogKeyOrder.placing([], among: ["z", "a"]) == ["z", "a"])
    }
}
