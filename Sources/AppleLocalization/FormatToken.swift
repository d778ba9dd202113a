/// One piece of a localized format string: literal text, `%%`, a printf conversion, or a
/// `%#@name@` reference to a plural variable.
package enum FormatToken: Sendable, Hashable {
    /// Text copied as is.
    case text(String)
    /// `%%`, a literal percent sign.
    case percent
    /// A conversion such as `%d`, `%1$@` or `%.2f`.
    case conversion(FormatConversion)
    /// `%#@name@` or `%1$#@name@`: the text of a plural variable goes here.
    case variable(name: String, position: Int?, source: String)
    /// A `%` that starts nothing valid (`%` at the end, `%y`); copied as is.
    case malformed(String)
}

extension FormatToken {
    /// Splits `format` into tokens. Never fails: what is not a valid conversion becomes `.malformed`.
    package static func tokenize(_ format: String) -> [FormatToken] {
        guard format.contains("%") else { return [.text(format)] }
        let scalars = Array(format.unicodeScalars)
        var tokens: [FormatToken] = []
        var literal = String.UnicodeScalarView()
        var index = 0

        func flush() {
            if !literal.isEmpty {
                tokens.append(.text(String(literal)))
                literal = String.UnicodeScalarView()
            }
        }
        func source(_ start: Int, _ end: Int) -> String {
            String(String.UnicodeScalarView(scalars[start..<min(end, scalars.count)]))
        }
        /// Reads digits at `index`, saturating instead of overflowing.
        func number(_ index: inout Int) -> Int? {
            var value: Int? = nil
            while index < scalars.count, (48...57).contains(scalars[index].value) {
                value = min((value ?? 0) * 10 + Int(scalars[index].value - 48), 1_000_000)
                index += 1
            }
            return value
        }

        while index < scalars.count {
            guard scalars[index] == "%" else {
                literal.append(scalars[index])
                index += 1
                continue
            }
            flush()
            let start = index
            index += 1
            guard index < scalars.count else { tokens.append(.malformed("%")); break }
            if scalars[index] == "%" {
                tokens.append(.percent)
                index += 1
                continue
            }
            var position: Int? = nil
            var lookahead = index
            if let digits = number(&lookahead), lookahead < scalars.count, scalars[lookahead] == "$" {
                position = digits
                index = lookahead + 1
            }
            if index + 1 < scalars.count, scalars[index] == "#", scalars[index + 1] == "@" {
                var end = index + 2
                while end < scalars.count, scalars[end] != "@" { end += 1 }
                guard end < scalars.count else {
                    tokens.append(.malformed(source(start, scalars.count)))
                    index = scalars.count
                    break
                }
                let name = String(String.UnicodeScalarView(scalars[(index + 2)..<end]))
                tokens.append(.variable(name: name, position: position, source: source(start, end + 1)))
                index = end + 1
                continue
            }
            var flags = ""
            while index < scalars.count, "-+ 0#'".unicodeScalars.contains(scalars[index]) {
                flags.unicodeScalars.append(scalars[index])
                index += 1
            }
            let width = number(&index).map { min($0, FormatConversion.maximumWidth) }
            var precision: Int? = nil
            if index < scalars.count, scalars[index] == "." {
                index += 1
                precision = min(number(&index) ?? 0, FormatConversion.maximumWidth)
            }
            var length = ""
            while index < scalars.count, "hlqLzjt".unicodeScalars.contains(scalars[index]) {
                length.unicodeScalars.append(scalars[index])
                index += 1
            }
            guard index < scalars.count, FormatConversion.conversions.contains(Character(scalars[index])) else {
                let end = min(index + 1, scalars.count)
                tokens.append(.malformed(source(start, end)))
                index = end
                continue
            }
            let conversion = Character(scalars[index])
            index += 1
            tokens.append(.conversion(FormatConversion(
                position: position, flags: flags, width: width, precision: precision,
                length: length, conversion: conversion, source: source(start, index))))
        }
        flush()
        return tokens
    }
}
