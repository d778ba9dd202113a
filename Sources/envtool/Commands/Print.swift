import ArgumentParser
import EnvironmentKit

struct Print: ParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json, dotenv
    }

    static let configuration = CommandConfiguration(
        abstract: "Print all variables of the current configuration as JSON or dotenv.",
        discussion: "dotenv flattens nested objects into upper-case names joined by '_' (api.timeout → API_TIMEOUT).")

    @Option(help: "The output format.")
    var format: Format = .json

    @OptionGroup var options: EnvironmentOptions

    func run() throws {
        try reportingFailures {
            let environment = try options.loadEnvironment()
            switch format {
            case .json: try Console.output(JSONValue.object(environment.current.variables).jsonText(pretty: true))
            case .dotenv: try Console.output(DotenvFormat.render(environment.current.variables))
            }
        }
    }
}
