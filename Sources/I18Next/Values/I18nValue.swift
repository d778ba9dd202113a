import JSONParsing

/// A value as i18next sees it: JSONParsing's one JSON model (`JSONValue`), read with
/// JavaScript's rules for numbers, truthiness and turning values into strings. Resources, t()
/// options and interpolation data are all made of it.
///
/// The name stays so that callers written against the engine's former own tree keep compiling:
/// `.number(3)`, `.integer(3)` and the literal `3` are all the number 3 to the engine, which
/// reads numbers only through ``JSONParsing/JSONValue/numberValue``.
public typealias I18nValue = JSONValue

/// A JSON object as i18next sees it: members in order, keys compared by code units, as in
/// JavaScript (`café` in NFC and in NFD are two keys). See `JSONParsing/JSONObject`.
public typealias I18nObject = JSONObject

extension JSONValue {
    /// JavaScript truthiness: `null`, `false`, `0`, `NaN` and `""` are falsy.
    var isTruthy: Bool {
        switch self {
        case .null: return false
        case .bool(let value): return value
        case .integer(let value): return value != 0
        case .number, .numberLiteral:
            let value = numberValue ?? .nan
            return value != 0 && !value.isNaN
        case .string(let value): return !value.isEmpty
        case .array, .object: return true
        }
    }

    /// Whether this is `null`. A pattern, not `== .null`: the model's `==` is a call into
    /// JSONParsing on the path of every t(), and builds the value it compares with.
    var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// Whether this is `false` itself (not any falsy value), as i18next's `=== false` checks.
    var isFalse: Bool {
        if case .bool(false) = self { return true }
        return false
    }

    /// Whether this is the empty string.
    var isEmptyString: Bool {
        if case .string(let text) = self { return text.isEmpty }
        return false
    }

    /// The string, if this is one.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The number as JavaScript holds it, if this is a number: an `integer(_:)` as the nearest
    /// `Double`, a `numberLiteral(_:)` as `JSON.parse` reads it (`1e400` is `Infinity`,
    /// `1e-99999` is `0`, integers beyond 2^53 the nearest `Double`).
    ///
    /// The engine reads numbers only through this property, never by matching a case, so that
    /// the three spellings of one number behave alike.
    public var numberValue: Double? {
        switch self {
        case .integer, .number, .numberLiteral: return javaScriptNumber
        default: return nil
        }
    }

    /// Whether the value is the same JavaScript value as `other` (`===`, except that `NaN` equals
    /// `NaN`): numbers compare by ``numberValue`` (`.integer(1)` is `.number(1)`), arrays and
    /// objects member by member. The engine's results are compared this way: the structural
    /// `==` of ``JSONValue`` tells `.integer(1)` and `.number(1)` apart.
    public func isSameJavaScriptValue(as other: JSONValue) -> Bool {
        if let left = numberValue, let right = other.numberValue { return left == right || (left.isNaN && right.isNaN) }
        switch (self, other) {
        case (.array(let left), .array(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { $0.isSameJavaScriptValue(as: $1) }
        case (.object(let left), .object(let right)):
            return left.count == right.count
                && left.allSatisfy { member in
                    right[member.key].map { member.value.isSameJavaScriptValue(as: $0) } ?? false
                }
        default:
            return numberValue == nil && other.numberValue == nil && self == other
        }
    }

    /// Whether i18next treats the value as an object (arrays and null included), not a leaf.
    var isObjectLike: Bool {
        switch self {
        case .string, .bool, .integer, .number, .numberLiteral: return false
        case .null, .array, .object: return true
        }
    }

    /// JavaScript's `String(value)`: `null` → "null", arrays joined with ",", objects → "[object Object]".
    var jsString: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .integer, .number, .numberLiteral: return JSNumber.string(numberValue ?? .nan)
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
    func ownProperty(_ key: String) -> JSONValue? {
        switch self {
        case .object(let object):
            return object[key]
        case .array(let values):
            if key == "length" { return .integer(values.count) }
            guard let index = JSNumber.arrayIndex(key), index < values.count else { return nil }
            return values[index]
        default:
            return nil
        }
    }
}

extension JSONObject {
    /// A copy with the members of `other` added, replacing same-named ones (JavaScript's `{...a, ...b}`).
    func merging(_ other: JSONObject) -> JSONObject {
        var result = self
        for (key, value) in other.members { result[key] = value }
        return result
    }
}
