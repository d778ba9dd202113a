import ArgumentParser
import LibC
import Platform
import TranslationFormats

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension I18n {
    /// `envtool i18n extract`: runs the separate `envtool-extract`, which holds swift-syntax, so
    /// that envtool itself builds without it. This command parses the arguments (for `--help`,
    /// completions and the manual) and hands them on unchanged.
    struct Extract: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "extract",
            abstract: "Find the localization keys Swift sources use; report (or --write) the missing ones and, with --unused, the ones no source uses.",
            discussion: """
                Parses the Swift files under PATHS (default: the current folder; hidden folders and .build are skipped) with swift-syntax and finds the keys of NSLocalizedString, String(localized:), LocalizedStringKey, LocalizedStringResource, Text/Button/Label… titles, localizedString and lookupLocalizedString (Apple tables), and t/translate (i18next, with ["defaultValue": …, "ns": …] options). Only plain string literals are keys; an interpolated or computed key is a warning at its position.

                A key is missing when the development language does not define it: the table's String Catalog, or its .stringsdict/.strings in --tables (default: environments), or <locales>/<lng>/<ns>.json (default: <tables>/locales; plural forms key_one… count as key), or a file of --translations (any format i18n convert reads; a key with a context counts as key_context, as Apple tables write it). Findings are file:line:col: warning: message lines on stdout, or one JSON document with --format json (docs/extract.md).

                The development language is the source language: \(SourceLanguageOptions.ruleSummary) A project without tables yet writes the document's language, else en.

                --write adds the missing keys to the table's Localizable.xcstrings (created when the table has no file) or to the namespace's .json, with the default value or the key, atomically and keeping the existing entries; without it nothing is written.

                The parser is the program envtool-extract, found beside envtool or on PATH; build it with `swift build --traits Extract --product envtool-extract` or install it with scripts/install. Exit status: 0, 65 a malformed table or resource (or, with --strict, anything reported), 66 a path cannot be read, 72 envtool-extract is missing or was built without the Extract trait, 73 a file cannot be written.
                """)

        @Argument(help: "Swift files or folders to search (default: the current folder).", completion: .file())
        var paths: [String] = []

        @Option(
            help: ArgumentHelp("The folder of the Apple tables (.xcstrings, <lang>.lproj/*.strings, .stringsdict; default: environments).", valueName: "dir"),
            completion: .directory)
        var tables: String?

        @Option(help: ArgumentHelp("The i18next resources, <dir>/<lng>/<ns>.json (default: <tables>/locales).", valueName: "dir"), completion: .directory)
        var locales: String?

        @Option(
            help: ArgumentHelp(
                "Translation files or folders in any format i18n convert reads (a .po, an XLIFF, a folder of them), converted into the app's Apple tables: their keys count as defined, and --unused reports theirs too; repeatable.",
                valueName: "path"), completion: .file())
        var translations: [String] = []

        @Option(
            help: ArgumentHelp("The format of --translations (default: from extensions and the files found).", valueName: TranslationFormatArgument.valueNames))
        var fromFormat: TranslationFormatArgument?

        @OptionGroup var source: SourceLanguageOptions

        @Flag(help: "Also report the development language's keys that no source uses.")
        var unused = false

        @Flag(help: "Add the missing keys to the catalog or the i18next namespace file (default: report only).")
        var write = false

        @OptionGroup var output: FormatOptions

        @Flag(help: "Exit 65 when anything is reported.")
        var strict = false

        /// The name of the extractor program.
        static let extractorName = "envtool-extract"

        /// The arguments for envtool-extract, the options as envtool parsed them, with the
        /// environments document whose development language applies (``SourceLanguageRule``).
        func extractorArguments(document: SourceLanguageRule.Declaration?) -> [String] {
            var arguments: [String] = []
            if let tables { arguments += ["--tables", tables] }
            if let locales { arguments += ["--locales", locales] }
            for path in translations { arguments += ["--translations", path] }
            if let fromFormat { arguments += ["--from-format", fromFormat.format.name] }
            if let option = source.option { arguments += ["--source-language", option] }
            if let document { arguments += ["--document-language", document.language, "--document-origin", document.origin] }
            if unused { arguments.append("--unused") }
            if write { arguments.append("--write") }
            if output.isJSON { arguments += ["--format", "json"] }
            if strict { arguments.append("--strict") }
            // After `--`, so a path that starts with '-' is still a path.
            return arguments + ["--"] + paths
        }

        func run() throws {
            guard let extractor = Self.findExtractor() else {
                Console.error(
                    """
                    envtool: error: i18n extract needs \(Self.extractorName), which is neither beside envtool nor on PATH. \
                    Build it with `swift build --traits Extract --product \(Self.extractorName)` (it is kept out of envtool's own build because swift-syntax takes minutes to compile), \
                    or install both with scripts/install.
                    """)
                throw ExitCode(ExitStatus.helperUnavailable.rawValue)
            }
            var document: SourceLanguageRule.Declaration? = nil
            try reportingFailures { document = try source.rule(near: [tables ?? "environments"]).document }
            let status = try Self.spawn(extractor, arguments: extractorArguments(document: document))
            if status != 0 { throw ExitCode(status) }
        }

        /// envtool-extract beside the running envtool (as scripts/install and `swift build` place
        /// it), else the first executable one on PATH.
        static func findExtractor() -> String? {
            var candidates: [String] = []
            if let executable = executablePath() {
                candidates.append(PathText.appending(PathText.deletingLastComponent(executable), extractorName))
            }
            let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
            candidates += searchPath.split(separator: ":").map { "\($0)/\(extractorName)" }
            return candidates.first { access($0, X_OK) == 0 && !isDirectory($0) }
        }

        private static func isDirectory(_ path: String) -> Bool {
            pathKind(path) == .directory
        }

        /// Runs `path` with `arguments`, sharing envtool's standard input, output and error, and
        /// returns its exit status. A death by signal is passed on as the same signal, as a shell
        /// would see it had it run envtool-extract itself.
        static func spawn(_ path: String, arguments: [String]) throws -> Int32 {
            let process: SpawnedProcess
            do {
                process = try SpawnedProcess([path] + arguments)
            } catch {
                Console.error("envtool: error: cannot run \(path): \(error.reason)")
                throw ExitCode(ExitStatus.helperUnavailable.rawValue)
            }
            guard let ended = process.wait() else {
                Console.error("envtool: error: lost track of \(path): \(String(cString: strerror(errno)).lowercased())")
                throw ExitCode(ExitStatus.ioError.rawValue)
            }
            guard case .signaled(let signalNumber) = ended else { return ended.shellStatus }
            signal(signalNumber, SIG_DFL)
            var only = sigset_t()
            sigemptyset(&only)
            sigaddset(&only, signalNumber)
            pthread_sigmask(SIG_UNBLOCK, &only, nil)
            raise(signalNumber)
            // Only a signal that does not end a process gets here (the extractor ended some other way).
            return 128 + signalNumber
        }
    }
}
