import ArgumentParser
import EnvironmentKit
import StringsFile

struct Strings: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Parse and check Apple .strings files.",
        subcommands: [Dump.self, Lint.self])

    struct Dump: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the parsed table as a JSON object (keys in file order) on stdout.")

        @Argument(help: "A .strings file (UTF-8, or UTF-16 with a BOM).")
        var file: String

        func run() throws {
            try reportingFailures {
                let parsed = try StringsFile(contentsOf: file)
                for warning in parsed.warnings { Console.error(warning.description) }
                var object = JSONObject()
                for key in parsed.keys { if let value = parsed[key] { object[key] = .string(value) } }
                try Console.output(JSONValue.object(object).jsonText(pretty: true))
            }
        }
    }

    struct Lint: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print diagnostics for .strings files as file:line:col: error|warning: message.",
            discussion: "Exits 65 when any file has an error, 66 when one cannot be read; warnings alone exit 0.")

        @Argument(help: "The .strings files.")
        var files: [String]

        func validate() throws {
            if files.isEmpty { throw ValidationError("name at least one .strings file") }
        }

        func run() throws {
            var status = ExitStatus.success
            for file in files {
                do {
                    let parsed = try StringsFile(contentsOf: file)
                    for warning in parsed.warnings { Console.error(warning.description) }
                } catch {
                    for warning in error.warnings { Console.error(warning.description) }
                    Console.error(error.description)
                    let unreadable = error.diagnostic.message.hasPrefix("cannot read file")
                    if status == .success || (status == .unreadableInput && !unreadable) {
                        status = unreadable ? .unreadableInput : .invalidInput
                    }
                }
            }
            if status != .success { throw ExitCode(status.rawValue) }
        }
    }
}
