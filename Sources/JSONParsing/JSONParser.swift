import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A strict RFC 8259 JSON parser on bytes that builds the one ``JSONValue`` tree directly, and
/// finds where any value starts when an error has to point at it.
///
/// Foundation's parser neither keeps key order, nor says where a value is, nor keeps keys that
/// differ only in Unicode normalization apart (its dictionaries use `String` equality), and each
/// matters to one of our users: `envtool print` keeps the author's order, an error such as
/// "invalid language tag" points at its line and column, and i18next compares keys by code units.
package struct JSONParser: ~Copyable {
    /// Why parsing stopped, at which byte offset.
    package struct Failure: Error, Sendable {
        /// The byte offset of the problem.
        package let offset: Int
        /// What is wrong, and how to fix it where that is known.
        package let message: String
    }

    /// Nesting deeper than this is refused: recursion must never exhaust the stack.
    package static let maximumDepth = 256

    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    private var depth = 0
    private let recordedDepth: Int
    private let rejectsDuplicateKeys: Bool
    /// Start offsets of values by dotted path (`a.b`, `list[1]`), for values up to the recorded depth.
    package private(set) var offsets: [String: Int] = [:]
    private var scratch: [UInt8] = []
    /// The path whose value's offset ``offset(of:in:)`` looks for; empty components and a
    /// negative length when not looking, so the hot path pays one comparison per value.
    private var target: [JSONPath.Component] = []
    private var targetLength = -1
    /// How many leading components of `target` the value being parsed matches.
    private var targetMatched = 0
    private var targetOffset: Int?
    /// The root member whose object-valued members are skipped instead of built (see
    /// ``parseValidated(_:deferringObjectsIn:)``), whether the next object is its value, and what was skipped.
    private var deferredKey: String?
    private var defersNextObject = false
    private(set) var deferred: [DeferredObject] = []

    /// An object that ``parseValidated(_:deferringObjectsIn:knownObjects:)`` skipped: its member
    /// name and where its text lies.
    ///
    /// A struct, not a `(String, Range<Int>)` tuple: an array of tuples holding a `Range` makes
    /// the runtime look up `Int: Comparable`, a scan of every conformance record, at the start
    /// of every command that reads an `environments.json`.
    package struct DeferredObject: Sendable {
        package let key: String
        package let range: Range<Int>
    }
    /// Ranges of objects the validator has already walked (in document order), which deferring
    /// steps over instead of skipping byte by byte; `nextKnownObject` is the first not yet passed.
    private var knownObjects: [JSONValidator.Span] = []
    private var nextKnownObject = 0

    /// A parser over `bytes`.
    ///
    /// - Parameters:
    ///   - recordedDepth: Offsets are recorded in ``offsets`` for values up to this depth (0: none).
    ///     Recording builds a path string per value; callers that only need a position when
    ///     something is wrong use ``offset(of:in:)`` instead, which re-parses once.
    ///   - rejectsDuplicateKeys: Whether a key repeated in one object (by code units) is an error;
    ///     otherwise the last value wins in the first one's place, as in JavaScript's `JSON.parse`.
    package init(bytes: UnsafeBufferPointer<UInt8>, recordingOffsetsToDepth recordedDepth: Int = 0, rejectsDuplicateKeys: Bool = true) {
        self.bytes = bytes
        self.recordedDepth = recordedDepth
        self.rejectsDuplicateKeys = rejectsDuplicateKeys
    }

    /// The byte offset where the value at `path` starts in the JSON document `bytes`, or `nil`
    /// when there is no such value (or the document does not parse).
    ///
    /// Errors are rare and parsing is not, so values do not carry positions: a caller that has
    /// to point at a value parses the document once more, looking for that one path.
    package static func offset(of path: JSONPath, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var parser = JSONParser(bytes: bytes, rejectsDuplicateKeys: false)
        parser.target = path.components
        parser.targetLength = path.components.count
        _ = try? parser.parseDocument()
        return parser.targetOffset
    }

    /// Parses a document ``JSONValidator`` accepted, except the object-valued members of the
    /// root member `key`: they are left out of that member's object in the result, and their
    /// keys and byte ranges are returned in document order, to be parsed with
    /// ``parseValue(in:at:)`` when they are read. What stays in the object is the members whose
    /// values are not objects.
    ///
    /// Skipped values are not checked, hence validated bytes only.
    ///
    /// - Parameter knownObjects: Object ranges from ``JSONValidator/certainlyValidObjects(_:atDepth:)``
    ///   at depth 3, so that each deferred object is stepped over at once.
    package static func parseValidated(
        _ bytes: UnsafeBufferPointer<UInt8>, deferringObjectsIn key: String,
        knownObjects: [JSONValidator.Span] = []
    ) throws(Failure)
        -> (value: JSONValue, deferred: [DeferredObject])
    {
        var parser = JSONParser(bytes: bytes)
        parser.deferredKey = key
        parser.knownObjects = knownObjects
        let value = try parser.parseDocument()
        return (value, parser.deferred)
    }

    /// Parses one JSON document; anything but white space after it is an error.
    package mutating func parseDocument() throws(Failure) -> JSONValue {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
        skipWhitespace()
        guard position < bytes.count else { throw Failure(offset: position, message: "the file is empty; expected a JSON object") }
        let value = try parseValue(path: "")
        skipWhitespace()
        if position < bytes.count {
            throw Failure(offset: position, message: "unexpected \(describeByte()) after the end of the JSON document")
        }
        return value
    }

    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    private func describeByte() -> String {
        guard position < bytes.count else { return "end of file" }
        let byte = bytes[position]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return cFormat("byte 0x%02X", byte)
    }

    mutating func parseValue(path: String) throws(Failure) -> JSONValue {
        let defers = defersNextObject
        defersNextObject = false
        guard position < bytes.count else { throw Failure(offset: position, message: "expected a value, found the end of the file") }
        if depth <= recordedDepth, recordedDepth > 0 { offsets[path] = position }
        if depth == targetLength, targetMatched == depth, targetOffset == nil { targetOffset = position }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject(path: path, defersMembers: defers)
        case UInt8(ascii: "["): return try parseArray(path: path)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
            return try parseLiteral()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        case UInt8(ascii: "'"):
            throw Failure(offset: position, message: "strings must use double quotes in JSON, found a single quote")
        default:
            throw Failure(offset: position, message: "expected a value (object, array, string, number, true, false or null), found \(describeByte())")
        }
    }

    private mutating func enter() throws(Failure) {
        depth += 1
        if depth > Self.maximumDepth {
            throw Failure(offset: position, message: "nesting is deeper than \(Self.maximumDepth) levels")
        }
    }

    private mutating func parseObject(path: String, defersMembers: Bool = false) throws(Failure) -> JSONValue {
        let onTarget = targetMatched == depth && depth < targetLength
        try enter()
        position += 1
        var object = JSONObject()
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return .object(object)
        }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
                    throw Failure(offset: position, message: "trailing comma before '}'; remove the comma")
                }
                throw Failure(offset: position, message: "expected a key in double quotes, found \(describeByte())")
            }
            let keyOffset = position
            let key = try parseString()
            // The member's place, filed before its value is read (a repeated key is reported at
            // the key, before any error in its value), in one search. Deferring reads validated
            // bytes only, which repeat no key: it files nothing here (with 20k entries in a
            // catalog's "strings", the search and the index it grows cost 5%).
            var slot: Int? = nil
            if !defersMembers {
                let (member, existed) = object.findOrAppend(key: key)
                if existed, rejectsDuplicateKeys {
                    throw Failure(
                        offset: keyOffset, message: "duplicate key \(JSONValue.brief(JSONValue.string(key).jsonText())); each key may appear once in an object")
                }
                slot = member
            }
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                throw Failure(
                    offset: position, message: "expected ':' after the key \(JSONValue.brief(JSONValue.string(key).jsonText())), found \(describeByte())")
            }
            position += 1
            skipWhitespace()
            let childPath = depth <= recordedDepth ? (path.isEmpty ? key : path + "." + key) : ""
            let value: JSONValue?
            if defersMembers, position < bytes.count, bytes[position] == UInt8(ascii: "{") {
                let start = position
                while nextKnownObject < knownObjects.count, knownObjects[nextKnownObject].range.lowerBound < start { nextKnownObject += 1 }
                if nextKnownObject < knownObjects.count, knownObjects[nextKnownObject].range.lowerBound == start {
                    position = knownObjects[nextKnownObject].range.upperBound
                    nextKnownObject += 1
                } else {
                    skipValue()
                }
                deferred.append(DeferredObject(key: key, range: start..<position))
                value = nil
            } else if onTarget, case .key(let wanted) = target[depth - 1], JSONKey.codeUnitsEqual(wanted, key) {
                targetMatched = depth
                value = try parseValue(path: childPath)
                targetMatched = depth - 1
            } else {
                if depth == 1, let deferredKey, JSONKey.codeUnitsEqual(deferredKey, key) { defersNextObject = true }
                value = try parseValue(path: childPath)
            }
            if let value {
                if let slot {
                    object.setValue(value, at: slot)
                } else {
                    object.appendNew(key: key, value: value)
                }
            }
            skipWhitespace()
            guard position < bytes.count else { throw Failure(offset: position, message: "expected ',' or '}', found the end of the file") }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            if bytes[position] == UInt8(ascii: "}") { position += 1; break }
            throw Failure(
                offset: position,
                message: "expected ',' or '}' after the value of \(JSONValue.brief(JSONValue.string(key).jsonText())), found \(describeByte())")
        }
        depth -= 1
        return .object(object)
    }

    private mutating func parseArray(path: String) throws(Failure) -> JSONValue {
        let onTarget = targetMatched == depth && depth < targetLength
        try enter()
        position += 1
        var values: [JSONValue] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return .array(values)
        }
        while true {
            skipWhitespace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
                throw Failure(offset: position, message: "trailing comma before ']'; remove the comma")
            }
            let childPath = depth <= recordedDepth ? "\(path)[\(values.count)]" : ""
            if onTarget, case .index(let wanted) = target[depth - 1], wanted == values.count {
                targetMatched = depth
                values.append(try parseValue(path: childPath))
                targetMatched = depth - 1
            } else {
                values.append(try parseValue(path: childPath))
            }
            skipWhitespace()
            guard position < bytes.count else { throw Failure(offset: position, message: "expected ',' or ']', found the end of the file") }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            if bytes[position] == UInt8(ascii: "]") { position += 1; break }
            throw Failure(offset: position, message: "expected ',' or ']' in the array, found \(describeByte())")
        }
        depth -= 1
        return .array(values)
    }

    /// `true`, `false` or `null`; any other word gets a message that names it.
    private mutating func parseLiteral() throws(Failure) -> JSONValue {
        let start = position
        var end = position
        while end < bytes.count, (bytes[end] | 0x20) >= UInt8(ascii: "a"), (bytes[end] | 0x20) <= UInt8(ascii: "z") { end += 1 }
        let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        switch word {
        case "true": position = end; return .bool(true)
        case "false": position = end; return .bool(false)
        case "null": position = end; return .null
        default:
            if ["true", "false", "null"].contains(word.lowercased()) {
                throw Failure(offset: start, message: "invalid literal \(word); JSON literals are lowercase: write \(word.lowercased())")
            }
            throw Failure(
                offset: start,
                message: "expected a value (object, array, string, number, true, false or null), found '\(word.prefix(20))'; strings need double quotes")
        }
    }

    /// A number, as ``JSONValue`` documents: `Int` when it is an integer that fits, `Double`
    /// when that writes back as the same text, else the literal text. Never an error once the
    /// grammar is right: a reader that needs a `Double` or an `Int` decides what does not fit.
    private mutating func parseNumber() throws(Failure) -> JSONValue {
        let start = position
        let negative = bytes[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        guard position < bytes.count, isDigit(bytes[position]) else {
            throw Failure(offset: start, message: "invalid number; a digit must follow '-'")
        }
        if bytes[position] == UInt8(ascii: "0"), position + 1 < bytes.count, isDigit(bytes[position + 1]) {
            throw Failure(offset: start, message: "invalid number; leading zeros are not allowed in JSON")
        }
        // Digits are accumulated as they are checked; 18 decimal digits always fit in UInt64.
        var magnitude: UInt64 = 0
        var digits = 0
        var significant = 0
        while position < bytes.count, isDigit(bytes[position]) {
            let digit = bytes[position] &- UInt8(ascii: "0")
            if digits < 18 { magnitude = magnitude &* 10 &+ UInt64(digit) }
            digits += 1
            if significant > 0 || digit != 0 { significant += 1 }
            position += 1
        }
        var isInteger = true
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else {
                throw Failure(offset: position, message: "invalid number; a digit must follow the decimal point")
            }
            while position < bytes.count, isDigit(bytes[position]) {
                if significant > 0 || bytes[position] != UInt8(ascii: "0") { significant += 1 }
                position += 1
            }
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard position < bytes.count, isDigit(bytes[position]) else {
                throw Failure(offset: position, message: "invalid number; the exponent needs digits")
            }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        let literal = UnsafeBufferPointer(rebasing: bytes[start..<position])
        let value = JSONNumberText.value(literal, negative: negative, magnitude: magnitude, digits: digits, significant: significant, isInteger: isInteger)
        // The text is kept whenever the value alone would not write it back byte for byte
        // (`1.50`, `1e2`, `-0`): `print`, dotenv and `run` show what the document says.
        if case .integer = value { return value }
        if case .number(let double) = value, JSONNumberText.isShortest(literal, of: double) { return value }
        return .numberLiteral(String(decoding: literal, as: UTF8.self))
    }

    @inline(__always) private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    mutating func parseString() throws(Failure) -> String {
        let open = position
        position += 1
        let start = position
        // The union of the raw bytes: without a high bit they are ASCII, valid UTF-8 as they are,
        // and skip the (generic, unspecialized) validating initializer.
        var union: UInt8 = 0
        // Eight bytes at a time up to the first quote, backslash or control character (found
        // exactly by its flag), then byte by byte: the byte loop alone was a fifth of loading
        // 7 MB of i18next resources.
        var words: UInt64 = 0
        while bytes.count - position >= 8 {
            let word = WordScan.load(bytes, at: position)
            let flags =
                WordScan.flags(word, equalTo: UInt8(ascii: "\"")) | WordScan.flags(word, equalTo: UInt8(ascii: "\\"))
                | WordScan.flags(word, below: 0x20)
            if flags != 0 {
                let skipped = WordScan.firstFlaggedByte(flags)
                words |= word & ((1 << (UInt64(skipped) &* 8)) &- 1)
                position += skipped
                break
            }
            words |= word
            position += 8
        }
        if words & 0x8080_8080_8080_8080 != 0 { union = 0x80 }
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[start..<position])
                position += 1
                return try Self.string(slice, isASCII: union < 0x80, start: start)
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw Failure(offset: position, message: "control character in a string; write it as an escape such as \\n") }
            union |= byte
            position += 1
        }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<position]))
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                // Escapes append well-formed UTF-8; only raw bytes can be invalid.
                let ascii = union < 0x80
                let result: Result<String, Failure> = scratch.withUnsafeBufferPointer { buffer in
                    Result { () throws(Failure) in try Self.string(buffer, isASCII: ascii, start: start) }
                }
                return try result.get()
            }
            if byte < 0x20 { throw Failure(offset: position, message: "control character in a string; write it as an escape such as \\n") }
            guard byte == UInt8(ascii: "\\") else { union |= byte; scratch.append(byte); position += 1; continue }
            let escape = position
            position += 1
            guard position < bytes.count else { break }
            let code = bytes[position]
            position += 1
            switch code {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(code)
            case UInt8(ascii: "b"): scratch.append(0x08)
            case UInt8(ascii: "f"): scratch.append(0x0C)
            case UInt8(ascii: "n"): scratch.append(0x0A)
            case UInt8(ascii: "r"): scratch.append(0x0D)
            case UInt8(ascii: "t"): scratch.append(0x09)
            case UInt8(ascii: "u"):
                var unit = try readHex4(escape: escape)
                if (0xD800...0xDBFF).contains(unit) {
                    guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
                        throw Failure(offset: escape, message: "unpaired UTF-16 surrogate in \\u escape")
                    }
                    position += 2
                    let low = try readHex4(escape: escape)
                    guard (0xDC00...0xDFFF).contains(low) else {
                        throw Failure(offset: escape, message: "unpaired UTF-16 surrogate in \\u escape")
                    }
                    unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(unit) {
                    throw Failure(offset: escape, message: "unpaired UTF-16 surrogate in \\u escape")
                }
                UTF8.encode(Unicode.Scalar(unit)!) { scratch.append($0) }
            default:
                throw Failure(offset: escape, message: "invalid escape '\\\(Character(Unicode.Scalar(code)))' in a string")
            }
        }
        throw Failure(offset: open, message: "unterminated string; add the closing \"")
    }

    private static func string(_ bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool, start: Int) throws(Failure) -> String {
        if isASCII { return String(decoding: bytes, as: UTF8.self) }
        guard let string = String(validating: bytes, as: UTF8.self) else {
            throw Failure(offset: start, message: "invalid UTF-8 in a string; save the file as UTF-8")
        }
        return string
    }

    private mutating func readHex4(escape: Int) throws(Failure) -> UInt32 {
        guard let value = JSONEscapes.hex4(in: bytes, at: position) else { throw Failure(offset: escape, message: "\\u needs four hex digits") }
        position += 4
        return value
    }
}
