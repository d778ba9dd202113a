import ArgumentParser
import EnvironmentKit

struct SetLanguage: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set-language",
        abstract: "Save the app language; it wins over the system at the next start of the app.",
        discussion: "Saved in $XDG_CONFIG_HOME/envtool/<app-id>/preferences.json (default ~/.config). Prints the language.")

    @Argument(help: "A language code from the document's languages, such as es.", completion: DocumentCompletions.languages)
    var code: String

    @OptionGroup var options: EnvironmentOptions

    func run() throws {
        try Self.run(code: code, selection: options.selection)
    }

    /// The command on plain values (``DirectCommands`` runs it without making the command).
    static func run(code: String, selection: EnvironmentSelection) throws {
        try reportingFailures {
            let environment = try selection.loadEnvironment()
            switch try environment.setAppLanguage(code) {
            case .notSupported:
                throw EnvironmentError(
                    .unsupportedLanguage, file: selection.displayPath,
                    message: "\"\(code)\" is not a supported language; choose one of \(environment.availableLanguages().joined(separator: ", "))")
            case .updated, .sameAsBefore:
                try Console.output(environment.getAppLanguage())
            }
        }
    }
}
