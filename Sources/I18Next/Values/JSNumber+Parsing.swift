import JSONParsing

/// JavaScript's string-to-number conversions. Swift's `Double(String)` is not one of them: it
/// reads "nan", "inf" and hex floats ("0x1p3"), which JavaScript reads as `NaN` (or, for
/// `parseFloat`, stops before). i18next and sprintf-js decide on these results, so we follow them.
extension JSNumber {
    /// `Number(text)`: the whole text, trimmed, must be a decimal literal, `Infinity`, or a
    /// `0x`/`0o`/`0b` integer; the empty text is 0; anything else is `NaN`.
    static func number(_ text: String) -> Double {
        let trimmed = trimWhitespace(text)
        if trimmed.isEmpty { return 0 }
        let scalars = Array(trimmed.unicodeScalars)
        if scalars.count > 2, scalars[0] == "0" {
            let radix: Int?
            switch scalars[1] {
            case "x", "X": radix = 16;
            case "o", "O": radix = 8;
            case "b", "B": radix = 2;
            default: radix = nil
            }
            if let radix {
                var value = 0.0
                for scalar in scalars[2...] {
                    guard let digit = Character(scalar).hexDigitValue, digit < radix else { return .nan }
                    value = value * Double(radix) + Double(digit)
                }
                return value
            }
        }
        guard let (value, length) = decimalPrefix(scalars), length == scalars.count else { return .nan }
        return value
    }

    /// `parseFloat(text)`: the longest decimal literal (or `Infinity`) at the start, after white space.
    static func parseFloat(_ text: String) -> Double {
        let scalars = Array(trimWhitespace(text, trailing: false).unicodeScalars)
        return decimalPrefix(scalars)?.value ?? .nan
    }

    /// `parseInt(text, 10)`: an optional sign and the decimal digits at the start, after white space.
    static func parseInt(_ text: String) -> Double {
        var scalars = Substring(trimWhitespace(text, trailing: false)).unicodeScalars[...]
        var negative = false
        if let first = scalars.first, first == "-" || first == "+" { negative = first == "-"; scalars = scalars.dropFirst() }
        let digits = scalars.prefix { $0.value >= 0x30 && $0.value <= 0x39 }
        guard !digits.isEmpty, let magnitude = Double(String(String.UnicodeScalarView(digits))) else { return .nan }
        return negative ? -magnitude : magnitude
    }

    /// The value of JavaScript's `StrDecimalLiteral` at the start of `scalars`, and its length.
    private static func decimalPrefix(_ scalars: [Unicode.Scalar]) -> (value: Double, length: Int)? {
        var index = 0
        var negative = false
        if index < scalars.count, scalars[index] == "+" || scalars[index] == "-" { negative = scalars[index] == "-"; index += 1 }
        let infinity = Array("Infinity".unicodeScalars)
        if scalars.count - index >= infinity.count, Array(scalars[index..<(index + infinity.count)]) == infinity {
            return (negative ? -.infinity : .infinity, index + infinity.count)
        }
        func isDigit(_ position: Int) -> Bool { position < scalars.count && scalars[position].value >= 0x30 && scalars[position].value <= 0x39 }
        let start = index
        var sawDigits = false
        while isDigit(index) { index += 1; sawDigits = true }
        if index < scalars.count, scalars[index] == ".", sawDigits || isDigit(index + 1) {
            index += 1
            while isDigit(index) { index += 1; sawDigits = true }
        }
        guard sawDigits else { return nil }
        if index < scalars.count, scalars[index] == "e" || scalars[index] == "E" {
            var exponent = index + 1
            if exponent < scalars.count, scalars[exponent] == "+" || scalars[exponent] == "-" { exponent += 1 }
            if isDigit(exponent) {
                while isDigit(exponent) { exponent += 1 }
                index = exponent
            }
        }
        // The text is now a plain decimal literal, which Swift's parser reads with the same rounding.
        let literal = String(String.UnicodeScalarView(scalars[start..<index]))
        guard let magnitude = Double(literal.hasPrefix(".") ? "0" + literal : literal) else { return nil }
        return (negative ? -magnitude : magnitude, index)
    }

    /// JavaScript's white space and line terminators, as `trim` removes them.
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF: return true
        default: return false
        }
    }

    private static func trimWhitespace(_ text: String, trailing: Bool = true) -> String {
        var scalars = Substring(text).unicodeScalars[...]
        while let first = scalars.first, isWhitespace(first) { scalars = scalars.dropFirst() }
        if trailing { while let last = scalars.last, isWhitespace(last) { scalars = scalars.dropLast() } }
        return String(String.UnicodeScalarView(scalars))
    }

    /// `Number(value)` for any value (`ToNumber` after `ToPrimitive`).
    static func number(_ value: I18nValue) -> Double {
        switch value {
        case .integer, .number, .numberLiteral: return value.numberValue ?? .nan
        case .bool(let flag): return flag ? 1 : 0
        case .null: return 0
        case .string(let text): return number(text)
        case .array(let values): return values.isEmpty ? 0 : (values.count == 1 ? number(values[0].arrayElementString) : .nan)
        case .object: return .nan
        }
    }
}
