import Foundation
import Testing

/// `i18n lint` and `i18n status` read one set of checks (issue #34, item 4): on every translation
/// directory of the repository's fixtures, and on the public real-world sets when
/// `../shared/realworld` is beside the repository, the findings lint prints are exactly what
/// status reports, check by check.
@Suite("i18n lint and i18n status agree")
struct LintStatusAgreementTests {
    /// A directory and the format read there (`nil`: lint's default, i18next).
    struct Case: CustomStringConvertible, Sendable {
        var directory: String
        var format: String?
        var description: String { "\(directory) (\(format ?? "i18next"))" }
    }

    static let fixtures: [Case] = {
        let root = EnvtoolProcess.repositoryRoot
        var cases = [
            Case(directory: root + "/environments/locales", format: nil),
            Case(directory: root + "/environments", format: "strings"),
            Case(directory: root + "/environments", format: "xcstrings"),
            Case(directory: root + "/environments/android/res", format: "android"),
            Case(directory: root + "/Tests/KeyExtractionTests/Fixtures/Resources/locales", format: nil),
            Case(directory: root + "/Tests/KeyExtractionTests/Fixtures/Resources", format: "xcstrings"),
            Case(directory: root + "/Tests/SwiftAccessorGeneratorTests/Fixtures/tricky/locales", format: nil),
        ]
        let realworld = root + "/../shared/realworld"
        if FileManager.default.fileExists(atPath: realworld) {
            cases.append(Case(directory: realworld + "/xcstrings", format: "xcstrings"))
            cases.append(Case(directory: realworld + "/po", format: "po"))
            let sets = (try? FileManager.default.contentsOfDirectory(atPath: realworld + "/android")) ?? []
            cases += sets.sorted().map { Case(directory: realworld + "/android/" + $0, format: "android") }
        }
        return cases
    }()

    /// One finding, as both commands can say it: a check, and the language (with a count) or key.
    struct Finding: Hashable, Comparable, CustomStringConvertible {
        var check: String
        var subject: String
        static func < (lhs: Finding, rhs: Finding) -> Bool { (lhs.check, lhs.subject) < (rhs.check, rhs.subject) }
        var description: String { "\(check) \(subject)" }
    }

    @Test("the same findings from both, on every fixture directory", arguments: fixtures)
    func agree(_ item: Case) throws {
        let workspace = try Workspace(copySample: false)
        let format = item.format.map { ["--from-format", $0] } ?? []
        // Both find the source language by the one rule (the document nearby, what files record, en).
        let status = try workspace.run(["i18n", "status", item.directory, "--format", "json"] + format)
        let lint = try workspace.run(["i18n", "lint", item.directory, "--format", "json"] + format)
        guard status.status == 0 else {
            // A directory status cannot report (no source language: 64) fails lint the same way;
            // a malformed file stops status (65) where lint reports it and goes on (65 too).
            #expect(lint.status == status.status, "status exited \(status.status) (\(status.stderr)), lint \(lint.status) (\(lint.stderr))")
            return
        }
        #expect(lint.status == 0, "\(lint.stderr)")
        let expected = try Self.statusFindings(status.stdout)
        let found = try Self.lintFindings(lint.stdout)
        #expect(found == expected, "lint only: \(found.filter { !expected.contains($0) }), status only: \(expected.filter { !found.contains($0) })")
    }

    @Test("the comparison sees a difference: a plural gap, a missing key and an extra key in a directory of our own")
    func seesFindings() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write("res/en/translation.json", #"{"a": "A {{name}}", "b": "B", "n_one": "one", "n_other": "{{count}}", "ok": "OK"}"#)
        try workspace.write("res/ru/translation.json", #"{"a": "A {{nom}}", "c": "C", "n_one": "один", "n_other": "{{count}}", "ok": "OK"}"#)
        let path = workspace.path + "/res"
        let status = try Self.statusFindings(try workspace.run(["i18n", "status", path, "--format", "json"]).stdout)
        let lint = try Self.lintFindings(try workspace.run(["i18n", "lint", path, "--format", "json"]).stdout)
        let wanted = [
            Finding(check: "extra", subject: "ru 1"), Finding(check: "missing", subject: "ru 1"),
            Finding(check: "placeholders", subject: "a"), Finding(check: "plural", subject: "n"),
            Finding(check: "untranslated", subject: "ru 1"),
        ]
        #expect(status == wanted)
        #expect(lint == wanted)
    }

    static func statusFindings(_ json: String) throws -> [Finding] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        var result: [Finding] = []
        for table in object["tables"] as? [[String: Any]] ?? [] {
            for language in table["languages"] as? [[String: Any]] ?? [] {
                let name = language["language"] as? String ?? "?"
                for (check, field) in [("missing", "missingKeys"), ("extra", "extraKeys"), ("untranslated", "untranslatedKeys")] {
                    let keys = language[field] as? [Any] ?? []
                    if !keys.isEmpty { result.append(Finding(check: check, subject: "\(name) \(keys.count)")) }
                }
                for gap in language["pluralGaps"] as? [[String: Any]] ?? [] {
                    result.append(Finding(check: "plural", subject: gap["key"] as? String ?? "?"))
                }
                for mismatch in language["placeholderMismatches"] as? [[String: Any]] ?? [] {
                    result.append(Finding(check: "placeholders", subject: mismatch["key"] as? String ?? "?"))
                }
            }
        }
        return result.sorted()
    }

    /// The findings of the checks in lint's JSON; a format's own findings about one file
    /// (`--from-format`: what reading it leaves out) have no counterpart in status and are left out.
    static func lintFindings(_ json: String) throws -> [Finding] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        var result: [Finding] = []
        for finding in object["findings"] as? [[String: Any]] ?? [] {
            let message = finding["message"] as? String ?? ""
            if let key = finding["path"] as? String {
                result.append(Finding(check: message.hasPrefix("lacks the plural form(s)") ? "plural" : "placeholders", subject: key))
            } else if let match = message.firstMatch(of: #/(\d+) keys? missing for (\S+) \(/#) {
                result.append(Finding(check: "missing", subject: "\(match.2) \(match.1)"))
            } else if let match = message.firstMatch(of: #/^(\d+) keys? of (\S+) \(.*\) not in /#) {
                result.append(Finding(check: "extra", subject: "\(match.2) \(match.1)"))
            } else if let match = message.firstMatch(of: #/^(\d+) keys? of (\S+) \(.*\) not translated /#), finding["severity"] as? String == "note" {
                result.append(Finding(check: "untranslated", subject: "\(match.2) \(match.1)"))
            }
        }
        return result.sorted()
    }
}
