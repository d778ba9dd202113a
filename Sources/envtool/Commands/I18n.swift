import AppleLocalization
import ArgumentParser
import Diagnostics
import EnvironmentKit
import I18Next
import Platform
import TranslationFormats

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct I18n: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "i18n",
        abstract: "Check, convert, pseudo-localize, extract and report on translations (i18next resources and every format of i18n convert).",
        subcommands: [Lint.self, Convert.self, Pseudo.self, Extract.self, Status.self])

    struct Lint: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "lint",
            abstract:
                "Report missing and extra keys, missing plural forms, differing variables and untranslated texts as file:line:col: error|warning|note: message.",
            discussion: """
                The checks are those i18n status reports, located. Plural forms are checked against each language's CLDR rules (Spanish needs "many", Russian "few" and "many"). Keys and variables are compared with the source language; a key the source lacks is a warning; a text that keeps the source's is a note.

                \(SourceLanguageOptions.ruleSummary)

                With --from-format, the files of that format in the directory are checked instead, and each on its own too: a malformed place is an error, what reading it leaves out a warning. Formats: \(TranslationFormatRegistry.standard.names(separatedBy: ", ")).

                The findings are the result, so they go to stdout (one JSON document with --format json, shaped as in docs/cli-json.md). Malformed files are errors (exit 65), and so are warnings with --strict; warnings alone exit 0, and notes never change the status. A directory or file in it that cannot be read exits 66.
                """)

        @Argument(help: "The resources directory, laid out as <dir>/<lng>/<ns>.json (or in the layout of --from-format).", completion: .directory)
        var directory: String = "environments/locales"

        @Option(help: ArgumentHelp("Check the files of this format instead of i18next resources.", valueName: TranslationFormatArgument.valueNames))
        var fromFormat: TranslationFormatArgument?

        @OptionGroup var source: SourceLanguageOptions

        @Flag(help: "Treat warnings as errors (exit 65), for CI.")
        var strict = false

        @OptionGroup var output: FormatOptions

        func run() throws {
            try reportingFailures {
                let kind = pathKind(directory)
                guard kind == .directory, FileManager.default.isReadableFile(atPath: directory) else {
                    let reason = kind == nil ? "no such directory" : kind == .directory ? "permission denied" : "it is not a directory"
                    throw EnvironmentError(.unreadableFile, file: directory, message: "cannot read the resources directory: \(reason)")
                }
                let diagnostics = try findings()
                var tally = DiagnosticTally()
                for diagnostic in diagnostics { tally.add(diagnostic) }
                if output.isJSON {
                    var object = JSONObject()
                    object["directory"] = .string(directory)
                    object["errors"] = .integer(tally.errors)
                    object["warnings"] = .integer(tally.warnings)
                    object["notes"] = .integer(tally.notes)
                    object["findings"] = .array(diagnostics.map(Finding.json))
                    try Console.output(json: .object(object))
                } else {
                    for diagnostic in diagnostics { try Console.output(diagnostic.description) }
                }
                try tally.exitUnlessClean(strict: strict)
            }
        }

        /// The findings of the checks ``TranslationCoverage`` makes (those `i18n status` reports),
        /// after, with --from-format, what each file's format finds in it on its own.
        private func findings() throws -> [Diagnostic] {
            let format = fromFormat?.format ?? I18NextJSONFormat()
            let perFile = fromFormat == nil ? [] : TranslationLinter().lint(directory: directory, format: format)
            let rule = try source.rule(near: [directory])
            let coverage: TranslationCoverage
            do throws(TranslationError) {
                coverage = try TranslationCoverage.read(directories: [directory], format: format, sourceLanguage: rule, checking: true)
            } catch  where error.kind == .unreadable {
                // No file of the format: a finding about the directory (65), as a malformed file is.
                let layout = fromFormat == nil ? "; expected \(directory)/<lng>/<ns>.json" : ""
                return perFile + [Diagnostic(file: directory, message: "no \(format.name) files in the directory\(layout)")]
            } catch {
                // What the files say on their own still counts: shown before the reason the
                // languages cannot be compared (no source language, exit 64).
                for finding in perFile { try Console.output(finding.description) }
                Console.error(error.description)
                throw ExitCode(Convert.status(error.kind).rawValue)
            }
            for notice in coverage.notices { Console.error(notice.description) }
            // Each file's own lint has already said why a file could not be read.
            return (fromFormat == nil ? coverage.failures : perFile) + coverage.findings
        }
    }
}
