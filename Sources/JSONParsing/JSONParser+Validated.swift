/// Reading parts of a document that ``JSONValidator`` accepted, without building the rest.
///
/// The bytes are known to be valid, so values are skipped by their structure alone (brackets and
/// strings) and the functions here never fail on them; on other bytes they return nonsense but
/// never read out of bounds.
extension JSONParser {
    /// The value that starts at `offset`.
    package static func parseValue(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) throws(Failure) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        parser.position = offset
        return try parser.parseValue(path: "")
    }

    /// The value that starts at `offset`, read as the value at `path` of the whole document: the
    /// start offsets of it and its descendants up to `recordedDepth` levels below it are returned
    /// by their full dotted path, as ``offsets`` of a parser over the whole document records them.
    package static func parseValue(
        in bytes: UnsafeBufferPointer<UInt8>, at offset: Int, path: String,
        recordingOffsetsToDepth recordedDepth: Int
    ) throws(Failure) -> (value: JSONValue, offsets: [String: Int]) {
        var parser = JSONParser(bytes: bytes, recordingOffsetsToDepth: recordedDepth)
        parser.position = offset
        let value = try parser.parseValue(path: path)
        return (value, parser.offsets)
    }

    /// Where the value of the member `key` (compared by code units) of the object at `offset`
    /// starts, or `nil` when the object has no such member. Keys without escapes are compared
    /// as bytes; no key or value is built.
    package static func memberOffset(_ key: String, inObjectAt offset: Int, of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var parser = JSONParser(bytes: bytes)
        parser.position = offset + 1
        var wanted = key
        return wanted.withUTF8 { wanted in parser.findMember(wanted) }
    }

    private mutating func findMember(_ wanted: UnsafeBufferPointer<UInt8>) -> Int? {
        while position < bytes.count {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { return nil }
            let keyStart = position + 1
            skipString()
            let keyEnd = position - 1
            let matches: Bool
            if keyEnd - keyStart >= 0, !bytes[keyStart..<keyEnd].contains(UInt8(ascii: "\\")) {
                matches =
                    keyEnd - keyStart == wanted.count
                    && UnsafeBufferPointer(rebasing: bytes[keyStart..<keyEnd]).elementsEqual(wanted)
            } else {
                // An escaped key: decode it as the parser does, then compare code units.
                let after = position
                position = keyStart - 1
                let decoded = try? parseString()
                position = after
                matches = decoded.map { $0.utf8.elementsEqual(wanted) } ?? false
            }
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { return nil }
            position += 1
            skipWhitespace()
            if matches { return position }
            skipValue()
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ",") else { return nil }
            position += 1
        }
        return nil
    }

    /// Moves past the value at `position` by its structure alone.
    mutating func skipValue() {
        guard position < bytes.count else { return }
        switch bytes[position] {
        case UInt8(ascii: "\""):
            skipString()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var nesting = 0
            while position < bytes.count {
                switch bytes[position] {
                case UInt8(ascii: "\""):
                    skipString()
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    nesting += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    nesting -= 1
                default:
                    break
                }
                position += 1
                if nesting == 0 { return }
            }
        default:
            while position < bytes.count {
                switch bytes[position] {
                case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D: return
                default: position += 1
                }
            }
        }
    }

    /// Moves past the string whose opening quote is at `position`.
    private mutating func skipString() {
        position += 1
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "\""): position += 1; return
            case UInt8(ascii: "\\"): position += 2
            default: position += 1
            }
        }
    }
}
