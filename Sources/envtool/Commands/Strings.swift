import AppleLocalization
import ArgumentParser
import Diagnostics
import EnvironmentKit
import Platform
import StringsFile
import TranslationFormats

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct Strings: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "strings",
        abstract: "Parse and check Apple .strings, .stringsdict and .xcstrings files.",
        subcommands: [Dump.self, Lint.self])

    struct Dump: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "dump",
            abstract: "Print the parsed table as a JSON object (keys in file order) on stdout.")

        @Argument(help: "A .strings file (UTF-8, or UTF-16 with a BOM); '-' for standard input.", completion: .file())
        var file: String

        func run() throws {
            try reportingFailures {
                let parsed = try Strings.parse(file)
                for warning in parsed.warnings { Console.error(warning.description) }
                var object = JSONObject()
                for key in parsed.keys { if let value = parsed[key] { object[key] = .string(value) } }
                try Console.output(JSONValue.object(object).jsonText(pretty: true))
            }
        }
    }

    struct Lint: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "lint",
            abstract:
                "Check .strings, .stringsdict and .xcstrings files, or a directory of them; print diagnostics on stdout as file:line:col: error|warning: message.",
            discussion: """
                The diagnostics are the result, so they go to stdout; a file that cannot be read is reported on stderr. Exits 66 when a file cannot be read, else 65 when any file has an error (or, with --strict, a warning); warnings alone exit 0. '-' reads a .strings file from standard input.

                A file is parsed by its extension. A table file (in a <lang>.lproj, a flat <LANG>.strings, a catalog) gets the findings its directory's lint gives it, so FILE and DIR agree on it. A directory (an app's resources: <lang>.lproj/<Table>.strings and .stringsdict, <Table>.xcstrings anywhere below) is linted as a whole: plural categories against CLDR, arguments that differ from the source language, catalog states, keys missing in a language, and keys defined differently by two formats. Its source language (the development language) follows the one rule of every command:

                \(SourceLanguageOptions.ruleSummary)

                With --format json: {"files": [the files], "errors": n, "warnings": n, "findings": [{"severity": "error" | "warning", "file", "line", "column", "path": null, "message"}]}; an unreadable file is a finding too.
                """)

        @Argument(help: "The .strings, .stringsdict or .xcstrings files, or directories ('-': a .strings file on standard input).", completion: .file())
        var files: [String]

        @Flag(help: "Fail (exit 65) on warnings too, for CI.")
        var strict = false

        @OptionGroup var source: SourceLanguageOptions

        @OptionGroup var output: FormatOptions

        func validate() throws {
            if files.isEmpty { throw ValidationError("name at least one .strings file") }
            if files.filter({ $0 == EnvironmentSelection.standardInput }).count > 1 {
                throw ValidationError("'-' (standard input) can be read only once")
            }
        }

        func run() throws {
            var findings: [JSONValue] = []
            var tally = DiagnosticTally()
            func report(_ diagnostic: Diagnostic) throws {
                tally.add(diagnostic)
                if output.isJSON {
                    findings.append(Finding.json(diagnostic))
                } else {
                    try Console.output(diagnostic.description)
                }
            }
            for file in files {
                do {
                    if file != EnvironmentSelection.standardInput, pathKind(file) == .directory {
                        try lintTables(in: file).forEach(report)
                        continue
                    }
                    // A table file is checked as the directory it belongs to checks it, so that
                    // `strings lint FILE` and `strings lint DIR` agree on the file.
                    if file != EnvironmentSelection.standardInput, pathKind(file) == .file,
                        let findings = try lintTables(in: Strings.tableDirectory(of: file), only: file)
                    {
                        try findings.forEach(report)
                        continue
                    }
                    if file.hasSuffix(".stringsdict") || file.hasSuffix(".xcstrings") {
                        let data = try InputFile.read(file)
                        do {
                            let warnings =
                                file.hasSuffix(".xcstrings")
                                ? try StringCatalog(data: data, path: file).warnings
                                : try StringsDictFile(data: data, path: file).warnings
                            try warnings.forEach(report)
                        } catch let error as AppleLocalizationError {
                            try report(error.diagnostic)
                        }
                        continue
                    }
                    let parsed = try Strings.parse(file)
                    try parsed.warnings.forEach(report)
                } catch let error as StringsFileError {
                    try error.warnings.forEach(report)
                    try report(error.diagnostic)
                } catch let error as EnvironmentError {
                    tally.add(error)
                    if output.isJSON { findings.append(Finding.json(error)) } else { Console.error(error.description) }
                }
            }
            if output.isJSON {
                var object = JSONObject()
                object["files"] = .array(files.map(JSONValue.string))
                object["errors"] = .integer(tally.errors)
                object["warnings"] = .integer(tally.warnings)
                object["findings"] = .array(findings)
                try Console.output(json: .object(object))
            }
            try tally.exitUnlessClean(strict: strict)
        }

        /// The findings of the Apple tables in `directory` (``AppleStringsLinter``), in the
        /// development language the one rule tells (exit 64 when it cannot); with `only`, those
        /// about that file, or `nil` when the directory's tables do not include it or the rule
        /// cannot tell their language (the file is then checked on its own).
        private func lintTables(in directory: String, only file: String? = nil) throws -> [Diagnostic]? {
            let lookup = AppleStringsLookup(directory: directory)
            if let file, !lookup.allFiles.contains(where: { Strings.samePath($0, file) }) { return nil }
            let rule = try source.rule(near: [directory])
            let resolved: (language: String, warning: Diagnostic?)
            do throws(TranslationError) {
                resolved = try rule.resolve(appleTables: lookup)
            } catch {
                // A file among others the rule cannot order is still checked on its own.
                if file != nil { return nil }
                Console.error(error.description)
                throw ExitCode(ExitStatus.usage.rawValue)
            }
            let findings = AppleStringsLinter(
                lookup: lookup, developmentLanguage: resolved.language,
                languages: Strings.languages(in: directory)
            ).lint()
            guard let file else { return (resolved.warning.map { [$0] } ?? []) + findings }
            return findings.filter { $0.file.map { Strings.samePath($0, file) } ?? false }
        }

        private func lintTables(in directory: String) throws -> [Diagnostic] {
            try lintTables(in: directory, only: nil) ?? []
        }
    }

    /// The directory whose tables a file belongs to: above its `.lproj`, else its own folder
    /// (a flat `EN.strings`, a catalog).
    static func tableDirectory(of file: String) -> String {
        let folder = PathText.deletingLastComponent(file)
        let directory = PathText.lastComponent(folder).lowercased().hasSuffix(".lproj") ? PathText.deletingLastComponent(folder) : folder
        return directory.isEmpty ? "." : directory
    }

    /// Whether two paths name one file as written (`./a` is `a`).
    static func samePath(_ lhs: String, _ rhs: String) -> Bool {
        func plain(_ path: String) -> Substring {
            var path = Substring(path)
            while path.hasPrefix("./") { path = path.dropFirst(2) }
            return path
        }
        return plain(lhs) == plain(rhs)
    }

    /// The languages of the `environments.json` in `directory`, or `nil` when there is none that
    /// parses (the linter then checks the languages that have files).
    static func languages(in directory: String) -> [String]? {
        guard let document = try? EnvironmentsDocument(contentsOf: directory + "/environments.json") else { return nil }
        return document.languages.map(\.identifier)
    }

    /// Reads with the shared reader, so an unreadable file is an ``EnvironmentError`` (exit 66)
    /// and a parse error a ``StringsFileError`` (exit 65): the error's type says which, not its
    /// message. `-` is standard input, named `<stdin>` in diagnostics.
    static func parse(_ file: String) throws -> StringsFile {
        if file == EnvironmentSelection.standardInput {
            return try StringsFile(data: EnvironmentSelection.standardInputBytes(), path: "<stdin>")
        }
        return try StringsFile(data: InputFile.read(file), path: file)
    }
}
