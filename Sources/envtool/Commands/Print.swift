import ArgumentParser
import EnvironmentKit

struct Print: ParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json, dotenv
    }

    static let configuration = CommandConfiguration(
        commandName: "print",
        abstract: "Print all variables of the current configuration as JSON or dotenv.",
        discussion: """
            json keeps the document's order, keys and numbers as written. dotenv flattens nested objects into \
            upper-case names joined by '_' (api.timeout → API_TIMEOUT) and single-quotes every value, so that \
            `set -a; . ./.env; set +a` gives back the exact strings; a key that makes no shell name, two keys \
            that make the same name, or a NUL character is an error (exit 65) naming the JSON paths.
            """)

    @Option(help: "The output format.")
    var format: Format = .json

    @OptionGroup var options: EnvironmentOptions

    func run() throws {
        try reportingFailures {
            let configuration = try options.selection.loadConfiguration()
            switch format {
            case .json: try Console.output(JSONValue.object(configuration.variables).jsonText(pretty: true))
            case .dotenv: try Console.output(DotenvFormat.render(configuration))
            }
        }
    }
}
