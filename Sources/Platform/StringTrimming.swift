/// Foundation's `trimmingCharacters(in: .whitespaces)` and `(in: .whitespacesAndNewlines)`,
/// which live in full Foundation; the libraries and the CLI link FoundationEssentials only.
extension StringProtocol {
    /// Without leading and trailing spaces (Unicode's space separators) and tabs.
    package func trimmingWhitespace() -> String { trimming { Self.isWhitespace($0) } }

    /// Without leading and trailing spaces, tabs and line breaks.
    package func trimmingWhitespaceAndNewlines() -> String { trimming { Self.isWhitespace($0) || Self.isNewline($0) } }

    private func trimming(_ drop: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        // Most texts have nothing to trim: the same text, without rebuilding it scalar by scalar.
        if let first = scalars.first, let last = scalars.last, !drop(first), !drop(last) { return String(self) }
        guard let first = scalars.firstIndex(where: { !drop($0) }),
            let last = scalars.lastIndex(where: { !drop($0) })
        else { return "" }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars[first...last])
        return String(text)
    }

    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        // The only ASCII space separator is the space: no Unicode property lookup for ASCII.
        if scalar.isASCII { return scalar == " " || scalar == "\t" }
        return scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
    }

    private static func isNewline(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }
}
