import Platform

/// An argument of a localized format, read once: a whole number, a floating-point number or text.
///
/// Arguments arrive as Swift values (`3`, `2.5`, `"Ana"`) or as text from the command line
/// (`"3"`); numeric conversions and plural selection read the number from either.
package enum FormatArgument: Sendable {
    case integer(Int)
    case floatingPoint(Double)
    case text(String)

    package init(_ value: any CustomStringConvertible & Sendable) {
        switch value {
        case let integer as Int: self = .integer(integer)
        case let integer as any BinaryInteger: self = .integer(Int(clamping: integer))
        case let double as Double: self = .floatingPoint(double)
        case let float as Float: self = .floatingPoint(Double(float))
        default: self = .text(value.description)
        }
    }

    /// The argument as a whole number: floating-point values truncated (and clamped to `Int`'s
    /// range rather than trapping), text parsed; `nil` for text that is not a number.
    package var integerValue: Int? {
        switch self {
        case .integer(let value): value
        case .floatingPoint(let value): Self.truncated(value)
        case .text(let text):
            Int(text.trimmingWhitespaceAndNewlines()) ?? Double(text.trimmingWhitespaceAndNewlines()).flatMap(Self.truncated)
        }
    }

    /// The argument as a floating-point number; `nil` for text that is not a number.
    package var doubleValue: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .floatingPoint(let value): value
        case .text(let text): Double(text.trimmingWhitespaceAndNewlines())
        }
    }

    /// The number a plural form counts, read as `type` says: integer conversions truncate, and
    /// without a numeric type a whole number counts as one and text is read as a number.
    package func pluralNumber(as type: FormatArgumentType?) -> Double? {
        switch type?.kind {
        case .integer?, .character?: integerValue.map(Double.init)
        case .floatingPoint?: doubleValue
        case .object?, nil: if case .integer(let value) = self { Double(value) } else { doubleValue }
        }
    }

    /// The argument as `%@` prints it.
    package var text: String {
        switch self {
        case .integer(let value): String(value)
        case .floatingPoint(let value): value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        case .text(let text): text
        }
    }

    private static func truncated(_ value: Double) -> Int? {
        guard value.isFinite else { return nil }
        let whole = value.rounded(.towardZero)
        if whole >= 9.2e18 { return Int.max }
        if whole <= -9.2e18 { return Int.min }
        return Int(whole)
    }
}
