import JSONParsing

extension JSONValue {
    /// The value as Foundation-style untyped data: `String`, `Int`, `Double`, `Bool`, `nil`,
    /// `[Any]` or `[String: Any]`, the shape of T21Environment's `configuration()`.
    ///
    /// A `numberLiteral(_:)` becomes the nearest `Double`, as `JSONSerialization` reads it.
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

extension JSONValue {
    /// The JSON value of Foundation-style untyped data, the inverse of ``untyped``: `String`,
    /// integers, finite floating-point numbers, `Bool`, `nil` (or `NSNull`), `[Any]` and
    /// `[String: Any]` (its keys sorted, as `JSONSerialization`'s `.sortedKeys` writes them);
    /// `nil` for anything else.
    init?(untyped value: Any) {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first?.value else { self = .null; return }
            self.init(untyped: wrapped)
            return
        }
        if mirror.displayStyle == .class, let number = Self.foundationNumber(value) {
            self = number
            return
        }
        switch value {
        case let bool as Bool: self = .bool(bool)
        case let text as String: self = .string(text)
        case let text as Substring: self = .string(String(text))
        case let integer as any BinaryInteger:
            if let exact = Int(exactly: integer) { self = .integer(exact) } else { self = .numberLiteral(String(describing: integer)) }
        case let number as Double:
            guard number.isFinite else { return nil }
            self = Self.integralAsInteger(number)
        case let number as Float:
            // The digits the Float was written with (0.1), as JSONSerialization writes it.
            guard number.isFinite else { return nil }
            self = .numberLiteral(number.description)
        case let values as [Any]:
            var array: [JSONValue] = []
            array.reserveCapacity(values.count)
            for element in values {
                guard let converted = JSONValue(untyped: element) else { return nil }
                array.append(converted)
            }
            self = .array(array)
        case let dictionary as [String: Any]:
            var object = JSONObject()
            for key in dictionary.keys.sorted() {
                guard let converted = JSONValue(untyped: dictionary[key]!) else { return nil }
                object[key] = converted
            }
            self = .object(object)
        default:
            // Foundation's NSNull, named rather than imported: the libraries link FoundationEssentials.
            guard String(describing: type(of: value)) == "NSNull" else { return nil }
            self = .null
        }
    }

    /// A Double as JSONSerialization wrote it: an integral value as an integer (3.0 as 3).
    private static func integralAsInteger(_ value: Double) -> JSONValue {
        if value == value.rounded(), let integer = Int(exactly: value) { return .integer(integer) }
        return .number(value)
    }

    /// An NSNumber (from JSONSerialization, a property list or UserDefaults), read without
    /// importing Foundation: its Boolean class is a Bool, and only that one, since every NSNumber
    /// 0 or 1 also casts to Bool; integers before Double, so that 64-bit ids stay exact.
    private static func foundationNumber(_ object: Any) -> JSONValue? {
        let className = String(describing: type(of: object))
        guard className.contains("Number") || className.contains("Boolean") else { return nil }
        if className.contains("Boolean"), let bool = object as? Bool { return .bool(bool) }
        if let integer = object as? Int64 {
            return Int(exactly: integer).map(JSONValue.integer) ?? .numberLiteral(String(integer))
        }
        if let unsigned = object as? UInt64 { return .numberLiteral(String(unsigned)) }
        if let double = object as? Double, double.isFinite { return integralAsInteger(double) }
        return nil
    }
}
