import ArgumentParser
import EnvironmentKit

struct Localize: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the localized string for a key, with printf-style arguments applied.",
        discussion: "Lookup: the language, its language without region, the development language, Base. A key found nowhere exits 68.")

    @Argument(help: "The key in the .strings table.")
    var key: String

    @Argument(help: "Arguments for %@, %d, %1$@… in the string.")
    var arguments: [String] = []

    @Option(name: .shortAndLong, help: ArgumentHelp("The language (default: the current app language).", valueName: "code"))
    var language: String?

    @Option(name: .shortAndLong, help: ArgumentHelp("The table name.", valueName: "name"))
    var table: String = "Localizable"

    @OptionGroup var options: EnvironmentOptions

    func run() throws {
        try reportingFailures {
            let environment = try options.loadEnvironment()
            if let language, environment.document.supportedLanguage(language) == nil {
                throw EnvironmentError(.unsupportedLanguage, file: options.path,
                                       message: "\"\(language)\" is not a supported language; choose one of \(environment.availableLanguages().joined(separator: ", "))")
            }
            let code = language ?? environment.getAppLanguage()
            for diagnostic in environment.localization.diagnostics() where diagnostic.severity == .error {
                Console.error(diagnostic.description)
            }
            let missing = "\u{0}missing"
            let template = environment.localizedString(key, table: table, language: code, defaultValue: missing)
            guard template != missing else {
                throw EnvironmentError(.unknownVariable, file: options.stringsDirectory,
                                       message: "no table \"\(table)\" has the key \"\(key)\" for \(code) or its fallbacks; add it to \(code).lproj/\(table).strings")
            }
            try Console.output(environment.localizedString(key, table: table, language: code, arguments: arguments))
        }
    }
}
