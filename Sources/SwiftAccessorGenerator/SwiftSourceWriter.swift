/// Lines of Swift source with indentation and comments, so the emitters say what they generate,
/// not how to indent it. Every line is ``SwiftCode``: text from the inputs is in its holes.
struct SwiftSourceWriter {
    /// The lines, without their line feeds.
    private(set) var lines: [SwiftCode] = []
    private var depth = 0

    /// The source: every line ended by a line feed.
    var text: String {
        var text = ""
        for line in lines { text += line.text + "\n" }
        return text
    }

    mutating func line(_ code: SwiftCode = SwiftCode()) {
        if code.parts.isEmpty {
            lines.append(code)
        } else {
            var indented = SwiftCode(stringLiteral: String(repeating: "    ", count: depth))
            indented.append(code)
            lines.append(indented)
        }
    }

    /// A `//` comment line showing `text` (a file name from the inputs may be in it) escaped.
    mutating func comment(_ text: String) {
        line("// \(comment: text)")
    }

    /// A `///` comment: each of `lines` on one comment line, escaped (a line break in a
    /// translation shows as `\u{a}` rather than end the comment).
    /// Text from the input is shown inside code voice so that Markdown in it stays as written.
    mutating func documentation(_ lines: [String]) {
        for entry in lines {
            line(entry.isEmpty ? "///" : "/// \(comment: entry)")
        }
    }

    /// `opening {`, the body one level deeper, `}`.
    mutating func block(_ opening: SwiftCode, _ body: (inout SwiftSourceWriter) -> Void) {
        line("\(opening) {")
        depth += 1
        body(&self)
        depth -= 1
        line("}")
    }
}
