import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The operands of CLDR plural rules (UTS #35): n absolute value, i integer digits, v visible
/// fraction digits, w the same without trailing zeros, f and t the fraction digits with and
/// without trailing zeros, e the compact exponent.
public struct PluralOperands: Sendable, Hashable {
    /// The absolute value.
    public let n: Double
    /// The integer digits.
    public let i: Int
    /// The number of visible fraction digits, trailing zeros included.
    public let v: Int
    /// The number of visible fraction digits, trailing zeros excluded.
    public let w: Int
    /// The visible fraction digits, trailing zeros included.
    public let f: Int
    /// The visible fraction digits, trailing zeros excluded.
    public let t: Int
    /// The exponent of compact notation (`1c6`).
    public let e: Int

    /// The operands of a decimal string as CLDR writes samples: `1`, `1.50`, `1c6`, `1.1c6`.
    public init?(sample: String) {
        var text = Substring(sample.trimmingWhitespace())
        if text.hasPrefix("-") { text = text.dropFirst() }
        var exponent = 0
        if let c = text.firstIndex(where: { $0 == "c" || $0 == "e" }) {
            // CLDR samples use exponents up to 6; a huge one would build a string of that many zeros.
            guard let value = Int(text[text.index(after: c)...]), abs(value) <= 400 else { return nil }
            exponent = value
            text = text[..<c]
        }
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let integerPart = parts.first, !integerPart.isEmpty, integerPart.allSatisfy(\.isNumber) else { return nil }
        var integerDigits = String(integerPart)
        var fraction = parts.count > 1 ? String(parts[1]) : ""
        guard fraction.allSatisfy(\.isNumber) else { return nil }
        if exponent > 0 {
            // 1.1c6 is 1100000: the exponent moves fraction digits into the integer.
            let moved = String(fraction.prefix(exponent))
            integerDigits += moved + String(repeating: "0", count: exponent - moved.count)
            fraction = String(fraction.dropFirst(moved.count))
        }
        self.init(integerDigits: integerDigits, fractionDigits: fraction, exponent: exponent)
    }

    /// The operands JavaScript's `Intl.PluralRules` uses for a number: formatted with at most
    /// three fraction digits, trailing zeros dropped (so 1.0 is 1, and 0.0001 is 0).
    public init(_ value: Double) {
        let magnitude = abs(value)
        if magnitude < 1e15, magnitude == magnitude.rounded(.towardZero) {
            // The common case, an integer count: no formatting needed.
            self.init(n: magnitude, i: Int(magnitude), v: 0, w: 0, f: 0, t: 0, e: 0)
            return
        }
        guard magnitude.isFinite else {
            self.init(integerDigits: "0", fractionDigits: "", exponent: 0)
            return
        }
        if magnitude >= 1e15, magnitude == magnitude.rounded(.towardZero) {
            // ICU reads a double by its shortest digits (1e308 is a 1 and 308 zeros, not the
            // binary value's exact expansion) and keeps the last 18 integer digits, so
            // Intl.PluralRules("fr").select(1e21) is "one". Only those 18 digits are built.
            let (digits, exponent) = shortestDigits(magnitude)
            let zeros = max(0, min(18, exponent + 1 - digits.count))
            // n stays the double itself: ICU takes `n % 100` with fmod on it, so Arabic's 1e308 is "many".
            self.init(n: magnitude, i: Int(String((digits + String(repeating: "0", count: zeros)).suffix(18))) ?? 0, v: 0, w: 0, f: 0, t: 0, e: 0)
            return
        }
        var text = cFormat("%.3f", magnitude)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        let parts = text.split(separator: ".", maxSplits: 1)
        self.init(integerDigits: String(parts[0]), fractionDigits: parts.count > 1 ? String(parts[1]) : "", exponent: 0)
    }

    private init(n: Double, i: Int, v: Int, w: Int, f: Int, t: Int, e: Int) {
        self.n = n
        self.i = i
        self.v = v
        self.w = w
        self.f = f
        self.t = t
        self.e = e
    }

    private init(integerDigits: String, fractionDigits: String, exponent: Int) {
        var trimmed = Substring(fractionDigits)
        while trimmed.last == "0" { trimmed.removeLast() }
        // Rules only compare operands with small numbers, so clamping huge values keeps them exact where it matters.
        i = Int(integerDigits.suffix(18)) ?? 0
        v = fractionDigits.count
        w = trimmed.count
        f = Int(fractionDigits.prefix(18)) ?? 0
        t = Int(trimmed.prefix(18)) ?? 0
        e = exponent
        n = (Double(integerDigits + (fractionDigits.isEmpty ? "" : "." + fractionDigits)) ?? 0)
    }

    /// Whether `value` is an integer within `low...high`, the meaning of a range on `n` in CLDR rules.
    @inline(__always)
    static func within(_ value: Double, _ low: Double, _ high: Double) -> Bool {
        value >= low && value <= high && value == value.rounded(.towardZero)
    }
}
