#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform

/// Applies `String(format:)`-style arguments to a localized string: `%@`, `%s`, `%d`, `%i`,
/// `%u`, `%ld`, `%lld`, `%f`, `%.2f`, `%e`, `%g`, `%x`, `%%`, and positional forms such as `%1$@`.
///
/// Arguments arrive as values or as text (from the command line); numeric conversions parse text,
/// and an argument that is missing is left as the conversion itself, so a bad translation shows
/// rather than crashes, unlike C's `printf`.
///
/// Templates come from translation files, so every number in a conversion is bounded: a field
/// width or precision above ``maximumFieldLength`` is clamped to it, and a position that does not
/// name an argument (`%0$@`, `%99999999999999999999$@`) leaves the conversion as written.
package enum StringFormatter {
    /// The largest field width and precision applied (`%5000d` pads to this many characters).
    ///
    /// C's `printf` takes any width up to `INT_MAX` and `%999999999d` writes a gigabyte of
    /// spaces; no translation needs a field longer than a screen, and a double needs at most
    /// 1074 digits after the point to be written exactly, so 1024 keeps every useful format intact.
    package static let maximumFieldLength = 1024

    /// Formats `template` with `arguments`.
    package static func format(_ template: String, _ arguments: [any CustomStringConvertible & Sendable]) -> String {
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
            let digits = readNumber(scalars, &lookahead)
            if let digits, lookahead < scalars.count, scalars[lookahead] == "$" {
                position = digits
                index = lookahead + 1
            }
            // Flags, width, precision and length modifiers, then the conversion. The spec given to
            // `String(format:)` is rebuilt from what was read, so it is always one well-formed conversion.
            // POSIX's `'` (grouping) is read but not passed on: Foundation prints a spec that has it literally.
            var flags = ""
            while index < scalars.count, "-+ #0'".unicodeScalars.contains(scalars[index]) {
                if scalars[index] != "'", !flags.unicodeScalars.contains(scalars[index]) { flags.unicodeScalars.append(scalars[index]) }
                index += 1
            }
            let width = readNumber(scalars, &index).map { min($0, maximumFieldLength) }
            var precision: Int? = nil
            if index < scalars.count, scalars[index] == "." {
                index += 1
                precision = min(readNumber(scalars, &index) ?? 0, maximumFieldLength)
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
            guard argumentIndex >= 0, argumentIndex < arguments.count else {
                output += String(String.UnicodeScalarView(scalars[start..<index]))
                continue
            }
            let argument = arguments[argumentIndex]
            let spec = "%" + flags + (width.map(String.init) ?? "") + (precision.map { "." + String($0) } ?? "")
            switch conversion {
            case "@", "s", "S":
                output += argument.description
            case "d", "i":
                if let value = integer(argument) { output += cFormat(spec + "lld", Int64(value)) } else { output += argument.description }
            case "u", "x", "X", "o":
                if let value = integer(argument) { output += cFormat(spec + "ll" + String(conversion), UInt64(bitPattern: Int64(value))) } else { output += argument.description }
            case "f", "F", "e", "E", "g", "G", "a", "A":
                if let value = double(argument) { output += cFormat(spec + String(conversion), value) } else { output += argument.description }
            case "c", "C":
                output += String(argument.description.prefix(1))
            default:
                output += String(String.UnicodeScalarView(scalars[start..<index]))
            }
        }
        return output
    }

    /// Reads ASCII digits at `index` (advancing past all of them), or `nil` when there are none.
    /// A number too large for `Int` saturates at `Int.max`, which no argument list or field reaches.
    private static func readNumber(_ scalars: [Unicode.Scalar], _ index: inout Int) -> Int? {
        var value: Int? = nil
        while index < scalars.count, ("0"..."9").contains(scalars[index]) {
            let digit = Int(scalars[index].value - 0x30)
            let (shifted, overflowShift) = (value ?? 0).multipliedReportingOverflow(by: 10)
            let (sum, overflowAdd) = shifted.addingReportingOverflow(digit)
            value = overflowShift || overflowAdd ? Int.max : sum
            index += 1
        }
        return value
    }

    private static func integer(_ argument: any CustomStringConvertible) -> Int? {
        switch argument {
        case let value as Int: return value
        case let value as any BinaryInteger: return Int(exactly: value)
        case let value as Double where value.rounded() == value && abs(value) < 9e18: return Int(value)
        default: return Int(argument.description.trimmingWhitespace())
        }
    }

    private static func double(_ argument: any CustomStringConvertible) -> Double? {
        switch argument {
        case let value as Double: return value
        case let value as Float: return Double(value)
        case let value as Int: return Double(value)
        default: return Double(argument.description.trimmingWhitespace())
        }
    }
}
