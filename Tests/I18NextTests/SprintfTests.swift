import Foundation
import Testing

@testable import I18Next

/// The sprintf post-processor against sprintf-js 1.1.3's results (each expected value is what
/// `vsprintf(template, [argument])` returns in node).
@Suite("sprintf post-processor as sprintf-js")
struct SprintfTests {
    static func format(_ template: String, _ arguments: [I18nValue]) -> (I18nValue, [String]) {
        let warnings = WarningLog()
        var options = I18NextOptions()
        options.lng = "en"
        options.resources = ["en": ["translation": ["k": .string(template)]]]
        options.warningHandler = warnings.handler
        let result = I18Next(options: options).t("k", ["postProcess": "sprintf", "sprintf": .array(arguments)])
        return (result, warnings.all)
    }

    @Test(
        "integer conversions follow parseInt and >>> 0: NaN, ±Infinity, negatives and huge values never trap",
        arguments: [
            ("%x", I18nValue.number(.nan), "0"), ("%x", .number(.infinity), "0"), ("%X", .number(-1), "FFFFFFFF"),
            ("%o", .number(-8), "37777777770"), ("%u", .number(-1), "4294967295"), ("%u", .number(1e21), "1"),
            ("%x", .number(4294967296), "0"), ("%b", .number(-5), "-101"), ("%b", .number(.nan), "NaN"),
            ("%b", .number(-.infinity), "NaN"), ("%c", .number(65), "A"), ("%c", .number(.nan), "\u{0}"),
            ("%d", .number(.nan), "-NaN"), ("%d", .number(-0.0), "0"), ("%d", .number(1e308), "1"),
            ("%i", .number(-2.5), "-2"), ("%+d", .number(5), "+5"), ("%05d", .number(-42), "-0042"),
            ("%'*8s", .string("ab"), "******ab"), ("%-4d|", .number(7), "7   |"),
        ])
    func integers(template: String, argument: I18nValue, expected: String) {
        #expect(Self.format(template, [argument]).0 == .string(expected))
    }

    @Test(
        "floating conversions follow toFixed, toExponential and toPrecision",
        arguments: [
            ("%.2f", I18nValue.number(2.345), "2.35"), ("%.0f", .number(0.5), "1"), ("%.0f", .number(2.5), "3"),
            ("%.1f", .number(-0.25), "-0.3"), ("%f", .number(1e-7), "1e-7"), ("%.2f", .number(1e21), "1e+21"),
            ("%e", .number(123456), "1.23456e+5"), ("%.2e", .number(0.000123), "1.23e-4"), ("%.3g", .number(1234.5), "1230"),
            ("%.2f", .string("3.14159"), "3.14"), ("%f", .number(.infinity), "Infinity"), ("%.1f", .number(.nan), "-NaN"),
            ("%.0e", .number(-65), "-7e+1"), ("%.1e", .string("-0"), "0.0e+0"), ("%0.1g", .number(-2.5), "-3"), ("%.1e", .number(0.25), "2.5e-1"),
        ])
    func floats(template: String, argument: I18nValue, expected: String) {
        #expect(Self.format(template, [argument]).0 == .string(expected))
    }

    @Test(
        "the strings \"nan\" and \"inf\" are not numbers: sprintf-js throws, so the value stays unformatted with a warning",
        arguments: ["nan", "inf", "abc", "12px"])
    func notNumbers(text: String) {
        let (result, warnings) = Self.format("%d items", [.string(text)])
        #expect(result == "%d items")
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("expecting number but found string") == true)
    }

    @Test(
        "what sprintf-js throws on leaves the translation unformatted with one warning",
        arguments: ["%.101f", "%.0g", "%5$", "%(a)s %s", "%(1x)s", "%99999999999d"])
    func rejected(template: String) {
        let (result, warnings) = Self.format(template, [.number(1)])
        #expect(result == .string(template))
        #expect(warnings.count == 1)
    }

    @Test("named and positional arguments, %%, and types")
    func arguments() {
        var options = I18NextOptions()
        options.lng = "en"
        options.resources = ["en": ["translation": ["n": "%(user.name)s is %(user.age)d", "p": "%2$s %1$s %%", "t": "%T %T %t %j"]]]
        let i18n = I18Next(options: options)
        #expect(i18n.t("n", ["postProcess": "sprintf", "sprintf": ["user": ["name": "Ada", "age": 36.9]]]) == "Ada is 36")
        #expect(i18n.t("p", ["postProcess": "sprintf", "sprintf": ["a", "b"]]) == "b a %")
        #expect(i18n.t("t", ["postProcess": "sprintf", "sprintf": [.null, [1], 0, ["k": true]]]) == #"null array false {"k":true}"#)
    }
}

@Suite("JavaScript number conversions")
struct JSNumberTests {
    @Test(
        "Number(text) accepts only JavaScript's numeric literals",
        arguments: [(String, Double)](
            [(" 12 ", 12.0), ("", 0), ("0x1A", 26), ("1e3", 1000), ("-Infinity", -Double.infinity), (".5", 0.5), ("5.", 5)]
        ))
    func numbers(text: String, expected: Double) {
        #expect(JSNumber.number(text) == expected)
    }

    @Test("Number(text) is NaN for what Swift's Double(text) would read", arguments: ["nan", "inf", "infinity", "0x1p3", "1e", "--1", "1 2"])
    func notNumbers(text: String) {
        #expect(JSNumber.number(text).isNaN)
    }

    @Test("parseInt and parseFloat read a prefix")
    func prefixes() {
        #expect(JSNumber.parseInt("12px") == 12)
        #expect(JSNumber.parseInt("1e21") == 1)
        #expect(JSNumber.parseInt("nan").isNaN)
        #expect(JSNumber.parseFloat("1.5e3x") == 1500)
        #expect(JSNumber.parseFloat("Infinityx") == .infinity)
        #expect(JSNumber.parseFloat("inf").isNaN)
    }

    @Test(
        "ToString switches to exponent notation below 1e-6 and from 1e21",
        arguments: [
            (1e-7, "1e-7"), (0.000001, "0.000001"), (1.5e-10, "1.5e-10"), (1e21, "1e+21"), (123456789012, "123456789012"),
        ])
    func strings(value: Double, expected: String) {
        #expect(JSNumber.string(value) == expected)
    }
}
