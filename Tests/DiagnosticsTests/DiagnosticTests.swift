import Testing

@testable import Diagnostics

@Suite("Diagnostic")
struct DiagnosticTests {
    @Test(
        "prints in the compiler format, with what is known",
        arguments: [
            (
                Diagnostic(.error, file: "a.json", line: 3, column: 7, path: "configurations.Debug", message: "bad"),
                "a.json:3:7: error: bad (at configurations.Debug)"
            ),
            (Diagnostic(.warning, file: "a.strings", line: 2, message: "odd"), "a.strings:2: warning: odd"),
            (Diagnostic(.error, file: "a.json", path: "", message: "not an object"), "a.json: error: not an object (at the top level)"),
            (Diagnostic(message: "no file"), "error: no file"),
        ])
    func description(diagnostic: Diagnostic, expected: String) {
        #expect(diagnostic.description == expected)
    }

    @Test(
        "controls, bidi overrides and line separators from the input are escaped in the file, the key path and the message",
        arguments: [
            (Diagnostic(.error, file: "in/\u{1B}]0;pwned\u{07}.json", message: "bad"), "in/\\u{1b}]0;pwned\\u{7}.json: error: bad"),
            (Diagnostic(.error, file: "a.json", path: "k\u{202E}x", message: "one\ntwo\u{9B}"), "a.json: error: one\ntwo\\u{9b} (at k\\u{202e}x)"),
            (Diagnostic(.warning, file: "a\u{2028}b", message: "tab\tkept"), "a\\u{2028}b: warning: tab\tkept"),
        ])
    func escapesDisplayControls(diagnostic: Diagnostic, expected: String) {
        #expect(diagnostic.description == expected)
    }

    @Test("quoted text escapes quotes, backslashes and controls and is cut at the limit")
    func quoted() {
        #expect(Diagnostic.quoted("a\"b\\c\u{1B}") == "\"a\\\"b\\\\c\\u{1b}\"")
        #expect(Diagnostic.quoted("abcdef", limit: 3) == "\"abc…\"")
        #expect(Diagnostic.quoted("abc", limit: 3) == "\"abc\"")
    }

    @Test("changing the severity keeps everything else")
    func severity() {
        let error = Diagnostic(.error, file: "f", line: 1, column: 2, message: "m")
        #expect(error.with(severity: .warning).description == "f:1:2: warning: m")
        #expect(Diagnostic.Severity.warning < .error)
    }
}

@Suite("Source locator")
struct SourceLocatorTests {
    private func locate(_ text: String, _ offsets: [Int]) -> [String] {
        var locator = SourceLocator()
        return Array(text.utf8).withUnsafeBufferPointer { bytes in
            offsets.map {
                let (line, column) = locator.location(of: $0, in: bytes); return "\(line):\(column)"
            }
        }
    }

    @Test("LF, CRLF and a lone CR each end one line")
    func lineEnds() {
        #expect(locate("a\nb\r\nc\rd", [0, 2, 5, 7]) == ["1:1", "2:1", "3:1", "4:1"])
        #expect(locate("a\r\nb", [2]) == ["1:2"], "between CR and LF is still the first line")
    }

    @Test("columns count Unicode scalars, not bytes")
    func scalars() {
        #expect(locate("é€😀x", [9, 2 + 3 + 4]) == ["1:4", "1:4"])
    }

    @Test("going backwards, past the end or below zero gives a position, never a trap")
    func unordered() {
        #expect(locate("ab\ncd", [4, 1, 100, -5]) == ["2:2", "1:2", "2:3", "1:1"])
        #expect(locate("", [0, 3]) == ["1:1", "1:1"])
    }

    @Test("the one-shot and the incremental locator agree")
    func oneShot() {
        let text = "{\r\n  \"a\": 1,\n\r  \"b\": [é]\n}"
        let incremental = locate(text, Array(0...text.utf8.count))
        let single = Array(text.utf8).withUnsafeBufferPointer { bytes in
            (0...text.utf8.count).map {
                let (l, c) = SourceLocator.location(of: $0, in: bytes); return "\(l):\(c)"
            }
        }
        #expect(incremental == single)
    }
}

@Suite("Source locator against a byte-by-byte count")
struct SourceLocatorFastPathTests {
    /// Line and column of `target` counted one byte at a time, by the rules the locator documents.
    static func naive(_ bytes: [UInt8], _ target: Int) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for index in 0..<min(target, bytes.count) {
            let byte = bytes[index]
            if byte == 0x0A || (byte == 0x0D && (index + 1 >= bytes.count || bytes[index + 1] != 0x0A)) {
                line += 1
                column = 1
            } else if byte != 0x0D && byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    @Test("long lines, CR, CRLF and multi-byte characters across words and checkpoints, asked in and out of order")
    func agreesWithNaiveCount() {
        var generator = SystemRandomNumberGenerator()
        let pieces: [[UInt8]] = [
            Array("abcdefgh".utf8), Array("é".utf8), Array("€".utf8), Array("𝄞".utf8), [0x0A], [0x0D], [0x0D, 0x0A],
            Array(repeating: UInt8(ascii: "x"), count: 300),
        ]
        for _ in 0..<20 {
            var bytes: [UInt8] = []
            while bytes.count < 20_000 { bytes += pieces.randomElement(using: &generator)! }
            let targets = (0..<40).map { _ in Int.random(in: 0...(bytes.count + 5), using: &generator) }
            bytes.withUnsafeBufferPointer { buffer in
                var inOrder = SourceLocator()
                var shuffled = SourceLocator()
                for target in targets.sorted() {
                    let (line, column) = inOrder.location(of: target, in: buffer)
                    let expected = Self.naive(bytes, target)
                    #expect(line == expected.line && column == expected.column, "in order, offset \(target)")
                }
                for target in targets {
                    let (line, column) = shuffled.location(of: target, in: buffer)
                    let expected = Self.naive(bytes, target)
                    #expect(line == expected.line && column == expected.column, "out of order, offset \(target)")
                }
            }
        }
    }

    @Test("one line of many thousand multi-byte characters, as a catalog written on one line has")
    func oneLongLine() {
        var generator = SystemRandomNumberGenerator()
        let pieces: [[UInt8]] = [Array("abcdefgh".utf8), Array("é".utf8), Array("€".utf8), Array("𝄞".utf8), Array("a".utf8)]
        var bytes: [UInt8] = []
        while bytes.count < 50_000 { bytes += pieces.randomElement(using: &generator)! }
        let targets =
            [0, 1, 7, 8, 2039, 2040, 2041, 4095, 4096, 4097, 8191, 20_001, bytes.count - 1, bytes.count]
            + (0..<20).map { _ in Int.random(in: 0...bytes.count, using: &generator) }
        bytes.withUnsafeBufferPointer { buffer in
            for target in targets {
                let (line, column) = SourceLocator.location(of: target, in: buffer)
                let expected = Self.naive(bytes, target)
                #expect(line == 1 && line == expected.line && column == expected.column, "offset \(target)")
            }
        }
    }
}
