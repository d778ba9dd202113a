import Foundation
import Testing

@Suite("envtool i18n convert: warnings people read")
struct ConvertWarningSummaryTests {
    /// Android resources whose every string has a comment: each is a loss in i18next JSON.
    static func commentedResources(_ count: Int) -> String {
        var xml = "<resources>\n"
        for index in 1...count { xml += "  <!-- Shown on screen \(index) -->\n  <string name=\"label_\(index)\">Label \(index)</string>\n" }
        return xml + "</resources>\n"
    }

    @Test("many keys with one kind of loss are one line: the count, the languages and the first five keys")
    func oneLinePerKind() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write("res/values/strings.xml", Self.commentedResources(12))
        let result = try workspace.run(["i18n", "convert", "--from", "res", "--to", "out", "--format", "i18next"])
        #expect(result.status == 0, "\(result.stderr)")
        let warnings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("out/") }
        #expect(
            warnings == [
                #"out/en/translation.json: warning: 12 keys (en): i18next JSON has no comments; the comment is not written: "label_1", "label_10", "label_11", "label_12", "label_2", and 7 more (--verbose names each)"#
            ], "\(result.stderr)")
    }

    @Test("--verbose names every key on a line of its own, in the one per-key shape")
    func verboseNamesEach() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write("res/values/strings.xml", Self.commentedResources(12))
        let result = try workspace.run(["i18n", "convert", "--from", "res", "--to", "out", "--format", "i18next", "--verbose"])
        #expect(result.status == 0, "\(result.stderr)")
        let warnings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("out/") }.map(String.init)
        #expect(warnings.count == 12, "\(result.stderr)")
        for index in 1...12 {
            #expect(
                warnings.contains(#"out/en/translation.json: warning: "label_\#(index)" (en): i18next JSON has no comments; the comment is not written"#),
                "\(result.stderr)")
        }
    }

    @Test("a kind with one key keeps its per-key line, naming the key; --strict still refuses and writes nothing")
    func kindsAndSingleKeys() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write(
            "src/en/translation.json",
            #"{"a_male": "He", "b_male": "He", "c_female": "She", "a": "A", "b": "B", "c": "C", "w": "see $t(a)"}"#)
        let result = try workspace.run(["i18n", "convert", "--from", "src", "--to", "out.xcstrings"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                #"out.xcstrings: warning: "w" (en): $t(a) is written as text, which i18next reads back as the nesting; Apple's lookup shows it as written"#),
            "\(result.stderr)")
        let strict = try workspace.run(["i18n", "convert", "--from", "src", "--to", "strict.xcstrings", "--strict"])
        #expect(strict.status == 65 && workspace.read("strict.xcstrings") == nil, "\(strict.stderr)")
    }
}
