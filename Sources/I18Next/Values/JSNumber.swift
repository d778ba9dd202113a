import JSONParsing
import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// JavaScript's number-to-string conversion (`String(1.5)` is "1.5", `String(5)` is "5",
/// `String(1e21)` is "1e+21"), so that interpolated counts read as i18next writes them.
enum JSNumber {
    /// JavaScript's `String(value)` for a number; JSONParsing's writer owns the rule, so that
    /// t() results and their JSON text spell numbers alike.
    static func string(_ value: Double) -> String { JSONValue.javaScriptText(of: value) }

    /// The shortest round-trip digits of `value` (as JavaScript's `ToString` picks them) and the
    /// decimal exponent of the first digit.
    static func shortestDigits(_ value: Double) -> (String, Int) { Platform.shortestDigits(value) }

    /// The index named by `key` if it is a canonical array index ("0", "12"; not "01" or "-1").
    static func arrayIndex(_ key: String) -> Int? {
        guard let first = key.utf8.first, first >= 0x30, first <= 0x39 else { return nil }
        if first == 0x30 && key.utf8.count > 1 { return nil }
        return Int(key)
    }
}
