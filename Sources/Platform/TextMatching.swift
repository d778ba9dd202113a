/// Matching that does not stop at Swift's grapheme clusters.
///
/// The standard library compares `Character`s: `"\r\n"` is one Character, so
/// `split(separator: "\n")` leaves a CRLF file whole, and `'` followed by U+0301 is a different
/// Character from `'`, so `replacing("'", with: …)` leaves it alone. File formats and shells see
/// bytes; these helpers do too.
extension StringProtocol {
    /// Every occurrence of `target` replaced by `replacement`, matched byte for byte in UTF-8.
    package func replacingBytes(_ target: String, with replacement: String) -> String {
        let needle = Array(target.utf8)
        guard !needle.isEmpty else { return String(self) }
        let bytes = Array(utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == needle[0], index + needle.count <= bytes.count, bytes[index..<(index + needle.count)].elementsEqual(needle) {
                output.append(contentsOf: replacement.utf8)
                index += needle.count
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The first occurrence of `target`, matched byte for byte in UTF-8, or `nil`.
    ///
    /// Also cheaper at start-up than the standard library's `firstRange(of:)`, whose searcher
    /// keeps a `[Character: Int]` table whose storage makes the runtime scan every conformance
    /// record the first time.
    package func firstBytesRange(of target: String) -> Range<Index>? {
        let needle = Array(target.utf8)
        guard !needle.isEmpty else { return nil }
        let bytes = Array(utf8)
        guard bytes.count >= needle.count else { return nil }
        for offset in 0...(bytes.count - needle.count) where bytes[offset] == needle[0] {
            if bytes[offset..<(offset + needle.count)].elementsEqual(needle) {
                let lower = utf8.index(utf8.startIndex, offsetBy: offset)
                return lower..<utf8.index(lower, offsetBy: needle.count)
            }
        }
        return nil
    }

    /// Whether `target` occurs in the text, matched byte for byte in UTF-8.
    package func containsBytes(_ target: String) -> Bool {
        let needle = Array(target.utf8)
        guard !needle.isEmpty else { return false }
        let bytes = Array(utf8)
        guard bytes.count >= needle.count else { return false }
        for index in 0...(bytes.count - needle.count) where bytes[index] == needle[0] {
            if bytes[index..<(index + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }
}

/// `public` and `@inlinable` rather than `package`, as ``WordScan``: a generic scan not
/// specialized for `String` and `Substring` in the caller's module runs through protocol
/// witnesses (reading a 20k-key `.po` spent a tenth of its time there). Platform is not a product.
extension StringProtocol {
    /// The lines of the text, split at LF and at CRLF, without the line breaks; empty lines kept.
    @inlinable
    public func splitLines() -> [SubSequence] {
        // Found as bytes (a Character-by-Character split was a fifth of reading a large .po):
        // LF, or CR LF, ends a line, as the Characters "\n" and "\r\n" did; a CR elsewhere stays.
        // In contiguous UTF-8 (native strings) by offsets, which index in constant time: stepping
        // through the view an index at a time was half of the split.
        let contiguous: [SubSequence]? = utf8.withContiguousStorageIfAvailable { bytes in
            var lines: [SubSequence] = []
            let base = utf8.startIndex
            func index(_ offset: Int) -> Index { utf8.index(base, offsetBy: offset) }
            var start = 0
            for offset in 0..<bytes.count where bytes[offset] == 0x0A {
                let end = offset > start && bytes[offset - 1] == 0x0D ? offset - 1 : offset
                lines.append(self[index(start)..<index(end)])
                start = offset + 1
            }
            lines.append(self[index(start)...])
            return lines
        }
        if let contiguous { return contiguous }
        var lines: [SubSequence] = []
        let bytes = utf8
        var start = bytes.startIndex
        var index = start
        var previous: (byte: UInt8, index: String.Index)? = nil
        while index != bytes.endIndex {
            let byte = bytes[index]
            if byte == 0x0A {
                let end = previous.map { $0.byte == 0x0D ? $0.index : index } ?? index
                lines.append(self[start..<end])
                start = bytes.index(after: index)
                previous = nil
            } else {
                previous = (byte, index)
            }
            index = bytes.index(after: index)
        }
        lines.append(self[start..<bytes.endIndex])
        return lines
    }
}
