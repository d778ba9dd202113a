extension Diagnostic {
    /// Whether `scalar` changes how a terminal or an editor shows the text around it rather than
    /// showing itself: C0 and C1 controls and DEL (escape sequences, new lines, a C1 CSI), the
    /// bidirectional overrides, embeddings and isolates (text shown in another order than it is
    /// stored), and the line and paragraph separators.
    package static func isDisplayControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        case 0x2028, 0x2029: true
        default: false
        }
    }

    /// `text` in double quotes for a message, with every ``isDisplayControl(_:)`` scalar, `"` and
    /// `\` escaped and at most `limit` scalars shown, so that a value read from a hostile file
    /// cannot end the diagnostic's line, fake another, or restyle the terminal.
    package static func quoted(_ text: String, limit: Int = 80) -> String {
        var out = "\""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == limit { return out + "…\"" }
            count += 1
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where isDisplayControl(scalar): out += "\\u{\(String(scalar.value, radix: 16))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// `text` with every ``isDisplayControl(_:)`` scalar but those in `kept` written as `\u{…}`;
    /// `text` itself (no copy) when it has none.
    package static func escapingDisplayControls(_ text: String, keeping kept: Set<Unicode.Scalar> = []) -> String {
        guard text.unicodeScalars.contains(where: { isDisplayControl($0) && !kept.contains($0) }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if isDisplayControl(scalar), !kept.contains(scalar) {
                out += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
