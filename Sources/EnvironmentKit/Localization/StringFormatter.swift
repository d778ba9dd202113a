import Foundation

/// Applies `String(format:)`-style arguments to a localized string: `%@`, `%s`, `%d`, `%i`,
/// `%u`, `%ld`, `%lld`, `%f`, `%.2f`, `%e`, `%g`, `%x`, `%%`, and positional forms such as `%1$@`.
///
/// Arguments arrive as values or as text (from the command line); numeric conversions parse text,
/// and an argument that is missing is left as the conversion itself, so a bad translation shows
/// rather than crashes, unlike C's `printf`.
public enum StringFormatter {
    /// Formats `template` with `arguments`.
    public static func format(_ template: String, _ arguments: [any CustomStringConvertible & Sendable]) -> String {
        guard template.contains("%") else { return template }
        var output = ""
        let scalars = Array(template.unicodeScalars)
        var index = 0
        var nextArgument = 0
        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "%" else { output.unicodeScalars.append(scalar); index += 1; continue }
            let start = index
            index += 1
            guard index < scalars.count else { output += "%"; break }
            if scalars[index] == "%" { output += "%"; index += 1; continue }
            // Positional argument: digits followed by '$'.
            var position: Int? = nil
            var lookahead = index
            var digits = 0
            while lookahead < scalars.count, let digit = scalars[lookahead].properties.numericType != nil ? Int(String(scalars[lookahead])) : nil {
                digits = min(digits, 1_000_000) * 10 + digit  // no argument list is that long; no overflow trap
                lookahead += 1
            }
            if lookahead > index, lookahead < scalars.count, scalars[lookahead] == "$" {
                position = digits
                index = lookahead + 1
            }
            // Flags, width, precision and length modifiers, then the conversion.
            var spec = "%"
            while index < scalars.count, "-+ #0123456789.'".unicodeScalars.contains(scalars[index]) {
                spec.unicodeScalars.append(scalars[index])
                index += 1
            }
            while index < scalars.count, "hlqLzjt".unicodeScalars.contains(scalars[index]) { index += 1 }
            guard index < scalars.count else {
                output += String(String.UnicodeScalarView(scalars[start...]))
                break
            }
            let conversion = scalars[index]
            index += 1
            let argumentIndex = position.map { $0 - 1 } ?? nextArgument
            if position == nil { nextArgument += 1 }
            // A width or precision past 4096 would have printf build a string that large (GBs for
            // "%999999999d"); such a placeholder stays as written, like one without an argument.
            let tooWide = spec.split(whereSeparator: { !$0.isNumber }).contains { (Int($0) ?? .max) > 4096 }
            guard argumentIndex >= 0, argumentIndex < arguments.count, !tooWide else {
                output += String(String.UnicodeScalarView(scalars[start..<index]))
                continue
            }
            let argument = arguments[argumentIndex]
            switch conversion {
            case "@", "s", "S":
                output += argument.description
            case "d", "i":
                if let value = integer(argument) { output += String(format: spec + "lld", Int64(value)) } else { output += argument.description }
            case "u", "x", "X", "o":
                if let value = integer(argument) { output += String(format: spec + "ll" + String(conversion), UInt64(bitPattern: Int64(value))) } else { output += argument.description }
            case "f", "F", "e", "E", "g", "G", "a", "A":
                if let value = double(argument) { output += String(format: spec + String(conversion), value) } else { output += argument.description }
            case "c", "C":
                output += String(argument.description.prefix(1))
            default:
                output += String(String.UnicodeScalarView(scalars[start..<index]))
            }
        }
        return output
    }

    private static func integer(_ argument: any CustomStringConvertible) -> Int? {
        switch argument {
        case let value as Int: return value
        case let value as any BinaryInteger: return Int(exactly: value)
        case let value as Double where value.rounded() == value && abs(value) < 9e18: return Int(value)
        default: return Int(argument.description.trimmingCharacters(in: .whitespaces))
        }
    }

    private static func double(_ argument: any CustomStringConvertible) -> Double? {
        switch argument {
        case let value as Double: return value
        case let value as Float: return Double(value)
        case let value as Int: return Double(value)
        default: return Double(argument.description.trimmingCharacters(in: .whitespaces))
        }
    }
}
