import ArgumentParser
import Diagnostics
import Foundation
import JSONParsing
import KeyExtraction
import TranslationFormats

/// `envtool-extract`: the Swift parser behind `envtool i18n extract`, a program of its own so that
/// envtool itself is built without swift-syntax. envtool runs it with the same arguments.
@main
struct EnvtoolExtract: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "envtool-extract",
        abstract: "Find the localization keys Swift sources use and compare them with the tables and i18next resources.",
        discussion: """
            Run by `envtool i18n extract`, which has the full help. Exit status: 0 done (warnings alone too), \
            65 a table or resource file is malformed (or, with --strict, anything was reported), \
            66 a source path cannot be read, 72 built without the Extract trait, 73 a file cannot be written, \
            74 the output cannot be written.
            """)

    @Argument(help: "Swift files or folders to search (default: the current folder).")
    var paths: [String] = []

    @Option(help: ArgumentHelp("The folder of the Apple tables: .xcstrings, <lang>.lproj/*.strings and .stringsdict.", valueName: "dir"))
    var tables: String?

    @Option(help: ArgumentHelp("The i18next resources, <dir>/<lng>/<ns>.json.", valueName: "dir"))
    var locales: String?

    @Option(
        help: ArgumentHelp("Translation files or folders, in any format i18n convert reads, whose keys count as Apple keys; repeatable.", valueName: "path"))
    var translations: [String] = []

    @Option(help: ArgumentHelp("The format of --translations (default: from extensions and the files found).", valueName: "format"))
    var fromFormat: String?

    @Option(help: ArgumentHelp("The language keys are written in (docs/source-language.md).", valueName: "code"))
    var sourceLanguage: String?

    @Option(name: .customLong("development-language"), help: .hidden)
    var developmentLanguage: String?

    /// The development language of the environments document envtool found (`envtool i18n
    /// extract` resolves the document, as every command does), and its path.
    @Option(help: .hidden)
    var documentLanguage: String?

    @Option(help: .hidden)
    var documentOrigin: String?

    @Flag(help: "Also report the keys of the development language that no source uses.")
    var unused = false

    @Flag(help: "Add the missing keys to the catalog or translation.json (otherwise nothing is written).")
    var write = false

    @Option(help: "The output format: text, or one JSON document on stdout.")
    var format: String = "text"

    @Flag(help: "Exit 65 when anything is reported.")
    var strict = false

    func validate() throws {
        guard format == "text" || format == "json" else { throw ValidationError("--format is text or json, not '\(format)'") }
        if let fromFormat, TranslationFormatRegistry.standard.format(named: fromFormat) == nil {
            throw ValidationError("--from-format is \(TranslationFormatRegistry.standard.names(separatedBy: ", ")), not '\(fromFormat)'")
        }
    }

    func run() throws {
        #if Extract
        let status = ExtractRun(
            paths: paths.isEmpty ? ["."] : paths, tables: tables, locales: locales, translations: translations,
            translationFormat: fromFormat.flatMap(TranslationFormatRegistry.standard.format(named:)),
            sourceLanguage: SourceLanguageRule(
                option: sourceLanguage ?? developmentLanguage,
                document: documentLanguage.map { .init(language: $0, origin: documentOrigin ?? "environments.json") }),
            reportsUnused: unused, writes: write, json: format == "json", strict: strict
        ).run()
        if status != 0 { throw ExitCode(status) }
        #else
        StandardStreams.error(
            """
            envtool-extract: error: this envtool-extract was built without extraction support (swift-syntax).
            Build the real one with `swift build -c release --traits Extract --product envtool-extract`, or install it with scripts/install, and put it beside envtool or on PATH.
            """)
        throw ExitCode(ExtractStatus.unavailable)
        #endif
    }
}
