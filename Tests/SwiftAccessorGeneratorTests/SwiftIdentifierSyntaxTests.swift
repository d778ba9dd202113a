#if canImport(SwiftParser)
import SwiftSyntax
import Testing
@testable import SwiftAccessorGenerator

/// Generated names checked against swift-syntax's lexer and parser rather than against the
/// generator's own idea of an identifier.
@Suite("Swift names as Swift parses them")
struct SwiftIdentifierSyntaxTests {
    /// A key per scalar with Unicode's `XID_Start` or `XID_Continue` property, alone (the scalar
    /// first) and after `a` (the scalar later in the name).
    static let keys: [String] = (0...0x10FFFF).compactMap(Unicode.Scalar.init(_:))
        .filter { $0.properties.isXIDStart || $0.properties.isXIDContinue }
        .flatMap { [String($0), "a" + String($0)] }

    /// The keys in batches, so that one parse is not a 10 MB file and batches run in parallel.
    static let batches: [Range<Int>] = stride(from: 0, to: keys.count, by: 20_000).map { $0..<min($0 + 20_000, keys.count) }

    @Test(
        "every XID_Start and XID_Continue scalar, first or later in a key, gives a name Swift reads as that identifier, also after a dot",
        arguments: batches)
    func everyIdentifierScalar(batch: Range<Int>) throws {
        let names = Self.keys[batch].map(SwiftIdentifier.member)
        // `let NAME = x.NAME`: a pattern and a member access, where an operator head (`.〡`) would split.
        let parsed = ParsedSwift(names.map { "let \($0) = x.\($0)\n" }.joined())
        #expect(!parsed.hasErrors)
        let statements = Array(parsed.tree.statements)
        try #require(statements.count == names.count)
        for (key, (name, statement)) in zip(Self.keys[batch], zip(names, statements)) {
            let binding = statement.item.as(VariableDeclSyntax.self)?.bindings.first
            let pattern = binding?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            let member = binding?.initializer?.value.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            #expect(pattern == name && member == name, "key \(key.unicodeScalars.map { "U+" + String($0.value, radix: 16) }) → \(name)")
        }
    }

    @Test("the sweep covers both properties' scalars, and a name keeps a letter Swift accepts")
    func sweepCoversTheProperties() {
        #expect(Self.keys.count > 2 * 130_000)
        for key in ["日本", "café", "ǅx", "〆", "ℌ", "x·y"] {
            #expect(SwiftIdentifier.member(key) == key)
        }
    }

    @Test("keys of Hangzhou numerals (U+3021–U+3029) become names that stay names after a dot", arguments: Array(0x3021...0x3029))
    func hangzhouNumerals(value: Int) throws {
        let numeral = String(Character(try #require(Unicode.Scalar(value))))
        for key in [numeral, numeral + numeral, "x" + numeral] {
            let name = SwiftIdentifier.member(key)
            #expect(SwiftIdentifier.isName(name))
            let parsed = ParsedSwift("let \(name) = x.\(name)\nstruct \(SwiftIdentifier.typeName(key)) {}\n")
            #expect(!parsed.hasErrors)
            #expect(parsed.operators.isEmpty, "\(key) → \(name) is read as an operator")
            #expect(parsed.memberNames == [name])
        }
    }
}
#endif
