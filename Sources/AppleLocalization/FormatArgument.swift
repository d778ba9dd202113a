import CLDRPlurals
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
            Int(text.trimmingWhitespace) ?? Double(text.trimmingWhitespace).flatMap(Self.truncated)
        }
    }

    /// The argument as a floating-point number; `nil` for text that is not a number.
    package var doubleValue: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .floatingPoint(let value): value
        case .text(let text): Double(text.trimmingWhitespace)
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

    /// The plural operands of the argument read as `type` says: integer conversions truncate, and
    /// without a numeric type a whole number counts as one and text is read as a number.
    func pluralOperands(as type: FormatArgumentType?) -> PluralOperands? {
        switch type?.kind {
        case .integer?, .character?:
            return integerValue.map { PluralOperands(Double($0)) }
        case .floatingPoint?:
            return doubleValue.map { PluralOperands($0) }
        case .object?, nil:
            if case .integer(let value) = self { return PluralOperands(Double(value)) }
            return doubleValue.map { PluralOperands($0) }
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

private extension String {
    var trimmingWhitespace: Substring {
        var slice = Substring(self)
        while let first = slice.first, first.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        return slice
    }
}
