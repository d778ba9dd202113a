import ArgumentParser
import EnvironmentKit

struct Languages: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the supported languages, development language first; the current one is marked with '*'.")

    @OptionGroup var options: EnvironmentOptions

    func run() throws {
        try reportingFailures {
            let environment = try options.loadEnvironment()
            let current = environment.getAppLanguage()
            for language in environment.availableLanguages() {
                try Console.output(language == current ? "* \(language)" : "  \(language)")
            }
        }
    }
}
