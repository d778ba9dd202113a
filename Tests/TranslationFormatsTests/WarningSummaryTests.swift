import Testing
import TranslationFormats

@Suite("conversion warnings: one line per file and kind of loss")
struct WarningSummaryTests {
    static func context(_ key: String, _ context: String, _ language: String = "en") -> ConversionIssue {
        ConversionIssue(
            file: "out.xcstrings", language: language, key: key, reason: "Apple formats have no context; written as the key \"\(key)_\(context)\"",
            kind: "Apple formats have no context; each is written as the key, _ and the context")
    }

    @Test("reasons that name their key are one line of their kind, with the count, the languages and the first five keys")
    func byKind() {
        let issues = ["a", "b", "c", "d", "e", "f", "g"].map { Self.context($0, "male") } + [Self.context("a", "male", "de")]
        let lines = ConversionIssue.summarized(issues).map(\.description)
        #expect(
            lines == [
                #"out.xcstrings: warning: 7 keys (en, de): Apple formats have no context; each is written as the key, _ and the context: "a", "b", "c", "d", "e", and 2 more (--verbose names each)"#
            ])
    }

    @Test("a kind with one key keeps the per-key line; keys are quoted with their controls escaped")
    func oneKey() {
        let lines = ConversionIssue.summarized([Self.context("a\u{7}", "male"), Self.context("a\u{7}", "female")]).map(\.description)
        #expect(
            lines == [
                #"out.xcstrings: warning: "a\u{7}" (en): Apple formats have no context; written as the key "a\u{7}_male""#,
                #"out.xcstrings: warning: "a\u{7}" (en): Apple formats have no context; written as the key "a\u{7}_female""#,
            ])
    }

    @Test("a reason that reads the same for every key is said as it is; five keys or fewer are all named")
    func sameReason() {
        let issues = ["x", "y"].map {
            ConversionIssue(file: "f.json", language: "en", key: $0, reason: "i18next JSON has no comments; the comment is not written")
        }
        #expect(
            ConversionIssue.summarized(issues).map(\.description) == [
                #"f.json: warning: 2 keys (en): i18next JSON has no comments; the comment is not written: "x", "y""#
            ])
    }
}
