import Diagnostics
import Testing

@testable import SwiftAccessorGenerator

@Suite("Text from the inputs in generated Swift")
struct SwiftEscapingTests {
    /// Every scalar that must never be written as itself: C0, DEL, C1, the line and paragraph
    /// separators, and the bidirectional controls.
    static let hidden: [Unicode.Scalar] = (0...0x10FFFF).compactMap(Unicode.Scalar.init(_:)).filter(Diagnostic.isDisplayControl)

    @Test("string literals escape quotes, backslashes, NUL, line breaks and control characters")
    func stringLiterals() {
        #expect(SwiftEscaping.stringLiteral("a\"b\\c\nd\u{1}e\u{2028}") == #""a\"b\\c\nd\u{1}e\u{2028}""#)
        #expect(SwiftEscaping.stringLiteral("\\(interpolation)") == #""\\(interpolation)""#)
        #expect(SwiftEscaping.stringLiteral("\0\r\t\u{85}\u{9B}\u{7F}") == #""\0\r\t\u{85}\u{9b}\u{7f}""#)
    }

    @Test("string literals escape the bidirectional controls, so a literal shows the order it holds")
    func bidiInLiterals() {
        #expect(SwiftEscaping.stringLiteral("a\u{202E}b\u{2066}c\u{2069}\u{200E}\u{200F}\u{61C}") == #""a\u{202e}b\u{2066}c\u{2069}\u{200e}\u{200f}\u{61c}""#)
    }

    @Test("no display control is written as itself, in a literal or a comment")
    func everyHiddenScalar() {
        // C0, DEL, C1, U+2028–9, U+061C, U+200E–F, U+202A–E, U+2066–9.
        #expect(Self.hidden.count == 32 + 1 + 32 + 2 + 1 + 2 + 5 + 4)
        for scalar in Self.hidden {
            let text = "a\(Character(scalar))b"
            for escaped in [SwiftEscaping.stringLiteral(text), SwiftEscaping.comment(text)] {
                #expect(!escaped.unicodeScalars.contains(where: Diagnostic.isDisplayControl), "U+\(String(scalar.value, radix: 16))")
            }
        }
    }

    @Test(
        "a comment stays one line and shows what was there",
        arguments: [
            ("env\n#error(\"PWNED\")\n.json", #"env\u{a}#error("PWNED")\u{a}.json"#),
            ("a\r\nb", #"a\u{d}\u{a}b"#), ("a\u{2028}b\u{2029}", #"a\u{2028}b\u{2029}"#), ("nul\0", #"nul\u{0}"#),
            ("\u{202E}gnp.exe", #"\u{202e}gnp.exe"#), ("tab\there", #"tab\u{9}here"#),
        ])
    func comments(text: String, expected: String) {
        #expect(SwiftEscaping.comment(text) == expected)
    }

    @Test(
        "a comment can neither close nor open a block comment",
        arguments: [
            ("a */ b", #"a *\u{2f} b"#), ("/* x", #"/\u{2a} x"#), ("*/*/", #"*\u{2f}*\u{2f}"#), ("/*/", #"/\u{2a}/"#), ("a/b*c", "a/b*c"),
        ])
    func blockComments(text: String, expected: String) {
        #expect(SwiftEscaping.comment(text) == expected)
        #expect(!expected.contains("*/") && !expected.contains("/*"))
    }

    @Test("generated code keeps what came from the inputs apart: a plain String cannot be interpolated")
    func holes() {
        let key = "a\"); evil(); (\""
        let code: SwiftCode = "f(\(literal: key), \(name: "x")) // \(comment: "line\nbreak")"
        #expect(code.text == #"f("a\"); evil(); (\"", x) // line\u{a}break"#)
        #expect(
            code.parts == [
                .template("f("), .literal(#""a\"); evil(); (\"""#), .template(", "), .name("x"), .template(") // "),
                .comment(#"line\u{a}break"#),
            ])
    }
}
