import EnvironmentKit

/// How configuration variables become process environment variables, for `envtool run` (and
/// any other command that exports variables): `api.timeout` → `API_TIMEOUT`.
///
/// The rule: the keys of the path (outermost first) are joined with `_`; ASCII letters are
/// upper-cased, ASCII digits and `_` are kept, and every other character (`.`, `-`, a space,
/// `é`) becomes one `_`. So a nested `{"api": {"timeout": 60}}` and a dotted key
/// `{"api.timeout": 60}` both give `API_TIMEOUT`, which is why ``variables(of:prefix:)`` refuses
/// two paths that meet in one name instead of letting one silently win.
enum EnvironmentVariableName {
    /// The environment variable name of the value at `path` (its object keys, outermost first).
    static func map(_ path: [String], prefix: String = "") -> String {
        var name = prefix
        for (index, key) in path.enumerated() {
            if index > 0 { name += "_" }
            for character in key {
                // Per character, not per scalar: "é" written precomposed or as e + accent is one `_`.
                guard character.isASCII, let ascii = character.asciiValue else { name += "_"; continue }
                switch ascii {
                case UInt8(ascii: "a")...UInt8(ascii: "z"): name.append(Character(character.uppercased()))
                case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
                    name.append(character)
                default: name += "_"
                }
            }
        }
        return name
    }

    /// Why `prefix` cannot start environment variable names, or `nil` when it can: it must be
    /// ASCII letters, digits and `_`, not starting with a digit (what POSIX shells accept).
    static func problem(withPrefix prefix: String) -> String? {
        guard !prefix.isEmpty else { return "the prefix is empty; leave --prefix out for no prefix" }
        if let bad = prefix.first(where: { !($0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_")) }) {
            return "the prefix \"\(prefix)\" contains '\(bad)'; use ASCII letters, digits and '_', such as APP_"
        }
        if let first = prefix.first, first.isNumber {
            return "the prefix \"\(prefix)\" starts with a digit; environment variable names cannot, so start it with a letter or '_'"
        }
        return nil
    }

    /// One configuration value as an environment variable.
    struct Variable: Equatable {
        /// The environment variable name, prefix included.
        let name: String
        /// Where the value is in the configuration, for messages (``jsonPath(_:)``).
        let path: String
        /// The value as environment text (``text(of:)``).
        let value: String
    }

    /// A configuration whose variables cannot all be exported; ``description`` names every path
    /// involved and never a value (values may be secrets).
    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    /// Every leaf of `variables` as an environment variable, in document order: nested objects are
    /// flattened (an empty object is a leaf, `{}`), arrays are leaves.
    ///
    /// - Parameter location: How paths are introduced in messages, such as `configurations.Debug`.
    /// - Throws: ``Problem`` naming the JSON paths when two values map to one name, a name is
    ///   empty or starts with a digit, or a value holds a NUL byte (an environment string cannot).
    static func variables(of variables: JSONObject, prefix: String = "", location: String = "") throws(Problem) -> [Variable] {
        var leaves: [(path: [String], value: JSONValue)] = []
        // An explicit stack, not recursion: a document nested thousands deep must not overflow
        // the call stack. Members are visited in document order, so variables keep that order.
        var stack: [(path: [String], members: [(key: String, value: JSONValue)], next: Int)] = [([], variables.members, 0)]
        while let top = stack.indices.last {
            guard stack[top].next < stack[top].members.count else { stack.removeLast(); continue }
            let (key, value) = stack[top].members[stack[top].next]
            stack[top].next += 1
            let path = stack[top].path + [key]
            if case .object(let child) = value, child.count > 0 {
                stack.append((path, child.members, 0))
            } else {
                leaves.append((path, value))
            }
        }

        var result: [Variable] = []
        var pathsByName: [String: String] = [:]
        for (path, value) in leaves {
            let name = map(path, prefix: prefix)
            let described = jsonPath(path, location: location)
            if name.isEmpty {
                throw Problem(description: "\(described) gives an empty environment variable name; rename the key or pass --prefix")
            }
            if let first = name.first, first.isNumber {
                throw Problem(
                    description:
                        "\(described) gives \(name), which starts with a digit and is not a valid environment variable name; rename the key or pass --prefix such as APP_"
                )
            }
            if let other = pathsByName[name] {
                throw Problem(description: "\(other) and \(described) both give the environment variable \(name); rename one of them")
            }
            let text = self.text(of: value)
            if text.utf8.contains(0) {
                throw Problem(description: "\(described) holds a NUL character, which an environment variable cannot hold; remove it from the value")
            }
            pathsByName[name] = described
            result.append(Variable(name: name, path: described, value: text))
        }
        return result
    }

    /// The environment text of a value: strings as they are, `null` as empty, anything else as
    /// its compact JSON text (`60`, `true`, `["a","b"]`, `{}`).
    static func text(of value: JSONValue) -> String {
        switch value {
        case .string(let string): return string
        case .null: return ""
        default: return value.jsonText(pretty: false)
        }
    }

    /// A path as people read it: `configurations.Debug.api.timeout`; a key that is not a plain
    /// identifier is quoted (`configurations.Debug["api.timeout"]`), so a dotted key and a nested
    /// path that collide are told apart in the message.
    static func jsonPath(_ path: [String], location: String = "") -> String {
        var text = location
        for key in path {
            let plain = !key.isEmpty && key.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
            if plain {
                text += text.isEmpty ? key : "." + key
            } else {
                text += "[" + JSONValue.string(key).jsonText() + "]"
            }
        }
        return text
    }
}
