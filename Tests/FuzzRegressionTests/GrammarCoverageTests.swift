import Foundation
import Testing

@testable import FuzzHarnesses

/// The grammar-aware generator is only useful while it produces the constructs it was written
/// for; these tests fail if a change makes it degenerate (always the same branch, empty scenarios).
@Suite("i18next grammar generator")
struct GrammarCoverageTests {
    /// The scenarios of the committed grammar seeds, as JSON text.
    static let scenarios: [String] = FuzzRegressionTests.seeds.filter { $0.target == "i18next-grammar" }.compactMap { input in
        guard let data = FileManager.default.contents(atPath: input.path) else { return nil }
        return data.withUnsafeBytes { I18NextGrammarHarness.describe($0) }
    }

    @Test(
        "the seeds reach every construct of the grammar",
        arguments: [
            "{{", "{{- ", ", number(", "FractionDigits: ", "$t(", "\\\"count\\\": ", "_one", "_plural", "_male",
            "%", "\"compatibilityJSON\": \"v1\"", "\"compatibilityJSON\": \"v4\"", "\"compatibilityJSON\": \"ios\"", "\"postProcess\"", "\"sprintf\"",
            "\"lng\"",
        ])
    func seedsReachConstruct(construct: String) {
        #expect(Self.scenarios.count >= 20)
        #expect(Self.scenarios.contains { $0.contains(construct) }, "no grammar seed generates \(construct)")
    }

    @Test("an empty input generates the smallest scenario: one language, one call, and stops")
    func emptyInputTerminates() {
        let text = [UInt8]().withUnsafeBytes { I18NextGrammarHarness.describe($0) }
        #expect(text.contains("\"lng\": \"en\""))
        #expect(text.components(separatedBy: "\"key\"").count == 2)
    }

    @Test("the same input always generates the same scenario")
    func generationIsDeterministic() {
        let bytes: [UInt8] = Array(0...255)
        let first = bytes.withUnsafeBytes { I18NextGrammarHarness.describe($0) }
        let second = bytes.withUnsafeBytes { I18NextGrammarHarness.describe($0) }
        #expect(first == second)
    }

    @Test("byte-level inputs split at NUL into at most the parts asked for")
    func partsSplitAtNUL() {
        let parts = Array("a\0b\0c\0d".utf8).withUnsafeBytes { FuzzInput.parts(of: $0, limit: 3) }
        #expect(parts.map { String(decoding: $0, as: UTF8.self) } == ["a", "b", "c\0d"])
        #expect([UInt8]().withUnsafeBytes { FuzzInput.parts(of: $0, limit: 2) } == [[]])
    }
}
