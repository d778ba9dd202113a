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
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    private var depth = 0
    /// Key byte ranges of the objects being read, innermost last; each object owns the entries
    /// from the count it recorded when it opened up to ``keyCount``. A stack kept by its count:
    /// entries past it are stale and overwritten, so closing an object removes nothing
    /// (`removeLast(_:)` went through the generic `replaceSubrange`, 8% of validating a catalog).
    private var keys: [Span] = []
    private var keyCount = 0

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

    /// Up to this many members keys are compared pairwise; past it, by hash.
    private static let pairwiseLimit = 16

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
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
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
        skipWhitespace()
        guard position < bytes.count, value() else { return false }
        skipWhitespace()
        return position == bytes.count
    }

    @inline(__always) private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    private mutating func value() -> Bool {
        guard position < bytes.count else { return false }
        switch bytes[position] {
        case UInt8(ascii: "{"): return object()
        case UInt8(ascii: "["): return array()
        case UInt8(ascii: "\""): return string() != nil
        case UInt8(ascii: "t"): return literal("true")
        case UInt8(ascii: "f"): return literal("false")
        case UInt8(ascii: "n"): return literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number()
        default: return false
        }
    }

    private mutating func object() -> Bool {
        depth += 1
        guard depth <= JSONParser.maximumDepth else { return false }
        if depth == recordedDepth {
            let start = position
            guard members() else { return false }
            objects.append(Span(range: start..<position))
            return true
        }
        return members()
    }

    /// The members of the object whose `{` is at `position`, through its `}`.
    private mutating func members() -> Bool {
        position += 1
        let first = keyCount
        defer { keyCount = first }
        var hashes = Set<UInt64>()
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return true
        }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\""), let hasEscape = string() else { return false }
            // Equal bytes are equal keys only when neither has an escape ("a" and "\u0061" are one key).
            if hasEscape { return false }
            let range = lastString
            if hashes.isEmpty {
                if keyCount - first < Self.pairwiseLimit {
                    for index in first..<keyCount where sameBytes(keys[index].range, range) { return false }
                    if keyCount < keys.count {
                        keys[keyCount] = Span(range: range)
                    } else {
                        keys.append(Span(range: range))
                    }
                    keyCount += 1
                } else {
                    hashes.reserveCapacity(4 * Self.pairwiseLimit)
                    for index in first..<keyCount { hashes.insert(hash(keys[index].range)) }
                    guard hashes.insert(hash(range)).inserted else { return false }
                }
            } else {
                guard hashes.insert(hash(range)).inserted else { return false }
            }
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { return false }
            position += 1
            skipWhitespace()
            guard value() else { return false }
            skipWhitespace()
            guard position < bytes.count else { return false }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            if bytes[position] == UInt8(ascii: "}") { position += 1; break }
            return false
        }
        depth -= 1
        return true
    }

    private mutating func array() -> Bool {
        depth += 1
        guard depth <= JSONParser.maximumDepth else { return false }
        position += 1
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return true
        }
        while true {
            skipWhitespace()
            guard value() else { return false }
            skipWhitespace()
            guard position < bytes.count else { return false }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            if bytes[position] == UInt8(ascii: "]") { position += 1; break }
            return false
        }
        depth -= 1
        return true
    }

    /// The parser reads a run of letters and compares it, so `truex` is refused as a whole word.
    private mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[position + offset] != word.utf8Start[offset] { return false }
        position += count
        if position < bytes.count, (bytes[position] | 0x20) >= UInt8(ascii: "a"), (bytes[position] | 0x20) <= UInt8(ascii: "z") {
            return false
        }
        return true
    }

    private mutating func number() -> Bool {
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count, isDigit(bytes[position]) else { return false }
        if bytes[position] == UInt8(ascii: "0"), position + 1 < bytes.count, isDigit(bytes[position + 1]) { return false }
        while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else { return false }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard position < bytes.count, isDigit(bytes[position]) else { return false }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        return true
    }

    @inline(__always) private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// The bytes between the quotes of the last string read.
    private var lastString: Range<Int> = 0..<0

    /// Reads a string; `nil` when it is invalid, else whether it has an escape.
    private mutating func string() -> Bool? {
        position += 1
        let start = position
        var hasEscape = false
        // Eight ordinary bytes (no quote, backslash, control character or non-ASCII) at a time;
        // after a word that has one, its bytes are read one by one before words are tried again.
        var wordsFrom = position
        while position < bytes.count {
            if position >= wordsFrom {
                while bytes.count - position >= 8 {
                    let word = WordScan.load(bytes, at: position)
                    if WordScan.contains(word, UInt8(ascii: "\"")) || WordScan.contains(word, UInt8(ascii: "\\"))
                        || WordScan.containsLess(word, than: 0x20) || WordScan.containsNonASCII(word) { break }
                    position += 8
                }
                wordsFrom = position + 8
                guard position < bytes.count else { break }
            }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                lastString = start..<position
                position += 1
                return hasEscape
            }
            if byte < 0x20 { return nil }
            if byte >= 0x80 {
                guard utf8Scalar() else { return nil }
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
                guard let unit = hex4() else { return nil }
                if (0xD800...0xDBFF).contains(unit) {
                    guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else { return nil }
                    position += 2
                    guard let low = hex4(), (0xDC00...0xDFFF).contains(low) else { return nil }
                } else if (0xDC00...0xDFFF).contains(unit) {
                    return nil
                }
            default:
                return nil
            }
        }
        return nil
    }

    private mutating func hex4() -> UInt32? {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard position < bytes.count else { return nil }
            let byte = bytes[position]
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            default: return nil
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    /// One well-formed UTF-8 sequence of two to four bytes, as `String(validating:)` requires.
    private mutating func utf8Scalar() -> Bool {
        guard let length = UTF8Validation.multibyteSequenceLength(at: position, in: bytes) else { return false }
        position += length
        return true
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
