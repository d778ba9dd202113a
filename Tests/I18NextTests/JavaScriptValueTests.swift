import Foundation
import JSONParsing
import Testing

@testable import I18Next

/// The engine reads JSONParsing's one value model with JavaScript's eyes: a number is a number
/// however it was spelled, and it is written back as JavaScript writes it.
@Suite("JSON values as JavaScript sees them")
struct JavaScriptValueTests {
    func engine(_ resources: I18nObject) -> I18Next {
        var options = I18NextOptions()
        options.lng = "en"
        options.resources = ["en": .object(resources)]
        return I18Next(options: options)
    }

    @Test(
        "an integer, a Double and a literal holding one number pick the same plural form",
        arguments: [I18nValue.integer(1), .number(1), .numberLiteral("1.0e0")])
    func countSpellings(count: I18nValue) {
        let i18n = engine(["translation": ["item_one": "one item", "item_other": "{{count}} items"]])
        #expect(i18n.t("item", ["count": count]) == "one item")
    }

    @Test("counts parsed from JSON text interpolate as JavaScript writes them")
    func parsedCounts() throws {
        let options = try I18nValue(jsonData: Data(#"{"a": 5, "b": 2.50, "c": 1e21, "d": 18446744073709551616}"#.utf8))
        guard case .object(let values) = options else { Issue.record("expected an object"); return }
        let i18n = engine(["translation": ["k": "{{a}} {{b}} {{c}} {{d}}"]])
        #expect(i18n.t("k", TranslationOptions(values)) == "5 2.5 1e+21 18446744073709552000")
    }

    @Test("the engine's equality: numbers by value, never a string for a number")
    func sameValue() {
        #expect(I18nValue.integer(1).isSameJavaScriptValue(as: .number(1)))
        #expect(I18nValue.numberLiteral("1e400").isSameJavaScriptValue(as: .number(.infinity)))
        #expect(I18nValue.number(.nan).isSameJavaScriptValue(as: .number(.nan)))
        #expect(I18nValue.array([.integer(2), ["x": .integer(3)]]).isSameJavaScriptValue(as: [.number(2), ["x": .number(3)]]))
        #expect(!I18nValue.string("1").isSameJavaScriptValue(as: .integer(1)))
        #expect(!I18nValue.integer(1).isSameJavaScriptValue(as: .bool(true)))
        #expect(!I18nValue.object(["x": .integer(1)]).isSameJavaScriptValue(as: ["x": .integer(1), "y": .null]))
        // The structural == of the model still tells the spellings apart.
        #expect(I18nValue.integer(1) != .number(1))
    }

    static let javaScriptTexts: [(JSONValue, String)] = [
        (.number(5), "5"), (.number(-0.0), "0"), (.number(1e21), "1e+21"), (.number(1e-7), "1e-7"),
        (.number(0.000001), "0.000001"), (.number(.nan), "null"), (.numberLiteral("1e400"), "null"),
        (.integer(9007199254740993), "9007199254740992"), (.number(1e20), "100000000000000000000"), (.number(9.5e18), "9500000000000000000"),
        (.numberLiteral("0.10000000000000000001"), "0.1"),
        (.object(["a": .number(2.5), "b": .array([.integer(1), .string("x")])]), #"{"a":2.5,"b":[1,"x"]}"#),
    ]

    @Test("JSON text with JavaScript numbers, as JSON.stringify writes them", arguments: javaScriptTexts)
    func javaScriptNumbers(value: JSONValue, expected: String) {
        #expect(value.jsonText(numberStyle: .javaScript) == expected)
    }

    @Test("pretty JavaScript JSON text indents as the plain writer does")
    func prettyJavaScript() {
        let value: JSONValue = ["a": .number(3), "b": [], "c": [.number(0.5)]]
        #expect(value.jsonText(pretty: true, numberStyle: .javaScript) == "{\n  \"a\": 3,\n  \"b\": [],\n  \"c\": [\n    0.5\n  ]\n}")
        #expect(value.jsonText(pretty: true, numberStyle: .asRead) == value.jsonText(pretty: true))
    }

    @Test("an object result is written with JavaScript numbers")
    func objectResult() {
        let i18n = engine(["translation": ["o": ["n": .number(3), "m": .numberLiteral("1.50")]]])
        #expect(i18n.string("o", ["returnObjects": true]) == #"{"n":3,"m":1.5}"#)
    }
}
