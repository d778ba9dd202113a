import ArgumentParser
import EnvironmentKit

struct Localize: ParsableCommand {
    /// Where to look, as named on the command line.
    enum Source: String, ExpressibleByArgument, CaseIterable {
        case strings, i18next

        var translationSource: TranslationSource {
            switch self {
            case .strings: return .stringsTables
            case .i18next: return .i18next
            }
        }
    }

    static let configuration = CommandConfiguration(
        abstract: "Print the localized string for a key from the .strings tables, with printf-style arguments applied.",
        discussion: """
            Lookup: the language, its language without region, the development language, Base. \
            With --source i18next (repeatable, in order: --source i18next --source strings) the \
            i18next resources in locales/ are asked too. A key found nowhere exits 68.
            """)

    @Argument(help: "The key in the .strings table.")
    var key: String

    @Argument(help: "Arguments for %@, %d, %1$@… in the string.")
    var arguments: [String] = []

    @Option(name: .shortAndLong, help: ArgumentHelp("The language (default: the current app language).", valueName: "code"))
    var language: String?

    @Option(name: .shortAndLong, help: ArgumentHelp("The table name.", valueName: "name"))
    var table: String = "Localizable"

    @Option(help: ArgumentHelp("Where to look, in order; repeat to ask several.", valueName: "strings|i18next"))
    var source: [Source] = []

    @OptionGroup var options: EnvironmentOptions

    /// The sources asked, in the order given; the `.strings` tables alone by default.
    private var sources: [TranslationSource] {
        var sources: [TranslationSource] = []
        for name in source where !sources.contains(name.translationSource) { sources.append(name.translationSource) }
        return sources.isEmpty ? [.stringsTables] : sources
    }

    func run() throws {
        try reportingFailures {
            let environment = try options.loadEnvironment()
            var explicit: String? = nil
            if let language {
                guard let supported = environment.document.supportedLanguage(language) else {
                    throw EnvironmentError(.unsupportedLanguage, file: options.path,
                                           message: "\"\(language)\" is not a supported language; choose one of \(environment.availableLanguages().joined(separator: ", "))")
                }
                explicit = supported.identifier
            }
            // An explicit language leaves the app language (and its preferences file) alone.
            let code = explicit ?? environment.getAppLanguage()
            if sources.contains(.stringsTables) {
                for diagnostic in environment.localization.diagnostics() where diagnostic.severity == .error {
                    Console.error(diagnostic.description)
                }
            }
            let text = environment.lookupLocalizedString(key, table: table, language: code, sources: sources, arguments: arguments)
            for warning in environment.i18nextWarnings { Console.error(warning.formatted(severity: "warning")) }
            guard let text else {
                throw EnvironmentError(.unknownVariable, file: options.stringsDirectory, message: notFound(code))
            }
            try Console.output(text)
        }
    }

    private func notFound(_ code: String) -> String {
        var places: [String] = []
        for source in sources {
            switch source {
            case .stringsTables: places.append("no table \"\(table)\" has the key \"\(key)\"")
            case .i18next: places.append("the i18next resources have no \"\(key)\"")
            }
        }
        let fix = sources == [.i18next] ? "add it to locales/\(code)/translation.json" : "add it to \(code).lproj/\(table).strings"
        return places.joined(separator: " and ") + " for \(code) or its fallbacks; \(fix)"
    }
}
