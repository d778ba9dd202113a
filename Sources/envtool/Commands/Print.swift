import ArgumentParser
import EnvironmentKit

extension DotenvFormat.Flavor: ExpressibleByArgument {}

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
            that make the same name, or a NUL character is an error (exit 65) naming the JSON paths. \
            --flavor writes for another reader, each read back exactly by it: docker writes NAME=value \
            lines as `docker run --env-file` takes them (no quotes: a value with a line break is an \
            error), python-dotenv double-quotes with escapes that python-dotenv reads without \
            interpolating `${…}`.
            """)

    @Option(help: "The output format (default: json; dotenv with --flavor).")
    var format: Format?

    @Option(
        help: ArgumentHelp(
            "The dotenv reader to write for: sh (`set -a; . file`), docker (`docker run --env-file`: no quotes, one line per variable) or python-dotenv; implies --format dotenv.",
            valueName: "reader"))
    var flavor: DotenvFormat.Flavor?

    @OptionGroup var options: EnvironmentOptions

    func validate() throws {
        if flavor != nil && format == .json {
            throw ValidationError("--flavor is for --format dotenv")
        }
    }

    func run() throws {
        try reportingFailures {
            let configuration = try options.selection.loadConfiguration()
            switch format ?? (flavor == nil ? .json : .dotenv) {
            case .json: try Console.output(JSONValue.object(configuration.variables).jsonText(pretty: true))
            case .dotenv: try Console.output(DotenvFormat.render(configuration, flavor: flavor ?? .sh))
            }
        }
    }
}
