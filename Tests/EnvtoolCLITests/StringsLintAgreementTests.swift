import Foundation
import Testing

/// `strings lint FILE` checks a table file as `strings lint DIR` checks it in its directory
/// (issue #34, item 4): the same findings, not only the file's parse warnings.
@Suite("strings lint FILE and DIR agree")
struct StringsLintAgreementTests {
    static func findings(_ result: EnvtoolProcess.Result) throws -> [String] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return (object["findings"] as? [[String: Any]] ?? []).map { finding in
            ["file", "line", "column", "severity", "message"].map { "\(finding[$0] ?? "")" }.joined(separator: "|")
        }.sorted()
    }

    @Test("every table file of the sample, and a catalog with findings, gives the directory's findings about it")
    func agree() throws {
        let workspace = try Workspace()
        // A catalog whose Russian plural lacks forms and whose German text reads another argument.
        try workspace.write(
            "environments/Shop.xcstrings",
            """
            {"sourceLanguage": "en", "strings": {
              "%lld items": {"localizations": {
                "en": {"variations": {"plural": {"one": {"stringUnit": {"state": "translated", "value": "%lld item"}}, "other": {"stringUnit": {"state": "translated", "value": "%lld items"}}}}},
                "ru": {"variations": {"plural": {"one": {"stringUnit": {"state": "translated", "value": "%lld предмет"}}, "other": {"stringUnit": {"state": "translated", "value": "%lld предмета"}}}}}
              }},
              "Hello %@": {"localizations": {"de": {"stringUnit": {"state": "needs_review", "value": "Hallo %d"}}}}
            }, "version": "1.0"}
            """)
        let directory = try Self.findings(try workspace.run(["strings", "lint", "environments", "--format", "json"]))
        let files = [
            "environments/Shop.xcstrings", "environments/Localizable.xcstrings", "environments/ru.lproj/Localizable.stringsdict",
            "environments/en.lproj/Localizable.strings", "environments/es.lproj/Localizable.strings",
        ]
        var seen = 0
        for file in files {
            let alone = try Self.findings(try workspace.run(["strings", "lint", file, "--format", "json"]))
            let there = directory.filter { $0.hasPrefix(file + "|") }
            #expect(alone == there, "\(file): alone \(alone), in the directory \(there)")
            seen += there.count
        }
        #expect(directory.filter { $0.hasPrefix("environments/Shop.xcstrings|") }.count >= 2, "the catalog's findings: \(directory)")
        #expect(seen > 0)
    }
}
