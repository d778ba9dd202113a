import ArgumentParser
import EnvironmentKit
import Foundation
import I18Next

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check the environments document, its .strings tables and its i18next resources; print diagnostics.",
        discussion: "Errors and warnings go to stderr as file:line:col: error|warning: message. Exits 65 when anything is invalid.")

    @OptionGroup var options: EnvironmentOptions

    func run() throws {
        try reportingFailures {
            let document = try options.loadDocument()
            for warning in document.warnings { Console.error(warning.formatted(severity: "warning")) }
            // Only the tables are checked: validating reads no preferences and decides no language.
            let tables = LocalizationTables(directory: options.stringsDirectory)
            let diagnostics = tables.diagnostics()
            for diagnostic in diagnostics { Console.error(diagnostic.description) }
            let languages = document.languages.map(\.identifier)
            for warning in tables.missingTranslations(languages: languages) { Console.error(warning.description) }
            let localesDirectory = options.stringsDirectory + "/locales"
            var i18nextErrors = false
            var i18nextNote = ""
            if FileManager.default.fileExists(atPath: localesDirectory) {
                let findings = ResourceLinter(directory: localesDirectory, reference: document.languages[0].identifier).run()
                for finding in findings { Console.error(finding.description) }
                i18nextErrors = findings.contains { $0.severity == .error }
                i18nextNote = ", i18next resources in \(localesDirectory)"
            }
            if diagnostics.contains(where: { $0.severity == .error }) || i18nextErrors {
                throw ExitCode(ExitStatus.invalidInput.rawValue)
            }
            let counts = [Describe.count(document.languages.count, "language"),
                          Describe.count(document.configurationNames.count, "configuration"),
                          Describe.count(tables.allFiles.count, ".strings table")]
            try Console.output("\(options.path): valid (\(counts.joined(separator: ", "))\(i18nextNote))")
        }
    }
}

