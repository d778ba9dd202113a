import Testing

@testable import SwiftAccessorGenerator

@Suite("Swift names for any key")
struct SwiftIdentifierTests {
    @Test("keys that are identifiers are kept as written", arguments: ["base_url", "apiKey", "café", "naïve", "日本", "_private", "x1"])
    func identifiersKept(key: String) {
        #expect(SwiftIdentifier.member(key) == key)
    }

    @Test("keywords are backticked", arguments: ["class", "default", "in", "func", "true", "nil", "Any", "async"])
    func keywordsBackticked(key: String) {
        #expect(SwiftIdentifier.member(key) == "`\(key)`")
    }

    @Test(
        "every other key is escaped, never dropped",
        arguments: [
            ("2fa", "_2fa"), ("with space", "with_space"), ("items-count", "items_count"), ("", "_empty"), ("_", "__"),
            ("self", "self_"), ("Type", "Type_"), ("init", "init_"), ("Swift", "Swift_"), ("a.b", "a_b"), ("🙂", "__"),
            ("\u{301}e", "_\u{301}e"),
            // Letters Swift reads as an identifier but also as an operator after a dot (`x.〡`).
            ("〡", "_〡"), ("〩〢", "_〩〢"), ("a〡", "a〡"),
            // Invisible scalars Swift would accept: bidi controls, joiners, a Hangul filler.
            ("a\u{202E}b", "a_b"), ("a\u{2066}b", "a_b"), ("a\u{200D}b", "a_b"), ("\u{3164}", "__"),
            // Symbols inside Swift's ranges that are not letters: replaced, as emoji always were.
            ("a½", "a_"), ("a©", "a_"),
        ])
    func escaped(key: String, expected: String) {
        #expect(SwiftIdentifier.member(key) == expected)
    }

    @Test(
        "type names start uppercase and never hide the types the generated code uses",
        arguments: [
            ("api", "Api"), ("String", "String_"), ("url", "Url"), ("URL", "URL_"), ("self", "Self_"), ("2fa", "_2fa"),
            ("〡", "_〡"), ("ŉx", "ʼNx"), ("any", "Any_"),
        ])
    func typeNames(key: String, expected: String) {
        #expect(SwiftIdentifier.typeName(key) == expected)
    }

    @Test(
        "type names given on the command line are checked",
        arguments: [
            ("Env", true), ("L10n", true), ("2Env", false), ("class", false), ("String", false), ("My-Type", false), ("", false),
        ])
    func typeNameValidation(name: String, valid: Bool) {
        #expect(SwiftTypeName.isValid(name) == valid)
    }
}
