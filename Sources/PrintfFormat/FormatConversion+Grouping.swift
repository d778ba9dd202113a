extension FormatConversion {
    /// The flag that groups thousands (`%'d` prints `12,345` where the locale groups), as POSIX,
    /// C and Apple write it. Java, and so Android resources, write it ``javaGroupingFlag``.
    package static let groupingFlag: Unicode.Scalar = "'"
    /// Java's spelling of ``groupingFlag`` (`%,d`).
    package static let javaGroupingFlag: Unicode.Scalar = ","

    /// `specifier` (a conversion without `%` and position: `,d`, `'.2f`) with its grouping flag
    /// spelled `flag`: each format writes the one flag in its own spelling and reads it back.
    /// Only the flags before the width are looked at, so nothing else is rewritten.
    package static func specifier(_ specifier: String, groupingSpelled flag: Unicode.Scalar) -> String {
        var scalars = Array(specifier.unicodeScalars)
        var index = 0
        // Java's flags (`(` and `<` too) and printf's: the run a specifier starts with.
        while index < scalars.count, "-+ 0#',(<".unicodeScalars.contains(scalars[index]) {
            if scalars[index] == groupingFlag || scalars[index] == javaGroupingFlag { scalars[index] = flag }
            index += 1
        }
        return String(String.UnicodeScalarView(scalars))
    }

    /// Whether `specifier` prints a whole number grouped and nothing more (`'d`, `'lld`, `,d`):
    /// what i18next's `number` format prints.
    package static func isGroupedWholeNumber(_ specifier: String) -> Bool {
        let printf = Self.specifier(specifier, groupingSpelled: groupingFlag)
        guard printf.unicodeScalars.first == groupingFlag, let type = FormatArgumentType(valueType: printf), type.kind == .integer,
            let last = printf.unicodeScalars.last, "diuDU".unicodeScalars.contains(last)
        else { return false }
        return printf.unicodeScalars.dropFirst().dropLast().allSatisfy { "hlqLzjt".unicodeScalars.contains($0) }
    }
}
