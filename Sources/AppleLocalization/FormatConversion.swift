/// A printf conversion: `%` [position `$`] [flags] [width] [`.` precision] [length] conversion.
package struct FormatConversion: Sendable, Hashable {
    /// Width and precision are clamped to this: `%99999999999d` must neither trap nor allocate gigabytes.
    static let maximumWidth = 1024

    /// The 1-based argument position of `%2$@`, or `nil` for the next argument.
    package var position: Int?
    /// Flags among `-`, `+`, space, `0`, `#` and `'`.
    package var flags: String
    /// The minimum width, clamped to ``maximumWidth``.
    package var width: Int?
    /// The precision, clamped to ``maximumWidth``.
    package var precision: Int?
    /// The length modifier as written (`l`, `ll`, `q`, `h`, `z`, …), informative only.
    package var length: String
    /// The conversion character (`d`, `@`, `f`, …).
    package var conversion: Character
    /// The text as written, for output when the argument is missing and for messages.
    package var source: String

    /// What kind of value the conversion prints, for comparing a translation with its source.
    package enum Kind: String, Sendable, Hashable {
        case integer, floatingPoint = "floating-point", object, character
    }

    /// The kind of value this conversion prints.
    package var kind: Kind { Self.kind(of: conversion) }

    package static func kind(of conversion: Character) -> Kind {
        switch conversion {
        case "d", "i", "u", "o", "x", "X", "D", "U", "O": .integer
        case "f", "F", "e", "E", "g", "G", "a", "A": .floatingPoint
        case "c", "C": .character
        default: .object
        }
    }

    /// The kind of a value type written without `%` (`NSStringFormatValueTypeKey`, a catalog's `formatSpecifier`): `d`, `lld`, `@`, `.2f`.
    package static func kind(ofValueType valueType: String) -> Kind? {
        guard let last = valueType.last, Self.conversions.contains(last) else { return nil }
        return kind(of: last)
    }

    package static let conversions: Set<Character> = ["d", "i", "u", "o", "x", "X", "D", "U", "O", "f", "F", "e", "E", "g", "G", "a", "A", "c", "C", "s", "S", "@", "p"]
}
