import Testing

@testable import JSONParsing

@Suite("Validating without building, and reading validated documents in part")
struct ValidatorTests {
    private func isCertainlyValid(_ text: String) -> Bool {
        isCertainlyValid(bytes: Array(text.utf8))
    }

    private func isCertainlyValid(bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { JSONValidator.isCertainlyValid($0) }
    }

    @Test(
        "documents the parser accepts are certainly valid",
        arguments: [
            "{}", "[]", " \t\r\n\"a\" \n", "true", "false", "null", "0", "-0", "-12.5e+3", "1E-7",
            #"{"a": [1, {"b": null}], "c": "d"}"#,
            #""\"\\\/\b\f\n\r\t""#, #""\u00e9\u00E9""#, #""\ud83d\ude00""#, #""é 😀 \u0000""#,
            "\u{FEFF}{\"bom\": true}",
            #"{"café": 1, "cafe\#u{301}": 2}"#,
        ])
    func acceptsValid(text: String) throws {
        #expect(isCertainlyValid(text))
        _ = try parse(text)
    }

    @Test(
        "documents the parser refuses are never certainly valid",
        arguments: [
            "", "  ", "{\"a\": 1,}", "[1, 2,]", "{'a': 1}", "['a']", "[01]", "[-]", "[1.]", "[1e]", "[+1]", "[.5]",
            "[True]", "[nul]", "[truex]", "[\"abc]", "[\"a\u{1}\"]", "[\"a\nb\"]", #"["\x"]"#, #"["\u12"]"#,
            #"["\ud83d"]"#, #"["\ude00"]"#, #"["\ud83d\u0041"]"#, "{\"a\" 1}", "{\"a\": 1 \"b\": 2}", "[1 2]",
            "{} {}", "{\"a\": 1, \"a\": 2}", "{", "[", "{\"a\":", "\"\\",
            String(repeating: "[", count: JSONParser.maximumDepth + 1) + String(repeating: "]", count: JSONParser.maximumDepth + 1),
        ])
    func refusesInvalid(text: String) {
        #expect(!isCertainlyValid(text))
        #expect(parseFailure(text) != nil)
    }

    @Test(
        "invalid UTF-8 in a string is refused, as the parser refuses it",
        arguments: [
            [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80],
            [0x80], [0xC3], [0xE2, 0x82], [0xFF],
        ] as [[UInt8]])
    func refusesInvalidUTF8(sequence: [UInt8]) throws {
        // At every offset in the eight-byte words both scan, and with a valid non-ASCII character before it.
        for padding in 0..<18 {
            for prefix in ["", "é"] {
                let bytes = Array("[\"\(prefix)\(String(repeating: "a", count: padding))".utf8) + sequence + Array("bcdefghij\"]".utf8)
                #expect(!isCertainlyValid(bytes: bytes), "\(bytes)")
                #expect(parseFailure(bytes: bytes) != nil, "\(bytes)")
            }
            // The same places with valid text: read back as written.
            let text = String(repeating: "a", count: padding) + "é€😀" + String(repeating: "b", count: 17 - padding)
            #expect(try parse("[\"\(text)\", \"\(text)\\n\"]") == .array([.string(text), .string(text + "\n")]))
        }
    }

    @Test("a key repeated in a large object is found, wherever it is")
    func duplicatesInLargeObjects() {
        let members = (0..<100).map { "\"key\($0)\": \($0)" }
        #expect(isCertainlyValid("{" + members.joined(separator: ", ") + "}"))
        for repeated in [0, 15, 16, 99] {
            let text = "{" + (members + ["\"key\(repeated)\": true"]).joined(separator: ", ") + "}"
            #expect(!isCertainlyValid(text))
            #expect(parseFailure(text)?.failure.message.contains("duplicate key") == true)
        }
    }

    @Test("an object with an escaped key is left to the parser, which alone compares decoded keys")
    func escapedKeysAreUncertain() throws {
        #expect(!isCertainlyValid(#"{"\u0061": 1, "b": 2}"#))
        _ = try parse(#"{"\u0061": 1, "b": 2}"#)
        #expect(parseFailure(#"{"\u0061": 1, "a": 2}"#)?.failure.message.contains("duplicate key") == true)
    }

    /// Never more lenient than the parser, on thousands of damaged documents: bytes deleted,
    /// repeated, or replaced by ones that matter to the grammar.
    @Test("a damaged document the validator accepts always parses")
    func neverMoreLenientThanTheParser() {
        let seed = Array(
            #"{"languages": ["en", "es"], "configurations": {"Debug": {"a": 1, "b": [true, null, -2.5e3], "c": {"d": "é😀\n\u00e9"}}, "Release": {}}, "x": "\ud83d\ude00"}"#
                .utf8)
        let interesting: [UInt8] = Array(#"{}[]",:\u0123456789-+.eEtrfalsn "#.utf8) + [0x00, 0x1F, 0x80, 0xC3, 0xA9, 0xED, 0xF0, 0xFF]
        var random = SplitMix64(seed: 10)
        var accepted = 0
        for _ in 0..<20_000 {
            var bytes = seed
            for _ in 0...(random.next() % 3) {
                let position = Int(random.next() % UInt64(bytes.count))
                switch random.next() % 3 {
                case 0: bytes.remove(at: position)
                case 1: bytes.insert(bytes[position], at: position)
                default: bytes[position] = interesting[Int(random.next() % UInt64(interesting.count))]
                }
                if bytes.isEmpty { break }
            }
            if isCertainlyValid(bytes: bytes) {
                accepted += 1
                #expect(parseFailure(bytes: bytes) == nil, "accepted but the parser refuses: \(String(decoding: bytes, as: UTF8.self))")
            }
        }
        #expect(accepted > 100)
    }

    @Test("a validated document is parsed without the objects of one member, which are left out and found by range")
    func deferredObjects() throws {
        let text = #"{"a": 1, "configurations": {"Debug": {"x": [1, "}"]}, "Bad": 5, "Release": {}}, "b": {"c": {}}}"#
        let bytes = Array(text.utf8)
        let (value, deferred) = try bytes.withUnsafeBufferPointer { buffer throws(JSONParser.Failure) in
            try JSONParser.parseValidated(buffer, deferringObjectsIn: "configurations")
        }
        #expect(value == ["a": 1, "configurations": ["Bad": 5], "b": ["c": [:]]])
        #expect(deferred.map(\.key) == ["Debug", "Release"])
        let debug = try #require(deferred.first)
        #expect(String(decoding: bytes[debug.range], as: UTF8.self) == #"{"x": [1, "}"]}"#)
        let parsed = try bytes.withUnsafeBufferPointer { buffer throws(JSONParser.Failure) in
            try JSONParser.parseValue(in: buffer, at: debug.range.lowerBound)
        }
        #expect(parsed == ["x": [1, "}"]])
    }

    @Test(
        "a member is found by its key's code units, skipping values of every kind",
        arguments: [
            ("base_url", "\"https\""),
            ("café", "\"nfc\""),
            ("cafe\u{301}", "\"nfd\""),
            ("esc\"aped", "true"),
            ("last", "[1]"),
        ])
    func memberOffset(key: String, expected: String) throws {
        let text =
            #"{"s": "a\"}", "n": -1.5e3, "t": true, "o": {"base_url": 0, "a": [{"b": "]"}]}, "base_url": "https", "#
            + #""café": "nfc", "cafe\#u{301}": "nfd", "esc\"aped": true, "last": [1]}"#
        let bytes = Array(text.utf8)
        _ = try parse(bytes: bytes)
        let start = try #require(bytes.withUnsafeBufferPointer { JSONParser.memberOffset(key, inObjectAt: 0, of: $0) })
        #expect(String(decoding: bytes[start..<(start + expected.utf8.count)], as: UTF8.self) == expected)
        #expect(bytes.withUnsafeBufferPointer { JSONParser.memberOffset("missing", inObjectAt: 0, of: $0) } == nil)
        #expect(bytes.withUnsafeBufferPointer { JSONParser.memberOffset("a", inObjectAt: 0, of: $0) } == nil)
    }
}

/// A small deterministic generator, so a failure reproduces.
struct SplitMix64 {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
