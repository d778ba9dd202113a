/// A JSON value as written in `environments.json`: the type of a configuration variable.
///
/// Objects keep their keys in file order, so `envtool print` shows a configuration as it was
/// written. Integers that fit in `Int` stay integers (`30`, not `30.0`).
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The value as Foundation-style untyped data: `String`, `Int`, `Double`, `Bool`, `NSNull`,
    /// `[Any]` or `[String: Any]`, the shape of T21Environment's `configuration()`.
    public var untyped: Any {
        switch self {
        case .null: return Optional<Any>.none as Any
        case .bool(let value): return value
        case .integer(let value): return value
        case .number(let value): return value
        case .string(let value): return value
        case .array(let values): return values.map(\.untyped)
        case .object(let object): return object.untyped
        }
    }

    /// A short name of the value's JSON type, for error messages ("a string", "an object").
    public var typeDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .integer, .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// A JSON object whose keys keep the order they were written in.
public struct JSONObject: Sendable, Hashable {
    /// The keys in file order.
    public private(set) var keys: [String] = []
    private var storage: [String: JSONValue] = [:]

    /// Creates an empty object.
    public init() {}

    /// The value for `key`, or `nil`.
    public subscript(key: String) -> JSONValue? {
        get { storage[key] }
        set {
            if let newValue {
                if storage.updateValue(newValue, forKey: key) == nil { keys.append(key) }
            } else if storage.removeValue(forKey: key) != nil {
                keys.removeAll { $0 == key }
            }
        }
    }

    /// The number of members.
    public var count: Int { keys.count }

    /// The members in file order.
    public var members: [(key: String, value: JSONValue)] {
        keys.map { ($0, storage[$0]!) }
    }

    /// The object as `[String: Any]` (see ``JSONValue/untyped``).
    public var untyped: [String: Any] {
        storage.mapValues(\.untyped)
    }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool { lhs.storage == rhs.storage }
    public func hash(into hasher: inout Hasher) { hasher.combine(storage) }
}
