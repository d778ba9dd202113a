import CLDRPlurals
import Foundation
import Testing

@testable import TranslationFormats

/// Tests/Corpus (see its README): each folder converted into every registered format and back into
/// its own. What comes back must be the same data, entry by entry (key, context, comment, state,
/// gettext's plural source text, the text beside plural forms, and the text shown for each plural
/// category), or the entry's key must be among the losses the converter reported on the way.
@Suite("the corpus: every format there and back, the same data or each difference named by key")
struct CorpusRoundTripTests {
    static let sources = ["catalog", "gettext", "xliff", "i18next", "strings"]

    struct Case: Sendable, CustomTestStringConvertible {
        let source: String
        let format: String
        var testDescription: String { "\(source) → \(format) → \(source)" }
    }

    static let cases: [Case] = sources.flatMap { source in TranslationFormatRegistry.standard.names.map { Case(source: source, format: $0) } }

    /// What an entry means to an app and a translator, whatever structure a format gave it.
    struct Meaning: Equatable, CustomStringConvertible {
        let comment: String?
        let state: TranslationEntry.State
        let pluralID: String?
        let textWithoutCount: TranslationMessage?
        let isPlural: Bool
        let shown: [PluralCategory: TranslationMessage]

        init(_ entry: TranslationEntry) {
            comment = entry.comment
            state = entry.state
            pluralID = entry.pluralID
            textWithoutCount = entry.textWithoutCount
            isPlural = entry.isPlural
            shown = entry.expandedForms
        }

        var description: String {
            "comment \(comment ?? "-"), \(state), plural \(isPlural), \(shown.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key): \($0.value)" })"
        }
    }

    static func write(_ outputs: [TranslationConverter.Output]) throws {
        for output in outputs {
            try FileManager.default.createDirectory(atPath: (output.path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try output.data.write(to: URL(fileURLWithPath: output.path))
        }
    }

    @Test("there and back", arguments: cases)
    func roundTrip(_ trip: Case) throws {
        let registry = TranslationFormatRegistry.standard
        let directory = TemporaryDirectory()
        var first = TranslationConverter()
        try first.read(Fixtures.repositoryRoot + "/Tests/Corpus/" + trip.source)
        let sourceFormat = try #require(first.sourceFormat)
        // The gettext corpus is de and ru: nothing records the source among them (see ConvertCommandTests).
        let rule = SourceLanguageRule(option: trip.source == "gettext" ? "de" : nil)
        try Self.write(try first.plan(try #require(registry.format(named: trip.format)), to: directory.path + "/there", sourceLanguage: rule))
        var second = TranslationConverter()
        try second.read(directory.path + "/there", format: registry.format(named: trip.format))
        try Self.write(try second.plan(sourceFormat, to: directory.path + "/back"))
        var third = TranslationConverter()
        try third.read(directory.path + "/back", format: sourceFormat)

        let reported = Set((first.issues + second.issues).map(\.key))
        var unreported: [String] = []
        for table in first.tables {
            let back = third.tables.first { $0.name == table.name }
            for (language, entries) in table.languages {
                for entry in entries where !reported.contains(entry.key) {
                    let returned = back?.languages[language]?.first { $0.key == entry.key && $0.context == entry.context }
                    guard let returned else {
                        unreported.append("\(language) \(entry.key)\(entry.context.map { " [\($0)]" } ?? ""): missing")
                        continue
                    }
                    if Meaning(returned) != Meaning(entry) {
                        unreported.append("\(language) \(entry.key): \(Meaning(entry)) came back as \(Meaning(returned))")
                    }
                }
            }
        }
        #expect(unreported.isEmpty, "\(trip.testDescription): changed without a report:\n\(unreported.joined(separator: "\n"))")
        #expect(!first.tables.isEmpty)
    }
}
