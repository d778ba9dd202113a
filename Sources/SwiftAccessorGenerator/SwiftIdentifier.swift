/// Turning any key (`2fa.title`, `class`, `café`, `items-count`, ``) into a Swift identifier.
///
/// The rule is one function so that every generated name, and every collision report, agrees on
/// it: a key that is already an identifier is kept as written (so the compiler's "has no member
/// 'base_url'" names the key), keywords are escaped with backticks, and anything else is
/// escaped, never dropped.
package enum SwiftIdentifier {
    /// Words that need backticks to be used as names.
    static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate",
        "func", "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private",
        "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias",
        "var", "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for",
        "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await",
        "false", "is", "nil", "super", "throws", "true", "try", "async", "package", "some", "any", "each",
    ]

    /// Names that mean something else even in backticks when written after a dot (`x.self`,
    /// `T.Type`, `x.init`): they get a trailing underscore instead.
    /// The modules the generated code qualifies its types with are here too: a property called
    /// `Swift` would make `Swift.String` mean the property.
    static let memberReserved: Set<String> = [
        "self", "Self", "Type", "Protocol", "init", "deinit", "subscript", "_",
        "Swift", "Foundation", "EnvironmentKit", "Synchronization", "EnvtoolL10nRuntime",
    ]

    /// The member name for `key`: the key when it is an identifier, backticked when it is a
    /// keyword, otherwise with each character Swift does not allow replaced by `_`, and `_`
    /// in front of a leading digit. The empty key becomes `_empty`.
    package static func member(_ key: String) -> String {
        if key.isEmpty { return "_empty" }
        if memberReserved.contains(key) { return key + "_" }
        var scalars = String.UnicodeScalarView()
        for scalar in key.unicodeScalars {
            if scalars.isEmpty {
                if isHead(scalar) {
                    scalars.append(scalar)
                } else if isBody(scalar) {
                    scalars.append("_")
                    scalars.append(scalar)
                } else {
                    scalars.append("_")
                }
            } else {
                scalars.append(isBody(scalar) ? scalar : "_")
            }
        }
        let name = String(scalars)
        if name == "_" { return "__" }
        if keywords.contains(name) { return "`\(name)`" }
        return name
    }

    /// A type name for `key`: the member name with its first letter uppercased, and a trailing
    /// `_` when that would hide a type the generated code names (`String`, `URL`) or is reserved.
    package static func typeName(_ key: String) -> String {
        var name = member(key)
        if name.hasPrefix("`") { name = String(name.dropFirst().dropLast()) }
        if name.hasSuffix("_") && memberReserved.contains(String(name.dropLast())) { name.removeLast() }
        if let first = name.first, first.isLowercase {
            name = first.uppercased() + name.dropFirst()
        }
        if keywords.contains(name) || memberReserved.contains(name) || shadowedTypes.contains(name) { name += "_" }
        return name
    }

    /// Module and type names the generated code refers to; a nested type spelled so would hide them.
    static let shadowedTypes: Set<String> = [
        "Swift", "Foundation", "EnvironmentKit", "I18Next", "String", "Int", "Double", "Bool", "URL",
        "Optional", "Array", "Sendable", "Error", "Never", "Void", "TranslationOptions", "Synchronization",
    ]

    /// Swift source for `text` as a string literal: extended delimiters are not needed because
    /// every character that could end or change the literal is escaped.
    package static func stringLiteral(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            case "\0": literal += "\\0"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar.properties.generalCategory == .lineSeparator
                    || scalar.properties.generalCategory == .paragraphSeparator {
                    literal += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    literal.unicodeScalars.append(scalar)
                }
            }
        }
        return literal + "\""
    }

    /// Whether `scalar` may start an identifier: ASCII letters and `_`, and beyond ASCII the
    /// Unicode identifier-start characters (a subset of what Swift accepts, so never rejected).
    private static func isHead(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) }
        return scalar.properties.isXIDStart
    }

    private static func isBody(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return isHead(scalar) || ("0"..."9").contains(scalar) }
        return scalar.properties.isXIDContinue
    }
}
