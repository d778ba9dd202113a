import EnvironmentKit

/// Renders variables as a `.env` file that shells, docker and dotenv libraries all read the same way.
enum DotenvFormat {
    static func render(_ object: JSONObject) -> String {
        var lines: [String] = []
        add(object, prefix: "", to: &lines)
        return lines.joined(separator: "\n")
    }

    private static func add(_ object: JSONObject, prefix: String, to lines: inout [String]) {
        for (key, value) in object.members {
            let name = prefix + variableName(key)
            switch value {
            case .object(let child): add(child, prefix: name + "_", to: &lines)
            case .string(let string): lines.append("\(name)=\(quote(string))")
            case .null: lines.append("\(name)=")
            case .array: lines.append("\(name)=\(quote(value.jsonText()))")
            default: lines.append("\(name)=\(value.jsonText())")
            }
        }
    }

    private static func variableName(_ key: String) -> String {
        String(key.uppercased().unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) ? Character(scalar) : "_"
        })
    }

    /// Double quotes with `\\`, `"`, `$` and `` ` `` escaped and newlines as `\n`: what both shells
    /// dotenv libraries read back as the same string (a POSIX shell keeps `\n` as two characters).
    private static func quote(_ string: String) -> String {
        var quoted = "\""
        for character in string {
            switch character {
            case "\\", "\"", "$", "`": quoted += "\\" + String(character)
            case "\n": quoted += "\\n"
            case "\r": quoted += "\\r"
            default: quoted.append(character)
            }
        }
        return quoted + "\""
    }
}
