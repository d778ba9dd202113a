import Foundation
import Testing

@testable import I18Next

/// Number and currency formats with options Intl rejects: i18next logs the RangeError and keeps the
/// value unformatted; so do we, with a warning, and quickly.
@Suite("formats with options Intl rejects")
struct FormatTests {
    static func translate(_ template: String, _ options: TranslationOptions) -> (I18nValue, [String]) {
        let warnings = WarningLog()
        var setup = I18NextOptions()
        setup.lng = "en"
        setup.resources = ["en": ["translation": ["k": .string(template)]]]
        setup.warningHandler = warnings.handler
        let result = I18Next(options: setup).t("k", options)
        return (result, warnings.all)
    }

    @Test("a printf conversion carried as a format (as i18n convert writes %lld) prints the value as given, as i18next does")
    func printfConversionAsFormat() {
        let (result, _) = Self.translate("Played {{arg1, lld}} times, {{arg2, .2f}} km", ["arg1": 3, "arg2": 1.5])
        #expect(result == "Played 3 times, 1.5 km")
    }

    @Test(
        "negative, huge or non-numeric digit options leave the value unformatted with a warning",
        arguments: [
            "{{v, number(minimumFractionDigits: -1)}}", "{{v, number(maximumFractionDigits: -2)}}",
            "{{v, currency(currency: EUR; minimumFractionDigits: 1000000000)}}", "{{v, number(maximumFractionDigits: 21)}}",
            "{{v, number(maximumSignificantDigits: 22)}}", "{{v, number(minimumIntegerDigits: 0)}}",
            "{{v, number(minimumFractionDigits: 3; maximumFractionDigits: 1)}}", "{{v, number(style: money)}}",
            "{{v, currency(EURO)}}",
        ])
    func rejectedInFormat(template: String) {
        let started = ContinuousClock.now
        let (result, warnings) = Self.translate(template, ["v": 1234.5])
        #expect(result == "1234.5")
        #expect(warnings.count == 1)
        #expect(ContinuousClock.now - started < .seconds(5))
    }

    @Test("digit options arriving at call time through formatParams or the options are checked too")
    func rejectedAtCallTime() {
        let viaParams = Self.translate("{{v, number}}", ["v": 2.5, "formatParams": ["v": ["minimumFractionDigits": -1]]])
        #expect(viaParams.0 == "2.5")
        #expect(viaParams.1.count == 1)
        let viaOptions = Self.translate("{{v, currency(USD)}}", ["v": 2.5, "maximumFractionDigits": .number(1e9)])
        #expect(viaOptions.0 == "2.5")
        let accepted = Self.translate("{{v, number}}", ["v": 2.5, "formatParams": ["v": ["minimumFractionDigits": 3]]])
        #expect(accepted.0 == "2.500")
        #expect(accepted.1.isEmpty)
    }

    @Test("format-string numbers are read with parseInt, as i18next's parseFormatStr: 1e9 is 1")
    func formatStringNumbers() {
        #expect(Self.translate("{{v, number(minimumFractionDigits: 1e9)}}", ["v": 2]).0 == "2.0")
        #expect(Self.translate("{{v, number(minimumFractionDigits: 2.9)}}", ["v": 2]).0 == "2.00")
    }

    @Test("NaN and -0 format as Intl does, NaN localized and with its currency")
    func oddNumbers() {
        #expect(Self.translate("{{v, number}}", ["v": .number(.nan)]).0 == "NaN")
        #expect(Self.translate("{{v, number}}", ["v": .number(-0.0)]).0 == "-0")
        #expect(Self.translate("{{v, currency(USD)}}", ["v": "nan"]).0 == "$NaN")
        #expect(Self.translate("{{v, number}}", ["v": .number(1e308)]).0.stringValue?.hasPrefix("100,000,000") == true)
    }

    static func translate(_ template: String, language: String, _ options: TranslationOptions) -> I18nValue {
        var setup = I18NextOptions()
        setup.lng = language
        setup.resources = [language: ["translation": ["k": .string(template)]]]
        return I18Next(options: setup).t("k", options)
    }

    /// Node 20's `Intl` (`new Intl.NumberFormat("de", {style: "currency", currency: "EUR"}).format(-0)`),
    /// which i18next 26.3.6 formats with.
    @Test(
        "-0 keeps its sign in number, percent and currency formats, as Intl.NumberFormat",
        arguments: [
            ("en", "{{v, number}}", "-0"), ("de", "{{v, number}}", "-0"), ("fr", "{{v, number}}", "-0"),
            ("en", "{{v, number(style: percent)}}", "-0%"), ("de", "{{v, number(style: percent)}}", "-0\u{A0}%"),
            ("fr", "{{v, number(style: percent)}}", "-0\u{A0}%"),
            ("en", "{{v, currency(EUR)}}", "-€0.00"), ("de", "{{v, currency(EUR)}}", "-0,00\u{A0}€"),
            ("fr", "{{v, currency(EUR)}}", "-0,00\u{A0}€"), ("en", "{{v, currency(USD)}}", "-$0.00"),
        ])
    func negativeZeroNumbers(language: String, template: String, expected: String) {
        #expect(Self.translate(template, language: language, ["v": .number(-0.0)]) == .string(expected))
        // JSON's -0 and the string "-0" are -0 to Number() too.
        #expect(Self.translate(template, language: language, ["v": .numberLiteral("-0")]) == .string(expected))
        #expect(Self.translate(template, language: language, ["v": "-0"]) == .string(expected))
    }

    @Test(
        "-0 is in the past for relativetime, as Intl.RelativeTimeFormat; 0 is in the future",
        arguments: [
            ("en", "{{v, relativetime}}", "0 days ago", "in 0 days"),
            ("en", "{{v, relativetime(hour)}}", "0 hours ago", "in 0 hours"),
            ("de", "{{v, relativetime}}", "vor 0 Tagen", "in 0 Tagen"),
            ("fr", "{{v, relativetime}}", "il y a 0 jour", "dans 0 jour"),
            ("en", "{{v, relativetime(range: day; numeric: auto)}}", "today", "today"),
        ])
    func negativeZeroRelativeTime(language: String, template: String, past: String, future: String) {
        #expect(Self.translate(template, language: language, ["v": .number(-0.0)]) == .string(past))
        #expect(Self.translate(template, language: language, ["v": "-0"]) == .string(past))
        #expect(Self.translate(template, language: language, ["v": .number(0)]) == .string(future))
    }

    @Test(
        "list on a string lists its code points, as Intl.ListFormat iterates a string",
        arguments: [
            ("en", "{{v, list}}", "Ada", "A, d, and a"),
            ("de", "{{v, list}}", "Ada", "A, d und a"),
            ("en", "{{v, list(type: disjunction)}}", "ab", "a or b"),
            // A combining accent and an emoji modifier are code points of their own, not one grapheme.
            ("en", "{{v, list}}", "e\u{301}👍🏽", "e, \u{301}, 👍, and 🏽"),
            // Escaped after formatting, as i18next escapes every interpolated value.
            ("en", "{{v, list}}", "<&", "&lt; and &amp;"),
            ("en", "{{- v, list}}", "<&", "< and &"),
            ("en", "{{v, list}}", "", ""),
        ])
    func listOfString(language: String, template: String, value: String, expected: String) {
        #expect(Self.translate(template, language: language, ["v": .string(value)]) == .string(expected))
    }

    @Test("list on a number or an object leaves the value as it is, as Intl throws on what is not iterable")
    func listOfNonIterable() {
        #expect(Self.translate("{{v, list}}", language: "en", ["v": 12]) == "12")
        #expect(Self.translate("{{v, list}}", language: "en", ["v": ["a", 1]]) == "a,1")
    }

    @Test("a datetime outside JavaScript's time range stays unformatted")
    func invalidTime() {
        let (result, warnings) = Self.translate("{{v, datetime}}", ["v": .number(8.64e15 + 1), "timeZone": "UTC"])
        #expect(result == "8640000000000001")
        #expect(warnings.count == 1)
    }
}
