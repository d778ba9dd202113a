import ArgumentParser
import EnvironmentKit
import I18Next

struct I18n: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "i18n",
        abstract: "Check i18next resources.",
        subcommands: [Lint.self, Extract.self])

    struct Lint: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Report missing keys, missing plural forms and differing variables as file:line:col: warning|error: message.",
            discussion: """
                Plural forms are checked against each language's CLDR rules (Spanish needs "many", Russian
                "few" and "many"). Variables are compared with the reference language (--reference, else
                the language with the most keys). Malformed files are errors (exit 65); warnings alone exit 0.
                """)

        @Argument(help: "The resources directory, <dir>/<lng>/<ns>.json (default: environments/locales).")
        var directory: String = "environments/locales"

        @Option(help: ArgumentHelp("The language the others are compared with.", valueName: "code"))
        var reference: String?

        func run() throws {
            let diagnostics = ResourceLinter(directory: directory, reference: reference).run()
            for diagnostic in diagnostics { Console.error(diagnostic.description) }
            if diagnostics.contains(where: { $0.severity == .error }) {
                throw ExitCode(ExitStatus.invalidInput.rawValue)
            }
        }
    }
}
