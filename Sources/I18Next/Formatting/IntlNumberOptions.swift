import JSONParsing

/// The options of `Intl.NumberFormat`, read and checked as ECMA-402 does, turned into an ICU
/// number skeleton.
///
/// Intl rejects an option out of range (`minimumFractionDigits: -1` or `1e9`, an unknown `style`)
/// with a `RangeError`, and i18next then leaves the value unformatted. We check the same ranges
/// before ICU sees them: besides giving i18next's result, that keeps a computed count out of
/// `String(repeating:count:)`, which traps on a negative one and takes minutes on a huge one.
struct IntlNumberOptions {
    /// Why Intl would throw; i18next logs it and keeps the value unformatted.
    struct Rejected: Error, CustomStringConvertible {
        let description: String
    }

    let skeleton: String

    /// The fraction digits Intl accepts. ECMA-402 allows 0...100 since 2023; V8 11 (node 20, the
    /// engine of the reference recordings) still stops at 20, and i18next then keeps the value raw.
    static let fractionDigits = 0...20

    init(_ options: I18nObject, currency forcedCurrency: Bool, currencyDigits: (String) -> Int) throws {
        var parts: [String] = ["rounding-mode-half-up"]
        let style = forcedCurrency ? "currency" : try Self.choice(options, "style", ["decimal", "percent", "currency", "unit"]) ?? "decimal"
        var defaultMinimum = 0
        var defaultMaximum = 3
        let currencyCode = try Self.string(options, "currency")
        if let currencyCode, !(currencyCode.utf8.count == 3 && currencyCode.utf8.allSatisfy({ ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A })) {
            throw Rejected(description: "Invalid currency code : \(currencyCode)")
        }
        let currencyDisplay = try Self.choice(options, "currencyDisplay", ["code", "symbol", "narrowSymbol", "name"])
        let unit = try Self.string(options, "unit")
        switch style {
        case "currency":
            guard let code = currencyCode?.uppercased() else { throw Rejected(description: "Currency code is required with currency style.") }
            parts.append("currency/\(code)")
            switch currencyDisplay {
            case "name": parts.append("unit-width-full-name")
            case "code": parts.append("unit-width-iso-code")
            case "narrowSymbol": parts.append("unit-width-narrow")
            default: break
            }
            defaultMinimum = currencyDigits(code)
            defaultMaximum = defaultMinimum
        case "percent":
            parts.append("percent scale/100")
            defaultMaximum = 0
        case "unit":
            guard let unit, !unit.isEmpty, unit.utf8.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x2D }) else {
                throw Rejected(description: "Invalid unit argument for Intl.NumberFormat() '\(unit ?? "undefined")'")
            }
            parts.append("measure-unit/\(unit)")
        default: break
        }
        let notation = try Self.choice(options, "notation", ["standard", "scientific", "engineering", "compact"]) ?? "standard"
        let minimumInteger = try Self.digits(options, "minimumIntegerDigits", 1...21) ?? 1

        // SetNumberFormatDigitOptions with roundingPriority "auto": significant digits win;
        // fraction digits are not even read when they are given.
        let hasSignificant = options["minimumSignificantDigits"] != nil || options["maximumSignificantDigits"] != nil
        let hasFraction = options["minimumFractionDigits"] != nil || options["maximumFractionDigits"] != nil
        if hasSignificant {
            let minimum = try Self.digits(options, "minimumSignificantDigits", 1...21) ?? 1
            let maximum = try Self.digits(options, "maximumSignificantDigits", minimum...21) ?? 21
            parts.append(String(repeating: "@", count: minimum) + String(repeating: "#", count: maximum - minimum))
        } else if hasFraction || notation != "compact" {
            var minimum = try Self.digits(options, "minimumFractionDigits", Self.fractionDigits)
            var maximum = try Self.digits(options, "maximumFractionDigits", Self.fractionDigits)
            if let low = minimum, let high = maximum {
                guard low <= high else { throw Rejected(description: "maximumFractionDigits value is out of range.") }
            } else if let high = maximum {
                minimum = min(defaultMinimum, high)
            } else if let low = minimum {
                maximum = max(defaultMaximum, low)
            }
            let low = minimum ?? defaultMinimum
            let high = maximum ?? defaultMaximum
            parts.append(high == 0 ? "precision-integer" : "." + String(repeating: "0", count: low) + String(repeating: "#", count: high - low))
        }
        if minimumInteger > 1 { parts.append("integer-width/*" + String(repeating: "0", count: minimumInteger)) }
        switch options["useGrouping"] {
        case .bool(false)?, .string("false")?: parts.append("group-off")
        default: break
        }
        switch notation {
        case "compact": parts.append(try Self.choice(options, "compactDisplay", ["short", "long"]) == "long" ? "compact-long" : "compact-short")
        case "scientific": parts.append("scientific")
        case "engineering": parts.append("engineering")
        default: break
        }
        switch try Self.choice(options, "signDisplay", ["auto", "never", "always", "exceptZero", "negative"]) {
        case "always": parts.append("sign-always")
        case "never": parts.append("sign-never")
        case "exceptZero": parts.append("sign-except-zero")
        case "negative": parts.append("sign-negative")
        default: break
        }
        skeleton = parts.joined(separator: " ")
    }

    /// Intl's `GetOption` for a string option: `ToString` of the value, which must be one of `allowed`.
    private static func choice(_ options: I18nObject, _ name: String, _ allowed: [String]) throws -> String? {
        guard let text = try string(options, name) else { return nil }
        guard allowed.contains(text) else { throw Rejected(description: "Value \(text) out of range for Intl.NumberFormat options property \(name)") }
        return text
    }

    private static func string(_ options: I18nObject, _ name: String) throws -> String? {
        guard let value = options[name] else { return nil }
        if case .object = value { throw Rejected(description: "\(name) must be a string") }
        return value.jsString
    }

    /// Intl's `DefaultNumberOption`: `ToNumber`, which must not be `NaN` and must lie in `range`, then floored.
    private static func digits(_ options: I18nObject, _ name: String, _ range: ClosedRange<Int>) throws -> Int? {
        guard let value = options[name] else { return nil }
        let number = JSNumber.number(value)
        guard !number.isNaN, number >= Double(range.lowerBound), number <= Double(range.upperBound) else {
            throw Rejected(description: "\(name) value is out of range.")
        }
        return Int(number.rounded(.down))
    }
}
