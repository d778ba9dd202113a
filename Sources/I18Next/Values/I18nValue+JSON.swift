import Foundation
import JSONParsing

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

    init(_ node: JSONNode) {
        switch node {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .integer(let value): self = .number(Double(value))
        case .number(let value): self = .number(value)
        case .string(let value): self = .string(value)
        case .array(let values): self = .array(values.map(I18nValue.init))
        case .object(let members): self = .object(I18nObject(members.map { ($0.key, I18nValue($0.value)) }))
        }
    }

    /// The value as JSON text, keys in insertion order.
    public func jsonText(pretty: Bool = false) -> String {
        var output = ""
        write(to: &output, pretty: pretty, indent: 0)
        return output
    }

    private func write(to output: inout String, pretty: Bool, indent: Int) {
        let newline = pretty ? "\n" + String(repeating: "  ", count: indent + 1) : ""
        let close = pretty ? "\n" + String(repeating: "  ", count: indent) : ""
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let value): output += value.isFinite ? JSNumber.string(value) : "null"
        case .string(let value): JSONText.appendQuoted(value, to: &output)
        case .array(let values):
            guard !values.isEmpty else { output += "[]"; return }
            output += "["
            for (index, value) in values.enumerated() {
                output += (index > 0 ? "," : "") + newline
                value.write(to: &output, pretty: pretty, indent: indent + 1)
            }
            output += close + "]"
        case .object(let object):
            guard !object.isEmpty else { output += "{}"; return }
            output += "{"
            for (index, member) in object.members.enumerated() {
                output += (index > 0 ? "," : "") + newline
                JSONText.appendQuoted(member.key, to: &output)
                output += pretty ? ": " : ":"
                member.value.write(to: &output, pretty: pretty, indent: indent + 1)
            }
            output += close + "}"
        }
    }
}
