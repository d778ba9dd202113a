import ArgumentParser
import Diagnostics
import EnvironmentKit
import I18Next
import StringsFile

/// How a command prints its result: text for people (the default), or one JSON document on
/// stdout for scripts and CI. The JSON shapes are documented in docs/cli-json.md and in each
/// command's help; field names are stable, whitespace is not part of the contract.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

/// The `--format` option, shared by every command that can print JSON.
struct FormatOptions: ParsableArguments {
    @Option(help: "The output format: text, or one JSON document on stdout (see docs/cli-json.md).")
    var format: OutputFormat = .text

    var isJSON: Bool { format == .json }
}

/// A problem as one JSON object, the same shape for every command that reports findings:
/// `{"severity", "file", "line", "column", "path", "message"}`, with `null` for what is not known.
/// Built from whichever diagnostic type the library returns, so the JSON does not depend on it.
enum Finding {
    static func json(severity: String, file: String?, line: Int?, column: Int?, path: String?, message: String) -> JSONValue {
        var object = JSONObject()
        object["severity"] = .string(severity)
        object["file"] = file.map(JSONValue.string) ?? .null
        object["line"] = line.map(JSONValue.integer) ?? .null
        object["column"] = column.map(JSONValue.integer) ?? .null
        object["path"] = path.map(JSONValue.string) ?? .null
        object["message"] = .string(message)
        return .object(object)
    }

    static func json(_ diagnostic: Diagnostic) -> JSONValue {
        json(
            severity: diagnostic.severity.rawValue, file: diagnostic.file, line: diagnostic.line,
            column: diagnostic.column, path: diagnostic.path, message: diagnostic.message)
    }

    /// An ``EnvironmentError`` as a finding; `severity` is `warning` for problems that stop nothing.
    static func json(_ error: EnvironmentError, severity: String = "error") -> JSONValue {
        json(
            severity: severity, file: error.file, line: error.line, column: error.column,
            path: error.jsonPath, message: error.message)
    }
}

extension Console {
    /// Prints `value` as the command's one JSON document.
    static func output(json value: JSONValue) throws {
        try output(value.jsonText(pretty: true))
    }
}
