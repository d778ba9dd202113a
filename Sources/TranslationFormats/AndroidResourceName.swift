/// The one rule that turns a key (`settings.language`, `Sign-out`, `default`) into an Android
/// resource name, which must be a Java identifier (it becomes a field of `R.string`): letters
/// keep their case (`aboutLicense` stays `aboutLicense`, as every app's `R.string.aboutLicense`
/// needs), every character outside `[A-Za-z0-9_]` becomes `_`, and a name that does not start
/// with a letter or is a Java keyword (`default`, `import`, `true`) gets `key_` in front
/// (`404_title` → `key_404_title`, `default` → `key_default`). Where two keys of one file become
/// one name (`Sign-out` and `Sign_out`), a key that is its own name keeps it, and the others get
/// `_2` after it (`_3`, …) in key order.
///
/// The rule loses the key, so the writer keeps a key it changed in the comment above the
/// resource (`Key: Sign-out`, its last line, as ``PlaceholderNames`` keeps placeholder names),
/// and the reader gives that key back when the rule (with a collision's `_N`) turns it into the
/// resource's name: X → Android → X gives the keys back. docs/conversion.md describes the rule.
enum AndroidResourceName {
    static let commentPrefix = "Key: "

    /// Java's reserved words and literals, which aapt refuses as resource names.
    static let javaReserved: Set<String> = [
        "abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const", "continue",
        "default", "do", "double", "else", "enum", "extends", "final", "finally", "float", "for", "goto", "if",
        "implements", "import", "instanceof", "int", "interface", "long", "native", "new", "package", "private",
        "protected", "public", "return", "short", "static", "strictfp", "super", "switch", "synchronized", "this",
        "throw", "throws", "transient", "try", "void", "volatile", "while", "true", "false", "null",
    ]

    /// The resource name for `key`, before collisions are told apart.
    static func name(for key: String) -> String {
        var name = ""
        name.reserveCapacity(key.utf8.count + 4)
        for scalar in key.unicodeScalars {
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "_": name.unicodeScalars.append(scalar)
            default: name += "_"
            }
        }
        if let first = name.unicodeScalars.first, ("a"..."z").contains(first) || ("A"..."Z").contains(first), !javaReserved.contains(name) {
            return name
        }
        return "key_" + name
    }

    /// The names of `keys`, each unique: a key that is its own name keeps it; the others in the
    /// order of `keys`, which decides who gets `_2`.
    static func names(for keys: [String]) -> [String: String] {
        var names: [String: String] = [:]
        var taken: Set<String> = []
        for key in keys where name(for: key) == key && names[key] == nil {
            names[key] = key
            taken.insert(key)
        }
        for key in keys where names[key] == nil {
            let base = name(for: key)
            var candidate = base
            var suffix = 2
            while taken.contains(candidate) {
                candidate = base + "_" + String(suffix)
                suffix += 1
            }
            taken.insert(candidate)
            names[key] = candidate
        }
        return names
    }

    /// `comment` with the line that keeps `key`, when its resource name is not the key itself.
    static func comment(_ comment: String?, key: String, name: String) -> String? {
        guard name != key else { return comment }
        let line = commentPrefix + key
        guard let comment, !comment.isEmpty else { return line }
        return comment + "\n" + line
    }

    /// The key of the resource `name` and the comment without the line that kept it: the key the
    /// comment's last line names when the rule turns it into `name` (or `name` with a
    /// collision's `_N`), else `name` itself.
    static func key(name: String, comment: String?) -> (key: String, comment: String?) {
        guard let comment else { return (name, nil) }
        if !comment.utf8.contains(0x0A) {
            // One line (the usual `Key: settings.language`): no split.
            guard comment.hasPrefix(commentPrefix) else { return (name, comment) }
            let key = String(comment.dropFirst(commentPrefix.count))
            guard names(key, name) else { return (name, comment) }
            return (key, nil)
        }
        let lines = comment.split(separator: "\n", omittingEmptySubsequences: false)
        guard let last = lines.last, last.hasPrefix(commentPrefix) else { return (name, comment) }
        let key = String(last.dropFirst(commentPrefix.count))
        guard names(key, name) else { return (name, comment) }
        let rest = lines.dropLast().joined(separator: "\n")
        return (key, rest.isEmpty ? nil : rest)
    }

    /// Whether the rule can give `key` the resource name `name`: its name, or that name with a
    /// collision's `_N`.
    private static func names(_ key: String, _ name: String) -> Bool {
        guard key != name else { return false }
        let base = Self.name(for: key)
        if base == name { return true }
        guard name.hasPrefix(base + "_") else { return false }
        let suffix = name.dropFirst(base.count + 1)
        return !suffix.isEmpty && suffix.count <= 6 && suffix.allSatisfy { $0.isASCII && $0.isNumber } && !suffix.hasPrefix("0")
    }
}
