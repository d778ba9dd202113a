import JSONParsing
import Testing

@Suite("JSON numbers: kept exactly")
struct NumberTests {
    @Test("each number is an Int, a Double or its literal text, and is written back as the same value", arguments: [
        ("0", JSONValue.integer(0), "0"),
        ("-7", .integer(-7), "-7"),
        ("9007199254740993", .integer(9_007_199_254_740_993), "9007199254740993"),          // 2^53 + 1
        ("9223372036854775807", .integer(Int.max), "9223372036854775807"),
        ("-9223372036854775808", .integer(Int.min), "-9223372036854775808"),
        ("9223372036854775808", .numberLiteral("9223372036854775808"), "9223372036854775808"),
        ("18446744073709551616", .numberLiteral("18446744073709551616"), "18446744073709551616"), // 2^64
        ("0.5", .number(0.5), "0.5"),
        ("0.1", .number(0.1), "0.1"),
        ("1.5e3", .number(1500), "1500.0"),
        ("1E2", .number(100), "100.0"),
        ("1e-7", .number(1e-7), "1e-07"),
        ("123456789.123456", .number(123_456_789.123456), "123456789.123456"),
        ("5e-324", .number(Double.leastNonzeroMagnitude), "5e-324"),
        ("1.7976931348623157e308", .number(.greatestFiniteMagnitude), "1.7976931348623157e+308"),
        ("1e400", .numberLiteral("1e400"), "1e400"),
        ("-1e400", .numberLiteral("-1e400"), "-1e400"),
        ("1e-99999", .numberLiteral("1e-99999"), "1e-99999"),
        ("0.10000000000000000001", .numberLiteral("0.10000000000000000001"), "0.10000000000000000001"),
        ("18446744073709551616.0", .numberLiteral("18446744073709551616.0"), "18446744073709551616.0"),
        ("0e10", .number(0), "0.0"),
    ])
    func kept(literal: String, expected: JSONValue, written: String) throws {
        let value = try parse(literal)
        #expect(value == expected)
        #expect(value.jsonText() == written)
        // Whatever was written reads back as the same value.
        #expect(try parse(written) == value)
    }

    @Test("-0 keeps its sign: an Int has none, so it is the Double -0.0")
    func negativeZero() throws {
        let value = try parse("-0")
        guard case .number(let double) = value else { Issue.record("\(value)"); return }
        #expect(double == 0 && double.sign == .minus)
        #expect(value.jsonText() == "-0.0")
        #expect(try parse("-0.0") == value)
    }

    @Test("a 10,000-digit literal is kept whole; a message quotes a few dozen characters of it")
    func hugeLiteral() throws {
        let digits = "1" + String(repeating: "7", count: 9_999)
        let value = try parse("[\(digits)]")
        #expect(value == .array([.numberLiteral(digits)]))
        #expect(value.jsonText() == "[\(digits)]")
        let brief = JSONValue.numberLiteral(digits).briefDescription
        #expect(brief.count < 80)
        #expect(brief.hasPrefix("a number (1777") && brief.hasSuffix("…, 10000 characters)"))
        let error = try #require(throws: DecodingError.self) { try JSONValueDecoder().decode([Int].self, from: value) }
        guard case .dataCorrupted(let context) = error else { Issue.record("\(error)"); return }
        #expect(context.debugDescription.count < 120)
        #expect(context.debugDescription.contains("is not an integer that fits in Int"))
    }
}
