import JSONParsing
import Testing

@Suite("JSON numbers: kept exactly")
struct NumberTests {
    @Test(
        "each number is an Int, a Double or its literal text, and is written back byte for byte",
        arguments: [
            ("0", JSONValue.integer(0), JSONValue.integer(0)),
            ("-7", .integer(-7), .integer(-7)),
            ("9007199254740993", .integer(9_007_199_254_740_993), .integer(9_007_199_254_740_993)),  // 2^53 + 1
            ("9223372036854775807", .integer(Int.max), .integer(Int.max)),
            ("-9223372036854775808", .integer(Int.min), .integer(Int.min)),
            ("9223372036854775808", .numberLiteral("9223372036854775808"), .numberLiteral("9223372036854775808")),
            ("18446744073709551616", .numberLiteral("18446744073709551616"), .numberLiteral("18446744073709551616")),  // 2^64
            ("0.5", .number(0.5), .number(0.5)),
            ("0.1", .number(0.1), .number(0.1)),
            ("1500.0", .number(1500), .number(1500)),
            ("1e-07", .number(1e-7), .number(1e-7)),
            ("123456789.123456", .number(123_456_789.123456), .number(123_456_789.123456)),
            ("5e-324", .number(Double.leastNonzeroMagnitude), .number(Double.leastNonzeroMagnitude)),
            ("1.7976931348623157e+308", .number(.greatestFiniteMagnitude), .number(.greatestFiniteMagnitude)),
            // Other spellings of a value a Double holds: kept as written, read by value.
            ("1.5e3", .numberLiteral("1.5e3"), .number(1500)),
            ("1E2", .numberLiteral("1E2"), .number(100)),
            ("1e2", .numberLiteral("1e2"), .number(100)),
            ("1.50", .numberLiteral("1.50"), .number(1.5)),
            ("4.0", .number(4), .number(4)),
            ("4.00", .numberLiteral("4.00"), .number(4)),
            ("1e-7", .numberLiteral("1e-7"), .number(1e-7)),
            ("0e10", .numberLiteral("0e10"), .number(0)),
            ("-0.0", .number(-0.0), .number(-0.0)),
            // Values neither Int nor Double holds exactly.
            ("1e400", .numberLiteral("1e400"), .numberLiteral("1e400")),
            ("-1e400", .numberLiteral("-1e400"), .numberLiteral("-1e400")),
            ("1e-99999", .numberLiteral("1e-99999"), .numberLiteral("1e-99999")),
            ("0.10000000000000000001", .numberLiteral("0.10000000000000000001"), .numberLiteral("0.10000000000000000001")),
            ("18446744073709551616.0", .numberLiteral("18446744073709551616.0"), .numberLiteral("18446744073709551616.0")),
        ])
    func kept(literal: String, expected: JSONValue, exact: JSONValue) throws {
        let value = try parse(literal)
        #expect(value == expected)
        #expect(value.jsonText() == literal)
        #expect(value.exactValue == exact)
        #expect(try parse(literal).exactValue.jsonText() == exact.jsonText())
    }

    @Test("-0 keeps its sign and its text; by value it is the Double -0.0 (an Int has none)")
    func negativeZero() throws {
        let value = try parse("-0")
        #expect(value == .numberLiteral("-0") && value.jsonText() == "-0")
        guard case .number(let double) = value.exactValue else { Issue.record("\(value)"); return }
        #expect(double == 0 && double.sign == .minus)
        #expect(try JSONValueDecoder().decode(Double.self, from: value).sign == .minus)
        #expect(try JSONValueDecoder().decode(Int.self, from: value) == 0)
    }

    @Test("typed reads go by value whatever the spelling: 4.00 and 1e2 are integers, 1.50 is 1.5")
    func typedReadsByValue() throws {
        let decoder = JSONValueDecoder()
        #expect(try decoder.decode([Int].self, from: parse("[4.0, 4.00, 1e2, 1E2, 2.5e1]")) == [4, 4, 100, 100, 25])
        #expect(try decoder.decode([Double].self, from: parse("[1.50, 1e2, -0, 0.10000000000000000001]")) == [1.5, 100, 0, 0.1])
        #expect(throws: DecodingError.self) { try decoder.decode(Int.self, from: parse("1.50")) }
        #expect(throws: DecodingError.self) { try decoder.decode(Int8.self, from: parse("1e3")) }
        #expect(try decoder.decode(UInt64.self, from: parse("18446744073709551615")) == .max)
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
