import Diagnostics
import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The byte-level parser behind ``StringsFile``.
///
/// It follows the grammar of CoreFoundation's old-style property list parser for strings files
/// (`CFOldStylePList.c`): entries `key = value;` or `key;`, quoted (`"` or `'`) and unquoted
/// strings, `//` and `/* */` comments, an optional surrounding `{ }`. Where CoreFoundation stops
/// and returns what it has so far, this parser reports an error.
struct StringsParser: ~Copyable {
    struct Output {
        var table: StringsTable
        var warnings: [Diagnostic]
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private let path: String
    private var position: Int
    private var warnings: [Diagnostic] = []
    private var locator = SourceLocator()
    /// Every string written with escapes, unescaped, one after another (see ``StringsSpan``).
    private var unescaped: [UInt8] = []
    /// The table's keys so far, in the order of their first definition.
    private var entries: [StringsEntry] = []
    /// The index of ``entries`` by their keys' bytes (see ``StringsTable/slots``).
    private var slots: [Int32] = []
    /// The text of the last comment skipped (`/* … */` or `// …`), as byte offsets: what a
    /// translator's comment above an entry is read from.
    private var lastComment: (start: Int, end: Int)? = nil
    /// Where the previous entry ended (after its `;`); `nil` before the first.
    private var previousEntryEnd: Int? = nil

    private init(bytes: UnsafeBufferPointer<UInt8>, start: Int, path: String) {
        self.bytes = bytes
        self.position = start
        self.path = path
    }

    static func parse(_ data: Data, path: String) throws(StringsFileError) -> Output {
        let result: Result<Output, StringsFileError> = data.withUnsafeBytes { raw in
            Result { () throws(StringsFileError) in try parse(raw.bindMemory(to: UInt8.self), data: data, path: path) }
        }
        return try result.get()
    }

    private static func parse(_ raw: UnsafeBufferPointer<UInt8>, data: Data, path: String) throws(StringsFileError) -> Output {
        let converted: [UInt8]?
        let skip: Int
        do {
            (converted, skip) = try TextEncodingDetector.utf8Bytes(of: raw)
        } catch {
            let message: String
            switch error {
            case .utf16WithoutByteOrderMark:
                message = "the file looks like UTF-16 without a byte order mark; save it as UTF-8, or as UTF-16 with a BOM"
            case .invalidUTF16(let offset):
                message = "invalid UTF-16 at byte offset \(offset); save the file as UTF-8"
            }
            throw StringsFileError(diagnostic: Diagnostic(.error, file: path, line: 1, column: 1, message: message))
        }
        if let converted {
            let source = Data(converted)
            let result: Result<Output, StringsFileError> = converted.withUnsafeBufferPointer { buffer in
                var parser = StringsParser(bytes: buffer, start: 0, path: path)
                return Result { () throws(StringsFileError) in try parser.parseFile(source: source) }
            }
            return try result.get()
        }
        var parser = StringsParser(bytes: raw, start: skip, path: path)
        return try parser.parseFile(source: data)
    }

    // MARK: - Grammar

    private mutating func parseFile(source: Data) throws(StringsFileError) -> Output {
        guard bytes.count <= StringsSpan.maximumSource else {
            throw error(at: 0, "the file is 2 GiB or larger; split the table into several files")
        }
        // Each entry ends with ';', so their count bounds the entries: sizing for it up front
        // spares a large table its rehashes while it grows.
        let expected = Self.count(of: UInt8(ascii: ";"), in: bytes)
        entries.reserveCapacity(expected)
        slots = Array(repeating: 0, count: StringsTable.slotCount(for: expected))
        try skipWhitespaceAndComments()
        var braced = false
        if position < bytes.count, bytes[position] == UInt8(ascii: "{") {
            braced = true
            position += 1
        }
        while true {
            try skipWhitespaceAndComments()
            guard position < bytes.count else {
                if braced { throw error(at: position, "expected '}' to close the table opened with '{'") }
                break
            }
            let byte = bytes[position]
            if braced, byte == UInt8(ascii: "}") {
                position += 1
                try skipWhitespaceAndComments()
                if position < bytes.count {
                    throw error(at: position, "unexpected text after the closing '}'; remove it")
                }
                break
            }
            let keyOffset = position
            let comment = commentAbove(keyOffset)
            guard let key = try parseString(role: "key") else {
                throw error(at: position, unexpectedCharacterMessage(expecting: "a key (a quoted string such as \"key\")"))
            }
            try skipWhitespaceAndComments()
            guard position < bytes.count else {
                throw error(at: position, "expected '=' or ';' after the key, found the end of the file")
            }
            let value: StringsSpan
            if bytes[position] == UInt8(ascii: ";") {
                // `"key";` is the strings-file shorthand for `"key" = "key";`.
                value = key
                position += 1
            } else if bytes[position] == UInt8(ascii: "=") {
                position += 1
                try skipWhitespaceAndComments()
                guard position < bytes.count else {
                    throw error(at: position, "expected a value after '=', found the end of the file")
                }
                let valueStart = bytes[position]
                if valueStart == UInt8(ascii: "(") || valueStart == UInt8(ascii: "{") || valueStart == UInt8(ascii: "<") {
                    throw error(at: position, "the value must be a string; arrays, dictionaries and data are not allowed in a strings file")
                }
                guard let parsed = try parseString(role: "value") else {
                    throw error(at: position, unexpectedCharacterMessage(expecting: "a value (a quoted string)"))
                }
                value = parsed
                try skipWhitespaceAndComments()
                guard position < bytes.count, bytes[position] == UInt8(ascii: ";") else {
                    throw error(
                        at: position,
                        position < bytes.count
                            ? unexpectedCharacterMessage(expecting: "';' after the value")
                            : "expected ';' after the value, found the end of the file")
                }
                position += 1
            } else {
                throw error(at: position, unexpectedCharacterMessage(expecting: "'=' or ';' after the key"))
            }
            lastComment = nil
            previousEntryEnd = position
            try define(key: key, value: value, comment: comment, offset: keyOffset)
        }
        let table = StringsTable(source: source, unescaped: unescaped, entries: entries, slots: slots)
        return Output(table: table, warnings: warnings)
    }

    /// Adds the entry, or, for a key defined before, replaces its value and comment (the last
    /// definition wins, as in Apple's parser) and warns.
    private mutating func define(key: StringsSpan, value: StringsSpan, comment: StringsSpan?, offset: Int) throws(StringsFileError) {
        if slots.count / 2 <= entries.count { growIndex() }
        let (slot, existing) = unescaped.withUnsafeBufferPointer { unescaped in
            entries.withUnsafeBufferPointer { entries in
                slots.withUnsafeBufferPointer { slots in
                    StringsTable.probe(StringsTable.bytes(of: key, source: bytes, unescaped: unescaped), slots: slots) { index in
                        StringsTable.bytes(of: entries[index].key, source: bytes, unescaped: unescaped)
                    }
                }
            }
        }
        if let existing {
            entries[existing].value = value
            entries[existing].comment = comment
            let firstLine = warnings.count < 100 ? SourceLocator.location(of: entries[existing].offset, in: bytes).line : nil
            let name = unescaped.withUnsafeBufferPointer { String(decoding: StringsTable.bytes(of: key, source: bytes, unescaped: $0), as: UTF8.self) }
            warn(at: offset, "duplicate key \"\(name)\"" + (firstLine.map { " (first defined on line \($0))" } ?? "") + "; the last value wins")
            return
        }
        guard entries.count < Int(Int32.max) - 1 else {
            throw error(at: offset, "more than \(Int32.max - 2) entries; split the table into several files")
        }
        entries.append(StringsEntry(key: key, value: value, comment: comment, offset: offset))
        slots[slot] = Int32(entries.count)
    }

    /// Doubles the index when the file had more entries than its `;`s promised (it never does,
    /// as each entry ends with one, but the index must not fill up if that ever changes).
    private mutating func growIndex() {
        slots = Array(repeating: 0, count: StringsTable.slotCount(for: entries.count * 2 + 1))
        for index in entries.indices {
            // The keys are distinct: each goes to the first empty slot of its probe.
            let hash = unescaped.withUnsafeBufferPointer { StringsTable.hash(StringsTable.bytes(of: entries[index].key, source: bytes, unescaped: $0)) }
            var slot = hash & (slots.count - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = Int32(index + 1)
        }
    }

    /// The comment that ends on the line above the key, or on its line (genstrings' and Xcode's
    /// `/* comment */` before an entry), trimmed. A comment with a blank line before the key is
    /// the file's, not the entry's; one on the line of the previous entry's `;` is that entry's
    /// trailing remark.
    private func commentAbove(_ keyOffset: Int) -> StringsSpan? {
        guard let (start, end) = lastComment else { return nil }
        if let previousEntryEnd, !bytes[previousEntryEnd..<start].contains(0x0A) { return nil }
        var newlines = 0
        for offset in end..<keyOffset where bytes[offset] == 0x0A {
            newlines += 1
            if newlines > 1 { return nil }
        }
        var first = start
        var last = end
        while first < last, Self.isSpace(bytes[first]) { first += 1 }
        while last > first, Self.isSpace(bytes[last - 1]) { last -= 1 }
        return StringsSpan(start: first, count: last - first)
    }

    @inline(__always)
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private func unexpectedCharacterMessage(expecting expected: String) -> String {
        guard position < bytes.count else { return "expected \(expected), found the end of the file" }
        let byte = bytes[position]
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
            return "expected \(expected), found a stray quote"
        }
        if byte >= 0x21 && byte < 0x7F {
            return "expected \(expected), found '\(Character(Unicode.Scalar(byte)))'"
        }
        return "expected \(expected)"
    }

    // MARK: - Whitespace and comments

    private mutating func skipWhitespaceAndComments() throws(StringsFileError) {
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C:
                position += 1
            case UInt8(ascii: "/"):
                guard position + 1 < bytes.count else { return }
                let next = bytes[position + 1]
                if next == UInt8(ascii: "/") {
                    position += 2
                    let textStart = position
                    while position < bytes.count, bytes[position] != 0x0A, bytes[position] != 0x0D { position += 1 }
                    lastComment = (textStart, position)
                } else if next == UInt8(ascii: "*") {
                    let start = position
                    position += 2
                    while true {
                        guard position + 1 < bytes.count else {
                            throw error(at: start, "unterminated comment; close it with '*/'")
                        }
                        if bytes[position] == UInt8(ascii: "*"), bytes[position + 1] == UInt8(ascii: "/") {
                            lastComment = (start + 2, position)
                            position += 2
                            break
                        }
                        position += 1
                    }
                } else {
                    return
                }
            case 0xE2:
                // U+2028 LINE SEPARATOR and U+2029 PARAGRAPH SEPARATOR are white space to CoreFoundation.
                if position + 2 < bytes.count, bytes[position + 1] == 0x80,
                    bytes[position + 2] == 0xA8 || bytes[position + 2] == 0xA9
                {
                    position += 3
                } else {
                    return
                }
            default:
                return
            }
        }
    }

    // MARK: - Strings

    @inline(__always)
    private static func isUnquotedCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"), UInt8(ascii: ":"),
            UInt8(ascii: "."), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    /// Parses a quoted or unquoted string at the current position, or returns `nil` when none starts here.
    private mutating func parseString(role: String) throws(StringsFileError) -> StringsSpan? {
        guard position < bytes.count else { return nil }
        let first = bytes[position]
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            return try parseQuoted(quote: first, role: role)
        }
        guard Self.isUnquotedCharacter(first) else { return nil }
        let start = position
        while position < bytes.count, Self.isUnquotedCharacter(bytes[position]) { position += 1 }
        return StringsSpan(start: start, count: position - start)
    }

    private mutating func parseQuoted(quote: UInt8, role: String) throws(StringsFileError) -> StringsSpan {
        let openOffset = position
        position += 1
        let contentStart = position
        // Fast path: most strings have no escapes and are their bytes in the file. memchr finds the closing quote, then whether a backslash comes before it: both
        // scan many bytes a step, where a loop over the buffer took ~17 instructions a byte.
        let remaining = bytes.count - position
        let start = bytes.baseAddress! + position
        let closing = remaining > 0 ? firstByte(quote, at: start, count: remaining) : nil
        let scanned = closing.map { $0 - UnsafeRawPointer(start) } ?? remaining
        let backslash = scanned > 0 ? firstByte(UInt8(ascii: "\\"), at: start, count: scanned) : nil
        if let backslash {
            position += backslash - UnsafeRawPointer(start)
        } else if closing != nil {
            let slice = UnsafeBufferPointer(start: start, count: scanned)
            position += scanned + 1
            if let invalid = UTF8Validation.firstInvalidOffset(in: slice) {
                throw error(at: contentStart + invalid, "invalid UTF-8 in the \(role); save the file as UTF-8")
            }
            return StringsSpan(start: contentStart, count: scanned)
        } else {
            position = bytes.count
        }
        guard position < bytes.count else {
            throw error(at: openOffset, "unterminated string; add the closing \(quote == UInt8(ascii: "\"") ? "\"" : "'")")
        }
        let unescapedStart = unescaped.count
        unescaped.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[contentStart..<position]))
        var pendingHighSurrogate: (value: UInt32, offset: Int)? = nil
        while position < bytes.count {
            let byte = bytes[position]
            if byte == quote {
                position += 1
                if let pending = pendingHighSurrogate { loneSurrogate(at: pending.offset) }
                let count = unescaped.count - unescapedStart
                let valid = unescaped.withUnsafeBufferPointer {
                    UTF8Validation.firstInvalidOffset(in: UnsafeBufferPointer(rebasing: $0[unescapedStart...])) == nil
                }
                guard valid else {
                    throw error(at: openOffset, "invalid UTF-8 in the \(role); save the file as UTF-8")
                }
                return StringsSpan(start: ~unescapedStart, count: count)
            }
            guard byte == UInt8(ascii: "\\") else {
                if let pending = pendingHighSurrogate { loneSurrogate(at: pending.offset); pendingHighSurrogate = nil }
                unescaped.append(byte)
                position += 1
                continue
            }
            let escapeOffset = position
            position += 1
            guard position < bytes.count else { break }
            let escaped = bytes[position]
            position += 1
            guard let value = escapedUnit(escaped, at: escapeOffset) else {
                // Any other escaped character stands for itself, including multi-byte UTF-8.
                if pendingHighSurrogate != nil { loneSurrogate(at: pendingHighSurrogate!.offset); pendingHighSurrogate = nil }
                unescaped.append(escaped)
                while position < bytes.count, bytes[position] & 0xC0 == 0x80 {
                    unescaped.append(bytes[position])
                    position += 1
                }
                continue
            }
            if let pending = pendingHighSurrogate {
                pendingHighSurrogate = nil
                if (0xDC00...0xDFFF).contains(value) {
                    let combined = 0x10000 + ((pending.value - 0xD800) << 10) + (value - 0xDC00)
                    appendScalar(combined)
                    continue
                }
                loneSurrogate(at: pending.offset)
            }
            if (0xD800...0xDBFF).contains(value) {
                pendingHighSurrogate = (value, escapeOffset)
            } else if (0xDC00...0xDFFF).contains(value) {
                loneSurrogate(at: escapeOffset)
            } else {
                appendScalar(value)
            }
        }
        throw error(at: openOffset, "unterminated string; add the closing \(quote == UInt8(ascii: "\"") ? "\"" : "'")")
    }

    /// The value of the escape at `escapeOffset` whose character after the backslash is
    /// `escaped`, reading its digits from `position` on (octal, `\U` and four hex digits, `\n`
    /// and the other C letters, `\u` read as `u` with a warning), or `nil` for any other
    /// character, which stands for itself. A `\U` value is a UTF-16 unit: the caller pairs
    /// surrogates.
    private mutating func escapedUnit(_ escaped: UInt8, at escapeOffset: Int) -> UInt32? {
        switch escaped {
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            // CoreFoundation reads at most three octal digits into a byte, so `\777` wraps.
            var number = UInt8(escaped - UInt8(ascii: "0"))
            var digits = 1
            while digits < 3, position < bytes.count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "7") {
                number = number &<< 3 &+ (bytes[position] - UInt8(ascii: "0"))
                position += 1
                digits += 1
            }
            return NeXTSTEPEncoding.scalar(for: number)
        case UInt8(ascii: "a"): return 0x07
        case UInt8(ascii: "b"): return 0x08
        case UInt8(ascii: "f"): return 0x0C
        case UInt8(ascii: "n"): return 0x0A
        case UInt8(ascii: "r"): return 0x0D
        case UInt8(ascii: "t"): return 0x09
        case UInt8(ascii: "v"): return 0x0B
        case UInt8(ascii: "U"):
            var number: UInt32 = 0
            var digits = 0
            while digits < 4, position < bytes.count, let digit = Self.hexValue(bytes[position]) {
                number = number << 4 | UInt32(digit)
                position += 1
                digits += 1
            }
            if digits < 4 {
                warn(
                    at: escapeOffset, "'\\U' takes exactly four hex digits; this one has \(digits), read as U+\(String(number, radix: 16, uppercase: true))"
                )
            }
            return number
        case UInt8(ascii: "u"):
            warn(
                at: escapeOffset,
                "'\\u' is not an escape in strings files and stands for 'u'; write '\\U' followed by four hex digits for a Unicode character")
            return UInt32(escaped)
        default:
            return nil
        }
    }

    private mutating func loneSurrogate(at offset: Int) {
        warn(at: offset, "unpaired UTF-16 surrogate; it is replaced by U+FFFD")
        appendScalar(0xFFFD)
    }

    private mutating func appendScalar(_ value: UInt32) {
        let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
        if value < 0x80 {
            unescaped.append(UInt8(value))
        } else {
            UTF8.encode(scalar) { unescaped.append($0) }
        }
    }

    @inline(__always)
    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// How many times `byte` occurs in `bytes` (memchr, many bytes a step).
    private static func count(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard var cursor = bytes.baseAddress.map(UnsafeRawPointer.init) else { return 0 }
        let end = cursor + bytes.count
        var count = 0
        while cursor < end, let found = firstByte(byte, at: cursor, count: end - cursor) {
            count += 1
            cursor = found + 1
        }
        return count
    }

    // MARK: - Diagnostics

    private func error(at offset: Int, _ message: String) -> StringsFileError {
        let (line, column) = SourceLocator.location(of: offset, in: bytes)
        return StringsFileError(
            diagnostic: Diagnostic(.error, file: path, line: line, column: column, message: message),
            warnings: warnings)
    }

    private mutating func warn(at offset: Int, _ message: String) {
        let (line, column) = locator.location(of: offset, in: bytes)
        warnings.append(Diagnostic(.warning, file: path, line: line, column: column, message: message))
    }
}
