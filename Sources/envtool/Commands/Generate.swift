import ArgumentParser
import EnvironmentKit
import Platform
import SwiftAccessorGenerator

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generate code from the environments document and its translations.",
        subcommands: [Swift.self])

    struct Swift: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "swift",
            abstract: "Generate typed Swift accessors: a type with one property per variable, and L10n functions per translation key.",
            discussion: """
                Variables: each property's type is inferred across every configuration (URL, Int, Double, Bool, String, arrays of them, nested types for objects); a variable with different types is generated as JSONValue with a warning, one missing from some configuration as an optional. Translations: the development language's (the first of languages) i18next resources in locales/<lng>/*.json and .strings tables in <lng>.lproj, next to the document; placeholders and plural forms become parameters.

                Diagnostics go to stderr as file:line:col: error|warning: message. Exits 65 when there is an error (two keys with the same Swift name, an unreadable translation file); then nothing is written. The output file is written atomically and only when its content changes, so builds that depend on it are not redone for nothing.
                """)

        @Option(
            name: [.short, .long],
            help: ArgumentHelp(
                "The environments document (JSON; default: $ENVTOOL_ENVIRONMENTS, else environments.json or environments/environments.json, here or above within the git repository).",
                valueName: "path"), completion: .file(extensions: ["json"]))
        var environments: String?

        /// The document, found as every other command finds it.
        var path: String {
            EnvironmentSelection.path(environments)
        }

        @Option(name: [.short, .long], help: ArgumentHelp("The Swift file to write; default: standard output.", valueName: "file"), completion: .file())
        var output: String?

        @Option(name: .customLong("environment-type"), help: "The name of the variables type.")
        var environmentType = "EnvironmentVariables"

        @Option(name: .customLong("l10n-type"), help: "The name of the translations namespace.")
        var l10nType = "L10n"

        @Option(
            help: ArgumentHelp("The access level of the generated declarations: internal, public or package.", valueName: "level"),
            completion: .list(["internal", "public", "package"]))
        var access: String = "internal"

        @Flag(name: .customLong("no-translations"), help: "Generate the variables type only.")
        var noTranslations = false

        func validate() throws {
            guard AccessLevel(rawValue: access) != nil else {
                throw ValidationError("--access must be internal, public or package, not '\(access)'")
            }
            for (option, name) in [("--environment-type", environmentType), ("--l10n-type", l10nType)]
            where SwiftAccessorGenerator.SwiftTypeName.isValid(name) == false {
                throw ValidationError("\(option) '\(name)' is not a Swift type name (letters, digits and _, not starting with a digit, not a keyword)")
            }
            if environmentType == l10nType {
                throw ValidationError("--environment-type and --l10n-type must differ")
            }
        }

        func run() throws {
            try reportingFailures {
                var generator = AccessorGenerator(environmentsPath: path)
                generator.environmentTypeName = environmentType
                generator.l10nTypeName = l10nType
                generator.access = AccessLevel(rawValue: access) ?? .internal
                generator.includesTranslations = !noTranslations
                let result = try generator.generate()
                for diagnostic in result.diagnostics { Console.error(diagnostic.description) }
                guard !result.hasErrors else { throw ExitCode(ExitStatus.invalidInput.rawValue) }
                guard let output, output != "-" else {
                    try Console.output(Data(result.source.utf8))
                    return
                }
                let bytes = Array(result.source.utf8)
                // Unchanged content keeps the file's modification time: the build that compiles
                // it is not redone.
                if let existing = RegularFile.contents(atPath: output), existing.elementsEqual(bytes) { return }
                try AtomicFile.write(bytes, to: output)
            }
        }
    }
}
