extension String {
    /// The text of `scalars`, encoded as UTF-8 into one buffer: appending scalars to a `String`
    /// (or a slice to a `String.UnicodeScalarView`) goes one scalar at a time through generic code,
    /// several times slower, and the format scanners make a string this way per conversion.
    ///
    /// The buffer is the text's exact size: the strings made here are kept in the model (a
    /// message's texts), where a buffer of four bytes a scalar held a `.po`'s texts four times over.
    package init(encoding scalars: ArraySlice<Unicode.Scalar>) {
        let size = scalars.reduce(0) { $0 + UTF8.width($1) }
        self.init(unsafeUninitializedCapacity: size) { buffer in
            var count = 0
            for scalar in scalars {
                UTF8.encode(scalar) { unit in
                    buffer[count] = unit
                    count += 1
                }
            }
            return count
        }
    }
}

/// The replacements of ASCII scalars an escaper makes (`&` → `&amp;`), looked up by index: a
/// writer escapes every scalar of every text it writes, where a dictionary's hashing would show.
package struct ASCIIEscapes: Sendable {
    private var table = [String?](repeating: nil, count: 128)

    /// The escapes of `replacements`, whose keys are ASCII scalars.
    package init(_ replacements: [Unicode.Scalar: String]) {
        for (scalar, replacement) in replacements {
            precondition(scalar.isASCII, "ASCIIEscapes replaces ASCII scalars only")
            table[Int(scalar.value)] = replacement
        }
    }

    /// The replacement of `scalar`, if it has one.
    package subscript(scalar: Unicode.Scalar) -> String? {
        scalar.value < 128 ? table[Int(scalar.value)] : nil
    }
}

extension String {
    /// The text with each scalar `escapes` replaces written as its replacement, and each other
    /// scalar as `other` gives it (as itself when `other` gives `nil`): the one escaper the
    /// writers of Swift literals, XML and descriptions share, each with its own table. Runs
    /// without a replacement are copied whole.
    package func replacingScalars(_ escapes: ASCIIEscapes, other: (Unicode.Scalar) -> String? = { _ in nil }) -> String {
        let scalars = unicodeScalars
        var result = ""
        var runStart = scalars.startIndex
        var index = runStart
        while index < scalars.endIndex {
            let scalar = scalars[index]
            let next = scalars.index(after: index)
            if let replacement = escapes[scalar] ?? other(scalar) {
                if result.isEmpty { result.reserveCapacity(utf8.count + 16) }
                result += Substring(scalars[runStart..<index])
                result += replacement
                runStart = next
            }
            index = next
        }
        if runStart == scalars.startIndex { return self }
        result += Substring(scalars[runStart...])
        return result
    }
}
