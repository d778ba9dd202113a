/// An Apple printf format string (`%@ %d %1$@ %lld %.2f %*d %% %#@name@`), split once into
/// tokens: the one grammar behind the table lookup, the formatting of i18next strings and default
/// values, the lint, the accessor generator and the converters. No other type scans `%`.
///
/// It follows CoreFoundation's `String(format:)` wherever that is defined:
/// - `%d %i %D` and `%u %U %o %O %x %X` read an `int` without a length modifier (the value is
///   narrowed to 32 bits), a `short` with `h`, a `char` with `hh`, 64 bits with `l ll q z t j`;
///   `%D %U %O` are synonyms of `%d %u %o`.
/// - `%@` prints the argument's description and ignores width, precision and flags.
/// - `%c` prints an integer narrowed to 8 bits as a Latin-1 character (0 prints nothing), with
///   the width applied; `%C` narrows to 16 bits, prints a lone surrogate as U+FFFD and ignores the width.
/// - `%s` and `%S` apply precision then width in UTF-8 bytes or UTF-16 units (never splitting a
///   character); of the flags only `-` applies.
/// - `%p` prints `0x` and lowercase hexadecimal.
/// - `*` and `*N$` read a width or precision from an argument, taken before the value; a negative
///   width means `-`, a negative precision none.
/// - Positions run from 1 to 127; an unnumbered conversion takes the next argument of its own
///   count, which a position does not move.
///
/// Deliberate divergences, so that a bad translation shows instead of crashing:
/// - a missing argument, a malformed `%…` (`%y`, `%n`, a final `%`) and a position outside
///   1…127 stay in the text as written (Foundation crashes, or drops the `%`);
/// - the `'` (grouping) flag is accepted and ignored in printing (the converters keep it,
///   ``FormatConversion/groupingFlag``);
/// - text arguments are read as numbers by numeric conversions (the command line passes text),
///   and text that is not a number is printed as is;
/// - numbers are written in the C locale (`1.5`, never `1,5`);
/// - widths and precisions are clamped to ``FormatConversion/maximumWidth``.
///
/// Plural variables (`%#@name@`) expand to the form their argument chooses; a conversion without
/// a position inside a form prints the variable's own argument (``walk(_:variables:bound:next:depth:budget:visit:forms:)``).
package struct FormatString: Sendable, Hashable {
    /// Nested `%#@name@` references (a form naming another variable) are followed this deep.
    package static let maximumNesting = 8
    /// At most this many `%#@name@` are expanded per string: forms that each name a variable
    /// several times would otherwise grow the text exponentially with the nesting.
    package static let maximumExpansions = 256

    /// The format as written.
    package let text: String
    /// The format split into tokens, once.
    package let tokens: [FormatToken]

    /// Splits `text`. Never fails: what is not a valid conversion becomes `.malformed`.
    package init(_ text: String) {
        self.text = text
        tokens = Self.tokenize(text)
    }

    /// Equal when the text is (the tokens follow from it).
    package static func == (lhs: FormatString, rhs: FormatString) -> Bool { lhs.text == rhs.text }

    package func hash(into hasher: inout Hasher) { hasher.combine(text) }

    /// The `%#@name@` references of the format itself (not of its variables' forms), with their text.
    package var variableReferences: [(name: String, source: String)] {
        tokens.compactMap { token in
            if case .variable(let name, _, let source) = token { return (name, source) }
            return nil
        }
    }
}
