import Foundation
import JSONParsing
import Testing

@Suite("Decoding from the tree")
struct DecoderTests {
    struct Everything: Decodable, Equatable {
        struct Nested: Decodable, Equatable { let flag: Bool; let list: [Int8] }
        enum Mode: String, Decodable { case fast, slow }
        let string: String
        let int: Int
        let int64: Int64
        let uint64: UInt64
        let uint8: UInt8
        let double: Double
        let float: Float
        let integralDouble: Int
        let bigDouble: Double
        let url: URL
        let decimal: Decimal
        let data: Data
        let mode: Mode
        let nested: Nested
        let nestedList: [Nested]
        let dictionary: [String: [String?]]
        let optional: String?
        let missing: Int?
        let null: Int?
    }

    let json = """
        {"string": "s", "int": -3, "int64": 9223372036854775807, "uint64": 18446744073709551615, "uint8": 255,
         "double": 0.25, "float": 1.5, "integralDouble": 4.0, "bigDouble": 18446744073709551616,
         "url": "https://example.com/a?b=c", "decimal": 0.10000000000000000001, "data": "AQID", "mode": "fast",
         "nested": {"flag": true, "list": [1, -128]}, "nestedList": [{"flag": false, "list": []}],
         "dictionary": {"a": ["x", null]}, "optional": "o", "null": null}
        """

    @Test("standard types, nested types, arrays, dictionaries and optionals decode as JSONDecoder decodes them")
    func everything() throws {
        let value = try parse(json)
        let decoded = try JSONValueDecoder().decode(Everything.self, from: value)
        #expect(decoded.string == "s" && decoded.int == -3 && decoded.int64 == .max && decoded.uint64 == .max && decoded.uint8 == 255)
        #expect(decoded.double == 0.25 && decoded.float == 1.5 && decoded.integralDouble == 4 && decoded.bigDouble == 18446744073709551616.0)
        #expect(decoded.url == URL(string: "https://example.com/a?b=c"))
        #expect(decoded.decimal == Decimal(string: "0.10000000000000000001"))
        #expect(decoded.data == Data([1, 2, 3]))
        #expect(decoded.mode == .fast)
        #expect(decoded.nested == .init(flag: true, list: [1, -128]))
        #expect(decoded.nestedList == [.init(flag: false, list: [])])
        #expect(decoded.dictionary == ["a": ["x", nil]])
        #expect(decoded.optional == "o" && decoded.missing == nil && decoded.null == nil)
        // The same text through Foundation gives the same values.
        let foundation = try JSONDecoder().decode(Everything.self, from: Data(json.utf8))
        #expect(foundation.nested == decoded.nested && foundation.dictionary == decoded.dictionary && foundation.url == decoded.url)
    }

    @Test(
        "a value that does not fit is an error with its coding path and what was found",
        arguments: [
            (#"{"a": [1, 2, "x"]}"#, "a[2]", "expected an integer, found a string (\"x\")"),
            (#"{"a": [1, 300]}"#, "a[1]", "a number (300) is not an integer that fits in Int8"),
            (#"{"a": [1.5]}"#, "a[0]", "a number (1.5) is not an integer that fits in Int8"),
            (#"{"a": [1e400]}"#, "a[0]", "a number (1e400) is not an integer that fits in Int8"),
            (#"{"a": {}}"#, "a", "expected an array, found an object"),
            (#"{"a": [null]}"#, "a[0]", "expected an integer, found null"),
        ])
    func mismatch(text: String, path: String, message: String) throws {
        struct Target: Decodable { let a: [Int8] }
        let error = try #require(throws: DecodingError.self) { try JSONValueDecoder().decode(Target.self, from: parse(text)) }
        let context: DecodingError.Context
        switch error {
        case .typeMismatch(_, let found), .dataCorrupted(let found), .valueNotFound(_, let found): context = found
        default: Issue.record("\(error)"); return
        }
        #expect(JSONPath(codingPath: context.codingPath).description == path)
        #expect(context.debugDescription == message)
    }

    @Test("a Double beyond its range is refused; a missing member names its object")
    func rangeAndMissing() throws {
        struct Number: Decodable { let n: Double }
        #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(Number.self, from: parse(#"{"n": 1e400}"#)) }
        #expect(try JSONValueDecoder().decode(Number.self, from: parse(#"{"n": 1e-99999}"#)).n == 0)
        let error = try #require(throws: DecodingError.self) { try JSONValueDecoder().decode(Number.self, from: parse(#"{"m": 1}"#)) }
        guard case .keyNotFound(let key, let context) = error else { Issue.record("\(error)"); return }
        #expect(key.stringValue == "n" && context.codingPath.isEmpty)
    }

    @Test("keys that differ only in normalization reach two coding keys, and never collapse silently into a [String: …]")
    func exactKeys() throws {
        struct Both: Decodable {
            enum CodingKeys: String, CodingKey { case composed = "caf\u{E9}", decomposed = "cafe\u{301}" }
            let composed: Int
            let decomposed: Int
        }
        let value = try parse(#"{"\#(nfc)": 1, "\#(nfd)": 2}"#)
        let both = try JSONValueDecoder().decode(Both.self, from: value)
        #expect(both.composed == 1 && both.decomposed == 2)
        let error = try #require(throws: DecodingError.self) { try JSONValueDecoder().decode([String: Int].self, from: value) }
        guard case .dataCorrupted(let context) = error else { Issue.record("\(error)"); return }
        #expect(context.debugDescription.contains("U+00E9") && context.debugDescription.contains("U+0065 U+0301"))
    }
}
