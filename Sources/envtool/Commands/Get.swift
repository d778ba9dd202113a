import ArgumentParser
import EnvironmentKit

struct Get: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get",
        abstract: "Print one variable of the current configuration.",
        discussion: "Strings are printed raw; other values as JSON. Nested values by dotted path: api.timeout.")

    @Argument(help: "The variable, or a dotted path into a nested object.")
    var key: String

    @OptionGroup var options: EnvironmentOptions

    func run() throws {
        try Self.run(key: key, selection: options.selection)
    }

    /// The command on plain values (``DirectCommands`` runs it without making the command).
    static func run(key: String, selection: EnvironmentSelection) throws {
        try reportingFailures {
            try printValue(key, of: selection.loadConfiguration())
        }
    }

    /// Prints the variable `key` of the current configuration: a string raw, other values as JSON.
    static func printValue(_ key: String, of configuration: Configuration) throws {
        switch try configuration.value(key) {
        case .string(let string): try Console.output(string)
        case let value: try Console.output(value.jsonText(pretty: false))
        }
    }
}
