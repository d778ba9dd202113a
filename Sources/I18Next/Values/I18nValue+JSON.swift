import Foundation
import JSONParsing

// The bridge from JSONParsing's one value model to I18Next's JavaScript view of it. I18Next still
// keeps its own tree (`I18nValue`, numbers as `Double`); these names keep the rest of the engine
// compiling against the model until the engine reads `JSONValue` directly.

/// The parsed tree, under the name the resource store and the linter use.
typealias JSONNode = JSONValue

extension JSONValue {
    /// A key compared by code units (`JSONKey`), under the name I18Next's tables use.
    typealias ExactKey = JSONKey
}

extension I18nValue {
    /// Parses JSON text (a resource file, an init options file, a t() options object).
    ///
    /// Keys are kept apart by code units, and a repeated key takes the last value, as in `JSON.parse`.
    ///
    /// - Throws: ``I18NextError`` naming `source`, with the line and column of the problem.
    public init(jsonData data: Data, source: String = "<json>") throws(I18NextError) {
        let result: Result<I18nValue, I18NextError> = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var parser = JSONParser(bytes: bytes, recordingOffsetsToDepth: 0, rejectsDuplicateKeys: false)
            do throws(JSONParser.Failure) {
                return .success(I18nValue(try parser.parseDocument()))
            } catch {
                let (line, column) = JSONText.location(of: error.offset, in: bytes)
                return .failure(I18NextError(.malformedResource, source: source, line: line, column: column, message: error.message))
            }
        }
        self = try result.get()
    }

    /// JavaScript's view of a JSON value: every number a `Double`, read as `JSON.parse` reads it
    /// (`1e400` is `Infinity`, `1e-99999` is `0`, integers beyond 2^53 the nearest `Double`).
    init(_ value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .integer(let value): self = .number(Double(value))
        case .number(let value): self = .number(value)
        case .numberLiteral(let text): self = .number(Double(text) ?? .nan)
        case .string(let value): self = .string(value)
        case .array(let values): self = .array(values.map(I18nValue.init))
        case .object(let object): self = .object(I18nObject(object.members.map { ($0.key, I18nValue($0.value)) }))
        }
    }

    /// The value in JSONParsing's model, numbers written as JavaScript writes them
    /// (`JSON.stringify`: non-finite numbers become `null`).
    var jsonValue: JSONValue {
        switch self {
        case .null: return .null
        case .bool(let value): return .bool(value)
        case .number(let value): return value.isFinite ? .numberLiteral(JSNumber.string(value)) : .null
        case .string(let value): return .string(value)
        case .array(let values): return .array(values.map(\.jsonValue))
        case .object(let object): return .object(JSONObject(object.members.map { ($0.key, $0.value.jsonValue) }))
        }
    }

    /// The value as JSON text, keys in insertion order, written by JSONParsing's one writer.
    public func jsonText(pretty: Bool = false) -> String {
        jsonValue.jsonText(pretty: pretty)
    }
}
