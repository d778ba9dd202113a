/// A JSON value as written: the one model of JSON that envtool's libraries share.
///
/// Objects keep their members in order and tell keys apart by code units (``JSONObject``).
/// Numbers are kept so that writing them back gives the text read, byte for byte:
///
/// - ``integer(_:)``: written without fraction or exponent and within `Int` (`30`, `-7`,
///   `9007199254740993`).
/// - ``number(_:)``: any other number written exactly as its `Double` writes (`0.5`, `1500.0`).
/// - ``numberLiteral(_:)``: every other number, as its literal text: other spellings of a value
///   (`1.50`, `1e2`, `-0`), integers beyond `Int` (`18446744073709551616`), more digits than a
///   `Double` keeps (`0.10000000000000000001`), magnitudes beyond a `Double` (`1e400`) or below
///   its smallest (`1e-99999`). Nothing is rounded or refused at parse time; readers decide
///   (``exactValue`` gives the type that holds a number exactly, ``JSONValueDecoder`` refuses a
///   literal that does not fit the requested type, I18Next reads it as JavaScript's `JSON.parse`
///   does).
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number written without fraction or exponent that fits in `Int`.
    case integer(Int)
    /// A number written as its `Double` writes.
    case number(Double)
    /// A number kept as written (valid JSON number grammar: the parser only makes it from a
    /// literal it has checked); ``exactValue`` says whether `Int` or `Double` holds it exactly.
    case numberLiteral(String)
    /// A string, escapes resolved.
    case string(String)
    /// An array, elements in order.
    case array([JSONValue])
    /// An object, members in order (see ``JSONObject``).
    case object(JSONObject)

    /// A short name of the value's JSON type, for messages: "null", "a boolean", "a number",
    /// "a string", "an array" or "an object".
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .integer, .number, .numberLiteral: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// The value for a message: the type, and for scalars the value itself, cut to a few dozen
    /// characters so that a 10,000-digit number or a long string never floods a terminal
    /// (`a number (1234567890123456789012345678901234…, 10000 characters)`).
    public var briefDescription: String {
        switch self {
        case .null, .array, .object: return typeName
        case .bool(let value): return "a boolean (\(value))"
        case .integer(let value): return "a number (\(value))"
        case .number: return "a number (\(jsonText()))"
        case .numberLiteral(let text): return "a number (\(Self.brief(text)))"
        case .string(let text): return "a string (\(Self.brief(jsonText(quoting: text))))"
        }
    }

    /// At most 40 characters of `text`, and its length when cut.
    static func brief(_ text: String) -> String {
        let limit = 40
        var count = 0
        var end = text.startIndex
        while end < text.endIndex, count < limit {
            text.formIndex(after: &end)
            count += 1
        }
        guard end < text.endIndex else { return text }
        return "\(text[..<end])…, \(text.count) characters"
    }

    private func jsonText(quoting text: String) -> String {
        JSONValue.string(text).jsonText()
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// An object with `elements` in order; a repeated key (by code units) keeps its first position and takes the last value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(JSONObject(elements)) }
}
