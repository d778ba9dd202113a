import Foundation
import Testing

@testable import I18Next

@Suite("i18next engine behaviour beyond the corpus")
struct EngineTests {
    func engine(_ resources: I18nObject, _ configure: (inout I18NextOptions) -> Void = { _ in }) -> I18Next {
        var options = I18NextOptions()
        options.lng = "en"
        options.resources = ["en": .object(resources)]
        configure(&options)
        return I18Next(options: options)
    }

    @Test("keys are compared by code units: NFC and NFD are different keys")
    func unicodeKeys() {
        let i18n = engine(["translation": ["caf\u{E9}": "precomposed", "cafe\u{301}": "combining"]])
        #expect(i18n.t("caf\u{E9}") == "precomposed")
        #expect(i18n.t("cafe\u{301}") == "combining")
    }

    @Test("a nesting cycle of any length ends, without overflowing the stack")
    func nestingCycles() {
        let i18n = engine(["translation": ["a": "A $t(b)", "b": "B $t(c)", "c": "C $t(a)"]])
        guard case .string(let text) = i18n.t("a") else { Issue.record("expected a string"); return }
        #expect(text.hasPrefix("A B C A B C"))
    }

    @Test("sprintf post-processing, positional and named")
    func sprintf() {
        let i18n = engine(["translation": ["s": "%s has %d items (%2$d)", "n": "Hello %(name)s", "f": "%.2f%%"]])
        #expect(i18n.t("s", ["postProcess": "sprintf", "sprintf": ["Ann", 3]]) == "Ann has 3 items (3)")
        #expect(i18n.t("n", ["postProcess": "sprintf", "sprintf": ["name": "Bo"]]) == "Hello Bo")
        #expect(i18n.t("f", ["postProcess": "sprintf", "sprintf": [2.345]]) == "2.35%")
    }

    /// One key with no options or with variables only takes a shorter path (Translator's
    /// `stringWithoutOptions`); these are the cases where it must step aside or give the same answer.
    @Test("calls with no options or variables only find what the general path finds")
    func lookupWithoutOptions() {
        var resources: I18nObject = [
            "translation": [
                "plain": "Plain", "empty": "", "number": 5, "obj": ["x": "X"],
                "withVar": "Hi {{name}}", "nest": "N $t(plain)", "raw": "{{- html}}",
            ],
            "common": ["onlyCommon": "From common {{name}}"],
        ]
        var i18n = engine(resources) { options in
            options.fallbackNS = ["common"]
            options.returnEmptyString = false
            options.fallbackLng = .list(["dev"])
            options.ns = ["translation", "common"]
        }
        i18n.addResourceBundle(language: "dev", namespace: "translation", resources: ["empty": "from dev {{name}}"])
        #expect(i18n.t("plain") == "Plain")
        #expect(i18n.t("plain", ["name": "Ann"]) == "Plain")
        #expect(i18n.t("withVar", ["name": "<b>"]) == "Hi &lt;b&gt;")
        #expect(i18n.t("raw", ["html": "<b>"]) == "<b>")
        #expect(i18n.t("nest", ["name": "Ann"]) == "N Plain")
        // An empty string is not a valid value here: the next language has the key.
        #expect(i18n.t("empty", ["name": "Ann"]) == "from dev Ann")
        // The fallback namespace, after every language of the default one.
        #expect(i18n.t("onlyCommon", ["name": "Ann"]) == "From common Ann")
        // Not strings: the general path answers.
        #expect(i18n.t("number") == .integer(5))
        #expect(i18n.t("obj") == "key 'obj (en)' returned an object instead of string.")
        #expect(i18n.t("common:onlyCommon", ["name": "Bo"]) == "From common Bo")
        #expect(i18n.t("missing", ["name": "Ann"]) == "missing")
        // A cardinal count: key_zero for 0, the plural key, then the key itself, in each language.
        let plurals = engine([
            "translation": [
                "item_zero": "none", "item_one": "{{count}} item", "item_other": "{{count}} items",
                "bare": "bare {{count}}",
            ]
        ])
        #expect(plurals.t("item", ["count": 0]) == "none")
        #expect(plurals.t("item", ["count": 1]) == "1 item")
        #expect(plurals.t("item", ["count": 5]) == "5 items")
        #expect(plurals.t("bare", ["count": 2]) == "bare 2")
        #expect(plurals.t("item", ["count": "3"]) == "item")
        #expect(plurals.t("item", ["count": 1, "ordinal": true]) == "1 item")
        // Interpolation settings in the call name other prefixes: the value is extended with them.
        let brackets = engine(["translation": ["greet": "Hello [[name]]", "see": "see $(plain)", "plain": "P"]])
        let custom: I18nValue = ["prefix": "[[", "suffix": "]]", "nestingPrefix": "$(", "nestingSuffix": ")"]
        #expect(brackets.t("greet", ["name": "Ann", "interpolation": custom]) == "Hello Ann")
        #expect(brackets.t("greet", ["count": 2, "name": "Ann", "interpolation": custom]) == "Hello Ann")
        #expect(brackets.t("see", ["interpolation": custom]) == "see P")
        // Placeholder and nesting keys are trimmed as JavaScript's trim() trims: Unicode spaces too.
        let spaces = engine(["translation": ["k": "Hi {{ \u{00A0}name}}", "a": "$t( \u{3000}plain)", "plain": "P"]])
        #expect(spaces.t("k", ["name": "Ann"]) == "Hi Ann")
        #expect(spaces.t("a") == "P")
        // A post-processor set in the options applies to plain values too.
        resources["translation"] = ["k": "value"]
        i18n = engine(resources) { $0.postProcess = ["upper"] }
        i18n.addPostProcessor(PostProcessor(name: "upper") { value, _, _ in .string(value.jsString.uppercased()) })
        #expect(i18n.t("k") == "VALUE")
        #expect(i18n.t("k", ["name": "Ann"]) == "VALUE")
        // cimode answers with the key.
        i18n.changeLanguage("cimode")
        #expect(i18n.t("k") == "k")
    }

    @Test("custom post-processors run when named")
    func postProcessor() {
        let i18n = engine(["translation": ["k": "value"]])
        i18n.addPostProcessor(PostProcessor(name: "upper") { value, _, _ in .string(value.jsString.uppercased()) })
        #expect(i18n.t("k", ["postProcess": "upper"]) == "VALUE")
        #expect(i18n.t("k") == "value")
    }

    @Test("saveMissing reports each missing key with its fallback languages")
    func saveMissing() {
        final class Recorder: @unchecked Sendable {
            // @unchecked: written only from the synchronous t() calls of this test.
            var calls: [String] = []
        }
        let recorder = Recorder()
        let i18n = engine(["translation": ["here": "x"]]) { options in
            options.saveMissing = true
            options.fallbackLng = .list(["en"])
            options.missingKeyHandler = { languages, namespace, key, _ in recorder.calls.append("\(languages):\(namespace):\(key)") }
        }
        _ = i18n.t("here")
        _ = i18n.t("gone")
        _ = i18n.t("item", ["count": 2])
        #expect(recorder.calls == ["[\"en\"]:translation:gone", "[\"en\"]:translation:item_one", "[\"en\"]:translation:item_other"])
    }

    @Test("v1 with an empty key separator still fills __name__ and reads nested variables whole", arguments: ["", "."])
    func legacyEmptyKeySeparator(separator: String) throws {
        var options = try I18NextOptions(json: ["compatibilityJSON": "v1", "lng": "en", "keySeparator": .string(separator)])
        options.resources = ["en": ["translation": ["hi": "Hi __name__, __user.role__"]]]
        let i18n = I18Next(options: options)
        #expect(i18n.t("hi", ["name": "Ada", "user": ["role": "admin"], "user.role": "flat"]) == (separator.isEmpty ? "Hi Ada, flat" : "Hi Ada, admin"))
    }

    @Test("compatibilityJSON v3: key_plural for two forms, gettext indices otherwise")
    func v3() throws {
        var options = try I18NextOptions(json: ["compatibilityJSON": "v3", "lng": "en"])
        options.resources = [
            "en": ["translation": ["apple": "one apple", "apple_plural": "{{count}} apples"]],
            "ru": ["translation": ["file_0": "{{count}} файл", "file_1": "{{count}} файла", "file_2": "{{count}} файлов"]],
        ]
        let i18n = I18Next(options: options)
        #expect(i18n.t("apple", ["count": 1]) == "one apple")
        #expect(i18n.t("apple", ["count": 3]) == "3 apples")
        #expect(i18n.t("file", ["count": 1, "lng": "ru"]) == "1 файл")
        #expect(i18n.t("file", ["count": 3, "lng": "ru"]) == "3 файла")
        #expect(i18n.t("file", ["count": 5, "lng": "ru"]) == "5 файлов")
    }

    @Test("fixedT binds language, namespace and key prefix")
    func fixedT() {
        var options = I18NextOptions()
        options.lng = "en"
        options.ns = ["translation", "admin"]
        options.resources = ["en": ["admin": ["page": ["title": "Admin"]]], "de": ["admin": ["page": ["title": "Verwaltung"]]]]
        let i18n = I18Next(options: options)
        let t = i18n.fixedT(language: "de", namespace: "admin", keyPrefix: "page")
        #expect(t("title") == "Verwaltung")
        #expect(t("title", ["lng": "en"]) == "Admin")
        #expect(i18n.t("title", ["keyPrefix": "page", "ns": "admin"]) == "title", "plain t() ignores keyPrefix, as i18next")
    }

    @Test("changeLanguage switches translations")
    func changeLanguage() {
        var options = I18NextOptions()
        options.lng = "en"
        options.resources = ["en": ["translation": ["hi": "Hi"]], "es": ["translation": ["hi": "Hola"]]]
        let i18n = I18Next(options: options)
        #expect(i18n.t("hi") == "Hi")
        i18n.changeLanguage("es-MX")
        #expect(i18n.language == "es-MX")
        #expect(i18n.t("hi") == "Hola")
    }

    @Test("malformed init options and JSON name the problem")
    func errors() {
        #expect(throws: I18NextError.self) { try I18NextOptions(json: ["load": "sometimes"]) }
        do {
            _ = try I18nValue(jsonData: Data("{\"a\": \n 1,}".utf8), source: "en/common.json")
            Issue.record("expected an error")
        } catch {
            #expect(error.description.hasPrefix("en/common.json:2:4: error:"))
        }
    }
}
