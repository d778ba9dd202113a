import JSONParsing
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(_FoundationICU) && !ENVTOOL_FORMATSTYLE_FORMATS
import _FoundationICU

/// The formats i18next has built in — number, currency, datetime, relativetime, list — done
/// with ICU, the library JavaScript's `Intl` is built on, so that `{{value, number}}` reads as
/// it does in the browser. ICU here is the copy that ships with Foundation on Linux.
enum BuiltInFormats {
    /// The formatted value; `nil` for a format that is not built in.
    ///
    /// - Throws: ``IntlNumberOptions/Rejected`` when `Intl` would throw on the options (i18next
    ///   then keeps the value unformatted).
    static func apply(_ name: String, to value: I18nValue, locale: String?, options: I18nObject) throws -> I18nValue? {
        let icuLocale = ICULocale.resolve(locale)
        switch name {
        case "number": return try number(value, locale: icuLocale, options: options, currency: false).map(I18nValue.string)
        case "currency": return try number(value, locale: icuLocale, options: options, currency: true).map(I18nValue.string)
        case "datetime": return try dateTime(value, locale: icuLocale, options: options).map(I18nValue.string)
        case "relativetime": return relativeTime(value, locale: icuLocale, options: options).map(I18nValue.string)
        case "list": return list(value, locale: icuLocale, options: options).map(I18nValue.string)
        default: return nil
        }
    }

    /// JavaScript's `Number(value)`.
    static func jsNumber(_ value: I18nValue) -> Double { JSNumber.number(value) }

    // MARK: - Numbers

    private static func string(_ options: I18nObject, _ name: String) -> String? {
        options[name]?.stringValue
    }

    /// The ICU skeleton for `Intl.NumberFormat` options, or why Intl would reject them.
    static func numberSkeleton(_ options: I18nObject, currency: Bool) throws -> String {
        try IntlNumberOptions(options, currency: currency) { code in
            var status = U_ZERO_ERROR
            let digits = swift_ucurr_getDefaultFractionDigits(Array(code.utf16) + [0], &status)
            return status.rawValue <= 0 ? Int(digits) : 2
        }.skeleton
    }

    static func number(_ value: I18nValue, locale: String, options: I18nObject, currency: Bool) throws -> String? {
        let number = jsNumber(value)
        let skeleton = Array(try numberSkeleton(options, currency: currency).utf16)
        var status = U_ZERO_ERROR
        guard let formatter = swift_unumf_openForSkeletonAndLocale(skeleton, Int32(skeleton.count), locale, &status), status.rawValue <= 0 else { return nil }
        defer { swift_unumf_close(formatter) }
        guard let result = swift_unumf_openResult(&status) else { return nil }
        defer { swift_unumf_closeResult(result) }
        swift_unumf_formatDouble(formatter, number, result, &status)
        guard status.rawValue <= 0 else { return nil }
        return ICUString.read { buffer, capacity, status in swift_unumf_resultToString(result, buffer, capacity, &status) }
    }

    // MARK: - Dates

    /// `Intl.DateTimeFormat.prototype.format`'s `ToNumber(date)`: epoch milliseconds, which must be
    /// a time value (finite, at most 8.64e15 from the epoch); else Intl throws "Invalid time value".
    static func date(_ value: I18nValue) throws -> Double {
        let milliseconds = JSNumber.number(value)
        guard milliseconds.isFinite, abs(milliseconds) <= 8.64e15 else { throw IntlNumberOptions.Rejected(description: "Invalid time value") }
        return milliseconds
    }

    /// An ICU skeleton for `Intl.DateTimeFormat` component options; `yMd` when none is given, as Intl.
    static func dateSkeleton(_ options: I18nObject) -> String {
        var skeleton = ""
        switch string(options, "era") {
        case "long": skeleton += "GGGG";
        case "short": skeleton += "G";
        case "narrow": skeleton += "GGGGG";
        default: break
        }
        switch string(options, "year") {
        case "numeric": skeleton += "y";
        case "2-digit": skeleton += "yy";
        default: break
        }
        switch string(options, "month") {
        case "numeric": skeleton += "M";
        case "2-digit": skeleton += "MM";
        case "short": skeleton += "MMM"
        case "long": skeleton += "MMMM";
        case "narrow": skeleton += "MMMMM";
        default: break
        }
        switch string(options, "weekday") {
        case "long": skeleton += "EEEE";
        case "short": skeleton += "EEE";
        case "narrow": skeleton += "EEEEE";
        default: break
        }
        switch string(options, "day") {
        case "numeric": skeleton += "d";
        case "2-digit": skeleton += "dd";
        default: break
        }
        let hourSymbol: String
        switch options["hour12"] {
        case .bool(true)?: hourSymbol = "h"
        case .bool(false)?: hourSymbol = "H"
        default: hourSymbol = string(options, "hourCycle").map { $0 == "h23" || $0 == "h24" ? "H" : "h" } ?? "j"
        }
        switch string(options, "hour") {
        case "numeric": skeleton += hourSymbol;
        case "2-digit": skeleton += hourSymbol + hourSymbol;
        default: break
        }
        switch string(options, "minute") {
        case "numeric": skeleton += "m";
        case "2-digit": skeleton += "mm";
        default: break
        }
        switch string(options, "second") {
        case "numeric": skeleton += "s";
        case "2-digit": skeleton += "ss";
        default: break
        }
        switch string(options, "timeZoneName") {
        case "short": skeleton += "z";
        case "long": skeleton += "zzzz";
        default: break
        }
        return skeleton.isEmpty ? "yMd" : skeleton
    }

    private static func style(_ name: String?) -> UDateFormatStyle {
        switch name {
        case "full": return UDAT_FULL
        case "long": return UDAT_LONG
        case "medium": return UDAT_MEDIUM
        case "short": return UDAT_SHORT
        default: return UDAT_NONE
        }
    }

    static func dateTime(_ value: I18nValue, locale: String, options: I18nObject) throws -> String? {
        let milliseconds = try date(value)
        let zone = string(options, "timeZone").map { Array($0.utf16) } ?? []
        var status = U_ZERO_ERROR
        let formatter: UnsafeMutablePointer<UDateFormat?>?
        let dateStyle = string(options, "dateStyle")
        let timeStyle = string(options, "timeStyle")
        if dateStyle != nil || timeStyle != nil {
            formatter =
                zone.isEmpty
                ? swift_udat_open(style(timeStyle), style(dateStyle), locale, nil, 0, nil, 0, &status)
                : swift_udat_open(style(timeStyle), style(dateStyle), locale, zone, Int32(zone.count), nil, 0, &status)
        } else {
            guard let generator = swift_udatpg_open(locale, &status) else { return nil }
            defer { swift_udatpg_close(generator) }
            let skeleton = Array(dateSkeleton(options).utf16)
            guard
                let pattern = ICUString.readUnits({ buffer, capacity, status in
                    // As V8: the hour keeps the skeleton's length, so `hour: "numeric"` is "H:mm" (0:00), not "HH:mm".
                    swift_udatpg_getBestPatternWithOptions(
                        generator, skeleton, Int32(skeleton.count), UDATPG_MATCH_HOUR_FIELD_LENGTH,
                        buffer, capacity, &status)
                })
            else { return nil }
            formatter =
                zone.isEmpty
                ? swift_udat_open(UDAT_PATTERN, UDAT_PATTERN, locale, nil, 0, pattern, Int32(pattern.count), &status)
                : swift_udat_open(UDAT_PATTERN, UDAT_PATTERN, locale, zone, Int32(zone.count), pattern, Int32(pattern.count), &status)
        }
        guard let formatter, status.rawValue <= 0 else { return nil }
        defer { swift_udat_close(formatter) }
        let formatted = ICUString.read { buffer, capacity, status in swift_udat_format(formatter, milliseconds, buffer, capacity, nil, &status) }
        // V8 writes U+202F (narrow no-break space, CLDR 42+ "12:00 PM") in date patterns as a plain
        // space, for the web pages that parse such strings; Intl in node, and so i18next, gives "12:00 PM".
        return formatted?.replacing("\u{202F}", with: " ")
    }

    // MARK: - Relative time and lists

    static func relativeTime(_ value: I18nValue, locale: String, options: I18nObject) -> String? {
        let number = jsNumber(value)
        guard number.isFinite else { return nil }
        let unit: URelativeDateTimeUnit
        switch (string(options, "range") ?? "day").lowercased() {
        case "year", "years": unit = UDAT_REL_UNIT_YEAR
        case "quarter", "quarters": unit = UDAT_REL_UNIT_QUARTER
        case "month", "months": unit = UDAT_REL_UNIT_MONTH
        case "week", "weeks": unit = UDAT_REL_UNIT_WEEK
        case "day", "days": unit = UDAT_REL_UNIT_DAY
        case "hour", "hours": unit = UDAT_REL_UNIT_HOUR
        case "minute", "minutes": unit = UDAT_REL_UNIT_MINUTE
        case "second", "seconds": unit = UDAT_REL_UNIT_SECOND
        default: return nil
        }
        let width: UDateRelativeDateTimeFormatterStyle
        switch string(options, "style") {
        case "short": width = UDAT_STYLE_SHORT
        case "narrow": width = UDAT_STYLE_NARROW
        default: width = UDAT_STYLE_LONG
        }
        var status = U_ZERO_ERROR
        guard let formatter = swift_ureldatefmt_open(locale, nil, width, UDISPCTX_CAPITALIZATION_NONE, &status), status.rawValue <= 0 else { return nil }
        defer { swift_ureldatefmt_close(formatter) }
        let numericAuto = string(options, "numeric") == "auto"
        return ICUString.read { buffer, capacity, status in
            numericAuto
                ? swift_ureldatefmt_format(formatter, number, unit, buffer, capacity, &status)
                : swift_ureldatefmt_formatNumeric(formatter, number, unit, buffer, capacity, &status)
        }
    }

    /// What `Intl.ListFormat.prototype.format` lists: the strings an array holds, or the code
    /// points of a string, which JavaScript iterates one code point at a time (`Ada` is `A, d,
    /// and a`; `e` and a combining accent are two items); `nil` (Intl throws) for anything else.
    static func listItems(_ value: I18nValue) -> [String]? {
        switch value {
        case .array(let elements):
            // Intl.ListFormat takes only strings ("Iterable yielded 1 which is not a string").
            guard elements.allSatisfy({ $0.stringValue != nil }) else { return nil }
            return elements.map(\.jsString)
        case .string(let text):
            return text.unicodeScalars.map { String($0) }
        default:
            return nil
        }
    }

    static func list(_ value: I18nValue, locale: String, options: I18nObject) -> String? {
        guard let elements = listItems(value), elements.count <= Int(Int32.max) else { return nil }
        let type: UListFormatterType
        switch string(options, "type") {
        case "disjunction": type = ULISTFMT_TYPE_OR
        case "unit": type = ULISTFMT_TYPE_UNITS
        default: type = ULISTFMT_TYPE_AND
        }
        let width: UListFormatterWidth
        switch string(options, "style") {
        case "short": width = ULISTFMT_WIDTH_SHORT
        case "narrow": width = ULISTFMT_WIDTH_NARROW
        default: width = ULISTFMT_WIDTH_WIDE
        }
        var status = U_ZERO_ERROR
        guard let formatter = swift_ulistfmt_openForType(locale, type, width, &status), status.rawValue <= 0 else { return nil }
        defer { swift_ulistfmt_close(formatter) }
        let strings = elements.map { Array($0.utf16) }
        // ICU counts in Int32; an item longer than that cannot be listed (and no page holds one).
        guard strings.allSatisfy({ $0.count <= Int(Int32.max) }) else { return nil }
        var lengths = strings.map { Int32($0.count) }
        var pointers: [UnsafeMutablePointer<UChar>?] = strings.map { units in
            let pointer = UnsafeMutablePointer<UChar>.allocate(capacity: max(units.count, 1))
            pointer.initialize(from: units, count: units.count)
            return pointer
        }
        defer { for pointer in pointers { pointer?.deallocate() } }
        let formatted = pointers.withUnsafeMutableBufferPointer { items -> String? in
            guard let base = items.baseAddress else { return nil }
            return base.withMemoryRebound(to: UnsafePointer<UChar>?.self, capacity: items.count) { rebound in
                ICUString.read { buffer, capacity, status in
                    swift_ulistfmt_format(formatter, rebound, &lengths, Int32(strings.count), buffer, capacity, &status)
                }
            }
        }
        return formatted.map { removingElementIsolates($0, elements: elements) }
    }

    /// CLDR 46–47 (Foundation's ICU 76) wrap each list element in U+2068…U+2069 for right-to-left
    /// languages; CLDR 48, which the reference i18next runs on, does not. Only the marks around
    /// the elements go; marks inside an element stay.
    static func removingElementIsolates(_ text: String, elements: [String]) -> String {
        guard text.unicodeScalars.contains("\u{2068}") else { return text }
        var result = ""
        var rest = Substring(text)
        for element in elements {
            guard let range = rest.firstRange(of: "\u{2068}" + element + "\u{2069}") else { continue }
            result += rest[..<range.lowerBound] + element
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}

/// Reads ICU's "write into this buffer, or tell me how long it must be" results.
enum ICUString {
    static func readUnits(_ body: (UnsafeMutablePointer<UChar>?, Int32, inout UErrorCode) -> Int32) -> [UChar]? {
        var status = U_ZERO_ERROR
        var buffer = [UChar](repeating: 0, count: 128)
        var length = body(&buffer, Int32(buffer.count), &status)
        if status == U_BUFFER_OVERFLOW_ERROR || length > Int32(buffer.count) {
            status = U_ZERO_ERROR
            buffer = [UChar](repeating: 0, count: Int(length) + 1)
            length = body(&buffer, Int32(buffer.count), &status)
        }
        guard status.rawValue <= 0, length >= 0 else { return nil }
        return Array(buffer.prefix(Int(length)))
    }

    static func read(_ body: (UnsafeMutablePointer<UChar>?, Int32, inout UErrorCode) -> Int32) -> String? {
        readUnits(body).map { String(decoding: $0, as: UTF16.self) }
    }
}

/// Maps a language code to a locale ICU has data for; like `Intl`, an unknown locale (or i18next's
/// `dev`) formats as `en-US`, not as ICU's root locale.
enum ICULocale {
    private static let available: Set<String> = {
        var names: Set<String> = []
        for index in 0..<swift_uloc_countAvailable() {
            if let name = swift_uloc_getAvailable(index) { names.insert(String(cString: name).lowercased()) }
        }
        return names
    }()

    static func resolve(_ code: String?) -> String {
        guard let code, !code.isEmpty else { return "en_US" }
        let icu = code.replacing("-", with: "_")
        let language = icu.split(separator: "_").first.map(String.init)?.lowercased() ?? ""
        return available.contains(language) ? icu : "en_US"
    }
}
#else
/// Without Foundation's ICU module (platforms other than Linux), the built-in formats use
/// Foundation's `FormatStyle`s, which sit on the platform's own ICU: the common options
/// (fraction digits, currency, date and time styles, list type) are honoured; the rest of
/// `Intl`'s options are not, and a value that is not a number or date stays as it is.
enum BuiltInFormats {
    static func apply(_ name: String, to value: I18nValue, locale: String?, options: I18nObject) throws -> I18nValue? {
        let locale = Locale(identifier: locale ?? "en-US")
        switch name {
        case "number", "currency":
            guard let number = value.numberValue, number.isFinite else { return value }
            let minimum = options["minimumFractionDigits"]?.numberValue.flatMap { Int(exactly: $0) }.map { min(max($0, 0), 20) }
            let maximum = options["maximumFractionDigits"]?.numberValue.flatMap { Int(exactly: $0) }.map { min(max($0, 0), 20) }
            if name == "currency", let code = options["currency"]?.stringValue {
                var style = FloatingPointFormatStyle<Double>.Currency(code: code, locale: locale)
                if let minimum, let maximum, minimum <= maximum { style = style.precision(.fractionLength(minimum...maximum)) }
                return .string(number.formatted(style))
            }
            var style = FloatingPointFormatStyle<Double>(locale: locale)
            if let minimum, let maximum, minimum <= maximum {
                style = style.precision(.fractionLength(minimum...maximum))
            } else if let maximum {
                style = style.precision(.fractionLength(0...maximum))
            } else if let minimum {
                style = style.precision(.fractionLength(minimum...max(minimum, 3)))
            }
            return .string(number.formatted(style))
        case "datetime":
            guard let milliseconds = value.numberValue, milliseconds.isFinite, abs(milliseconds) <= 8.64e15 else { return value }
            let date = Date(timeIntervalSince1970: milliseconds / 1000)
            var style = Date.FormatStyle(date: .numeric, time: .omitted, locale: locale)
            if let zone = options["timeZone"]?.stringValue.flatMap(TimeZone.init(identifier:)) { style.timeZone = zone }
            return .string(date.formatted(style))
        case "list":
            let strings: [String]
            switch value {
            case .array(let items): strings = items.compactMap(\.stringValue)
            case .string(let text): strings = text.unicodeScalars.map { String($0) }
            default: return value
            }
            let type: ListFormatStyle<StringStyle, [String]>.ListType = options["type"]?.stringValue == "disjunction" ? .or : .and
            return .string(strings.formatted(.list(type: type).locale(locale)))
        default:
            return nil
        }
    }
}
#endif
