import Platform

/// A one-pass check that a JSON document is one ``JSONParser`` accepts, building nothing.
///
/// Large documents are mostly read for one value (`envtool get base_url` on a million
/// variables), and building the whole tree to find it costs seconds and hundreds of MiB. The
/// validator lets a reader check the whole document cheaply and then build only what it reads.
///
/// It answers "certainly valid" or "not certain", never an error message: on `false` the caller
/// parses the document with ``JSONParser``, which reports the first problem with the same
/// message and position as always (or, where the validator was only unsure, succeeds). So it
/// must never accept a document the parser refuses; it may refuse some the parser accepts, and
/// does for rare shapes that are costly to judge without building keys (an object with a key
/// written with an escape, when its keys must be compared).
///
/// Checks, as the parser: the grammar of RFC 8259 (literals, numbers, escapes, paired UTF-16
/// surrogates), UTF-8 in strings, nesting up to ``JSONParser/maximumDepth``, a leading BOM, and
/// keys repeated in one object (compared by their bytes; large objects by a 64-bit hash, where a
/// collision is only "not certain").
package struct JSONValidator: ~Copyable {
    // Positions and depths are passed in and returned, not kept in `self`: a recursive mutating
    // method reaches stored properties through memory, and a position read and written that way
    // at every byte step cost a third of validating a catalog.
    private let bytes: UnsafeBufferPointer<UInt8>
    /// Key byte ranges of the objects being read, innermost last; each object owns the entries
    /// from the count it recorded when it opened up to ``keyCount``. A stack kept by its count in
    /// storage of its own: entries past the count are stale and overwritten, and no write checks
    /// that an array is uniquely referenced (1.1 million such checks in validating a catalog).
    private var keys: UnsafeMutablePointer<Span>
    private var keyCapacity = 64
    private var keyCount = 0
    /// The key hashes of the objects being read that have more than ``pairwiseLimit`` members,
    /// innermost last, kept as ``keys`` is. An object sorts its own when it closes and looks for
    /// two alike: cheaper than a `Set` per object, which cost 4% of validating a catalog even
    /// where it stayed empty.
    private var hashes: [UInt64] = []
    private var hashCount = 0

    /// A byte range of the document. Wrapped because an array of `Range<Int>` makes the runtime
    /// look up `Int: Comparable`, a scan of every conformance record of the binary, when its
    /// storage is first made, at the start of every command that reads JSON; an array of a
    /// plain struct needs no lookup.
    package struct Span: Sendable {
        package let range: Range<Int>
    }

    /// Objects opened at this depth (the root's members are at 2) are recorded in ``objects``.
    private var recordedDepth = 0
    /// The byte ranges of the objects at ``recordedDepth``, in document order.
    private var objects: [Span] = []

    /// Up to this many members keys are compared pairwise; past it, by hash (and a collision
    /// answers "not certain").
    private static let pairwiseLimit = 16

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        keys = .allocate(capacity: keyCapacity)
    }

    deinit {
        keys.deallocate()
    }

    /// Whether ``JSONParser`` (refusing duplicate keys) certainly accepts `bytes`.
    package static func isCertainlyValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var validator = JSONValidator(bytes: bytes)
        return validator.document()
    }

    /// Whether ``JSONParser`` certainly accepts `bytes`, and then the byte range of every object
    /// that opens at `depth` (the root object's members are at depth 2), in document order, so
    /// that a later pass can step over them without reading them again; `nil` when not certain.
    package static func certainlyValidObjects(_ bytes: UnsafeBufferPointer<UInt8>, atDepth depth: Int) -> [Span]? {
        var validator = JSONValidator(bytes: bytes)
        validator.recordedDepth = depth
        return validator.document() ? validator.objects : nil
    }

    private mutating func document() -> Bool {
        var position = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
        position = skipWhitespace(from: position)
        guard position < bytes.count, let end = value(at: position, depth: 0) else { return false }
        return skipWhitespace(from: end) == bytes.count
    }

    /// The first position from `start` that is not white space.
    @inline(__always) private func skipWhitespace(from start: Int) -> Int {
        Self.skipWhitespace(in: bytes, from: start)
    }

    @inline(__always) private static func skipWhitespace(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var position = start
        // Most calls stop at once, on a byte above the space: one comparison decides.
        while position < bytes.count {
            let byte = bytes[position]
            guard byte <= 0x20, byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D else { break }
            position += 1
        }
        return position
    }

    /// The position after the value that starts at `position` (a position in the document) in
    /// a container at `depth`, or `nil` when it is not certainly valid.
    private mutating func value(at position: Int, depth: Int) -> Int? {
        switch bytes[position] {
        case UInt8(ascii: "{"): return object(at: position, depth: depth + 1)
        case UInt8(ascii: "["): return array(at: position, depth: depth + 1)
        case UInt8(ascii: "\""): return string(at: position)?.end
        case UInt8(ascii: "t"): return literal("true", at: position)
        case UInt8(ascii: "f"): return literal("false", at: position)
        case UInt8(ascii: "n"): return literal("null", at: position)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number(at: position)
        default: return nil
        }
    }

    private mutating func object(at start: Int, depth: Int) -> Int? {
        guard depth <= JSONParser.maximumDepth, let end = members(at: start, depth: depth) else { return nil }
        if depth == recordedDepth { objects.append(Span(range: start..<end)) }
        return end
    }

    /// The position after the object whose `{` is at `start`.
    private mutating func members(at start: Int, depth: Int) -> Int? {
        let firstKey = keyCount
        let firstHash = hashCount
        defer {
            keyCount = firstKey
            hashCount = firstHash
        }
        let bytes = self.bytes
        var hashing = false
        var position = Self.skipWhitespace(in: bytes, from: start + 1)
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") { return position + 1 }
        while true {
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\""), let key = Self.string(in: bytes, at: position) else { return nil }
            // Equal bytes are equal keys only when neither has an escape ("a" and "\u0061" are one key).
            if key.hasEscape { return nil }
            let range = position + 1..<key.end - 1
            if hashing {
                pushHash(hash(range))
            } else if keyCount - firstKey < Self.pairwiseLimit {
                for index in firstKey..<keyCount where sameBytes(keys[index].range, range) { return nil }
                pushKey(Span(range: range))
            } else {
                hashing = true
                for index in firstKey..<keyCount { pushHash(hash(keys[index].range)) }
                pushHash(hash(range))
            }
            position = Self.skipWhitespace(in: bytes, from: key.end)
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { return nil }
            position = Self.skipWhitespace(in: bytes, from: position + 1)
            guard position < bytes.count else { return nil }
            // A string value, the most common, is read here rather than through a call to `value`.
            if bytes[position] == UInt8(ascii: "\"") {
                guard let text = Self.string(in: bytes, at: position) else { return nil }
                position = text.end
            } else {
                guard let end = value(at: position, depth: depth) else { return nil }
                position = end
            }
            position = Self.skipWhitespace(in: bytes, from: position)
            guard position < bytes.count else { return nil }
            if bytes[position] == UInt8(ascii: ",") {
                position = Self.skipWhitespace(in: bytes, from: position + 1)
                continue
            }
            guard bytes[position] == UInt8(ascii: "}") else { return nil }
            if hashing {
                hashes[firstHash..<hashCount].sort()
                for index in (firstHash + 1)..<hashCount where hashes[index] == hashes[index - 1] { return nil }
            }
            return position + 1
        }
    }

    private mutating func pushKey(_ span: Span) {
        if keyCount == keyCapacity {
            let larger = UnsafeMutablePointer<Span>.allocate(capacity: keyCapacity * 2)
            larger.moveInitialize(from: keys, count: keyCount)
            keys.deallocate()
            keys = larger
            keyCapacity *= 2
        }
        (keys + keyCount).initialize(to: span)
        keyCount += 1
    }

    private mutating func pushHash(_ hash: UInt64) {
        if hashCount < hashes.count {
            hashes[hashCount] = hash
        } else {
            hashes.append(hash)
        }
        hashCount += 1
    }

    /// The position after the array whose `[` is at `start`.
    private mutating func array(at start: Int, depth: Int) -> Int? {
        guard depth <= JSONParser.maximumDepth else { return nil }
        var position = skipWhitespace(from: start + 1)
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") { return position + 1 }
        while true {
            guard position < bytes.count, let end = value(at: position, depth: depth) else { return nil }
            position = skipWhitespace(from: end)
            guard position < bytes.count else { return nil }
            if bytes[position] == UInt8(ascii: ",") {
                position = skipWhitespace(from: position + 1)
                continue
            }
            return bytes[position] == UInt8(ascii: "]") ? position + 1 : nil
        }
    }

    /// The parser reads a run of letters and compares it, so `truex` is refused as a whole word.
    private func literal(_ word: StaticString, at start: Int) -> Int? {
        let count = word.utf8CodeUnitCount
        guard start + count <= bytes.count else { return nil }
        for offset in 0..<count where bytes[start + offset] != word.utf8Start[offset] { return nil }
        let end = start + count
        if end < bytes.count, (bytes[end] | 0x20) >= UInt8(ascii: "a"), (bytes[end] | 0x20) <= UInt8(ascii: "z") {
            return nil
        }
        return end
    }

    private func number(at start: Int) -> Int? {
        var position = start
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count, isDigit(bytes[position]) else { return nil }
        if bytes[position] == UInt8(ascii: "0"), position + 1 < bytes.count, isDigit(bytes[position + 1]) { return nil }
        while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else { return nil }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard position < bytes.count, isDigit(bytes[position]) else { return nil }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        return position
    }

    @inline(__always) private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// Where a string ends (the position after its closing quote) and whether it has an escape.
    private struct StringEnd {
        let end: Int
        let hasEscape: Bool
    }

    /// The string whose opening quote is at `start`; `nil` when it is invalid.
    ///
    /// Inlined into its callers and kept small: the common string, ASCII without escapes, ends
    /// here; anything else continues in ``generalString(in:from:)``.
    @inline(__always) private func string(at start: Int) -> StringEnd? {
        Self.string(in: bytes, at: start)
    }

    /// ``string(at:)`` on `bytes`, static so that callers holding `bytes` in a local need not
    /// copy `self` to call it (which they did for every key).
    @inline(__always) private static func string(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> StringEnd? {
        var position = start + 1
        while true {
            position = skipOrdinaryWords(in: bytes, from: position)
            guard position < bytes.count else { return nil }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") { return StringEnd(end: position + 1, hasEscape: false) }
            // The last few bytes of the document are read one by one.
            guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\\") else { return generalString(in: bytes, from: position) }
            position += 1
        }
    }

    /// Ordinary string bytes (no quote, backslash, control character or non-ASCII) from `start`,
    /// eight at a time, then straight to the first byte that is not: the position of that byte,
    /// or of the last few bytes of the document, which callers read one by one. Most keys and
    /// values are shorter than a word, and stepping to their end byte by byte cost more than the
    /// rest of validating.
    @inline(__always) private static func skipOrdinaryWords(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var position = start
        while bytes.count - position >= 8 {
            let word = WordScan.load(bytes, at: position)
            // The first flag of the four tests together is exact (see WordScan.zeroFlags).
            let flags =
                WordScan.flags(word, equalTo: UInt8(ascii: "\"")) | WordScan.flags(word, equalTo: UInt8(ascii: "\\"))
                | WordScan.flags(word, below: 0x20) | WordScan.nonASCIIFlags(word)
            if flags != 0 { return position + WordScan.firstFlaggedByte(flags) }
            position += 8
        }
        return position
    }

    /// The rest of a string, from an escape, a control character or a non-ASCII byte at `start`.
    @inline(never) private static func generalString(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> StringEnd? {
        var position = start
        var hasEscape = false
        while true {
            position = skipOrdinaryWords(in: bytes, from: position)
            guard position < bytes.count else { return nil }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") { return StringEnd(end: position + 1, hasEscape: hasEscape) }
            if byte < 0x20 { return nil }
            if byte >= 0x80 {
                guard let length = UTF8Validation.multibyteSequenceLength(at: position, in: bytes) else { return nil }
                position += length
                continue
            }
            position += 1
            guard byte == UInt8(ascii: "\\") else { continue }
            hasEscape = true
            guard position < bytes.count else { return nil }
            let code = bytes[position]
            position += 1
            switch code {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                continue
            case UInt8(ascii: "u"):
                guard let unit = JSONEscapes.hex4(in: bytes, at: position) else { return nil }
                position += 4
                if (0xD800...0xDBFF).contains(unit) {
                    guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u"),
                        let low = JSONEscapes.hex4(in: bytes, at: position + 2), (0xDC00...0xDFFF).contains(low)
                    else { return nil }
                    position += 6
                } else if (0xDC00...0xDFFF).contains(unit) {
                    return nil
                }
            default:
                return nil
            }
        }
    }

    private func sameBytes(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        guard a.count == b.count else { return false }
        for offset in 0..<a.count where bytes[a.lowerBound + offset] != bytes[b.lowerBound + offset] { return false }
        return true
    }

    /// FNV-1a: a collision only sends the document to the parser, which decides.
    private func hash(_ range: Range<Int>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for index in range {
            hash = (hash ^ UInt64(bytes[index])) &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}
