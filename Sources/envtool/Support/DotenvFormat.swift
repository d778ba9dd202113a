import EnvironmentKit
import Platform

/// Renders variables as a `.env` file that its reader reads back exactly. Each reader has its own
/// rules, so each has its own flavour (``Flavor``); `sh` is the default:
///
/// - `sh`: `set -a; . ./.env; set +a` (bash, dash, zsh) exports every string as it is in the
///   document. Debian's dotenv-rust reads it too, unless a value spans lines (it refuses those).
/// - `docker`: `docker run --env-file` (docker/cli `opts/file.go`), which takes each line as
///   `NAME=value` with no quotes or escapes: values are written as they are, and one that holds a
///   line break (or ends in CR, which its line reader drops), or makes a line over 64 KiB, is an error.
/// - `python-dotenv`: `dotenv_values`/`load_dotenv` with their default interpolation. Double
///   quotes with `\\`, `\"`, `\n`, `\r`, `\t`, … escapes (a raw CR would be read as a line
///   break, and `'it'\''s'` is not read at all), and each `${` written `${:-$}{`, the one form
///   python-dotenv does not expand into a variable (it has no escape for `$`).
///
/// Names: nested objects are flattened into upper-case names joined by `_`
/// (`api.timeout` → `API_TIMEOUT`); letters are upper-cased, ASCII letters and digits kept, every
/// other character becomes `_`. A name that is not a shell variable name (`[A-Za-z_][A-Za-z0-9_]*`:
/// an empty key, `1abc`), or that two variables share (`a.b` and `a` → `b`, `a-b` and `a b`), is
/// an error naming the JSON paths, never a file that silently loses a value.
///
/// Values are single-quoted (a `'` is written `'\''`), inside which a shell takes every byte
/// literally, newlines included. Strings are written as they are; `null` as an empty string;
/// other values as their JSON text. A NUL character, which no environment variable can hold,
/// is an error.
enum DotenvFormat {
    /// Whose rules the file follows.
    enum Flavor: String, CaseIterable, Sendable {
        case sh, docker
        case pythonDotenv = "python-dotenv"
    }

    /// The `.env` text of `configuration`'s variables, one `NAME=value` per line (a `sh` value may
    /// span lines inside its quotes).
    ///
    /// - Throws: ``EnvironmentError`` of kind ``EnvironmentError/Kind/malformedDocument`` (exit
    ///   65) for an invalid or shared name, a NUL character, or a value the flavour's reader cannot
    ///   read back, with the JSON paths involved.
    static func render(_ configuration: Configuration, flavor: Flavor = .sh) throws(EnvironmentError) -> String {
        var renderer = Renderer(configuration: configuration, flavor: flavor)
        try renderer.add(configuration.variables, name: "", path: [])
        return renderer.lines.joined(separator: "\n")
    }

    private struct Renderer {
        let configuration: Configuration
        let flavor: Flavor
        var lines: [String] = []
        /// The path of the variable that took each name, to name both when a second one wants it.
        var owners: [String: JSONPath] = [:]

        mutating func add(_ object: JSONObject, name prefix: String, path: [JSONPath.Component]) throws(EnvironmentError) {
            for (key, value) in object.members {
                let name = prefix.isEmpty ? variableName(key) : prefix + "_" + variableName(key)
                let memberPath = path + [.key(key)]
                if case .object(let child) = value {
                    try add(child, name: name, path: memberPath)
                    continue
                }
                try claim(name, for: JSONPath(memberPath))
                let text = try text(of: value, at: JSONPath(memberPath))
                switch flavor {
                case .sh: lines.append(name + "=" + quote(text))
                case .docker: lines.append(try dockerLine(name, text, at: JSONPath(memberPath)))
                case .pythonDotenv: lines.append(name + "=" + DotenvFormat.pythonDotenvQuote(text))
                }
            }
        }

        private mutating func claim(_ name: String, for path: JSONPath) throws(EnvironmentError) {
            guard isShellName(name) else {
                throw configuration.error(
                    .malformedDocument, at: path,
                    message:
                        "the variable \(full(path)) becomes the dotenv name \"\(name)\", which is not a shell variable name (letters, digits and '_', not starting with a digit); rename the key"
                )
            }
            if let owner = owners[name] {
                throw configuration.error(
                    .malformedDocument, at: path,
                    message:
                        "the variables \(full(owner)) and \(full(path)) both become the dotenv name \(name); rename one of the keys")
            }
            owners[name] = path
        }

        private func text(of value: JSONValue, at path: JSONPath) throws(EnvironmentError) -> String {
            switch value {
            case .string(let string):
                if string.utf8.contains(0) {
                    throw configuration.error(
                        .malformedDocument, at: path,
                        message:
                            "the variable \(full(path)) holds a NUL character (\\u0000), which no environment variable can hold; remove it or print --format json"
                    )
                }
                return string
            case .null: return ""
            default: return value.jsonText()
            }
        }

        /// `NAME=value` as docker reads it: the value raw, on one line.
        private func dockerLine(_ name: String, _ text: String, at path: JSONPath) throws(EnvironmentError) -> String {
            let advice =
                "pass it with `docker run -e \(name)` from the environment (`envtool run -- docker run -e \(name) …`), or print --flavor sh for a shell"
            if text.utf8.contains(0x0A) {
                throw configuration.error(
                    .malformedDocument, at: path,
                    message:
                        "the variable \(full(path)) holds a line break, which docker's --env-file cannot hold (one line per variable, no quotes or escapes); \(advice)"
                )
            }
            if text.utf8.last == 0x0D {
                throw configuration.error(
                    .malformedDocument, at: path,
                    message:
                        "the variable \(full(path)) ends in a carriage return (CR), which docker's --env-file drops (it reads lines with Go's line scanner); \(advice)"
                )
            }
            let line = name + "=" + text
            // bufio.Scanner's default token limit: a longer line fails the whole file.
            if line.utf8.count >= 64 * 1024 {
                throw configuration.error(
                    .malformedDocument, at: path,
                    message:
                        "the variable \(full(path)) makes a line of \(line.utf8.count) bytes; docker's --env-file reads lines of at most 64 KiB; \(advice)")
            }
            return line
        }

        private func full(_ path: JSONPath) -> String {
            JSONPath(configuration.documentPath.components + path.components).description
        }
    }

    private static func variableName(_ key: String) -> String {
        String(
            key.uppercased().unicodeScalars.map { scalar -> Character in
                scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) ? Character(scalar) : "_"
            })
    }

    private static func isShellName(_ name: String) -> Bool {
        guard let first = name.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return false }
        return name.utf8.allSatisfy { byte in
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
        }
    }

    /// Double quotes as python-dotenv reads them: `\\`, `"`, and the control characters it has
    /// escapes for (`\a \b \f \n \r \t \v`) escaped, and `${` written `${:-$}{`, which
    /// python-dotenv's interpolation turns into `${` (an empty variable name is never set, so its
    /// default, `$`, is used) and does not scan again.
    static func pythonDotenvQuote(_ string: String) -> String {
        var output: [UInt8] = [UInt8(ascii: "\"")]
        let bytes = Array(string.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\\"): output += Array(#"\\"#.utf8)
            case UInt8(ascii: "\""): output += Array(#"\""#.utf8)
            case 0x07: output += Array(#"\a"#.utf8)
            case 0x08: output += Array(#"\b"#.utf8)
            case 0x0C: output += Array(#"\f"#.utf8)
            case 0x0A: output += Array(#"\n"#.utf8)
            case 0x0D: output += Array(#"\r"#.utf8)
            case 0x0B: output += Array(#"\v"#.utf8)
            case UInt8(ascii: "$") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "{"):
                output += Array("${:-$}".utf8)
            default: output.append(byte)
            }
            index += 1
        }
        output.append(UInt8(ascii: "\""))
        return String(decoding: output, as: UTF8.self)
    }

    /// Single quotes, in which a POSIX shell takes everything literally; a `'` closes the quotes,
    /// adds an escaped quote and opens them again.
    private static func quote(_ string: String) -> String {
        // Byte for byte: a `'` followed by a combining mark is one Character to Swift but still
        // a quote to the shell, and left unescaped it would end the quotes.
        "'" + string.replacingBytes("'", with: #"'\''"#) + "'"
    }
}
