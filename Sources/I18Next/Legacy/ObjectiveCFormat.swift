import Platform
import JSONParsing

/// Objective-C format strings as i18next-ios applies them to a translation
/// (`compatibilityJSON: "ios"`): `-[NSString initWithFormat:arguments:]` with the `sprintf`
/// arguments (`t:options:` with `sprintf`, or `tf:`), after interpolation and nesting.
///
/// The conversions are Foundation's, printed as envtool's Apple formatter (`AppleLocalization`'s
/// `FormatConversion`) prints them: `%@` (the argument's `description`, neither padded nor cut),
/// `%d %i %u %o %x %X` with the length modifiers `hh h l ll q z t j` (`%D %U %O` are `%d %u %o`),
/// `%f %F %e %E %g %G %a %A`, `%c %C`, `%s %S` (width and precision in UTF-8 bytes or UTF-16
/// units), `%p`, `%%`, positions (`%2$@`), flags `- + space # 0`, width and precision, `*` widths
/// taken from the arguments. Numbers print as C's `printf` prints them in the C locale (`%f` of
/// 6.3 is `6.300000`, `%.2f` of 7.8 is `7.80`); an integer conversion truncates as C reads the
/// argument (`%d` reads an `int`, `%hhd` a `char`, `%ld` a `long`).
///
/// Where Objective-C is undefined the result is defined here, as there: a conversion whose
/// argument is missing is kept as written; a string for a numeric conversion is read as a number
/// (else 0); a conversion Foundation does not know, or a width or precision past 1,000,000, is
/// kept as written.
enum ObjectiveCFormat {
    /// Widths and precisions above this are kept as written instead of making megabytes of padding.
    static let maximumWidth = 1_000_000

    /// `[[NSString alloc] initWithFormat:template arguments:arguments]`.
    static func format(_ template: String, _ arguments: [I18nValue]) -> String {
        let characters = Array(template.unicodeScalars)
        var output = String.UnicodeScalarView()
        var next = 0
        var index = 0
        func isDigit(_ position: Int) -> Bool { position < characters.count && ("0"..."9").contains(characters[position]) }
        func number(at position: inout Int) -> Int {
            var value = 0
            while isDigit(position) {
                value = min(value &* 10 &+ Int(characters[position].value - 48), Int(Int32.max))
                position += 1
            }
            return value
        }
        // (`I18nValue` is itself nil-literal expressible: a bare `nil` here would be JSON's null.)
        func argument(_ position: Int?) -> I18nValue? {
            if let position {
                guard position >= 1 && position <= arguments.count else { return Optional<I18nValue>.none }
                return arguments[position - 1]
            }
            defer { next += 1 }
            guard next < arguments.count else { return Optional<I18nValue>.none }
            return arguments[next]
        }
        while index < characters.count {
            guard characters[index] == "%" else {
                output.append(characters[index])
                index += 1
                continue
            }
            let start = index
            var cursor = index + 1
            if cursor < characters.count, characters[cursor] == "%" {
                output.append("%")
                index = cursor + 1
                continue
            }
            // %[position$][flags][width][.precision][length]conversion
            var position: Int? = nil
            var probe = cursor
            if isDigit(probe), characters[probe] != "0" {
                let value = number(at: &probe)
                if probe < characters.count, characters[probe] == "$" { position = value; cursor = probe + 1 }
            }
            var flags = ""
            while cursor < characters.count, "-+ #0'".unicodeScalars.contains(characters[cursor]) {
                if characters[cursor] != "'" { flags.unicodeScalars.append(characters[cursor]) }
                cursor += 1
            }
            var width: Int? = nil
            var missing = false
            func starArgument(_ position: Int?) -> Int {
                guard let value = argument(position) else { missing = true; return 0 }
                return Int(truncatingIfNeeded: integer(value, bits: 32))
            }
            if cursor < characters.count, characters[cursor] == "*" {
                cursor += 1
                var starPosition: Int? = nil
                var look = cursor
                if isDigit(look) {
                    let value = number(at: &look)
                    if look < characters.count, characters[look] == "$" { starPosition = value; cursor = look + 1 }
                }
                var given = starArgument(starPosition)
                if given < 0 { flags += "-"; given = -given }
                width = given
            } else if isDigit(cursor) {
                width = number(at: &cursor)
            }
            var precision: Int? = nil
            if cursor < characters.count, characters[cursor] == "." {
                cursor += 1
                if cursor < characters.count, characters[cursor] == "*" {
                    cursor += 1
                    var starPosition: Int? = nil
                    var look = cursor
                    if isDigit(look) {
                        let value = number(at: &look)
                        if look < characters.count, characters[look] == "$" { starPosition = value; cursor = look + 1 }
                    }
                    let given = starArgument(starPosition)
                    precision = given < 0 ? nil : given
                } else {
                    precision = number(at: &cursor)
                }
            }
            var length = ""
            while cursor < characters.count, "hlqLztj".unicodeScalars.contains(characters[cursor]) {
                length.unicodeScalars.append(characters[cursor])
                cursor += 1
            }
            guard cursor < characters.count, !missing,
                  (width ?? 0) <= maximumWidth, (precision ?? 0) <= maximumWidth,
                  let text = convert(characters[cursor], length: length, flags: flags, width: width, precision: precision,
                                     argument: { argument(position) }) else {
                // Not a conversion Foundation knows, or an argument is missing: as written.
                output.append(contentsOf: characters[start..<min(cursor + 1, characters.count)])
                index = min(cursor + 1, characters.count)
                continue
            }
            output.append(contentsOf: text.unicodeScalars)
            index = cursor + 1
        }
        return String(output)
    }

    /// One conversion printed, or `nil` when Foundation knows no such conversion or its
    /// argument is missing (the caller keeps it as written).
    private static func convert(_ conversion: Unicode.Scalar, length: String, flags: String, width: Int?, precision: Int?,
                                argument: () -> I18nValue?) -> String? {
        let widthText = width.map(String.init) ?? ""
        let precisionText = precision.map { "." + String($0) } ?? ""
        let left = flags.contains("-")
        switch conversion {
        case "@":
            // An object's description, neither padded nor cut (CoreFoundation ignores both).
            guard let value = argument() else { return nil }
            if case .string(let text) = value { return text }
            return description(value)
        case "s", "S":
            // C strings count UTF-8 bytes, `%S` UTF-16 units, for the precision and the width.
            guard let value = argument() else { return nil }
            var text: String
            if case .string(let string) = value { text = string } else { text = description(value) }
            let utf8 = conversion == "s"
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
            return pad(text, width: width, left: left, length: size(text))
        case "d", "i", "D":
            guard let given = argument() else { return nil }
            return cFormat("%" + flags + widthText + precisionText + "lld", integer(given, bits: integerBits(length)))
        case "u", "o", "x", "X", "U", "O":
            guard let given = argument() else { return nil }
            let bits = integerBits(length)
            let signed = integer(given, bits: bits)
            let value = bits == 64 ? UInt64(bitPattern: signed) : UInt64(bitPattern: signed) & ((1 << UInt64(bits)) - 1)
            let letter = conversion == "U" ? "u" : conversion == "O" ? "o" : String(conversion)
            return cFormat("%" + flags + widthText + precisionText + "ll" + letter, value)
        case "f", "F", "e", "E", "g", "G", "a", "A":
            guard let given = argument() else { return nil }
            return cFormat("%" + flags + widthText + precisionText + String(conversion), floatingPoint(given))
        case "c":
            guard let given = argument() else { return nil }
            let byte = UInt8(truncatingIfNeeded: integer(given, bits: 8))
            // C writes the NUL, and CoreFoundation reads its buffer only up to it.
            guard byte != 0 else { return left ? "" : pad("", width: width, left: left, length: 1) }
            return pad(String(Character(Unicode.Scalar(byte))), width: width, left: left, length: 1)
        case "C":
            guard let given = argument() else { return nil }
            // A lone surrogate cannot be in a Swift string: U+FFFD, as elsewhere in the engine.
            return String(decoding: [UInt16(truncatingIfNeeded: integer(given, bits: 16))], as: UTF16.self)
        case "p":
            guard let given = argument() else { return nil }
            let text = "0x" + String(UInt64(bitPattern: integer(given, bits: 64)), radix: 16)
            return pad(text, width: width, left: left, length: text.count)
        case "n":
            _ = argument()
            return ""
        default:
            return nil
        }
    }

    /// How many bits an integer conversion reads: `int` by default, as C's `printf`.
    private static func integerBits(_ length: String) -> Int {
        switch length {
        case "hh": return 8
        case "h": return 16
        case "": return 32
        default: return 64
        }
    }

    /// The argument as C reads an integer of `bits` bits: a number truncated toward zero and
    /// wrapped, a boolean 1 or 0, a numeric string read as its number, anything else 0.
    static func integer(_ value: I18nValue, bits: Int) -> Int64 {
        let whole: Int64
        switch value {
        case .integer(let number): whole = Int64(number)
        case .bool(let flag): whole = flag ? 1 : 0
        default:
            let number = floatingPoint(value)
            guard number.isFinite else { return 0 }
            let truncated = number.rounded(.towardZero)
            // Beyond Int64's range a C conversion is undefined; the wrapped low bits are as good as any.
            if abs(truncated) < 9.2e18 {
                whole = Int64(truncated)
            } else {
                whole = Int64(bitPattern: UInt64(truncated.magnitude.truncatingRemainder(dividingBy: 18446744073709551616.0)))
            }
        }
        switch bits {
        case 8: return Int64(Int8(truncatingIfNeeded: whole))
        case 16: return Int64(Int16(truncatingIfNeeded: whole))
        case 32: return Int64(Int32(truncatingIfNeeded: whole))
        default: return whole
        }
    }

    /// The argument as a `double`: numbers as they are, booleans 1 or 0, numeric strings read, else 0.
    static func floatingPoint(_ value: I18nValue) -> Double {
        switch value {
        case .bool(let flag): return flag ? 1 : 0
        case .string(let text): return Double(text.trimmingWhitespace()) ?? 0
        default: return value.numberValue ?? 0
        }
    }

    private static func pad(_ text: String, width: Int?, left: Bool, length: Int) -> String {
        guard let width, length < width else { return text }
        let padding = String(repeating: " ", count: width - length)
        return left ? text + padding : padding + text
    }

    /// `-[NSObject description]` of a JSON value as Foundation's classes print it: a string as
    /// itself, a number as NSNumber does (`3`, `6.3`), a boolean `1` or `0`, null `<null>`, an
    /// array `(\n    a,\n    b\n)` and an object `{\n    key = value;\n}` in the old property-list
    /// style (strings quoted where that style needs it).
    static func description(_ value: I18nValue) -> String {
        describe(value, level: 0, nested: false)
    }

    private static func describe(_ value: I18nValue, level: Int, nested: Bool) -> String {
        let indent = String(repeating: "    ", count: level)
        switch value {
        case .null: return "<null>"
        case .bool(let flag): return flag ? "1" : "0"
        case .integer(let number): return String(number)
        case .number, .numberLiteral:
            let number = value.numberValue ?? .nan
            if number.isNaN { return "nan" }
            if number.isInfinite { return number < 0 ? "-inf" : "inf" }
            if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
            return cFormat("%.17g", number).shortestEquivalent(of: number)
        case .string(let text): return nested ? quoted(text) : text
        case .array(let elements):
            if elements.isEmpty { return "(\n" + indent + ")" }
            let inner = indent + "    "
            return "(\n" + elements.map { inner + describe($0, level: level + 1, nested: true) }.joined(separator: ",\n") + "\n" + indent + ")"
        case .object(let object):
            if object.isEmpty { return "{\n" + indent + "}" }
            let inner = indent + "    "
            // NSDictionary prints its keys sorted.
            let members = object.members.sorted { $0.key < $1.key }
            return "{\n" + members.map { inner + quoted($0.key) + " = " + describe($0.value, level: level + 1, nested: true) + ";" }.joined(separator: "\n")
                + "\n" + indent + "}"
        }
    }

    /// A string inside a collection's description: bare when it is only letters, digits and `_`,
    /// else quoted with `"` and `\` escaped.
    private static func quoted(_ text: String) -> String {
        if !text.isEmpty, text.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }) {
            return text
        }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

private extension String {
    /// The shortest of `%.15g`, `%.16g` and this `%.17g` text that reads back as `number`, as
    /// NSNumber's description prints a double (`6.3`, not `6.2999999999999998`).
    func shortestEquivalent(of number: Double) -> String {
        for digits in 15...16 {
            let text = cFormat("%.\(digits)g", number)
            if Double(text) == number { return text }
        }
        return self
    }
}
