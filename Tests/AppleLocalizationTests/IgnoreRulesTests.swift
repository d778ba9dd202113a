import Testing

@testable import AppleLocalization

@Suite("IgnoreRules: what the table search leaves out")
struct IgnoreRulesTests {
    @Test(
        "gitignore patterns as git reads them",
        arguments: [
            ("*.xcstrings", "a/b/Old.xcstrings", false, true),
            ("/generated", "generated", true, true),
            ("/generated", "app/generated", true, false),
            ("generated/", "app/generated", true, true),
            ("generated/", "app/generated", false, false),
            ("app/gen", "app/gen", true, true),
            ("app/gen", "x/app/gen", true, false),
            ("docs/**/out", "docs/a/b/out", true, true),
            ("docs/**/out", "docs/out", true, true),
            ("**/cache", "a/b/cache", true, true),
            ("[Bb]uild*", "Buildings", true, true),
            ("[!a]x", "ax", false, false),
            ("[!a]x", "bx", false, true),
            ("?.tmp", "a.tmp", false, true),
            ("\\#hash", "#hash", false, true),
            ("# comment", "# comment", false, false),
        ])
    func patterns(pattern: String, path: String, isFolder: Bool, ignored: Bool) {
        var rules = IgnoreRules()
        rules.add(gitignore: pattern + "\n", base: "")
        #expect(rules.ignores(path, isFolder: isFolder) == ignored)
    }

    @Test("a later ! re-includes; rules apply below their own folder only; build and dependency folders are skipped by name")
    func negationAndBase() {
        var rules = IgnoreRules()
        rules.add(gitignore: "*.xcstrings\n!Keep.xcstrings\n", base: "")
        rules.add(gitignore: "/local\n", base: "app/")
        #expect(rules.ignores("x/Other.xcstrings", isFolder: false))
        #expect(!rules.ignores("x/Keep.xcstrings", isFolder: false))
        #expect(rules.ignores("app/local", isFolder: true))
        #expect(!rules.ignores("local", isFolder: true))
        for folder in ["node_modules", "Pods", "Carthage", "DerivedData", "build", ".build"] {
            #expect(rules.ignores("a/" + folder, isFolder: true))
            #expect(!rules.ignores("a/" + folder, isFolder: false))
        }
    }

    @Test("hostile patterns are bounded: many stars match in time, and rules past the limit are not kept")
    func bounded() {
        var rules = IgnoreRules()
        rules.add(gitignore: String(repeating: "*a", count: 200) + "b\n", base: "")
        #expect(!rules.ignores(String(repeating: "a", count: 400), isFolder: false))
        var many = IgnoreRules()
        many.add(gitignore: (0..<(IgnoreRules.maximumRules + 10)).map { "p\($0)" }.joined(separator: "\n"), base: "")
        #expect(many.ignores("p0", isFolder: false))
        #expect(!many.ignores("p\(IgnoreRules.maximumRules + 5)", isFolder: false))
    }
}
