import JSONParsing
import Platform
import PrintfFormat

/// Objective-C format strings as i18next-ios applies them to a translation
/// (`compatibilityJSON: "ios"`): `-[NSString initWithFormat:arguments:]` with the `sprintf`
/// arguments (`t:options:` with `sprintf`, or `tf:`), after interpolation and nesting.
///
/// The format is read and printed by the Apple runtime's ``FormatString``, the one printf of
/// `.strings`, `.stringsdict` and `.xcstrings` lookups, the lint and the generated accessors, so
/// that `%c`, `%5@` or `%D` give one answer whichever of them reaches it: `%@` (the argument's
/// `description`, neither padded nor cut), `%d %i %u %o %x %X` with the length modifiers
/// `hh h l ll q z t j` (`%D %U %O` are `%d %u %o`), `%f %F %e %E %g %G %a %A`, `%c %C`, `%s %S`
/// (width and precision in UTF-8 bytes or UTF-16 units), `%p`, `%%`, positions (`%2$@`), flags,
/// width and precision, `*` widths taken from the arguments. Numbers print as C's `printf` prints
/// them in the C locale (`%f` of 6.3 is `6.300000`); an integer conversion truncates as C reads
/// the argument (`%d` reads an `int`, `%hhd` a `char`, `%ld` a `long`).
///
/// Where Objective-C is undefined the result is FormatString's: a conversion whose argument is
/// missing, and one Foundation does not know (`%n` among them), is kept as written; text that is
/// not a number, given to a numeric conversion, prints as itself; widths and precisions stop at
/// 1,024.
enum ObjectiveCFormat {
    /// `[[NSString alloc] initWithFormat:template arguments:arguments]`.
    static func format(_ template: String, _ arguments: [I18nValue]) -> String {
        FormatString(template).format(arguments.map(argument))
    }

    /// A JSON value as an Objective-C argument: numbers as `NSNumber`, booleans 1 or 0, strings
    /// as themselves, anything else as its ``description(_:)``.
    static func argument(_ value: I18nValue) -> FormatArgument {
        switch value {
        case .integer(let number): .integer(number)
        case .bool(let flag): .integer(flag ? 1 : 0)
        case .number, .numberLiteral: .floatingPoint(value.numberValue ?? .nan)
        case .string(let text): .text(text)
        case .null, .array, .object: .text(description(value))
        }
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
    private static let descriptionEscapes = ASCIIEscapes(["\"": "\\\"", "\\": "\\\\", "\n": "\\n"])

    private static func quoted(_ text: String) -> String {
        if !text.isEmpty, text.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }) {
            return text
        }
        return "\"" + text.replacingScalars(descriptionEscapes) + "\""
    }
}

extension String {
    /// The shortest of `%.15g`, `%.16g` and this `%.17g` text that reads back as `number`, as
    /// NSNumber's description prints a double (`6.3`, not `6.2999999999999998`).
    fileprivate func shortestEquivalent(of number: Double) -> String {
        for digits in 15...16 {
            let text = cFormat("%.\(digits)g", number)
            if Double(text) == number { return text }
        }
        return self
    }
}
