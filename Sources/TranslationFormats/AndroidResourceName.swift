/// The one rule that turns a key (`settings.language`, `Sign-out`) into an Android resource name,
/// which allows only `[a-z0-9_]` and starts with a letter: ASCII letters are lowercased, every
/// other character outside `[a-z0-9_]` becomes `_`, and a name that does not start with a letter
/// gets `key_` in front (`404_title` → `key_404_title`).
///
/// The rule loses the key (`Sign-out` and `sign_out` both become `sign_out`), so the writer keeps
/// a key it changed in the comment above the resource (`Key: Sign-out`, its last line, as
/// ``PlaceholderNames`` keeps placeholder names), and the reader gives that key back when the
/// rule turns it into the resource's name. Two keys of one file that become one name are an
/// error naming both.
enum AndroidResourceName {
    static let commentPrefix = "Key: "
    /// The rule in a few words, for the message that names two keys of one name.
    static let ruleSummary = "lowercase, [a-z0-9_] only, a letter first"

    /// The resource name for `key`.
    static func name(for key: String) -> String {
        if key.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII (nearly every key): the same rule on bytes.
            var bytes: [UInt8] = []
            bytes.reserveCapacity(key.utf8.count + 4)
            for byte in key.utf8 {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"): bytes.append(byte)
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): bytes.append(byte + 32)
                default: bytes.append(UInt8(ascii: "_"))
                }
            }
            let name = String(decoding: bytes, as: UTF8.self)
            if let first = bytes.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) { return name }
            return "key_" + name
        }
        var name = ""
        for scalar in key.unicodeScalars {
            switch scalar {
            case "a"..."z", "0"..."9", "_": name.unicodeScalars.append(scalar)
            case "A"..."Z": name.unicodeScalars.append(Unicode.Scalar(scalar.value + 32) ?? "_")
            default: name += "_"
            }
        }
        if let first = name.unicodeScalars.first, ("a"..."z").contains(first) { return name }
        return "key_" + name
    }

    /// `comment` with the line that keeps `key`, when the rule changes it.
    static func comment(_ comment: String?, key: String) -> String? {
        guard name(for: key) != key else { return comment }
        let line = commentPrefix + key
        guard let comment, !comment.isEmpty else { return line }
        return comment + "\n" + line
    }

    /// The key of the resource `name` and the comment without the line that kept it: the key the
    /// comment's last line names when the rule turns it into `name`, else `name` itself.
    static func key(name: String, comment: String?) -> (key: String, comment: String?) {
        guard let comment else { return (name, nil) }
        if !comment.utf8.contains(0x0A) {
            // One line (the usual `Key: settings.language`): no split.
            guard comment.hasPrefix(commentPrefix) else { return (name, comment) }
            let key = String(comment.dropFirst(commentPrefix.count))
            guard Self.name(for: key) == name, key != name else { return (name, comment) }
            return (key, nil)
        }
        let lines = comment.split(separator: "\n", omittingEmptySubsequences: false)
        guard let last = lines.last, last.hasPrefix(commentPrefix) else { return (name, comment) }
        let key = String(last.dropFirst(commentPrefix.count))
        guard Self.name(for: key) == name, key != name else { return (name, comment) }
        let rest = lines.dropLast().joined(separator: "\n")
        return (key, rest.isEmpty ? nil : rest)
    }
}
