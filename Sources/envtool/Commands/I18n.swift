import AppleLocalization
import ArgumentParser
import EnvironmentKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform
import I18Next
import TranslationFormats

struct I18n: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "i18n",
        abstract: "Check, convert, pseudo-localize, extract and report on translations (i18next resources and every format of i18n convert).",
        subcommands: [Lint.self, Convert.self, Pseudo.self, Extract.self, Status.self])

    struct Lint: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "lint",
            abstract: "Report missing keys, missing plural forms and differing variables as file:line:col: warning|error: message.",
            discussion: """
                Plural forms are checked against each language's CLDR rules (Spanish needs "many", Russian "few" and "many"). Variables are compared with the source language.

                \(SourceLanguageOptions.ruleSummary)

                With --from-format, the files of that format in the directory are checked instead, each on its own: a malformed place is an error, what reading it leaves out a warning. Formats: \(TranslationFormatRegistry.standard.names(separatedBy: ", ")).

                The findings are the result, so they go to stdout (one JSON document with --format json, shaped as in docs/cli-json.md). Malformed files are errors (exit 65), and so are warnings with --strict; warnings alone exit 0. A directory or file in it that cannot be read exits 66.
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
                let diagnostics = if let format = fromFormat?.format {
                    TranslationLinter().lint(directory: directory, format: format)
                } else {
                    try ResourceLinter(directory: directory, reference: sourceLanguage()).run()
                }
                var tally = DiagnosticTally()
                diagnostics.forEach { tally.add($0) }
                if output.isJSON {
                    var object = JSONObject()
                    object["directory"] = .string(directory)
                    object["errors"] = .integer(tally.errors)
                    object["warnings"] = .integer(tally.warnings)
                    object["findings"] = .array(diagnostics.map(Finding.json))
                    try Console.output(json: .object(object))
                } else {
                    for diagnostic in diagnostics { try Console.output(diagnostic.description) }
                }
                try tally.exitUnlessClean(strict: strict)
            }
        }

        /// The language the others are compared with, by ``SourceLanguageRule`` over the
        /// resources' languages (i18next files record none); exit 64 when it cannot tell.
        private func sourceLanguage() throws -> String {
            let rule = try source.rule(near: [directory])
            let languages = DirectoryBackend(directory: directory).availableLanguages()
            do throws(AppleLocalizationError) {
                let (language, warning) = try rule.resolve(languages: languages, recorded: nil, table: "the resources", file: directory)
                if let warning { Console.error(warning.description) }
                return language
            } catch {
                Console.error(error.description)
                throw ExitCode(ExitStatus.usage.rawValue)
            }
        }
    }
}
