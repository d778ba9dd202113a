import AppleLocalization
import ArgumentParser
import Diagnostics
import EnvironmentKit
import I18Next
import TranslationFormats

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check the environments document, its .strings, .stringsdict and .xcstrings tables and its i18next resources; print diagnostics.",
        discussion: """
            In text, errors and warnings go to stderr as file:line:col: error|warning: message, and the verdict (path: valid (counts)) to stdout. Exits 65 when anything is invalid, and with --strict (for CI) also when there is a warning; 66 when a file cannot be read.

            The Apple tables are searched in the document's folder (or the folders its "table_folders" lists), leaving out node_modules, Pods, Carthage, DerivedData, build and .build, and what the repository's .gitignore files ignore.

            With --format json, one document on stdout: {"file", "valid": true | false, "languages": n, "configurations": n, "stringsTables": n, "stringsdictTables": n, "stringCatalogs": n, "i18nextResources": the locales directory or null, "findings": [{"severity", "file", "line", "column", "path", "message"}]}. A document that cannot be read or parsed gives "valid": false, null counts and its error as the only finding; the exit status is the same as in text.
            """)

    @OptionGroup var output: FormatOptions
    @OptionGroup var options: EnvironmentOptions

    @Flag(help: "Fail (exit 65) on warnings too, for CI.")
    var strict = false

    /// What validation found, printed as text or JSON at the end.
    private struct Report {
        var findings: [JSONValue] = []
        var tally = DiagnosticTally()
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

    /// The i18next resources checked as `i18n lint` checks them (``TranslationCoverage``), against
    /// the document's development language; its errors and warnings.
    private func resourceFindings(_ directory: String, document: EnvironmentsDocument) -> [Diagnostic] {
        let declared = document.languages.first.map { SourceLanguageRule.Declaration(language: $0.identifier, origin: options.selection.displayPath) }
        do throws(TranslationError) {
            let coverage = try TranslationCoverage.read(
                directories: [directory], format: I18NextJSONFormat(),
                sourceLanguage: SourceLanguageRule(document: declared), checking: true)
            // Notes (texts that keep the source's) say nothing of validity: `i18n lint` shows them.
            return coverage.notices + coverage.failures + coverage.findings.filter { $0.severity != .note }
        } catch  where error.kind == .unreadable {
            return []
        } catch  where error.kind == .usage {
            // The resources lack the development language (or cannot tell it): the app falls
            // back to keys there, but the document itself is valid.
            return [error.diagnostic.with(severity: .warning)]
        } catch {
            return [error.diagnostic]
        }
    }

    private func check(printing: Bool) throws {
        let document = try options.selection.loadDocument()
        var report = Report()
        for warning in document.warnings {
            report.tally.add(warning)
            if printing { Console.error(warning.description) } else { report.findings.append(Finding.json(warning)) }
        }
        // Only the tables are checked: validating reads no preferences and decides no language.
        let tables = LocalizationTables(directory: options.selection.stringsDirectory, tableFolders: document.tableFolders)
        // The Apple linter reads all three formats (its .strings files are the tables' files): parse
        // errors, plural categories, arguments, catalog states and keys missing in a language.
        let appleTables = AppleStringsLookup(directory: options.selection.stringsDirectory, tableFolders: document.tableFolders)
        let languages = document.languages.map(\.identifier)
        let linter = AppleStringsLinter(lookup: appleTables, developmentLanguage: languages[0], languages: languages)
        for diagnostic in linter.lint() {
            report.tally.add(diagnostic)
            if printing {
                Console.error(diagnostic.description)
            } else {
                report.findings.append(
                    Finding.json(
                        severity: diagnostic.severity.rawValue, file: diagnostic.file, line: diagnostic.line,
                        column: diagnostic.column, path: diagnostic.path, message: diagnostic.message))
            }
        }
        let localesDirectory = options.selection.stringsDirectory + "/locales"
        var resources: String? = nil
        if FileManager.default.fileExists(atPath: localesDirectory) {
            for finding in resourceFindings(localesDirectory, document: document) {
                report.tally.add(finding)
                if printing { Console.error(finding.description) } else { report.findings.append(Finding.json(finding)) }
            }
            resources = localesDirectory
        }
        let appleFiles = appleTables.allFiles
        let counts = Counts(
            languages: document.languages.count, configurations: document.configurationNames.count,
            tables: tables.allFiles.count, stringsdicts: appleFiles.filter { $0.hasSuffix(".stringsdict") }.count,
            catalogs: appleFiles.filter { $0.hasSuffix(".xcstrings") }.count, resources: resources)
        let status = report.tally.status(strict: strict)
        if printing, strict, report.tally.warnings > 0 {
            Console.error(
                "\(options.selection.displayPath): not valid under --strict: \(Describe.count(report.tally.warnings, "warning")) (fix them, or validate without --strict)"
            )
        }
        if printing {
            if status != .success { throw ExitCode(status.rawValue) }
            let described =
                [
                    Describe.count(counts.languages, "language"),
                    Describe.count(counts.configurations, "configuration"),
                    Describe.count(counts.tables, ".strings table"),
                ]
                + (counts.stringsdicts > 0 ? [Describe.count(counts.stringsdicts, ".stringsdict table")] : [])
                + (counts.catalogs > 0 ? [Describe.count(counts.catalogs, "String Catalog")] : [])
            let note = resources.map { ", i18next resources in \($0)" } ?? ""
            try Console.output("\(options.selection.displayPath): valid (\(described.joined(separator: ", "))\(note))")
            return
        }
        var object = summary(valid: status == .success, counts: counts)
        object["findings"] = .array(report.findings)
        try Console.output(json: .object(object))
        if status != .success { throw ExitCode(status.rawValue) }
    }

    /// The fields every JSON report has, in their documented order; counts are `null` when the
    /// document could not be read.
    private struct Counts {
        var languages, configurations, tables, stringsdicts, catalogs: Int
        var resources: String?
    }

    private func summary(valid: Bool, counts: Counts?) -> JSONObject {
        var object = JSONObject()
        object["file"] = .string(options.selection.displayPath)
        object["valid"] = .bool(valid)
        object["languages"] = counts.map { .integer($0.languages) } ?? .null
        object["configurations"] = counts.map { .integer($0.configurations) } ?? .null
        object["stringsTables"] = counts.map { .integer($0.tables) } ?? .null
        object["stringsdictTables"] = counts.map { .integer($0.stringsdicts) } ?? .null
        object["stringCatalogs"] = counts.map { .integer($0.catalogs) } ?? .null
        object["i18nextResources"] = counts?.resources.map(JSONValue.string) ?? .null
        return object
    }
}
