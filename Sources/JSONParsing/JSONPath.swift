/// Where a value is in a document: the keys and array indexes that lead to it from the top.
///
/// Its ``description`` is the form envtool's messages use: `configurations.Debug.api.timeout`,
/// `languages[2]`; a key that would read ambiguously there (empty, or with `.`, `[`, `]`, `"`
/// or white space) is written in brackets as a JSON string: `configurations.Debug["a.b"]`.
package struct JSONPath: Hashable, Sendable, CustomStringConvertible {
    /// One step: a member of an object or an element of an array.
    package enum Component: Hashable, Sendable {
        /// The member called so (compared by code units).
        case key(String)
        /// The element at this 0-based position.
        case index(Int)

        package static func == (lhs: Component, rhs: Component) -> Bool {
            switch (lhs, rhs) {
            case (.key(let a), .key(let b)): return JSONKey.codeUnitsEqual(a, b)
            case (.index(let a), .index(let b)): return a == b
            default: return false
            }
        }

        package func hash(into hasher: inout Hasher) {
            switch self {
            case .key(let key): hasher.combine(JSONKey(key))
            case .index(let index): hasher.combine(index)
            }
        }
    }

    /// The steps from the top of the document.
    package var components: [Component]

    /// A path of `components`; `[]` is the top level.
    package init(_ components: [Component] = []) {
        self.components = components
    }

    /// This path followed by `component`.
    package func appending(_ component: Component) -> JSONPath {
        JSONPath(components + [component])
    }

    /// This path followed by the member `key`.
    package func appending(key: String) -> JSONPath { appending(.key(key)) }

    /// This path followed by the array element `index`.
    package func appending(index: Int) -> JSONPath { appending(.index(index)) }

    /// Whether this is the top of the document.
    package var isEmpty: Bool { components.isEmpty }

    package var description: String {
        var text = ""
        for component in components {
            switch component {
            case .index(let index):
                text += "[\(index)]"
            case .key(let key):
                if Self.isPlain(key) {
                    if !text.isEmpty { text += "." }
                    text += key
                } else {
                    text += "[" + JSONValue.string(key).jsonText() + "]"
                }
            }
        }
        return text
    }

    private static func isPlain(_ key: String) -> Bool {
        !key.isEmpty
            && !key.utf8.contains { byte in
                byte == UInt8(ascii: ".") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]")
                    || byte == UInt8(ascii: "\"") || byte <= 0x20
            }
    }
}
