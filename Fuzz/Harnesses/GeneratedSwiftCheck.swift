import Diagnostics
import SwiftAccessorGenerator

/// The generate-swift target's oracle, cheap enough to run on every input without a Swift parser:
/// every generated line is the generator's own text (constants in its source) with holes, and
/// each hole, lexed on its own as Swift's lexer reads it, is exactly the one token it stands for.
///
/// - a name is one identifier (``SwiftIdentifier/isName(_:)``, Swift's ranges) and does not run
///   into the text around it;
/// - a string literal opens and closes with its own quotes, with only `\\ \" \n \r \t \0 \u{…}`
///   escapes (no interpolation) and no display control (line break, NUL, bidi control) written
///   as itself;
/// - a comment ends its line, follows `// ` or `/// `, and holds no display control, `*/` or `/*`.
///
/// Then no text from the inputs is code, and the file has exactly the generator's lines. A
/// failure traps, which is what libFuzzer reports.
enum GeneratedSwiftCheck {
    static func check(_ output: AccessorGenerator.Output) {
        var text = ""
        for line in output.lines {
            if let problem = problem(in: line) {
                fatalError("generate-swift: \(problem) in the line \(String(reflecting: line.text))")
            }
            text += line.text + "\n"
        }
        guard text == output.source else { fatalError("generate-swift: the source is not the lines the generator wrote") }
    }

    /// What is wrong with `line`, or `nil` when every hole is its one token.
    static func problem(in line: SwiftCode) -> String? {
        let parts = line.parts
        for (index, part) in parts.enumerated() {
            let before = index > 0 ? parts[index - 1].text.unicodeScalars.last : nil
            let after = index + 1 < parts.count ? parts[index + 1].text.unicodeScalars.first : nil
            switch part {
            case .template(let text):
                if text.unicodeScalars.contains(where: Diagnostic.isDisplayControl) { return "template text with a line break or control" }
            case .name(let name):
                guard SwiftIdentifier.isName(name) else { return "\(String(reflecting: name)) is not a name" }
                for neighbour in [before, after].compactMap({ $0 }) where neighbour == "`" || SwiftIdentifier.isBody(neighbour) {
                    return "the name \(String(reflecting: name)) runs into the text beside it"
                }
            case .literal(let literal):
                guard isOneStringLiteral(literal) else { return "\(String(reflecting: literal)) is not one string literal" }
            case .comment(let text):
                guard index > 0, index == parts.count - 1, case .template(let opening) = parts[index - 1], opening.hasSuffix("// ") else {
                    return "a comment that does not follow // or end the line"
                }
                guard isInertComment(text) else { return "the comment \(String(reflecting: text)) holds a line break, a control or */" }
            }
        }
        return nil
    }

    /// Whether `text` can be the rest of a `//` line: no display control (line breaks, NUL, bidi
    /// controls) and nothing that opens or closes a block comment.
    static func isInertComment(_ text: String) -> Bool {
        !text.unicodeScalars.contains(where: Diagnostic.isDisplayControl) && !text.contains("*/") && !text.contains("/*")
    }

    /// Whether `text` is exactly one Swift string literal with only simple escapes.
    static func isOneStringLiteral(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count >= 2, scalars.first == "\"", scalars.last == "\"" else { return false }
        var index = 1
        while index < scalars.count - 1 {
            let scalar = scalars[index]
            if scalar == "\"" || Diagnostic.isDisplayControl(scalar) { return false }
            index += 1
            guard scalar == "\\" else { continue }
            guard index < scalars.count - 1 else { return false }
            let escape = scalars[index]
            index += 1
            if "\\\"nrt0".unicodeScalars.contains(escape) { continue }
            // \u{1 to 8 hex digits} naming a scalar.
            guard escape == "u", index < scalars.count - 1, scalars[index] == "{" else { return false }
            var digits = ""
            index += 1
            while index < scalars.count - 1, scalars[index] != "}" {
                digits.unicodeScalars.append(scalars[index])
                index += 1
            }
            guard index < scalars.count - 1, (1...8).contains(digits.count), digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16),
                Unicode.Scalar(value) != nil
            else { return false }
            index += 1
        }
        return index == scalars.count - 1
    }
}
