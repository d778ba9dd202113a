import Platform

extension FormatString {
    /// Splits `text` into tokens with ``token(at:in:)``.
    static func tokenize(_ text: String) -> [FormatToken] {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return [.text(text)] }
        let scalars = Array(text.unicodeScalars)
        var tokens: [FormatToken] = []
        // Text between conversions is copied from `text` a run of UTF-8 at a time: appending it a
        // scalar at a time was most of the cost of splitting a table's formats for the lint.
        var utf8Offset = 0
        var literalStart = 0
        func literal() {
            guard literalStart < utf8Offset else { return }
            let start = text.utf8.index(text.utf8.startIndex, offsetBy: literalStart)
            let end = text.utf8.index(text.utf8.startIndex, offsetBy: utf8Offset)
            tokens.append(.text(String(Substring(text.utf8[start..<end]))))
        }
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "%" else {
                utf8Offset += UTF8.width(scalars[index])
                index += 1
                continue
            }
            literal()
            let (token, end) = token(at: index, in: scalars)
            tokens.append(token)
            for scalar in scalars[index..<end] { utf8Offset += UTF8.width(scalar) }
            literalStart = utf8Offset
            index = end
        }
        literal()
        return tokens
    }

    /// Reads the one `%…` that starts at `start`: a conversion, `%%`, a variable reference, or
    /// `.malformed` up to the character that made it so. Returns the token and the index after
    /// it. Readers of another syntax that embeds printf call this at each `%` (gettext's `%s`,
    /// `%1$d`), or at the `)` of a named `%(name)d`, which then stands for the `%` (and starts
    /// the token's source).
    package static func token(at start: Int, in scalars: [Unicode.Scalar]) -> (FormatToken, end: Int) {
        func source(_ end: Int) -> String {
            String(encoding: scalars[start..<min(end, scalars.count)])
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
        /// Reads `N$` at `index` when it is there.
        func position(_ index: inout Int) -> Int? {
            var lookahead = index
            guard let digits = number(&lookahead), lookahead < scalars.count, scalars[lookahead] == "$" else { return nil }
            index = lookahead + 1
            return digits
        }
        /// A width or precision: digits, `*` or `*N$`. `valid` turns false for a position out of range.
        func field(_ index: inout Int, valid: inout Bool) -> FormatConversion.Field? {
            guard index < scalars.count, scalars[index] == "*" else {
                return number(&index).map { .fixed(min($0, FormatConversion.maximumWidth)) }
            }
            index += 1
            let argument = position(&index)
            if let argument, !(1...FormatConversion.maximumPosition).contains(argument) { valid = false }
            return .argument(position: argument)
        }

        var index = start + 1
        guard index < scalars.count else { return (.malformed("%"), scalars.count) }
        if scalars[index] == "%" { return (.percent, index + 1) }
        var valid = true
        let argument = position(&index)
        if let argument, !(1...FormatConversion.maximumPosition).contains(argument) { valid = false }
        if index + 1 < scalars.count, scalars[index] == "#", scalars[index + 1] == "@" {
            var end = index + 2
            while end < scalars.count, scalars[end] != "@" { end += 1 }
            guard end < scalars.count else { return (.malformed(source(scalars.count)), scalars.count) }
            guard valid else { return (.malformed(source(end + 1)), end + 1) }
            let name = String(encoding: scalars[(index + 2)..<end])
            return (.variable(name: name, position: argument, source: source(end + 1)), end + 1)
        }
        var flags = ""
        while index < scalars.count, "-+ 0#'".unicodeScalars.contains(scalars[index]) {
            flags.unicodeScalars.append(scalars[index])
            index += 1
        }
        let width = field(&index, valid: &valid)
        var precision: FormatConversion.Field? = nil
        if index < scalars.count, scalars[index] == "." {
            index += 1
            precision = field(&index, valid: &valid) ?? .fixed(0)
        }
        var length = ""
        if index < scalars.count, "hlqLzjt".unicodeScalars.contains(scalars[index]) {
            let letter = scalars[index]
            length.unicodeScalars.append(letter)
            index += 1
            // `hh` and `ll` are the only two-letter modifiers; any other letter after one is malformed.
            if letter == "h" || letter == "l", index < scalars.count, scalars[index] == letter {
                length.unicodeScalars.append(letter)
                index += 1
            }
        }
        guard index < scalars.count, FormatConversion.conversions.contains(Character(scalars[index])) else {
            let end = min(index + 1, scalars.count)
            return (.malformed(source(end)), end)
        }
        let conversion = Character(scalars[index])
        index += 1
        guard valid else { return (.malformed(source(index)), index) }
        return (
            .conversion(
                FormatConversion(
                    position: argument, flags: flags, width: width, precision: precision,
                    length: length, conversion: conversion, source: source(index))), index
        )
    }
}
