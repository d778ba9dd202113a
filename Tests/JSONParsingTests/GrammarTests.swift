import JSONParsing
import Testing

@Suite("JSON grammar (RFC 8259)")
struct GrammarTests {
    @Test(
        "valid documents parse into the value they spell",
        arguments: [
            ("{}", JSONValue.object([:])),
            ("[]", .array([])),
            (" \t\r\n\"a\" \n", .string("a")),
            ("true", .bool(true)),
            ("false", .bool(false)),
            ("null", .null),
            (#"{"a": [1, {"b": null}], "c": "d"}"#, ["a": [1, ["b": nil]], "c": "d"] as JSONValue),
            (#""\"\\\/\b\f\n\r\t""#, .string("\"\\/\u{8}\u{C}\n\r\t")),
            (#""\u00e9\u00E9""#, .string("\u{E9}\u{E9}")),
            (#""\ud83d\ude00""#, .string("😀")),
            (#""é 😀 \u0000""#, .string("é 😀 \u{0}")),
        ])
    func valid(text: String, expected: JSONValue) throws {
        #expect(try parse(text) == expected)
    }

    @Test(
        "invalid documents are refused with a message and the offending position",
        arguments: [
            ("", 1, 1, "the file is empty"),
            ("  ", 1, 3, "the file is empty"),
            ("{\"a\": 1,}", 1, 9, "trailing comma before '}'"),
            ("[1, 2,]", 1, 7, "trailing comma before ']'"),
            ("{'a': 1}", 1, 2, "expected a key in double quotes"),
            ("['a']", 1, 2, "double quotes"),
            ("[01]", 1, 2, "leading zeros"),
            ("[-]", 1, 2, "a digit must follow '-'"),
            ("[1.]", 1, 4, "a digit must follow the decimal point"),
            ("[1e]", 1, 4, "the exponent needs digits"),
            ("[+1]", 1, 2, "expected a value"),
            ("[.5]", 1, 2, "expected a value"),
            ("[True]", 1, 2, "write true"),
            ("[nul]", 1, 2, "strings need double quotes"),
            ("[\"abc]", 1, 2, "unterminated string"),
            ("[\"a\u{1}\"]", 1, 4, "control character"),
            ("[\"a\nb\"]", 1, 4, "control character"),
            (#"["\x"]"#, 1, 3, "invalid escape"),
            (#"["\u12"]"#, 1, 3, "four hex digits"),
            (#"["\ud83d"]"#, 1, 3, "unpaired UTF-16 surrogate"),
            (#"["\ude00"]"#, 1, 3, "unpaired UTF-16 surrogate"),
            ("{\"a\" 1}", 1, 6, "expected ':'"),
            ("{\"a\": 1 \"b\": 2}", 1, 9, "expected ',' or '}'"),
            ("[1 2]", 1, 4, "expected ',' or ']'"),
            ("{\"a\": 1", 1, 8, "found the end of the file"),
            ("{} {}", 1, 4, "after the end of the JSON document"),
        ])
    func invalid(text: String, line: Int, column: Int, message: String) throws {
        let (failure, foundLine, foundColumn) = try #require(parseFailure(text))
        #expect(failure.message.contains(message), "\(failure.message)")
        #expect(foundLine == line && foundColumn == column, "\(foundLine):\(foundColumn)")
    }

    @Test(
        "invalid UTF-8 in a string or a key is refused, not repaired",
        arguments: [
            [0x22, 0xFF, 0x22] as [UInt8],
            [0x22, 0xC3, 0x22],  // truncated sequence
            [0x22, 0xC0, 0xAF, 0x22],  // overlong '/'
            [0x22, 0xED, 0xA0, 0x80, 0x22],  // an encoded UTF-16 surrogate
            [0x7B, 0x22, 0xFE, 0x22, 0x3A, 0x31, 0x7D],
            [0x22, 0x5C, 0x6E, 0xFF, 0x22],  // after an escape (the copying path)
        ])
    func invalidUTF8(bytes: [UInt8]) throws {
        let (failure, _, _) = try #require(parseFailure(bytes: bytes))
        #expect(failure.message.contains("invalid UTF-8"))
    }

    @Test("a byte order mark at the start is skipped; anywhere else it is an error")
    func byteOrderMark() throws {
        #expect(try parse(bytes: [0xEF, 0xBB, 0xBF] + Array("{\"a\": 1}".utf8)) == ["a": 1])
        #expect(parseFailure(bytes: Array("[1, ".utf8) + [0xEF, 0xBB, 0xBF] + Array("2]".utf8)) != nil)
        // Inside a string it is the character U+FEFF.
        #expect(try parse(bytes: [0x22, 0xEF, 0xBB, 0xBF, 0x22]) == .string("\u{FEFF}"))
    }

    @Test("nesting up to 256 levels parses; deeper is an error, however deep, never a crash")
    func depth() throws {
        let limit = JSONParser.maximumDepth
        #expect(limit == 256)
        #expect(throws: Never.self) { try parse(String(repeating: "[", count: limit) + String(repeating: "]", count: limit)) }
        let (tooDeep, _, _) = try #require(parseFailure(String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)))
        #expect(tooDeep.message == "nesting is deeper than 256 levels")
        #expect(tooDeep.offset == limit)
        let (absurd, _, _) = try #require(parseFailure(String(repeating: "{\"a\":", count: 100_000)))
        #expect(absurd.message.contains("deeper than 256"))
    }

    @Test("line and column count \\n, \\r\\n and a lone \\r as line ends, and columns in characters")
    func positions() throws {
        for newline in ["\n", "\r\n", "\r"] {
            let text = "{" + newline + "  \"é\": 1," + newline + "  \"b\": x}"
            let (failure, line, column) = try #require(parseFailure(text))
            #expect(failure.message.contains("found 'x'"))
            #expect(line == 3 && column == 8, "\(newline.debugDescription): \(line):\(column)")
        }
        // The column after a multi-byte character counts it once.
        let (_, line, column) = try #require(parseFailure("[\"é😀\", ?]"))
        #expect(line == 1 && column == 8)
    }

    @Test("a value's offset is found again by its path, keys matched by code units")
    func offsets() {
        let text = #"{"a": {"b": [10, {"c": true}]}, "\#(nfc)": 1, "\#(nfd)": 2, "x.y": 3}"#
        let bytes = Array(text.utf8)
        func at(_ components: [JSONPath.Component]) -> String? {
            offset(of: JSONPath(components), in: text).map { String(decoding: bytes[$0...].prefix(4), as: UTF8.self) }
        }
        #expect(at([]) == #"{"a""#)
        #expect(at([.key("a"), .key("b"), .index(1), .key("c")]) == "true")
        #expect(at([.key("a"), .key("b"), .index(0)]) == "10, ")
        #expect(at([.key(nfc)]) == "1, \"")
        #expect(at([.key(nfd)]) == "2, \"")
        #expect(at([.key("x.y")]) == "3}")
        #expect(at([.key("a"), .key("b"), .index(2)]) == nil)
        #expect(at([.key("x")]) == nil)
        #expect(at([.key("a"), .index(0)]) == nil)
    }

    @Test("paths read as in messages; ambiguous keys in brackets")
    func pathDescription() {
        #expect(JSONPath([.key("configurations"), .key("Debug"), .key("api"), .key("timeout")]).description == "configurations.Debug.api.timeout")
        #expect(JSONPath([.key("languages"), .index(2)]).description == "languages[2]")
        #expect(JSONPath([.key("a"), .key("b.c"), .key(""), .index(0)]).description == #"a["b.c"][""][0]"#)
        #expect(JSONPath().description == "")
    }
}
