import ArgumentParser
import EnvironmentKit

struct Languages: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "languages",
        abstract: "List the supported languages, development language first; the current one is marked with '*'.",
        discussion: """
            With --format json: {"current": "es", "development": "en", "languages": ["en", "es", "ca"]}, the languages in file order.
            """)

    @OptionGroup var output: FormatOptions
    @OptionGroup var options: EnvironmentOptions

    func run() throws {
        try reportingFailures {
            let environment = try options.selection.loadEnvironment()
            let current = environment.getAppLanguage()
            let languages = environment.availableLanguages()
            if output.isJSON {
                var object = JSONObject()
                object["current"] = .string(current)
                object["development"] = languages.first.map(JSONValue.string) ?? .null
                object["languages"] = .array(languages.map(JSONValue.string))
                try Console.output(json: .object(object))
                return
            }
            for language in languages {
                try Console.output(language == current ? "* \(language)" : "  \(language)")
            }
        }
    }
}
