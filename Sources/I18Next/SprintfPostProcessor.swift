import Foundation

/// The `sprintf` post-processor of i18next-sprintf-postprocessor: with `postProcess: "sprintf"`
/// and `sprintf: [args]` (or an object for named `%(name)s`), applies `%s`, `%d`, `%i`, `%f`,
/// `%.2f`, `%x`, `%o`, `%b`, `%c`, `%e`, `%u`, `%j`, `%%` and positional `%1$s`, as sprintf-js.
enum SprintfPostProcessor {
    static let processor = PostProcessor(name: "sprintf") { value, _, options in
        guard case .string(let template) = value, let arguments = options["sprintf"] else { return value }
        switch arguments {
        case .array(let list): return .string(format(template, positional: list, named: I18nObject()))
        case .object(let object): return .string(format(template, positional: [], named: object))
        default: return value
        }
    }

    static func format(_ template: String, positional: [I18nValue], named: I18nObject) -> String {
        var output = ""
        var characters = Array(template)
        var index = 0
        var next = 0
        while index < characters.count {
            let character = characters[index]
            guard character == "%" else { output.append(character); index += 1; continue }
            let start = index
            index += 1
            guard index < characters.count else { output.append("%"); break }
            if characters[index] == "%" { output.append("%"); index += 1; continue }
            var argument: I18nValue? = nil
            if characters[index] == "(" {
                guard let close = characters[index...].firstIndex(of: ")") else { output.append(contentsOf: characters[start...]); break }
                let name = String(characters[(index + 1)..<close])
                argument = Interpolator.variable(name, in: named, defaults: nil)
                index = close + 1
            } else {
                var digits = ""
                var lookahead = index
                while lookahead < characters.count, characters[lookahead].isNumber { digits.append(characters[lookahead]); lookahead += 1 }
                if !digits.isEmpty, lookahead < characters.count, characters[lookahead] == "$", let position = Int(digits) {
                    argument = position - 1 < positional.count && position >= 1 ? positional[position - 1] : nil
                    index = lookahead + 1
                } else {
                    argument = next < positional.count ? positional[next] : nil
                    next += 1
                }
            }
            var flags = ""
            while index < characters.count, "+-0 '".contains(characters[index]) { flags.append(characters[index]); index += 1 }
            var width = ""
            while index < characters.count, characters[index].isNumber { width.append(characters[index]); index += 1 }
            var precision: Int? = nil
            if index < characters.count, characters[index] == "." {
                index += 1
                var digits = ""
                while index < characters.count, characters[index].isNumber { digits.append(characters[index]); index += 1 }
                precision = Int(digits) ?? 0
            }
            guard index < characters.count else { break }
            let conversion = characters[index]
            index += 1
            let value = argument ?? .null
            var text: String
            let number = Double(value.jsString.trimmingCharacters(in: .whitespaces)) ?? (value == .bool(true) ? 1 : 0)
            switch conversion {
            case "s": text = value.jsString; if let precision { text = String(text.prefix(precision)) }
            case "d", "i": text = JSNumber.string(number.rounded(.towardZero))
            case "u": text = String(UInt32(truncatingIfNeeded: Int64(number.rounded(.towardZero))))
            case "f": text = precision.map { String(format: "%.\($0)f", number) } ?? JSNumber.string(number)
            case "e": text = precision.map { String(format: "%.\($0)e", number) } ?? String(format: "%e", number)
            case "x": text = String(Int64(number), radix: 16)
            case "X": text = String(Int64(number), radix: 16).uppercased()
            case "o": text = String(Int64(number), radix: 8)
            case "b": text = String(Int64(number), radix: 2)
            case "c": text = Unicode.Scalar(UInt32(number)).map { String(Character($0)) } ?? ""
            case "j": text = value.jsonText()
            case "t": text = value.isTruthy ? "true" : "false"
            case "T": text = value.typeName
            case "v": text = value.jsString
            default: text = String(characters[start..<index])
            }
            if flags.contains("+"), "dif".contains(conversion), number >= 0 { text = "+" + text }
            if let minimum = Int(width), text.count < minimum {
                let padding = String(repeating: flags.contains("0") && !flags.contains("-") ? "0" : " ", count: minimum - text.count)
                text = flags.contains("-") ? text + padding.replacingOccurrences(of: "0", with: " ") : padding + text
            }
            output += text
        }
        characters.removeAll()
        return output
    }
}

extension I18nValue {
    var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .number: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }
}
