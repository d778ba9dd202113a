import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JSONValue {
    /// How the writer spells numbers.
    public enum NumberStyle: Sendable {
        /// As read: ``JSONValue/integer(_:)`` in decimal, ``JSONValue/numberLiteral(_:)``
        /// verbatim, a `Double` in Swift's shortest round-trip form (`5.0`, `1e+21`).
        case asRead
        /// As JavaScript's `JSON.stringify` writes the number the value holds (`5`, `1e+21`,
        /// `0.000001`, `1e-7`); a literal is first read as `JSON.parse` reads it, so `1e400` and
        /// every other non-finite number is written `null`.
        case javaScript
    }

    /// The value as JSON text with numbers spelled in `numberStyle` (see ``jsonText(pretty:)``).
    public func jsonText(pretty: Bool = false, numberStyle: NumberStyle) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(64)
        write(to: &output, pretty: pretty, indent: 0, numberStyle: numberStyle)
        return String(decoding: output, as: UTF8.self)
    }

    /// The number as JavaScript holds it: an integer as the nearest `Double`, a literal as
    /// `JSON.parse` reads it (`1e400` is `Infinity`); `NaN` for a value that is not a number.
    package var javaScriptNumber: Double {
        switch self {
        case .integer(let value): return Double(value)
        case .number(let value): return value
        // The parser makes a literal only from text checked against JSON's number grammar, which
        // Swift's reader accepts; NaN only guards a hand-built literal.
        case .numberLiteral(let text): return Double(text) ?? .nan
        default: return .nan
        }
    }

    /// JavaScript's number-to-string conversion (`String(1.5)` is "1.5", `String(5)` is "5",
    /// `String(1e21)` is "1e+21", `String(NaN)` is "NaN").
    package static func javaScriptText(of value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        if value == 0 { return "0" }
        let magnitude = abs(value)
        // Below 2^53 every integer is exact and needs all its digits; above, JavaScript writes the
        // shortest digits that read back and pads with zeros (2^64 is "18446744073709552000"),
        // which the exponent expansion below does.
        if magnitude < 9_007_199_254_740_992, value == value.rounded() { return String(Int64(value)) }
        // Swift's description is the shortest round-trip form, as JavaScript's; only the
        // exponent notation and the thresholds for using it differ.
        var text = "\(value)"
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            let mantissa = String(text[..<e])
            guard let exponent = Int(text[text.index(after: e)...]) else { return text }
            if magnitude >= 1e-6 && magnitude < 1e21 {
                text = expand(mantissa: mantissa, exponent: exponent)
            } else {
                let digits = mantissa.hasSuffix(".0") ? String(mantissa.dropLast(2)) : mantissa
                text = digits + "e" + (exponent >= 0 ? "+" : "-") + String(abs(exponent))
            }
        } else if magnitude < 1e-6 {
            return cFormat("%g", value)
        } else if text.hasSuffix(".0") {
            text.removeLast(2)
        }
        return text
    }

    /// `mantissa` × 10^`exponent` without an exponent; only called for magnitudes in
    /// [1e-6, 1e21), so the zeros added are fewer than 22.
    private static func expand(mantissa: String, exponent: Int) -> String {
        let negative = mantissa.hasPrefix("-")
        let digitsPart = negative ? String(mantissa.dropFirst()) : mantissa
        let pieces = digitsPart.split(separator: ".", maxSplits: 1)
        var digits = String(pieces[0]) + (pieces.count > 1 ? String(pieces[1]) : "")
        let point = pieces[0].count + exponent
        while digits.hasSuffix("0") && digits.count > max(point, 1) { digits.removeLast() }
        return positional(digits: digits, point: point, negative: negative)
    }

    /// `digits` with the decimal point after the first `point` of them (before them when
    /// `point` ≤ 0, zeros added as needed), without an exponent: `12`, point 4 is `1200`;
    /// point -1 is `0.012`. The callers bound `point` (a Double's exponent), so the zeros added
    /// are at most a few hundred.
    package static func positional(digits: String, point: Int, negative: Bool) -> String {
        let result: String
        if point <= 0 {
            result = "0." + String(repeating: "0", count: -point) + digits
        } else if point >= digits.count {
            result = digits + String(repeating: "0", count: point - digits.count)
        } else {
            let index = digits.index(digits.startIndex, offsetBy: point)
            result = digits[..<index] + "." + digits[index...]
        }
        return (negative ? "-" : "") + result
    }
}
