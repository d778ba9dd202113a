import SwiftAccessorGenerator
import Testing

@testable import FuzzHarnesses

/// The generate-swift target's oracle refuses what a leak would look like, so that its silence
/// on the fuzzer's inputs means something.
@Suite("The generate-swift oracle")
struct GeneratedSwiftCheckTests {
    @Test("one literal with simple escapes passes", arguments: [#""""#, #""a\"b\\c\n\r\t\0\u{202e}\u{10FFFF}""#, #""〡""#])
    func literals(text: String) {
        #expect(GeneratedSwiftCheck.isOneStringLiteral(text))
    }

    @Test(
        "a literal that ends early, interpolates, escapes its closing quote or holds a raw line break or bidi control fails",
        arguments: [
            #""a" + evil() + "b""#, #""\(evil())""#, #""a\""#, "\"a\nb\"", "\"a\u{202E}b\"", #""\u{110000}""#, #""\u{+a}""#, #""\u{}""#,
            #""\q""#, "\"", "a", #""\u{41""#,
        ])
    func notLiterals(text: String) {
        #expect(!GeneratedSwiftCheck.isOneStringLiteral(text))
    }

    @Test(
        "a comment with a line break, CR, U+2028, NUL, a bidi control, */ or /* fails",
        arguments: [
            "a\nb", "a\rb", "a\u{2028}b", "a\0b", "a\u{202E}b", "a */ b", "/* a",
        ])
    func comments(text: String) {
        #expect(!GeneratedSwiftCheck.isInertComment(text))
        #expect(GeneratedSwiftCheck.isInertComment(SwiftEscaping.comment(text)))
    }

    @Test("a line of holes made by the escapers passes; a name that is not one, or runs into its neighbours, fails")
    func lines() {
        let key = "k\"); #error(\"PWNED"
        #expect(GeneratedSwiftCheck.problem(in: "let \(name: "_〡") = f(\(literal: key)) // \(comment: key + "\n")") == nil)
        #expect(GeneratedSwiftCheck.problem(in: "let \(name: "〡") = 1") != nil)
        #expect(GeneratedSwiftCheck.problem(in: "let \(name: "a b") = 1") != nil)
        #expect(GeneratedSwiftCheck.problem(in: "let x\(name: "y") = 1") != nil)
        #expect(GeneratedSwiftCheck.problem(in: "f() \(comment: "a")") != nil)
    }
}
