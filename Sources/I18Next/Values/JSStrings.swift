import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// JavaScript's `trim` and `split` on byte level: the hot path of `t()` uses them on every call,
/// and Foundation's versions go through `NSString`.
enum JSStrings {
    @inline(__always)
    static func isASCIISpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }

    /// i18next's `regexEscape`: a backslash before each of `-[]/{}()*+?.\\^$|`.
    static func regexEscape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if "-[]/{}()*+?.\\^$|".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    /// `String.prototype.trim()`.
    static func trim(_ input: some StringProtocol) -> String {
        let text = String(input)
        let utf8 = text.utf8
        guard let first = utf8.first, let last = utf8.last else { return "" }
        if first >= 0x80 || last >= 0x80 {
            return text.trimmingWhitespaceAndNewlines()
        }
        if !isASCIISpace(first) && !isASCIISpace(last) { return text }
        var start = utf8.startIndex
        var end = utf8.endIndex
        while start < end, isASCIISpace(utf8[start]) { start = utf8.index(after: start) }
        while end > start, isASCIISpace(utf8[utf8.index(before: end)]) { end = utf8.index(before: end) }
        return String(text[start..<end])
    }

    /// `String.prototype.split(separator)` for a non-empty separator.
    static func split(_ text: String, by separator: String) -> [String] {
        let bytes = Array(text.utf8)
        let needle = Array(separator.utf8)
        guard !needle.isEmpty else { return [text] }
        var parts: [String] = []
        var start = 0
        var searchFrom = 0
        while let found = Scanner.index(of: needle, in: bytes, from: searchFrom) {
            parts.append(String(decoding: bytes[start..<found], as: UTF8.self))
            start = found + needle.count
            searchFrom = start
        }
        parts.append(String(decoding: bytes[start...], as: UTF8.self))
        return parts
    }

    static func contains(_ text: String, _ needle: String) -> Bool {
        Scanner.contains(text, Array(needle.utf8))
    }
}
