import Platform

/// Byte-level equivalents of the regular expressions i18next uses.
enum Scanner {
    /// Whether `text` contains `needle`, without copying the text.
    static func contains(_ text: String, _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty else { return false }
        let found: Bool? = text.utf8.withContiguousStorageIfAvailable { bytes in
            needle.withUnsafeBufferPointer { index(of: $0, in: bytes, from: 0) != nil }
        }
        return found ?? (index(of: needle, in: Array(text.utf8), from: 0) != nil)
    }

    /// Whether `text` contains `a` or `b` (a byte each).
    static func containsEither(_ text: String, _ a: UInt8, _ b: UInt8) -> Bool {
        let found: Bool? = text.utf8.withContiguousStorageIfAvailable { bytes in bytes.contains { $0 == a || $0 == b } }
        return found ?? text.utf8.contains { $0 == a || $0 == b }
    }

    struct Match {
        let start: Int
        let innerStart: Int
        let innerEnd: Int
        let end: Int
    }

    static func index(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        haystack.withUnsafeBufferPointer { bytes in
            needle.withUnsafeBufferPointer { index(of: $0, in: bytes, from: start) }
        }
    }

    /// Where `needle` first occurs in `haystack` at or after `start`. memchr finds each candidate
    /// first byte many bytes a step, which matters because `t()` asks this several times a call
    /// (placeholder, nesting, separator), mostly of short strings that do not contain the needle.
    static func index(of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let first = needle.first, let base = haystack.baseAddress, haystack.count >= needle.count else { return nil }
        let last = haystack.count - needle.count
        var index = max(start, 0)
        while index <= last {
            guard let found = firstByte(first, at: base + index, count: last - index + 1) else { return nil }
            let candidate = found.assumingMemoryBound(to: UInt8.self) - base
            // Needles are a few bytes (`{{`, `$t(`, `:`): compared in place, cheaper than a call.
            var offset = 1
            while offset < needle.count, base[candidate + offset] == needle[offset] { offset += 1 }
            if offset == needle.count { return candidate }
            index = candidate + 1
        }
        return nil
    }

    @inline(__always)
    static func matches(_ needle: [UInt8], in haystack: [UInt8], at index: Int) -> Bool {
        guard index + needle.count <= haystack.count else { return false }
        for offset in 0..<needle.count where haystack[index + offset] != needle[offset] { return false }
        return true
    }

    /// JavaScript's `.` does not match line terminators.
    @inline(__always)
    static func lineTerminatorLength(_ bytes: [UInt8], at index: Int) -> Bool {
        let byte = bytes[index]
        if byte == 0x0A || byte == 0x0D { return true }
        return byte == 0xE2 && index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9)
    }

    @inline(__always)
    static func characterLength(_ bytes: [UInt8], at index: Int) -> Int {
        let byte = bytes[index]
        if byte < 0x80 { return 1 }
        if byte >= 0xF0 { return 4 }
        if byte >= 0xE0 { return 3 }
        return 2
    }

    /// `open(.+?)close`: the first placeholder at or after `start`.
    static func placeholder(in bytes: [UInt8], from start: Int, open: [UInt8], close: [UInt8]) -> Match? {
        var searchFrom = start
        while let found = index(of: open, in: bytes, from: searchFrom) {
            let innerStart = found + open.count
            var cursor = innerStart
            if cursor < bytes.count, !lineTerminatorLength(bytes, at: cursor) {
                cursor += characterLength(bytes, at: cursor)
                while cursor <= bytes.count {
                    if matches(close, in: bytes, at: cursor) {
                        return Match(start: found, innerStart: innerStart, innerEnd: cursor, end: cursor + close.count)
                    }
                    if cursor == bytes.count || lineTerminatorLength(bytes, at: cursor) { break }
                    cursor += characterLength(bytes, at: cursor)
                }
            }
            // No `close` between here and the end of the line: none of the `open`s before it can
            // find one either (their searches are parts of this one), so the search goes on
            // after it. From `found + 1` it was quadratic in a line of unclosed `{{`.
            searchFrom = max(found + 1, cursor)
        }
        return nil
    }

    /// `prefix((?:[^()"']+|"[^"]*"|'[^']*'|\((?:[^()]|"[^"]*"|'[^']*')*\))*?)suffix`.
    static func nesting(in bytes: [UInt8], from start: Int, prefix: [UInt8], suffix: [UInt8]) -> Match? {
        var searchFrom = start
        while let found = index(of: prefix, in: bytes, from: searchFrom) {
            let innerStart = found + prefix.count
            var cursor = innerStart
            scanning: while true {
                if matches(suffix, in: bytes, at: cursor) {
                    return Match(start: found, innerStart: innerStart, innerEnd: cursor, end: cursor + suffix.count)
                }
                guard cursor < bytes.count else { break scanning }
                switch bytes[cursor] {
                case UInt8(ascii: "\""), UInt8(ascii: "'"):
                    guard let close = bytes[(cursor + 1)...].firstIndex(of: bytes[cursor]) else { break scanning }
                    cursor = close + 1
                case UInt8(ascii: "("):
                    var inner = cursor + 1
                    while inner < bytes.count, bytes[inner] != UInt8(ascii: ")"), bytes[inner] != UInt8(ascii: "(") { inner += 1 }
                    guard inner < bytes.count, bytes[inner] == UInt8(ascii: ")") else { break scanning }
                    cursor = inner + 1
                case UInt8(ascii: ")"):
                    break scanning
                default:
                    cursor += 1
                }
            }
            searchFrom = found + 1
        }
        return nil
    }

    /// Where the bytes in `range` first occur in `bytes` (at `range.lowerBound` at the latest).
    static func firstOccurrence(of range: Range<Int>, in bytes: [UInt8]) -> Int {
        let count = range.count
        guard count > 0 else { return range.lowerBound }
        let first = bytes[range.lowerBound]
        var index = 0
        while index < range.lowerBound {
            if bytes[index] == first {
                var offset = 1
                while offset < count, bytes[index + offset] == bytes[range.lowerBound + offset] { offset += 1 }
                if offset == count { return index }
            }
            index += 1
        }
        return range.lowerBound
    }
}
