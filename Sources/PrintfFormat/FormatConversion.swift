/// A printf conversion: `%` [position `$`] [flags] [width] [`.` precision] [length] conversion,
/// where the width and precision may be `*` or `*N$` (read from an argument).
package struct FormatConversion: Sendable, Hashable {
    /// Width and precision are clamped to this: `%99999999999d` must neither trap nor allocate gigabytes.
    package static let maximumWidth = 1024
    /// The highest argument position, CoreFoundation's limit; a conversion naming a higher one is
    /// kept as written.
    package static let maximumPosition = 127

    /// The 1-based argument position of `%2$@`, or `nil` for the next argument.
    package var position: Int?
    /// Flags among `-`, `+`, space, `0`, `#` and `'` as written (`'`, ``groupingFlag``, is kept for
    /// the converters and ignored in printing).
    package var flags: String
    /// The minimum width: a number clamped to ``maximumWidth``, or `*`.
    package var width: Field?
    /// The precision: a number clamped to ``maximumWidth``, or `*`. `%.f` has precision 0.
    package var precision: Field?
    /// The length modifier as written: empty, `hh`, `h`, `l`, `ll`, `q`, `L`, `z`, `t` or `j`.
    package var length: String
    /// The conversion character (`d`, `@`, `f`, …).
    package var conversion: Character
    /// The text as written, for output when the argument is missing and for messages.
    package var source: String

    /// What kind of value the conversion prints, for comparing a translation with its source.
    package enum Kind: String, Sendable, Hashable {
        case integer, floatingPoint = "floating-point", object, character
    }

    /// The value the conversion reads.
    package var argumentType: FormatArgumentType { FormatArgumentType(conversion: conversion, length: length) }

    /// The kind of value this conversion prints.
    package var kind: Kind { argumentType.kind }

    /// Whether printf's reading is unlikely to be meant: `% d` (`100% done`), the space flag alone
    /// before a letter, is a conversion on paper but prose in a UI string.
    package var isProse: Bool {
        flags == " " && position == nil && width == nil && precision == nil && length.isEmpty
    }

    /// The conversion without `%` and its position (`-5.2lld`, `*d`): what a converter writes
    /// back after its own position.
    package var specifier: String {
        var text = flags
        if let width { text += width.description }
        if let precision { text += "." + precision.description }
        return text + length + String(conversion)
    }

    /// The conversion characters CoreFoundation formats (`%n` and `%P` are left out on purpose).
    package static let conversions: Set<Character> = [
        "d", "i", "u", "o", "x", "X", "D", "U", "O", "f", "F", "e", "E", "g", "G", "a", "A", "c", "C", "s", "S", "@", "p",
    ]
}
