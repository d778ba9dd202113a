import JSONParsing

/// A value as i18next sees it: a JSON value with JavaScript's rules for truthiness and for
/// turning values into strings. Resources, t() options and interpolation data are all made of it.
public enum I18nValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([I18nValue])
    case object(I18nObject)

    /// JavaScript truthiness: `null`, `false`, `0`, `NaN` and `""` are falsy.
    var isTruthy: Bool {
        switch self {
        case .null: return false
        case .bool(let value): return value
        case .number(let value): return value != 0 && !value.isNaN
        case .string(let value): return !value.isEmpty
        case .array, .object: return true
        }
    }

    /// The string, if this is one.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The number, if this is one.
    public var numberValue: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// Whether i18next treats the value as an object (arrays and null included), not a leaf.
    var isObjectLike: Bool {
        switch self {
        case .string, .bool, .number: return false
        case .null, .array, .object: return true
        }
    }

    /// JavaScript's `String(value)`: `null` → "null", arrays joined with ",", objects → "[object Object]".
    var jsString: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let value): return JSNumber.string(value)
        case .string(let value): return value
        case .array(let values): return values.map(\.arrayElementString).joined(separator: ",")
        case .object: return "[object Object]"
        }
    }

    /// i18next's `makeString`: like ``jsString`` but `null` becomes "".
    var madeString: String {
        if case .null = self { return "" }
        return jsString
    }

    /// How `Array.prototype.join` writes an element: `null` (and undefined) as "".
    var arrayElementString: String {
        if case .null = self { return "" }
        return jsString
    }

    /// The own property `key` of an object or array, as JavaScript's `hasOwnProperty` sees it.
    func ownProperty(_ key: String) -> I18nValue? {
        switch self {
        case .object(let object):
            return object[key]
        case .array(let values):
            if key == "length" { return .number(Double(values.count)) }
            guard let index = JSNumber.arrayIndex(key), index < values.count else { return nil }
            return values[index]
        default:
            return nil
        }
    }
}

/// A JSON object whose keys are compared by code units, as in JavaScript: `café` in NFC and in
/// NFD are two keys. Keys keep their insertion order.
public struct I18nObject: Sendable, Hashable {
    typealias ExactKey = JSONNode.ExactKey
    private var storage: [ExactKey: I18nValue] = [:]
    /// The keys in insertion order.
    public private(set) var keys: [String] = []

    /// An empty object.
    public init() {}

    /// An object with `members`; a later duplicate key replaces the earlier value.
    public init(_ members: [(String, I18nValue)]) {
        for (key, value) in members { self[key] = value }
    }

    /// The value of `key`, compared by code units.
    public subscript(key: String) -> I18nValue? {
        get { storage[ExactKey(key)] }
        set {
            let exact = ExactKey(key)
            if let newValue {
                if storage.updateValue(newValue, forKey: exact) == nil { keys.append(key) }
            } else if storage.removeValue(forKey: exact) != nil {
                keys.removeAll { ExactKey($0) == exact }
            }
        }
    }

    /// The number of members.
    public var count: Int { storage.count }

    /// Whether the object has no members.
    public var isEmpty: Bool { storage.isEmpty }

    /// The members in insertion order.
    public var members: [(key: String, value: I18nValue)] { keys.map { ($0, storage[ExactKey($0)]!) } }

    /// A copy with the members of `other` added, replacing same-named ones (JavaScript's `{...a, ...b}`).
    func merging(_ other: I18nObject) -> I18nObject {
        var result = self
        for (key, value) in other.members { result[key] = value }
        return result
    }

    public static func == (lhs: I18nObject, rhs: I18nObject) -> Bool { lhs.storage == rhs.storage }
    public func hash(into hasher: inout Hasher) { hasher.combine(storage) }
}

extension I18nValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: I18nValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, I18nValue)...) { self = .object(I18nObject(elements)) }
    public init(nilLiteral: ()) { self = .null }
}

extension I18nObject: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, I18nValue)...) { self.init(elements) }
}
