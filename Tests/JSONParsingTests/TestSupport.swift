import JSONParsing

/// Parses `bytes` as a document.
func parse(bytes: [UInt8], rejectsDuplicateKeys: Bool = true) throws(JSONParser.Failure) -> JSONValue {
    let result: Result<JSONValue, JSONParser.Failure> = bytes.withUnsafeBufferPointer { buffer in
        var parser = JSONParser(bytes: buffer, rejectsDuplicateKeys: rejectsDuplicateKeys)
        do throws(JSONParser.Failure) {
            return .success(try parser.parseDocument())
        } catch {
            return .failure(error)
        }
    }
    return try result.get()
}

/// Parses `text` as a document.
func parse(_ text: String, rejectsDuplicateKeys: Bool = true) throws(JSONParser.Failure) -> JSONValue {
    try parse(bytes: Array(text.utf8), rejectsDuplicateKeys: rejectsDuplicateKeys)
}

/// Why `bytes` do not parse, with the 1-based line and column of the offset; `nil` when they do.
func parseFailure(bytes: [UInt8]) -> (failure: JSONParser.Failure, line: Int, column: Int)? {
    do {
        _ = try parse(bytes: bytes)
        return nil
    } catch {
        let (line, column) = bytes.withUnsafeBufferPointer { JSONText.location(of: error.offset, in: $0) }
        return (error, line, column)
    }
}

func parseFailure(_ text: String) -> (failure: JSONParser.Failure, line: Int, column: Int)? {
    parseFailure(bytes: Array(text.utf8))
}

/// The offset of the value at `path` in `text`.
func offset(of path: JSONPath, in text: String) -> Int? {
    Array(text.utf8).withUnsafeBufferPointer { JSONParser.offset(of: path, in: $0) }
}

let nfc = "caf\u{E9}"
let nfd = "cafe\u{301}"
