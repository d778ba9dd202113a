#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform
import CLDRPlurals

/// Formats a localized string the way Foundation formats a `.stringsdict` entry: each
/// `%#@name@` becomes the plural form its number chooses, then printf conversions (`%d`, `%lld`,
/// `%@`, `%1$@`, `%.2f`, `%%`) take the arguments.
///
/// Unlike C's `printf` nothing here can crash: a missing argument leaves its conversion in the
/// text, so a bad translation shows rather than traps, and widths and precisions are clamped to
/// ``FormatConversion/maximumWidth``.
///
/// Binding rules (for well-formed tables they give Foundation's results, and they stay right when
/// a form leaves its number out): `%#@name@` takes the next argument (or the positional one of
/// `%2$#@name@`, or a catalog substitution's `argNum`); a conversion without a position inside a
/// chosen form prints that same argument, so `one` = `%d file` prints the count and a following
/// `%@` outside the variable still takes the argument after it.
public enum AppleStringFormatter {
    /// Nested `%#@name@` references (a form naming another variable) are followed this deep.
    static let maximumNesting = 8
    /// At most this many `%#@name@` are expanded per string: forms that each name a variable
    /// several times would otherwise grow the text exponentially with the nesting.
    static let maximumExpansions = 256
    private static let unusedRules = PluralRules(locale: "en", kind: .cardinal)

    /// Formats `format` with `arguments`, choosing plural forms with `rules`.
    public static func format(_ format: LocalizedFormat, rules: PluralRules, arguments: [any CustomStringConvertible & Sendable]) -> String {
        self.format(format, rules: rules, values: arguments.map(FormatArgument.init))
    }

    /// Formats `format` with arguments already read.
    static func format(_ format: LocalizedFormat, rules: PluralRules, values: [FormatArgument]) -> String {
        var next = 1
        var budget = maximumExpansions
        var output = ""
        write(format.tokens, variables: format.variables, rules: rules, arguments: values,
              boundArgument: nil, next: &next, depth: 0, budget: &budget, to: &output)
        return output
    }

    /// Formats a plain string (a `.strings` value) with printf conversions only.
    public static func format(_ text: String, arguments: [any CustomStringConvertible & Sendable]) -> String {
        format(text, values: arguments.map(FormatArgument.init))
    }

    /// Formats a plain string with arguments already read.
    static func format(_ text: String, values: [FormatArgument]) -> String {
        guard text.contains("%") else { return text }
        var next = 1
        var budget = 0
        var output = ""
        // Without variables no plural rules are consulted; any rules do.
        write(FormatToken.tokenize(text), variables: [:], rules: unusedRules, arguments: values,
              boundArgument: nil, next: &next, depth: 0, budget: &budget, to: &output)
        return output
    }

    /// The category of `variable` for `argument` (`other` when it is missing or not a number).
    static func category(of variable: PluralVariable, argument: FormatArgument?, rules: PluralRules) -> PluralCategory {
        guard let argument, let operands = operands(argument, valueType: variable.valueType) else { return .other }
        return variable.category(for: operands, rules: rules)
    }

    /// The plural operands of `argument` read as `valueType` says: integer conversions truncate.
    static func operands(_ argument: FormatArgument, valueType: String?) -> PluralOperands? {
        switch valueType.flatMap(FormatConversion.kind(ofValueType:)) {
        case .integer?, .character?:
            return argument.integerValue.map { PluralOperands(Double($0)) }
        case .floatingPoint?:
            return argument.doubleValue.map { PluralOperands($0) }
        case .object?, nil:
            if case .integer(let value) = argument { return PluralOperands(Double(value)) }
            return argument.doubleValue.map { PluralOperands($0) }
        }
    }

    /// Writes `tokens`: each `%#@name@` as the tokens of its chosen form, each conversion with its
    /// argument. One pass, so nothing is split twice and no text is read as a format again.
    private static func write(_ tokens: [FormatToken], variables: [String: PluralVariable], rules: PluralRules, arguments: [FormatArgument],
                              boundArgument: Int?, next: inout Int, depth: Int, budget: inout Int, to output: inout String) {
        for token in tokens {
            switch token {
            case .text(let literal):
                output += literal
            case .percent:
                output += "%"
            case .malformed(let source):
                output += source
            case .conversion(let conversion):
                let index: Int
                if let position = conversion.position {
                    index = position
                } else if let boundArgument {
                    index = boundArgument
                } else {
                    index = next
                    next += 1
                }
                if index >= 1, index <= arguments.count {
                    output += print(conversion, arguments[index - 1])
                } else {
                    output += conversion.source
                }
            case .variable(let name, let position, let source):
                let index: Int
                if let explicit = variables[name]?.argumentNumber ?? position {
                    index = explicit
                } else if let boundArgument {
                    index = boundArgument
                } else {
                    index = next
                    next += 1
                }
                guard let variable = variables[name], depth < maximumNesting, budget > 0 else {
                    output += source
                    continue
                }
                budget -= 1
                let argument = index >= 1 && index <= arguments.count ? arguments[index - 1] : nil
                let chosen = category(of: variable, argument: argument, rules: rules)
                write(variable.formTokens[chosen] ?? [], variables: variables, rules: rules, arguments: arguments,
                      boundArgument: index, next: &next, depth: depth + 1, budget: &budget, to: &output)
            }
        }
    }

    private static func print(_ conversion: FormatConversion, _ argument: FormatArgument) -> String {
        // Only flags C's printf defines identically everywhere; the grouping flag depends on the locale.
        let flags = conversion.flags.filter { "-+ 0#".contains($0) }
        var spec = "%" + flags
        if let width = conversion.width { spec += String(width) }
        switch conversion.conversion {
        case "d", "i", "D":
            guard let value = argument.integerValue else { return pad(argument.text, conversion) }
            if let precision = conversion.precision { spec += "." + String(precision) }
            return cFormat(spec + "lld", Int64(value))
        case "u", "U", "o", "O", "x", "X":
            guard let value = argument.integerValue else { return pad(argument.text, conversion) }
            if let precision = conversion.precision { spec += "." + String(precision) }
            let letter: String = switch conversion.conversion { case "U": "u"; case "O": "o"; default: String(conversion.conversion) }
            return cFormat(spec + "ll" + letter, UInt64(bitPattern: Int64(value)))
        case "f", "F", "e", "E", "g", "G", "a", "A":
            guard let value = argument.doubleValue else { return pad(argument.text, conversion) }
            if let precision = conversion.precision { spec += "." + String(min(precision, 64)) }
            return cFormat(spec + String(conversion.conversion), value)
        case "c", "C":
            guard let code = argument.integerValue, code > 0, code <= 0x10FFFF, let scalar = Unicode.Scalar(UInt32(code)) else {
                return pad(argument.text, conversion)
            }
            return pad(String(Character(scalar)), conversion)
        default:
            var text = argument.text
            if let precision = conversion.precision, text.count > precision { text = String(text.prefix(precision)) }
            return pad(text, conversion)
        }
    }

    private static func pad(_ text: String, _ conversion: FormatConversion) -> String {
        guard let width = conversion.width, text.count < width else { return text }
        let padding = String(repeating: " ", count: width - text.count)
        return conversion.flags.contains("-") ? text + padding : padding + text
    }
}
