import JSONParsing
import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The `sprintf` post-processor of i18next-sprintf-postprocessor: with `postProcess: "sprintf"`
/// and `sprintf: [args]` (or an object for named `%(name)s`), formats the translation as
/// sprintf-js 1.1 does, conversion by conversion: `%s %d %i %f %e %g %x %X %o %b %u %c %j %t %T %v`,
/// `%%`, positional `%1$s`, named `%(user.name)s`, flags `+`, `0`, `'c`, `-`, width and precision.
///
/// Where sprintf-js throws (a non-numeric argument for a numeric conversion, `toFixed` digits
/// out of range, an unknown placeholder), i18next's `t()` throws with it; envtool instead returns
/// the translation unformatted and reports sprintf-js's message as a warning.
enum SprintfPostProcessor {
    static let processor = PostProcessor(name: "sprintf") { value, _, options, warn in
        guard case .string(let template) = value, let given = options["sprintf"], given.isTruthy else { return value }
        let arguments: [I18nValue]
        if case .array(let list) = given { arguments = list } else { arguments = [given] }
        do {
            return .string(try format(template, arguments))
        } catch {
            let shown = template.count > 80 ? template.prefix(80) + "…" : Substring(template)
            warn("sprintf left '\(shown)' unformatted: \(error)")
            return value
        }
    }

    /// What sprintf-js throws, with its message.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// sprintf-js refuses to build strings past this length; V8 would fail at about 2^29 code units
    /// anyway ("Invalid string length"), and a width that large is never a real template.
    static let maximumPadding = 1 << 20

    // MARK: - Parsing (sprintf_parse)

    struct Placeholder {
        var position: Int?
        var keys: [String]?
        var sign = false
        var padCharacter: String?
        var alignLeft = false
        var width: String?
        var precision: String?
        var type: Character = "s"
    }

    enum Token {
        case text(String)
        case placeholder(Placeholder)
    }

    static func parse(_ template: String) throws -> [Token] {
        let characters = Array(template)
        var tokens: [Token] = []
        var index = 0
        var argumentKinds = 0
        func isDigit(_ position: Int) -> Bool { position < characters.count && characters[position].isASCII && characters[position].isNumber }
        while index < characters.count {
            if characters[index] != "%" {
                let start = index
                while index < characters.count, characters[index] != "%" { index += 1 }
                tokens.append(.text(String(characters[start..<index])))
                continue
            }
            if index + 1 < characters.count, characters[index + 1] == "%" {
                tokens.append(.text("%"))
                index += 2
                continue
            }
            var cursor = index + 1
            var placeholder = Placeholder()
            // ([1-9]\d*)\$ | \(([^)]+)\)
            if cursor < characters.count, characters[cursor] != "0", isDigit(cursor) {
                var end = cursor
                while isDigit(end) { end += 1 }
                if end < characters.count, characters[end] == "$" {
                    placeholder.position = Int(String(characters[cursor..<end])) ?? Int.max
                    cursor = end + 1
                }
            } else if cursor < characters.count, characters[cursor] == "(" {
                var end = cursor + 1
                while end < characters.count, characters[end] != ")" { end += 1 }
                if end < characters.count, end > cursor + 1 {
                    placeholder.keys = try keyPath(String(characters[(cursor + 1)..<end]))
                    cursor = end + 1
                }
            }
            if cursor < characters.count, characters[cursor] == "+" { placeholder.sign = true; cursor += 1 }
            if cursor < characters.count, characters[cursor] == "0" {
                placeholder.padCharacter = "0"; cursor += 1
            } else if cursor + 1 < characters.count, characters[cursor] == "'", characters[cursor + 1] != "$" {
                placeholder.padCharacter = String(characters[cursor + 1]); cursor += 2
            }
            if cursor < characters.count, characters[cursor] == "-" { placeholder.alignLeft = true; cursor += 1 }
            if isDigit(cursor) {
                let start = cursor
                while isDigit(cursor) { cursor += 1 }
                placeholder.width = String(characters[start..<cursor])
            }
            if cursor < characters.count, characters[cursor] == ".", isDigit(cursor + 1) {
                let start = cursor + 1
                cursor = start
                while isDigit(cursor) { cursor += 1 }
                placeholder.precision = String(characters[start..<cursor])
            }
            guard cursor < characters.count, "bcdefgijostTuvxX".contains(characters[cursor]) else {
                throw Failure(description: "[sprintf] unexpected placeholder")
            }
            placeholder.type = characters[cursor]
            argumentKinds |= placeholder.keys == nil ? 2 : 1
            if argumentKinds == 3 { throw Failure(description: "[sprintf] mixing positional and named placeholders is not (yet) supported") }
            tokens.append(.placeholder(placeholder))
            index = cursor + 1
        }
        return tokens
    }

    /// `name`, then `.member` or `[index]` steps.
    private static func keyPath(_ field: String) throws -> [String] {
        let characters = Array(field)
        func isKeyStart(_ c: Character) -> Bool { c == "_" || (c.isASCII && c.isLetter) }
        func isKeyPart(_ c: Character) -> Bool { isKeyStart(c) || (c.isASCII && c.isNumber) }
        let failure = Failure(description: "[sprintf] failed to parse named argument key")
        guard let first = characters.first, isKeyStart(first) else { throw failure }
        var index = 1
        while index < characters.count, isKeyPart(characters[index]) { index += 1 }
        var keys = [String(characters[0..<index])]
        while index < characters.count {
            if characters[index] == ".", index + 1 < characters.count, isKeyStart(characters[index + 1]) {
                let start = index + 1
                index = start + 1
                while index < characters.count, isKeyPart(characters[index]) { index += 1 }
                keys.append(String(characters[start..<index]))
            } else if characters[index] == "[" {
                let start = index + 1
                var end = start
                while end < characters.count, characters[end].isASCII, characters[end].isNumber { end += 1 }
                guard end > start, end < characters.count, characters[end] == "]" else { throw failure }
                keys.append(String(characters[start..<end]))
                index = end + 1
            } else {
                throw failure
            }
        }
        return keys
    }

    // MARK: - Formatting (sprintf_format)

    /// `vsprintf(template, arguments)`.
    static func format(_ template: String, _ arguments: [I18nValue]) throws -> String {
        var output = ""
        var cursor = 0
        for token in try parse(template) {
            guard case .placeholder(let placeholder) = token else {
                if case .text(let text) = token { output += text }
                continue
            }
            var argument: I18nValue?
            if let keys = placeholder.keys {
                argument = cursor < arguments.count ? arguments[cursor] : nil
                var previous = "undefined"
                for key in keys {
                    guard let current = argument, current != .null else {
                        throw Failure(description: "[sprintf] Cannot access property \"\(key)\" of undefined value \"\(previous)\"")
                    }
                    argument = property(current, key)
                    previous = key
                }
            } else if let position = placeholder.position {
                argument = position <= arguments.count ? arguments[position - 1] : nil
            } else {
                argument = cursor < arguments.count ? arguments[cursor] : nil
                cursor += 1
            }
            output += try convert(argument, placeholder)
        }
        return output
    }

    private static func convert(_ argument: I18nValue?, _ placeholder: Placeholder) throws -> String {
        let type = placeholder.type
        let number = argument.map(JSNumber.number) ?? .nan
        if "bcdiefguxX".contains(type), number.isNaN, !isNumber(argument) {
            throw Failure(description: "[sprintf] expecting number but found \(typeName(argument))")
        }
        let precision = placeholder.precision.flatMap { Double($0) }
        let text = argument.map(\.jsString) ?? "undefined"
        var result: String
        switch type {
        case "b": result = radixString(JSNumber.parseInt(text), radix: 2)
        case "c": result = characterString(JSNumber.parseInt(text))
        case "d", "i": result = JSNumber.string(JSNumber.parseInt(text))
        case "j": return json(argument, indent: placeholder.width.map { Int(min(JSNumber.parseInt($0), 10)) } ?? 0)
        case "e": result = try exponential(JSNumber.parseFloat(text), digits: precision)
        case "f": result = try precision.map { try fixed(JSNumber.parseFloat(text), digits: $0) } ?? JSNumber.string(JSNumber.parseFloat(text))
        case "g":
            if let precision {
                guard let value = argument?.numberValue else {
                    throw Failure(
                        description: argument == .null
                            ? "TypeError: Cannot read properties of null (reading 'toPrecision')" : "TypeError: arg.toPrecision is not a function")
                }
                result = JSNumber.string(try JSNumber.number(precisionString(value, digits: precision)))
            } else {
                result = JSNumber.string(JSNumber.parseFloat(text))
            }
        case "o": result = String(uint32(JSNumber.parseInt(text)), radix: 8)
        case "s": result = substring(text, precision)
        case "t": result = substring((argument?.isTruthy ?? false) ? "true" : "false", precision)
        case "T": result = substring(typeName(argument), precision)
        case "u": result = String(uint32(JSNumber.parseInt(text)))
        case "v":
            guard let argument, argument != .null else {
                throw Failure(description: "TypeError: Cannot read properties of \(argument == nil ? "undefined" : "null") (reading 'valueOf')")
            }
            if precision != nil {
                guard case .string = argument else { throw Failure(description: "TypeError: arg.substring is not a function") }
            }
            result = substring(text, precision)
        case "x": result = String(uint32(JSNumber.parseInt(text)), radix: 16)
        case "X": result = String(uint32(JSNumber.parseInt(text)), radix: 16).uppercased()
        default: result = text
        }
        var sign = ""
        if "diefg".contains(type) {
            let positive = number >= 0
            if !positive || placeholder.sign {
                sign = positive ? "+" : "-"
                if result.hasPrefix("+") || result.hasPrefix("-") { result.removeFirst() }
            }
        }
        let padCharacter = placeholder.padCharacter ?? " "
        var pad = ""
        if let width = placeholder.width {
            let missing = JSNumber.number(width) - Double((sign + result).utf16.count)
            if missing > 0 {
                guard missing <= Double(maximumPadding) else { throw Failure(description: "RangeError: Invalid string length") }
                pad = String(repeating: padCharacter, count: Int(missing))
            }
        }
        if placeholder.alignLeft { return sign + result + pad }
        return padCharacter == "0" ? sign + pad + result : pad + sign + result
    }

    private static func isNumber(_ value: I18nValue?) -> Bool {
        if value?.numberValue != nil { return true }
        return false
    }

    /// `Object.prototype.toString.call(arg).slice(8, -1).toLowerCase()`.
    static func typeName(_ value: I18nValue?) -> String {
        guard let value else { return "undefined" }
        switch value {
        case .null: return "null"
        case .bool: return "boolean"
        case .integer, .number, .numberLiteral: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }

    /// `arg[key]` for the named-argument path.
    private static func property(_ value: I18nValue, _ key: String) -> I18nValue? {
        switch value {
        case .object, .array:
            if key == "length", case .array(let elements) = value { return .integer(elements.count) }
            return value.ownProperty(key)
        case .string(let text):
            let units = Array(text.utf16)
            if key == "length" { return .integer(units.count) }
            if let index = JSNumber.arrayIndex(key), index < units.count { return .string(String(decoding: [units[index]], as: UTF16.self)) }
            return nil
        default: return nil
        }
    }

    /// `String.prototype.substring(0, precision)`, in UTF-16 code units.
    private static func substring(_ text: String, _ precision: Double?) -> String {
        guard let precision else { return text }
        let units = text.utf16
        guard precision < Double(units.count) else { return text }
        return String(decoding: units.prefix(Int(precision)), as: UTF16.self)
    }

    /// `value >>> 0`: ToUint32, so NaN and ±Infinity are 0 and negatives wrap.
    private static func uint32(_ value: Double) -> UInt32 {
        guard value.isFinite else { return 0 }
        let truncated = value.rounded(.towardZero)
        let modulus = 4294967296.0
        var remainder = truncated.truncatingRemainder(dividingBy: modulus)
        if remainder < 0 { remainder += modulus }
        return UInt32(remainder)
    }

    /// `String.fromCharCode(n)`: ToUint16 of `n`; a lone surrogate (which a Swift string cannot hold) is U+FFFD.
    private static func characterString(_ value: Double) -> String {
        let unit = UInt16(truncatingIfNeeded: uint32(value))
        return String(decoding: [unit], as: UTF16.self)
    }

    /// `Number.prototype.toString(radix)` of an integral value (what `parseInt` returns).
    private static func radixString(_ value: Double, radix: Int) -> String {
        guard value.isFinite else { return JSNumber.string(value) }
        let magnitude = abs(value)
        let sign = value < 0 ? "-" : ""
        if magnitude < 9.0e15 { return sign + String(UInt64(magnitude), radix: radix) }
        // Beyond 2^53 an integral double is significand × 2^exponent, exactly.
        let significand = magnitude.significandBitPattern | (1 << UInt64(Double.significandBitCount))
        let shift = Int(magnitude.exponent) - Double.significandBitCount
        guard radix == 2, shift > 0, shift < 1100 else { return sign + cFormat("%.0f", magnitude) }
        return sign + String(significand, radix: 2) + String(repeating: "0", count: shift)
    }

    /// `Number.prototype.toFixed(digits)`.
    private static func fixed(_ value: Double, digits: Double) throws -> String {
        guard digits >= 0, digits <= 100 else { throw Failure(description: "RangeError: toFixed() digits argument must be between 0 and 100") }
        guard value.isFinite, abs(value) < 1e21 else { return JSNumber.string(value) }
        let count = Int(digits)
        let magnitude = abs(value)
        var text = cFormat("%.\(count)f", magnitude)
        // JavaScript rounds an exact tie away from zero, C to even: a tie is a value whose binary
        // fraction ends exactly one decimal place past the requested digits.
        let scaled = magnitude * Double(sign: .plus, exponent: count + 1, significand: 1)
        if scaled.isFinite, scaled == scaled.rounded(), scaled.truncatingRemainder(dividingBy: 2) == 1 {
            let longer = cFormat("%.\(count + 1)f", magnitude)
            text = incrementLastDigit(String(longer.dropLast()).hasSuffix(".") ? String(longer.dropLast(2)) : String(longer.dropLast()))
        }
        let isZero = text.allSatisfy { $0 == "0" || $0 == "." }
        return (value < 0 && !isZero ? "-" : "") + text
    }

    /// Adds one unit in the last place to a decimal string ("1.29" → "1.30", "9.9" → "10.0").
    private static func incrementLastDigit(_ text: String) -> String {
        var characters = Array(text)
        var index = characters.count - 1
        while index >= 0 {
            if characters[index] == "." { index -= 1; continue }
            if characters[index] == "9" { characters[index] = "0"; index -= 1; continue }
            characters[index] = Character(String((characters[index].wholeNumberValue ?? 0) + 1))
            return String(characters)
        }
        return "1" + String(characters)
    }

    /// `Number.prototype.toExponential(digits)`; without digits, as many as the value needs.
    private static func exponential(_ value: Double, digits: Double?) throws -> String {
        guard value.isFinite else { return JSNumber.string(value) }
        // JavaScript's `x < 0` is false for -0, which therefore has no sign.
        let sign = value < 0 ? "-" : ""
        let (significant, exponent): (String, Int)
        if let digits {
            guard digits >= 0, digits <= 100 else { throw Failure(description: "RangeError: toExponential() argument must be between 0 and 100") }
            (significant, exponent) = roundedDigits(abs(value), count: Int(digits) + 1)
        } else {
            (significant, exponent) = JSNumber.shortestDigits(abs(value))
        }
        let mantissa = significant.count > 1 ? String(significant.prefix(1)) + "." + significant.dropFirst() : significant
        return sign + mantissa + "e" + (exponent >= 0 ? "+" : "-") + String(abs(exponent))
    }

    /// `Number.prototype.toPrecision(digits)`, for its numeric value only (sprintf-js reads it back with `Number`).
    private static func precisionString(_ value: Double, digits: Double) throws -> String {
        guard value.isFinite else { return JSNumber.string(value) }
        guard digits >= 1, digits <= 100 else { throw Failure(description: "RangeError: toPrecision() argument must be between 1 and 100") }
        let (significant, exponent) = roundedDigits(abs(value), count: Int(digits))
        return (value < 0 ? "-" : "") + significant + "e" + String(exponent - significant.count + 1)
    }

    /// `magnitude` to `count` significant digits and the exponent of the first, an exact tie
    /// rounded up as JavaScript does (C's printf rounds it to even: -65 is "-6e+1" there, "-7e+1" here).
    private static func roundedDigits(_ magnitude: Double, count: Int) -> (String, Int) {
        func parse(_ text: String) -> (String, Int) {
            let parts = text.split(separator: "e")
            return (String(parts[0].replacing(".", with: "")), Int(parts.count > 1 ? parts[1] : "0") ?? 0)
        }
        var (digits, exponent) = parse(cFormat("%.\(count - 1)e", magnitude))
        if cFormat("%.\(count)e", magnitude).split(separator: "e").first?.last == "5" {
            // glibc prints a double's exact decimal expansion (at most 767 significant digits).
            let (exact, exactExponent) = parse(cFormat("%.780e", magnitude))
            let tail = exact.dropFirst(count)
            if tail.first == "5", tail.dropFirst().allSatisfy({ $0 == "0" }) {
                let incremented = incrementLastDigit(String(exact.prefix(count)))
                exponent = exactExponent + (incremented.count > count ? 1 : 0)
                digits = String(incremented.prefix(count))
            }
        }
        return (digits, exponent)
    }

    /// `JSON.stringify(value, null, indent)`; `undefined` for no value.
    static func json(_ value: I18nValue?, indent: Int) -> String {
        guard let value else { return "undefined" }
        let step = String(repeating: " ", count: max(0, min(indent, 10)))
        func write(_ value: I18nValue, _ level: String) -> String {
            switch value {
            case .null: return "null"
            case .bool(let flag): return flag ? "true" : "false"
            case .integer, .number, .numberLiteral:
                let number = value.numberValue ?? .nan
                return number.isFinite ? JSNumber.string(number) : "null"
            case .string(let text): return I18nValue.string(text).jsonText()
            case .array(let elements):
                if elements.isEmpty { return "[]" }
                if step.isEmpty { return "[" + elements.map { write($0, level) }.joined(separator: ",") + "]" }
                let inner = level + step
                return "[\n" + elements.map { inner + write($0, inner) }.joined(separator: ",\n") + "\n" + level + "]"
            case .object(let object):
                if object.isEmpty { return "{}" }
                if step.isEmpty {
                    return "{" + object.members.map { I18nValue.string($0.key).jsonText() + ":" + write($0.value, level) }.joined(separator: ",") + "}"
                }
                let inner = level + step
                return "{\n" + object.members.map { inner + I18nValue.string($0.key).jsonText() + ": " + write($0.value, inner) }.joined(separator: ",\n")
                    + "\n" + level + "}"
            }
        }
        return write(value, "")
    }
}
