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

    @Test("negative, huge or non-numeric digit options leave the value unformatted with a warning", arguments: [
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

    @Test("a datetime outside JavaScript's time range stays unformatted")
    func invalidTime() {
        let (result, warnings) = Self.translate("{{v, datetime}}", ["v": .number(8.64e15 + 1), "timeZone": "UTC"])
        #expect(result == "8640000000000001")
        #expect(warnings.count == 1)
    }
}
