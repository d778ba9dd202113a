import AppleLocalization
import ArgumentParser
import EnvironmentKit
import I18Next

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
        commandName: "localize",
        abstract:
            "Print the localized string for a key from the .xcstrings, .stringsdict and .strings tables, with plural forms and printf-style arguments applied.",
        discussion: """
            Lookup: for the language, its language without region, the development language and Base in turn, the table's String Catalog (<Table>.xcstrings), then <lang>.lproj/<Table>.stringsdict, then <lang>.lproj/<Table>.strings; when no language has the key, a catalog's source text. Arguments are text; those that read as numbers choose plural forms (localize items_in_cart 5 --language ru) and fill %d, %lld, %.2f; others fill %@. With --source i18next (repeatable, in order: --source i18next --source strings) the i18next resources in locales/ are asked too, with i18next's own fallbacks. A key found nowhere exits 68.

            With --strict (for CI) a string that only a fallback has also exits 68 and prints nothing on stdout: the first source that has the key must have it in the language itself or in its language without region (es-MX may answer from es), not in the development language, Base or an i18next fallback language.
            """)

    @Argument(help: "The key in the .strings table.")
    var key: String

    @Argument(help: "Arguments for %@, %d, %lld, %1$@… in the string; numbers choose plural forms.")
    var arguments: [String] = []

    @Option(
        name: .shortAndLong, help: ArgumentHelp("The language (default: the current app language).", valueName: "code"),
        completion: DocumentCompletions.languages)
    var language: String?

    @Option(name: .shortAndLong, help: ArgumentHelp("The table name.", valueName: "name"))
    var table: String = "Localizable"

    @Option(help: ArgumentHelp("Where to look, in order; repeat to ask several.", valueName: "strings|i18next"))
    var source: [Source] = []

    @Option(help: ArgumentHelp("The device variation of String Catalog entries.", valueName: "iphone|ipad|mac|applewatch|appletv|applevision|other"))
    var device: String = "other"

    @Flag(help: "Fail (exit 68) when the string comes from a fallback language rather than the language itself.")
    var strict = false

    @OptionGroup var options: EnvironmentOptions

    /// The sources asked, in the order given; the `.strings` tables alone by default.
    private var sources: [TranslationSource] {
        var sources: [TranslationSource] = []
        for name in source where !sources.contains(name.translationSource) { sources.append(name.translationSource) }
        return sources.isEmpty ? [.stringsTables] : sources
    }

    func run() throws {
        try reportingFailures {
            let environment = try options.selection.loadEnvironment()
            var explicit: String? = nil
            if let language {
                guard let supported = environment.document.supportedLanguage(language) else {
                    throw EnvironmentError(
                        .unsupportedLanguage, file: options.selection.displayPath,
                        message: "\"\(language)\" is not a supported language; choose one of \(environment.availableLanguages().joined(separator: ", "))")
                }
                explicit = supported.identifier
            }
            // An explicit language leaves the app language (and its preferences file) alone.
            let code = explicit ?? environment.getAppLanguage()
            if sources.contains(.stringsTables) {
                for diagnostic in environment.appleTables.errors(forKey: key, table: table) {
                    Console.error(diagnostic.description)
                }
            }
            let text = environment.lookupLocalizedString(key, table: table, language: code, sources: sources, arguments: arguments, device: device)
            for warning in environment.i18nextWarnings { Console.error(warning.formatted(severity: "warning")) }
            guard let text else {
                throw EnvironmentError(.unknownVariable, file: options.selection.stringsDirectory, message: notFound(code))
            }
            if strict, let fallback = fallbackProblem(environment, code: code) {
                throw EnvironmentError(.unknownVariable, file: options.selection.stringsDirectory, message: fallback)
            }
            try Console.output(text)
        }
    }

    /// Why the string found for `code` is a fallback, or `nil` when the source that answers has it
    /// in `code` itself (or its language without region). Each source is asked on its own, so the
    /// check is about the source that actually answered.
    private func fallbackProblem(_ environment: AppEnvironment, code: String) -> String? {
        guard let tag = LanguageTag(code) else { return nil }
        for source in sources {
            guard environment.lookupLocalizedString(key, table: table, language: code, sources: [source]) != nil else { continue }
            switch source {
            case .stringsTables:
                let sameLanguage = [AppleTableDirectory.languageKey(code), tag.language]
                // A catalog answers with its source text when no language has the key: that is a fallback too.
                if let match = environment.appleTables.string(forKey: key, table: table, languageChain: sameLanguage, device: device),
                    sameLanguage.contains(AppleTableDirectory.languageKey(match.language))
                {
                    return nil
                }
                return
                    "--strict: \"\(key)\" is not translated to \(code); the string comes from the development language or Base; add it to \(code).lproj/\(table).strings or to \(table).xcstrings"
            case .i18next:
                let options: TranslationOptions = ["lng": .string(code), "fallbackLng": .bool(false)]
                if environment.i18next?.exists(key, options) == true { return nil }
                return
                    "--strict: \"\(key)\" is not translated to \(code); the string comes from an i18next fallback language; add it to locales/\(code)/translation.json"
            }
        }
        return nil
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
