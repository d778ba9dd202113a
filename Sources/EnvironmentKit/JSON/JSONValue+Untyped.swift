import JSONParsing

extension JSONValue {
    /// The value as Foundation-style untyped data: `String`, `Int`, `Double`, `Bool`, `nil`,
    /// `[Any]` or `[String: Any]`, the shape of T21Environment's `configuration()`.
    ///
    /// A ``numberLiteral(_:)`` becomes the nearest `Double`, as `JSONSerialization` reads it.
    /// `[String: Any]` compares keys as Swift strings: of two keys that differ only in Unicode
    /// normalization, the later one's value is the one kept. Read ``JSONObject`` for both.
    public var untyped: Any {
        switch self {
        case .null: return Optional<Any>.none as Any
        case .bool(let value): return value
        case .integer(let value): return value
        case .number(let value): return value
        case .numberLiteral(let text): return Double(text) ?? Double.nan
        case .string(let value): return value
        case .array(let values): return values.map(\.untyped)
        case .object(let object): return object.untyped
        }
    }
}

extension JSONObject {
    /// The object as `[String: Any]` (see ``JSONParsing/JSONValue/untyped``).
    public var untyped: [String: Any] {
        var dictionary: [String: Any] = [:]
        dictionary.reserveCapacity(count)
        for (key, value) in members { dictionary[key] = value.untyped }
        return dictionary
    }
}
