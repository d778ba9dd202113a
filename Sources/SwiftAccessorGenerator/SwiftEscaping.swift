import Diagnostics
import Platform

/// How text from the inputs (keys, values, file and folder names, configuration names) is
/// written into generated Swift: one escaper per place it can go, so that it stays text there.
///
/// Both escape the same scalars, ``Diagnostic/isDisplayControl(_:)``'s: C0 and C1 controls
/// (NUL, line feed, carriage return…), DEL, the line and paragraph separators, and the
/// bidirectional controls. A line break would end a comment and make the rest of a file name
/// code (`#error(…)`); the others are invisible or reorder what a reviewer sees (Trojan Source).
/// Names are ``SwiftIdentifier``'s job.
package enum SwiftEscaping {
    /// Swift source for `text` as a string literal with the same value: `"` and `\` escaped, and
    /// every display control as `\n`, `\r`, `\t`, `\0` or `\u{…}`. No extended delimiters are
    /// needed because nothing in it can end or change the literal.
    package static func stringLiteral(_ text: String) -> String {
        "\"" + text.replacingScalars(literalEscapes) { Diagnostic.isDisplayControl($0) ? escaped($0) : nil } + "\""
    }

    private static let literalEscapes = ASCIIEscapes(["\"": "\\\"", "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\0": "\\0"])

    /// `text` for a `//` or `///` comment line: display controls shown as `\u{…}`, so the comment
    /// stays one line and shows what is there, and `*/` and `/*` broken the same way (`*\u{2f}`),
    /// so the text cannot close or open a block comment around the file.
    package static func comment(_ text: String) -> String {
        var out = ""
        // The last scalar written as itself: with this one it must not spell `*/` or `/*`.
        var previous: Unicode.Scalar = " "
        for scalar in text.unicodeScalars {
            if Diagnostic.isDisplayControl(scalar) || (previous == "*" && scalar == "/") || (previous == "/" && scalar == "*") {
                out += escaped(scalar)
                previous = "}"
            } else {
                out.unicodeScalars.append(scalar)
                previous = scalar
            }
        }
        return out
    }

    private static func escaped(_ scalar: Unicode.Scalar) -> String {
        "\\u{\(String(scalar.value, radix: 16))}"
    }
}
