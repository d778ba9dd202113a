import ArgumentParser
import EnvironmentKit

struct ResetLanguage: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset-language",
        abstract: "Forget the saved language and follow the system again; prints the language now in use.")

    @OptionGroup var options: EnvironmentOptions

    func run() throws {
        try reportingFailures {
            let environment = try options.selection.loadEnvironment()
            try Console.output(environment.resetLanguage())
        }
    }
}
