import Platform
import EnvironmentKit

/// Renders variables as a `.env` file that a POSIX shell reads back exactly:
/// `set -a; . ./.env; set +a` (bash, dash, zsh) exports every string as it is in the document.
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
    /// The `.env` text of `configuration`'s variables, one `NAME='value'` per line.
    ///
    /// - Throws: ``EnvironmentError`` of kind ``EnvironmentError/Kind/malformedDocument`` (exit
    ///   65) for an invalid or shared name, or a NUL character, with the JSON paths involved.
    static func render(_ configuration: Configuration) throws(EnvironmentError) -> String {
        var renderer = Renderer(configuration: configuration)
        try renderer.add(configuration.variables, name: "", path: [])
        return renderer.lines.joined(separator: "\n")
    }

    private struct Renderer {
        let configuration: Configuration
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
                lines.append(name + "=" + quote(try text(of: value, at: JSONPath(memberPath))))
            }
        }

        private mutating func claim(_ name: String, for path: JSONPath) throws(EnvironmentError) {
            guard isShellName(name) else {
                throw configuration.error(.malformedDocument, at: path, message:
                    "the variable \(full(path)) becomes the dotenv name \"\(name)\", which is not a shell variable name (letters, digits and '_', not starting with a digit); rename the key")
            }
            if let owner = owners[name] {
                throw configuration.error(.malformedDocument, at: path, message:
                    "the variables \(full(owner)) and \(full(path)) both become the dotenv name \(name); rename one of the keys")
            }
            owners[name] = path
        }

        private func text(of value: JSONValue, at path: JSONPath) throws(EnvironmentError) -> String {
            switch value {
            case .string(let string):
                if string.utf8.contains(0) {
                    throw configuration.error(.malformedDocument, at: path, message:
                        "the variable \(full(path)) holds a NUL character (\\u0000), which no environment variable can hold; remove it or print --format json")
                }
                return string
            case .null: return ""
            default: return value.jsonText()
            }
        }

        private func full(_ path: JSONPath) -> String {
            JSONPath(configuration.documentPath.components + path.components).description
        }
    }

    private static func variableName(_ key: String) -> String {
        String(key.uppercased().unicodeScalars.map { scalar -> Character in
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

    /// Single quotes, in which a POSIX shell takes everything literally; a `'` closes the quotes,
    /// adds an escaped quote and opens them again.
    private static func quote(_ string: String) -> String {
        // Byte for byte: a `'` followed by a combining mark is one Character to Swift but still
        // a quote to the shell, and left unescaped it would end the quotes.
        "'" + string.replacingBytes("'", with: #"'\''"#) + "'"
    }
}
