import AppleLocalization
import CLDRPlurals

/// gettext's `Plural-Forms: nplurals=N; plural=EXPR;`: written from the CLDR categories of a
/// language, read by evaluating the C expression.
///
/// Written `msgstr[i]` follow the language's CLDR categories in order (`zero one two few many
/// other`, those the language has), so an expression must map each integer to the index of its
/// CLDR category. The expressions are gettext's usual ones, reordered where CLDR has a category
/// gettext leaves out (CLDR's `other` of Russian is for fractions, which gettext never sees, so
/// `nplurals=4` and the expression never gives 3).
struct GettextPluralForms: Sendable {
    /// The number of forms.
    let count: Int
    /// The C expression.
    let expression: String

    /// The header value.
    var header: String { "nplurals=\(count); plural=\(expression);" }

    /// The expressions by the CLDR categories they serve, then by language where the categories alone do not decide.
    private static let byLanguage: [String: String] = [
        "fr": "(n == 0 || n == 1) ? 0 : (n != 0 && n % 1000000 == 0) ? 1 : 2",
        "pt": "(n == 0 || n == 1) ? 0 : (n != 0 && n % 1000000 == 0) ? 1 : 2",
        "pt-pt": "n == 1 ? 0 : (n != 0 && n % 1000000 == 0) ? 1 : 2",
        "ru": "(n % 10 == 1 && n % 100 != 11) ? 0 : (n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14)) ? 1 : 2",
        "uk": "(n % 10 == 1 && n % 100 != 11) ? 0 : (n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14)) ? 1 : 2",
        "be": "(n % 10 == 1 && n % 100 != 11) ? 0 : (n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14)) ? 1 : 2",
        "pl": "n == 1 ? 0 : (n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14)) ? 1 : 2",
        "cs": "n == 1 ? 0 : (n >= 2 && n <= 4) ? 1 : 3",
        "sk": "n == 1 ? 0 : (n >= 2 && n <= 4) ? 1 : 3",
        "lt": "(n % 10 == 1 && (n % 100 < 11 || n % 100 > 19)) ? 0 : (n % 10 >= 2 && n % 10 <= 9 && (n % 100 < 11 || n % 100 > 19)) ? 1 : 3",
        "lv": "(n % 10 == 0 || (n % 100 >= 11 && n % 100 <= 19)) ? 0 : (n % 10 == 1 && n % 100 != 11) ? 1 : 2",
        "ar": "n == 0 ? 0 : n == 1 ? 1 : n == 2 ? 2 : (n % 100 >= 3 && n % 100 <= 10) ? 3 : n % 100 >= 11 ? 4 : 5",
        "he": "n == 1 ? 0 : n == 2 ? 1 : 2",
        "ro": "n == 1 ? 0 : (n == 0 || (n % 100 >= 2 && n % 100 <= 19)) ? 1 : 2",
        "sl": "n % 100 == 1 ? 0 : n % 100 == 2 ? 1 : (n % 100 == 3 || n % 100 == 4) ? 2 : 3",
        "ga": "n == 1 ? 0 : n == 2 ? 1 : (n >= 3 && n <= 6) ? 2 : (n >= 7 && n <= 10) ? 3 : 4",
        "cy": "n == 0 ? 0 : n == 1 ? 1 : n == 2 ? 2 : n == 3 ? 3 : n == 6 ? 4 : 5",
        "hr": "(n % 10 == 1 && n % 100 != 11) ? 0 : (n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14)) ? 1 : 2",
        "sr": "(n % 10 == 1 && n % 100 != 11) ? 0 : (n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14)) ? 1 : 2",
        "bs": "(n % 10 == 1 && n % 100 != 11) ? 0 : (n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14)) ? 1 : 2",
    ]

    /// The forms of `language` from its CLDR categories: gettext's usual expression where one is
    /// known (translators and tools recognise it), else the one generated from the CLDR rules
    /// themselves, so every CLDR language can be written. `nil` only when neither agrees with CLDR.
    static func forLanguage(_ language: String, categories: [PluralCategory]) -> GettextPluralForms? {
        let tag = language.lowercased().replacing("_", with: "-")
        let base = String(tag.split(separator: "-").first ?? "")
        let rules = PluralRules(locale: language, kind: .cardinal)
        var candidates: [String] = []
        if let known = byLanguage[tag] ?? byLanguage[base] { candidates.append(known) }
        switch categories {
        case [.other]: candidates.append("0")
        case [.one, .other]: candidates.append("n != 1")
        default: break
        }
        if rules.categories == categories, let generated = rules.gettextExpression { candidates.append(generated) }
        // The expression must agree with CLDR for every integer it is asked about.
        for expression in candidates {
            guard let parsed = try? GettextExpression(expression) else { continue }
            if (0...1000).allSatisfy({ categories[safe: parsed.evaluate($0)] == rules.category(for: Double($0)) }) {
                return GettextPluralForms(count: categories.count, expression: expression)
            }
        }
        return nil
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}

/// A gettext plural expression (C syntax: `?:`, `||`, `&&`, comparisons, `+ - * / %`, `!`,
/// parentheses, `n` and integers), parsed once and evaluated without traps: division by zero
/// gives 0, arithmetic wraps, nesting is limited (so no expression can exhaust the stack).
struct GettextExpression: Sendable {
    indirect enum Node: Sendable {
        case n, number(Int)
        case not(Node)
        case binary(String, Node, Node)
        case conditional(Node, Node, Node)
    }

    struct Failure: Error {
        let offset: Int
        let message: String
    }

    let root: Node

    init(_ text: String) throws(Failure) {
        var parser = Parser(scalars: Array(text.unicodeScalars))
        root = try parser.conditional(depth: 0)
        parser.skipSpace()
        if parser.index < parser.scalars.count {
            throw Failure(offset: parser.index, message: "unexpected \"\(parser.scalars[parser.index])\" in the plural expression")
        }
    }

    func evaluate(_ n: Int) -> Int { Self.evaluate(root, n) }

    private static func evaluate(_ node: Node, _ n: Int) -> Int {
        switch node {
        case .n: return n
        case .number(let value): return value
        case .not(let inner): return evaluate(inner, n) == 0 ? 1 : 0
        case .conditional(let condition, let then, let otherwise): return evaluate(condition, n) != 0 ? evaluate(then, n) : evaluate(otherwise, n)
        case .binary(let op, let lhs, let rhs):
            let a = evaluate(lhs, n)
            let b = evaluate(rhs, n)
            switch op {
            case "||": return (a != 0 || b != 0) ? 1 : 0
            case "&&": return (a != 0 && b != 0) ? 1 : 0
            case "==": return a == b ? 1 : 0
            case "!=": return a != b ? 1 : 0
            case "<": return a < b ? 1 : 0
            case ">": return a > b ? 1 : 0
            case "<=": return a <= b ? 1 : 0
            case ">=": return a >= b ? 1 : 0
            case "+": return a &+ b
            case "-": return a &- b
            case "*": return a &* b
            case "/": return b == 0 || (a == .min && b == -1) ? 0 : a / b
            case "%": return b == 0 || (a == .min && b == -1) ? 0 : a % b
            default: return 0
            }
        }
    }

    private struct Parser {
        let scalars: [Unicode.Scalar]
        var index = 0
        /// Each parenthesis costs about eight levels (one per precedence level); gettext's longest
        /// expressions nest three deep.
        static let maximumDepth = 256

        mutating func skipSpace() {
            while index < scalars.count, scalars[index] == " " || scalars[index] == "\t" { index += 1 }
        }

        mutating func take(_ token: String) -> Bool {
            skipSpace()
            let wanted = Array(token.unicodeScalars)
            guard index + wanted.count <= scalars.count, Array(scalars[index..<(index + wanted.count)]) == wanted else { return false }
            // `<` must not take the first half of `<=`, nor `!` of `!=`.
            if wanted.count == 1, index + 1 < scalars.count, "<>!=".unicodeScalars.contains(wanted[0]), scalars[index + 1] == "=" { return false }
            index += wanted.count
            return true
        }

        mutating func conditional(depth: Int) throws(Failure) -> Node {
            guard depth < Self.maximumDepth else { throw Failure(offset: index, message: "the plural expression nests too deeply") }
            let condition = try binary(level: 0, depth: depth + 1)
            guard take("?") else { return condition }
            let then = try conditional(depth: depth + 1)
            guard take(":") else { throw Failure(offset: index, message: "expected \":\" after the \"?\" branch of the plural expression") }
            let otherwise = try conditional(depth: depth + 1)
            return .conditional(condition, then, otherwise)
        }

        static let levels: [[String]] = [["||"], ["&&"], ["==", "!="], ["<=", ">=", "<", ">"], ["+", "-"], ["*", "/", "%"]]

        mutating func binary(level: Int, depth: Int) throws(Failure) -> Node {
            guard depth < Self.maximumDepth else { throw Failure(offset: index, message: "the plural expression nests too deeply") }
            guard level < Self.levels.count else { return try unary(depth: depth + 1) }
            var lhs = try binary(level: level + 1, depth: depth + 1)
            while let op = Self.levels[level].first(where: { take($0) }) {
                lhs = .binary(op, lhs, try binary(level: level + 1, depth: depth + 1))
            }
            return lhs
        }

        mutating func unary(depth: Int) throws(Failure) -> Node {
            guard depth < Self.maximumDepth else { throw Failure(offset: index, message: "the plural expression nests too deeply") }
            if take("!") { return .not(try unary(depth: depth + 1)) }
            if take("(") {
                let inner = try conditional(depth: depth + 1)
                guard take(")") else { throw Failure(offset: index, message: "expected \")\" in the plural expression") }
                return inner
            }
            skipSpace()
            if index < scalars.count, scalars[index] == "n" {
                index += 1
                return .n
            }
            var value = 0
            let start = index
            while index < scalars.count, ("0"..."9").contains(scalars[index]) {
                value = min(value * 10 + Int(scalars[index].value - 48), 1_000_000_000)
                index += 1
            }
            guard index > start else {
                throw Failure(
                    offset: index,
                    message: index < scalars.count
                        ? "unexpected \"\(scalars[index])\" in the plural expression; expected n, a number or (" : "the plural expression ends too early")
            }
            return .number(value)
        }
    }
}
