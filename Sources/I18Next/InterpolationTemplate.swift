import JSONParsing
import Platform

/// A resource string's placeholders, found once: the literal text between them and each
/// variable's name, trimmed.
///
/// ``Interpolator/interpolate(_:data:implicitLanguage:callOptions:skipOnVariables:format:)``
/// reproduces i18next's `String.replace` loop: each call scans the text for placeholders, makes
/// each name, searches for the first occurrence of the matched text and shifts the rest of the
/// text to insert the value. With `skipOnVariables` (i18next's default), where every placeholder
/// is distinct, stands where the text's only placeholder prefixes are, and no value brings a
/// prefix character of its own, that loop comes down to "literal, value, literal, …": a template
/// answers it with one string built in one pass.
///
/// A text the shortcut cannot answer exactly (a `{{- raw}}` placeholder, a repeated one, a
/// format such as `{{n, number}}`, a stray prefix) is marked so, and takes the loop.
final class InterpolationTemplate: Sendable {
    struct Placeholder: Sendable {
        /// The variable, trimmed as JavaScript trims it.
        let name: String
        /// Whether the name is one member (no `.` or `#`), looked up directly.
        let isMember: Bool
    }

    /// The text the template was made from.
    let text: String
    /// The text between placeholders: one more than ``placeholders``.
    let literals: [String]
    let placeholders: [Placeholder]
    /// The placeholders' text as written (`{{ name }}`), for one left in place.
    let matched: [String]
    /// Whether the shortcut answers exactly what the loop would; `false` sends every call to it.
    let isUsable: Bool
    /// The length of all ``literals`` in UTF-8.
    private let literalBytes: Int

    private init(text: String, literals: [String], placeholders: [Placeholder], matched: [String], isUsable: Bool) {
        self.text = text
        self.literals = literals
        self.placeholders = placeholders
        self.matched = matched
        self.isUsable = isUsable
        self.literalBytes = literals.reduce(0) { $0 + $1.utf8.count }
    }

    private static func unusable(_ text: String) -> InterpolationTemplate {
        InterpolationTemplate(text: text, literals: [], placeholders: [], matched: [], isUsable: false)
    }

    /// Finds the placeholders of `text` as the loop would with `skipOnVariables`, or returns
    /// an unusable one when the shortcut would not give the loop's answer.
    static func make(_ text: String, prefix: [UInt8], suffix: [UInt8], unescapeOpen: [UInt8], formatSeparator: [UInt8]) -> InterpolationTemplate {
        let bytes = Array(text.utf8)
        guard let prefixByte = prefix.first, Scanner.index(of: unescapeOpen, in: bytes, from: 0) == nil else { return unusable(text) }
        var literals: [String] = []
        var placeholders: [Placeholder] = []
        var matched: [String] = []
        var starts: [Int] = []
        var seen: Set<String> = []
        var cursor = 0
        while let match = Scanner.placeholder(in: bytes, from: cursor, open: prefix, close: suffix) {
            // The loop replaces the first occurrence of a placeholder's text: a repeated one could
            // be found at an earlier copy left in place.
            let written = String(decoding: bytes[match.start..<match.end], as: UTF8.self)
            guard seen.insert(written).inserted else { return unusable(text) }
            // Nor may a value complete a prefix begun just before it.
            if bytes[max(0, match.start - prefix.count + 1)..<match.start].contains(prefixByte) { return unusable(text) }
            let name = Interpolator.trimmedText(bytes, match.innerStart..<match.innerEnd)
            // A format runs a formatter, whose warnings the loop must not repeat.
            if !formatSeparator.isEmpty, Scanner.contains(name, formatSeparator) { return unusable(text) }
            literals.append(String(decoding: bytes[cursor..<match.start], as: UTF8.self))
            placeholders.append(Placeholder(name: name, isMember: !Scanner.containsEither(name, UInt8(ascii: "."), UInt8(ascii: "#"))))
            matched.append(written)
            starts.append(match.start)
            cursor = match.end
        }
        literals.append(String(decoding: bytes[cursor...], as: UTF8.self))
        // A prefix anywhere but at a placeholder's start (in a literal, inside a placeholder, or
        // overlapping one) could start a match the loop finds in the text it is building.
        var searchFrom = 0
        var placeholder = 0
        while let found = Scanner.index(of: prefix, in: bytes, from: searchFrom) {
            guard placeholder < starts.count, starts[placeholder] == found else { return unusable(text) }
            placeholder += 1
            searchFrom = found + 1
        }
        return InterpolationTemplate(text: text, literals: literals, placeholders: placeholders, matched: matched, isUsable: true)
    }

    /// The text with each placeholder replaced, or `nil` when a value holds the prefix's first
    /// byte (the loop's search could then find its placeholders in the values).
    ///
    /// - Parameters:
    ///   - value: A placeholder's value, or `nil` when the data has none.
    ///   - keepsMissing: Whether a placeholder without a value stays as written (`skipOnVariables`
    ///     and no call option of that name) rather than becoming empty.
    func fill(
        prefixByte: UInt8, maxReplaces: Int, escape: Bool,
        value: (Placeholder) -> String?, keepsMissing: (Placeholder) -> Bool
    ) -> String? {
        guard !placeholders.isEmpty else { return literals[0] }
        // What goes in place of each placeholder (on the stack), then the result made in one
        // allocation: appending piece by piece to a String cost ~340 instructions an append.
        return withUnsafeTemporaryAllocation(of: String.self, capacity: placeholders.count) { pieces -> String? in
            var made = 0
            defer { pieces.baseAddress!.deinitialize(count: made) }
            var total = literalBytes
            var replaces = 0
            for (offset, placeholder) in placeholders.enumerated() {
                var piece: String
                if replaces >= maxReplaces {
                    // The loop stopped here: the rest stays as written.
                    piece = matched[offset]
                } else if let found = value(placeholder) {
                    let scan = Self.scan(found, for: prefixByte)
                    if escape, scan.escapable {
                        piece = Interpolator.escapeHTML(found)
                        // The entities may bring the prefix's first byte (a custom prefix such as `&`).
                        if Scanner.containsEither(piece, prefixByte, prefixByte) { return nil }
                    } else {
                        if scan.prefixByte { return nil }
                        piece = found
                    }
                    replaces += 1
                } else if keepsMissing(placeholder) {
                    piece = matched[offset]
                } else {
                    piece = ""
                    replaces += 1
                }
                total += piece.utf8.count
                (pieces.baseAddress! + made).initialize(to: piece)
                made += 1
            }
            guard total > 0 else { return "" }
            return String(unsafeUninitializedCapacity: total) { buffer in
                var cursor = Self.copy(literals[0], to: buffer.baseAddress!)
                for offset in 0..<made {
                    cursor = Self.copy(pieces[offset], to: cursor)
                    cursor = Self.copy(literals[offset + 1], to: cursor)
                }
                return cursor - buffer.baseAddress!
            }
        }
    }

    /// Whether `text` holds `prefixByte`, and a character HTML escaping replaces, in one pass.
    private static func scan(_ text: String, for prefixByte: UInt8) -> (prefixByte: Bool, escapable: Bool) {
        var result = (prefixByte: false, escapable: false)
        func look(_ byte: UInt8) {
            if byte == prefixByte { result.prefixByte = true }
            if Interpolator.isEscapable(byte) { result.escapable = true }
        }
        if text.utf8.withContiguousStorageIfAvailable({ $0.forEach(look) }) == nil { text.utf8.forEach(look) }
        return result
    }

    /// Copies the UTF-8 of `text` to `cursor`, and returns where it ends.
    @inline(__always)
    private static func copy(_ text: String, to cursor: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        let copied = text.utf8.withContiguousStorageIfAvailable { bytes in
            if let source = bytes.baseAddress { cursor.initialize(from: source, count: bytes.count) }
            return cursor + bytes.count
        }
        if let copied { return copied }
        var end = cursor
        for byte in text.utf8 {
            end.initialize(to: byte)
            end += 1
        }
        return end
    }
}
