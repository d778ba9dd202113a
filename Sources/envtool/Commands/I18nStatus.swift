import AppleLocalization
import ArgumentParser
import Diagnostics
import EnvironmentKit
import Platform
import TranslationFormats

extension I18n {
    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "status",
            abstract: "Show how far each language of each table is translated: as text, JSON or an HTML page.",
            discussion: """
                Every format (\(TranslationFormatRegistry.standard.names(separatedBy: ", "))) that has files in a directory is read, each on its own (only --from-format's with it). Without a directory: environments and environments/locales, those that exist.

                Per table and language, the source language's keys are translated, missing (no entry) or untranslated (the same text as the source, or a catalog's state new); listed apart: plural entries that lack a form the language's CLDR rules need (Russian: one, few, many, other), and translations that read other placeholders than the source ({{name}} by name, %1$@ by position; i18next's count is supplied and not compared). Coverage is translated / keys, rounded down to a tenth of a percent.

                \(SourceLanguageOptions.ruleSummary)

                --format json prints one JSON document (docs/cli-json.md). --html FILE also writes the report as one self-contained page (no scripts, fonts or network), atomically.

                Exit status: 0; 65 with --strict when a language is below --min-coverage (default 100), or for a malformed file; 66 when a directory cannot be read or has no translation files; 64 for a bad option or an unknown source language; 73 when --html cannot be written (nothing is left behind).
                """)

        @Argument(
            help: ArgumentHelp("The directories to read (default: environments and environments/locales, those that exist).", valueName: "dir"),
            completion: .directory)
        var directories: [String] = []

        @Option(help: ArgumentHelp("Read only the files of this format.", valueName: TranslationFormatArgument.valueNames))
        var fromFormat: TranslationFormatArgument?

        @OptionGroup var source: SourceLanguageOptions

        @Option(help: ArgumentHelp("The coverage every language must reach with --strict, in percent (0–100).", valueName: "percent"))
        var minCoverage: Double = 100

        @Flag(help: "Exit 65 when a language is below --min-coverage, for CI.")
        var strict = false

        @Option(help: ArgumentHelp("Also write the report as a self-contained HTML page to this file.", valueName: "file"), completion: .file())
        var html: String?

        @OptionGroup var output: FormatOptions

        func validate() throws {
            guard minCoverage.isFinite, (0...100).contains(minCoverage) else {
                throw ValidationError("--min-coverage \(TranslationCoverage.decimal(minCoverage)) is out of range; pass a percentage from 0 to 100")
            }
            if let html, html.isEmpty || html == "-" {
                throw ValidationError("--html \(html.isEmpty ? "''" : "-") is not supported; pass the path of the page to write")
            }
        }

        func run() throws {
            try reportingFailures {
                let chosen = directories.isEmpty ? ["environments", "environments/locales"].filter { pathKind($0) == .directory } : directories
                guard !chosen.isEmpty else {
                    throw EnvironmentError(
                        .unreadableFile, file: "environments", message: "no translation directory; pass the directories to read (envtool i18n status DIR…)")
                }
                for directory in chosen where pathKind(directory) != .directory {
                    throw EnvironmentError(
                        .unreadableFile, file: directory, message: pathKind(directory) == nil ? "no such directory" : "it is not a directory")
                }
                let rule = try source.rule(near: chosen)
                let coverage: TranslationCoverage
                do throws(TranslationError) {
                    coverage = try TranslationCoverage.read(directories: chosen, format: fromFormat?.format, sourceLanguage: rule)
                    for notice in coverage.notices { Console.error(notice.description) }
                } catch {
                    Console.error(error.description)
                    throw ExitCode(Convert.status(error.kind).rawValue)
                }
                if let html {
                    try AtomicFile.write(Array(coverage.htmlPage(minimum: minCoverage).utf8), to: html)
                }
                if output.isJSON {
                    try Console.output(json: coverage.json(minimum: minCoverage))
                } else {
                    try printText(coverage)
                    if let html { try Console.output("wrote " + html) }
                }
                if strict, !coverage.meets(minimum: minCoverage) {
                    let below = coverage.tables.flatMap { table in
                        table.languages.filter { !$0.meets(minimum: minCoverage) }.map {
                            "\($0.language) in \(table.name) (\(table.format), \($0.coverageText)%)"
                        }
                    }
                    Console.error(
                        "error: --strict: \(Describe.count(below.count, "language")) below \(TranslationCoverage.decimal(minCoverage))%: \(below.joined(separator: ", "))"
                    )
                    throw ExitCode(ExitStatus.invalidInput.rawValue)
                }
            }
        }

        private func printText(_ coverage: TranslationCoverage) throws {
            for table in coverage.tables {
                try Console.output("\(table.directory): \(table.name) (\(table.format)), source \(table.sourceLanguage), \(Describe.count(table.keys, "key"))")
                let width = table.languages.map(\.language.count).max() ?? 0
                for language in table.languages {
                    var counts: [String] = []
                    if !language.missingKeys.isEmpty { counts.append("\(language.missingKeys.count) missing") }
                    if !language.untranslatedKeys.isEmpty { counts.append("\(language.untranslatedKeys.count) untranslated") }
                    if !language.extraKeys.isEmpty { counts.append("\(language.extraKeys.count) not in \(table.sourceLanguage)") }
                    if !language.pluralGaps.isEmpty { counts.append(Describe.count(language.pluralGaps.count, "plural gap")) }
                    if !language.placeholderMismatches.isEmpty {
                        counts.append(Describe.count(language.placeholderMismatches.count, "placeholder mismatch", plural: "placeholder mismatches"))
                    }
                    let percent = language.coverageText + "%"
                    let padding = String(repeating: " ", count: width - language.language.count + 7 - percent.count)
                    var line = "  \(language.language)\(padding)\(percent)  \(language.translated)/\(language.keys)"
                    if language.isSource { line += "  (source)" }
                    if !counts.isEmpty { line += "  " + counts.joined(separator: ", ") }
                    try Console.output(line)
                    if !language.missingKeys.isEmpty { try Console.output("    missing: " + Self.keys(language.missingKeys)) }
                    if !language.untranslatedKeys.isEmpty { try Console.output("    untranslated: " + Self.keys(language.untranslatedKeys)) }
                    if !language.extraKeys.isEmpty { try Console.output("    not in \(table.sourceLanguage): " + Self.keys(language.extraKeys)) }
                    for gap in language.pluralGaps {
                        try Console.output(
                            "    plural forms: \(Diagnostic.quoted(gap.key)) lacks \(gap.missing.joined(separator: ", ")) (\(language.language) needs \(gap.needed.joined(separator: ", ")))"
                        )
                    }
                    for mismatch in language.placeholderMismatches {
                        try Console.output(
                            "    placeholders: \(Diagnostic.quoted(mismatch.key)) reads \(Self.values(mismatch.found)) where \(table.sourceLanguage) reads \(Self.values(mismatch.expected))"
                        )
                    }
                }
            }
        }

        private static func keys(_ keys: [String]) -> String {
            keys.map { Diagnostic.quoted($0) }.joined(separator: ", ")
        }

        private static func values(_ values: [String]) -> String {
            values.isEmpty ? "nothing" : values.joined(separator: ", ")
        }
    }
}
