/// Turning any key (`2fa.title`, `class`, `café`, `items-count`, ``) into a Swift identifier.
///
/// The rule is one function so that every generated name, and every collision report, agrees on
/// it: a key that is already an identifier is kept as written (so the compiler's "has no member
/// 'base_url'" names the key), keywords are escaped with backticks, and anything else is
/// escaped, never dropped.
///
/// "An identifier" is what Swift's lexer reads as one (``SwiftIdentifierCharacters``, not
/// Unicode's `XID` properties alone), narrowed to letters, digits and marks that are visible
/// (``isHead(_:)``, ``isBody(_:)``), so that every name compiles wherever the generated code or
/// the app writes it, `x.name` included.
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
    /// keyword, otherwise with each scalar ``isBody(_:)`` refuses replaced by `_`, and `_` in
    /// front of a first scalar that may continue a name but not start one (a digit, a combining
    /// mark, a Hangzhou numeral). The empty key becomes `_empty`.
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
        // Uppercasing may turn one scalar into several (`ŉ` → `ʼN`): kept only when still a name.
        if let first = name.first, first.isLowercase, case let upper = first.uppercased() + name.dropFirst(), isIdentifier(upper) {
            name = upper
        }
        if keywords.contains(name) || memberReserved.contains(name) || shadowedTypes.contains(name) { name += "_" }
        return name
    }

    /// Module and type names the generated code refers to; a nested type spelled so would hide them.
    static let shadowedTypes: Set<String> = [
        "Swift", "Foundation", "EnvironmentKit", "I18Next", "String", "Int", "Double", "Bool", "URL",
        "Optional", "Array", "Sendable", "Error", "Never", "Void", "TranslationOptions", "Synchronization",
    ]

    /// Whether `text` is a name as ``member(_:)`` and ``typeName(_:)`` make them: an identifier
    /// whose scalars ``isHead(_:)`` and ``isBody(_:)`` accept and that is no keyword, or a keyword
    /// in backticks. What the `generate-swift` fuzz target checks every generated name against.
    package static func isName(_ text: String) -> Bool {
        if text.hasPrefix("`") && text.hasSuffix("`") && text.count > 2 {
            return keywords.contains(String(text.dropFirst().dropLast()))
        }
        return isIdentifier(text) && text != "_" && !keywords.contains(text)
    }

    /// Whether `text` is made of a head and body scalars, keyword or not.
    private static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, isHead(first) else { return false }
        return text.unicodeScalars.dropFirst().allSatisfy(isBody)
    }

    /// Whether `scalar` may start a generated name: ASCII letters and `_`; beyond ASCII, a scalar
    /// that Swift's lexer takes as an identifier head (``SwiftIdentifierCharacters``), that Unicode
    /// calls an identifier start (`XID_Start`: letters, not symbols or emoji), and that is visible.
    package static func isHead(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) }
        return SwiftIdentifierCharacters.isHead(scalar) && scalar.properties.isXIDStart && !scalar.properties.isDefaultIgnorableCodePoint
    }

    /// Whether `scalar` may continue a generated name: a head, an ASCII digit; beyond ASCII, a
    /// scalar Swift's lexer and Unicode (`XID_Continue`: also digits and combining marks) both
    /// accept in an identifier, and that is visible.
    ///
    /// Invisible scalars are never kept although Swift accepts many (joiners, variation selectors,
    /// Hangul fillers, the bidirectional controls U+202A–U+202E and U+2066–U+2069): two names that
    /// look the same must not be two names.
    package static func isBody(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return isHead(scalar) || ("0"..."9").contains(scalar) }
        return SwiftIdentifierCharacters.isBody(scalar) && scalar.properties.isXIDContinue && !scalar.properties.isDefaultIgnorableCodePoint
    }
}
