import Foundation

/// JavaScript's number-to-string conversion (`String(1.5)` is "1.5", `String(5)` is "5",
/// `String(1e21)` is "1e+21"), so that interpolated counts read as i18next writes them.
enum JSNumber {
    static func string(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        if value == 0 { return "0" }
        let magnitude = abs(value)
        if value == value.rounded(), magnitude < 1e21 {
            if magnitude < 9.0e18 { return String(Int64(value)) }
            return String(format: "%.0f", value)
        }
        // Swift's description is the shortest round-trip form, as JavaScript's; only the
        // exponent notation and the thresholds for using it differ.
        var text = "\(value)"
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            let mantissa = String(text[..<e])
            guard let exponent = Int(text[text.index(after: e)...]) else { return text }
            if magnitude >= 1e-6 && magnitude < 1e21 {
                text = expand(mantissa: mantissa, exponent: exponent)
            } else {
                text = mantissa.replacingOccurrences(of: ".0", with: "", options: [.anchored, .backwards]) + "e" + (exponent >= 0 ? "+" : "-") + String(abs(exponent))
            }
        } else if magnitude < 1e-6 {
            return String(format: "%g", value)
        }
        return text
    }

    private static func expand(mantissa: String, exponent: Int) -> String {
        let negative = mantissa.hasPrefix("-")
        let digitsPart = negative ? String(mantissa.dropFirst()) : mantissa
        let pieces = digitsPart.split(separator: ".", maxSplits: 1)
        var digits = String(pieces[0]) + (pieces.count > 1 ? String(pieces[1]) : "")
        let point = pieces[0].count + exponent
        while digits.hasSuffix("0") && digits.count > max(point, 1) { digits.removeLast() }
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

    /// The shortest round-trip digits of `value` (as JavaScript's `ToString` picks them) and the
    /// decimal exponent of the first digit.
    static func shortestDigits(_ value: Double) -> (String, Int) {
        if value == 0 { return ("0", 0) }
        let text = JSNumber.string(abs(value))
        if let e = text.firstIndex(of: "e") {
            let mantissa = text[..<e].replacingOccurrences(of: ".", with: "")
            return (mantissa, Int(text[text.index(after: e)...]) ?? 0)
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        let integer = String(parts[0]), fraction = parts.count > 1 ? String(parts[1]) : ""
        if integer != "0" {
            var digits = integer + fraction
            while digits.count > 1, digits.hasSuffix("0") { digits.removeLast() }
            return (digits, integer.count - 1)
        }
        let zeros = fraction.prefix { $0 == "0" }.count
        return (String(fraction.dropFirst(zeros)), -(zeros + 1))
    }

    /// The index named by `key` if it is a canonical array index ("0", "12"; not "01" or "-1").
    static func arrayIndex(_ key: String) -> Int? {
        guard let first = key.utf8.first, first >= 0x30, first <= 0x39 else { return nil }
        if first == 0x30 && key.utf8.count > 1 { return nil }
        return Int(key)
    }
}
