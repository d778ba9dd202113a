import ArgumentParser
import EnvironmentKit
import Foundation
import I18Next

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check the environments document, its .strings tables and its i18next resources; print diagnostics.",
        discussion: """
            In text, errors and warnings go to stderr as file:line:col: error|warning: message, and the verdict (path: valid (counts)) to stdout. Exits 65 when anything is invalid.

            With --format json, one document on stdout: {"file", "valid": true | false, "languages": n, "configurations": n, "stringsTables": n, "i18nextResources": the locales directory or null, "findings": [{"severity", "file", "line", "column", "path", "message"}]}. A document that cannot be read or parsed gives "valid": false, null counts and its error as the only finding; the exit status is the same as in text.
            """)

    @OptionGroup var output: FormatOptions
    @OptionGroup var options: EnvironmentOptions

    /// What validation found, printed as text or JSON at the end.
    private struct Report {
        var findings: [JSONValue] = []
        var hasErrors = false
    }

    func run() throws {
        guard output.isJSON else {
            return try reportingFailures { try check(printing: true) }
        }
        do {
            try check(printing: false)
        } catch let error as EnvironmentError {
            // The document itself is broken: still one JSON document, with the error as its finding.
            var object = summary(valid: false, counts: nil)
            object["findings"] = .array([Finding.json(error)])
            try Console.output(json: .object(object))
            throw ExitCode(ExitStatus(error.kind).rawValue)
        }
    }

    private func check(printing: Bool) throws {
        let document = try options.loadDocument()
        var report = Report()
        for warning in document.warnings {
            if printing { Console.error(warning.formatted(severity: "warning")) } else { report.findings.append(Finding.json(warning, severity: "warning")) }
        }
        // Only the tables are checked: validating reads no preferences and decides no language.
        let tables = LocalizationTables(directory: options.stringsDirectory)
        let languages = document.languages.map(\.identifier)
        for diagnostic in tables.diagnostics() + tables.missingTranslations(languages: languages) {
            if diagnostic.severity == .error { report.hasErrors = true }
            if printing { Console.error(diagnostic.description) } else { report.findings.append(Finding.json(diagnostic)) }
        }
        let localesDirectory = options.stringsDirectory + "/locales"
        var resources: String? = nil
        if FileManager.default.fileExists(atPath: localesDirectory) {
            for finding in ResourceLinter(directory: localesDirectory, reference: languages[0]).run() {
                if finding.severity == .error { report.hasErrors = true }
                if printing { Console.error(finding.description) } else { report.findings.append(Finding.json(finding)) }
            }
            resources = localesDirectory
        }
        let counts = (languages: document.languages.count, configurations: document.configurationNames.count,
                      tables: tables.allFiles.count, resources: resources)
        if printing {
            if report.hasErrors { throw ExitCode(ExitStatus.invalidInput.rawValue) }
            let described = [Describe.count(counts.languages, "language"),
                             Describe.count(counts.configurations, "configuration"),
                             Describe.count(counts.tables, ".strings table")]
            let note = resources.map { ", i18next resources in \($0)" } ?? ""
            try Console.output("\(options.displayPath): valid (\(described.joined(separator: ", "))\(note))")
            return
        }
        var object = summary(valid: !report.hasErrors, counts: counts)
        object["findings"] = .array(report.findings)
        try Console.output(json: .object(object))
        if report.hasErrors { throw ExitCode(ExitStatus.invalidInput.rawValue) }
    }

    /// The fields every JSON report has, in their documented order; counts are `null` when the
    /// document could not be read.
    private func summary(valid: Bool, counts: (languages: Int, configurations: Int, tables: Int, resources: String?)?) -> JSONObject {
        var object = JSONObject()
        object["file"] = .string(options.displayPath)
        object["valid"] = .bool(valid)
        object["languages"] = counts.map { .integer($0.languages) } ?? .null
        object["configurations"] = counts.map { .integer($0.configurations) } ?? .null
        object["stringsTables"] = counts.map { .integer($0.tables) } ?? .null
        object["i18nextResources"] = counts?.resources.map(JSONValue.string) ?? .null
        return object
    }
}
