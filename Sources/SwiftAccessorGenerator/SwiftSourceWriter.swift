/// Lines of Swift source with indentation and doc comments, so the emitters say what they
/// generate, not how to indent it.
struct SwiftSourceWriter {
    private(set) var text = ""
    private var depth = 0

    mutating func line(_ line: String = "") {
        if line.isEmpty {
            text += "\n"
        } else {
            text += String(repeating: "    ", count: depth) + line + "\n"
        }
    }

    /// A `///` comment: each line of `lines` (split further at line breaks) as its own comment line.
    /// Text from the input is shown inside code voice so that Markdown in it stays as written.
    mutating func documentation(_ lines: [String]) {
        for entry in lines {
            for part in entry.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
                line(part.isEmpty ? "///" : "/// " + part)
            }
        }
    }

    /// `opening {`, the body one level deeper, `}`.
    mutating func block(_ opening: String, _ body: (inout SwiftSourceWriter) -> Void) {
        line(opening + " {")
        depth += 1
        body(&self)
        depth -= 1
        line("}")
    }
}
