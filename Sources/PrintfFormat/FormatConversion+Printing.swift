import Platform

extension FormatConversion {
    /// The conversion printed with the arguments `binding` names, or as written when one of them
    /// is missing (or a `*` argument is not a number).
    func format(_ binding: FormatBinding, _ arguments: [FormatArgument]) -> String {
        func argument(_ index: Int) -> FormatArgument? {
            index >= 1 && index <= arguments.count ? arguments[index - 1] : nil
        }
        guard let value = argument(binding.argument) else { return source }
        var leftAligned = flags.contains("-")
        var width = width?.fixedValue
        if let index = binding.width {
            guard let number = argument(index)?.integerValue else { return source }
            // A negative width is the `-` flag and its magnitude.
            if number < 0 { leftAligned = true }
            width = Int(min(number.magnitude, UInt(Self.maximumWidth)))
        }
        var precision = precision?.fixedValue
        if let index = binding.precision {
            guard let number = argument(index)?.integerValue else { return source }
            // A negative precision is taken as if it were omitted.
            precision = number < 0 ? nil : min(number, Self.maximumWidth)
        }
        return print(value, width: width, precision: precision, leftAligned: leftAligned)
    }

    /// `value` cut to its low `bits` bits, as C's `(char)`, `(short)` and `(int)` casts cut an
    /// argument read as `%hhd`, `%hd` or `%d` (sign-extended when `T` is signed); whole at 64.
    private static func narrowed<T: FixedWidthInteger>(_ value: T, bits: Int) -> T {
        guard bits > 0, bits < T.bitWidth else { return value }
        let shift = T.bitWidth - bits
        return (value << shift) >> shift
    }

    private func print(_ argument: FormatArgument, width: Int?, precision: Int?, leftAligned: Bool) -> String {
        func pad(_ text: String, length: Int? = nil) -> String {
            let length = length ?? text.count
            guard let width, length < width else { return text }
            let padding = String(repeating: " ", count: width - length)
            return leftAligned ? text + padding : padding + text
        }
        /// The spec given to C: flags C defines identically everywhere (the grouping flag `'`
        /// depends on the locale), the resolved width and precision.
        func spec() -> String {
            var spec = "%" + flags.filter { "+ 0#".contains($0) } + (leftAligned ? "-" : "")
            if let width { spec += String(width) }
            if let precision { spec += "." + String(precision) }
            return spec
        }
        switch argumentType {
        case .int(let bits):
            guard let value = argument.integerValue else { return pad(argument.text) }
            return cFormat(spec() + "lld", Self.narrowed(Int64(value), bits: bits))
        case .uint(let bits):
            guard let value = argument.integerValue else { return pad(argument.text) }
            let letter: String =
                switch conversion {
                case "U": "u";
                case "O": "o";
                default: String(conversion)
                }
            return cFormat(spec() + "ll" + letter, Self.narrowed(UInt64(truncatingIfNeeded: value), bits: bits))
        case .double:
            guard let value = argument.doubleValue else { return pad(argument.text) }
            return cFormat(spec() + String(conversion), value)
        case .char:
            // A generated accessor passes a `Character`: it prints as itself.
            if case .text(let text) = argument, text.count == 1 { return pad(text) }
            guard let value = argument.integerValue else { return pad(argument.text) }
            let byte = UInt8(truncatingIfNeeded: value)
            // C writes the NUL, and CoreFoundation reads its buffer only up to it.
            guard byte != 0 else { return leftAligned ? "" : pad("", length: 1) }
            return pad(String(Character(Unicode.Scalar(byte))))
        case .unichar:
            if case .text(let text) = argument, text.count == 1 { return text }
            guard let value = argument.integerValue else { return argument.text }
            let unit = UInt16(truncatingIfNeeded: value)
            return String(Character(Unicode.Scalar(unit) ?? "\u{FFFD}"))
        case .cString, .unicharString:
            let utf8 = argumentType == .cString
            var text = argument.text
            func size(_ text: String) -> Int { utf8 ? text.utf8.count : text.utf16.count }
            if let precision, size(text) > precision {
                var kept = String.UnicodeScalarView()
                var used = 0
                for scalar in text.unicodeScalars {
                    let length = utf8 ? UTF8.width(scalar) : UTF16.width(scalar)
                    guard used + length <= precision else { break }
                    kept.append(scalar)
                    used += length
                }
                text = String(kept)
            }
            return pad(text, length: size(text))
        case .pointer:
            guard let value = argument.integerValue else { return pad(argument.text) }
            return pad("0x" + String(UInt64(truncatingIfNeeded: value), radix: 16))
        case .object:
            return argument.text
        }
    }
}
