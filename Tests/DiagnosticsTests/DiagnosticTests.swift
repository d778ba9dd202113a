import Diagnostics
import Testing

@Suite("Diagnostic")
struct DiagnosticTests {
    @Test("prints in the compiler format, with what is known", arguments: [
        (Diagnostic(.error, file: "a.json", line: 3, column: 7, path: "configurations.Debug", message: "bad"),
         "a.json:3:7: error: bad (at configurations.Debug)"),
        (Diagnostic(.warning, file: "a.strings", line: 2, message: "odd"), "a.strings:2: warning: odd"),
        (Diagnostic(.error, file: "a.json", path: "", message: "not an object"), "a.json: error: not an object (at the top level)"),
        (Diagnostic(message: "no file"), "error: no file"),
    ])
    func description(diagnostic: Diagnostic, expected: String) {
        #expect(diagnostic.description == expected)
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
            offsets.map { let (line, column) = locator.location(of: $0, in: bytes); return "\(line):\(column)" }
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
            (0...text.utf8.count).map { let (l, c) = SourceLocator.location(of: $0, in: bytes); return "\(l):\(c)" }
        }
        #expect(incremental == single)
    }
}
