/// Where the members of an object lie in the text: what a writer that changes one member and
/// keeps every other byte of the document (`envtool set` and `unset`) needs.
///
/// For bytes ``JSONValidator`` accepted (or that parse); on other bytes the spans are nonsense
/// but never out of bounds, as everything in JSONParser+Validated.swift.
extension JSONParser {
    /// One member of an object: its key (decoded) and the byte offsets of its key's opening
    /// quote and the byte after its closing quote, and of its value's first byte and the byte
    /// after its last.
    package struct MemberSpan: Sendable {
        package let key: String
        package let keyStart: Int
        package let keyEnd: Int
        package let valueStart: Int
        package let valueEnd: Int
    }

    /// The members of the object whose `{` is at `offset`, in order, and the offset of its `}`.
    package static func members(ofObjectAt offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (members: [MemberSpan], closingBrace: Int) {
        var parser = JSONParser(bytes: bytes)
        parser.position = offset + 1
        var members: [MemberSpan] = []
        while parser.position < bytes.count {
            parser.skipWhitespace()
            guard parser.position < bytes.count, bytes[parser.position] == UInt8(ascii: "\"") else { break }
            let keyStart = parser.position
            let key = (try? parser.parseString()) ?? ""
            let keyEnd = parser.position
            parser.skipWhitespace()
            guard parser.position < bytes.count, bytes[parser.position] == UInt8(ascii: ":") else { break }
            parser.position += 1
            parser.skipWhitespace()
            let valueStart = parser.position
            parser.skipValue()
            members.append(MemberSpan(key: key, keyStart: keyStart, keyEnd: keyEnd, valueStart: valueStart, valueEnd: parser.position))
            parser.skipWhitespace()
            guard parser.position < bytes.count, bytes[parser.position] == UInt8(ascii: ",") else { break }
            parser.position += 1
        }
        parser.skipWhitespace()
        return (members, min(parser.position, bytes.count))
    }

    /// The offset of the document's root value: after a byte order mark and white space.
    package static func rootOffset(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var parser = JSONParser(bytes: bytes)
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { parser.position = 3 }
        parser.skipWhitespace()
        return parser.position
    }
}
