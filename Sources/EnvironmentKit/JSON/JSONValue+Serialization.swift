import Foundation
import JSONParsing

extension JSONValue {
    /// The value as JSON text: compact on one line, or pretty with two-space indentation.
    /// Object keys keep their order.
    public func jsonText(pretty: Bool = false) -> String {
        var output = ""
        write(to: &output, pretty: pretty, indent: 0)
        return output
    }

    private func write(to output: inout String, pretty: Bool, indent: Int) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .integer(let value): output += String(value)
        case .number(let value):
            if value.rounded() == value, abs(value) < 1e15 { output += String(format: "%.1f", value) } else { output += "\(value)" }
        case .string(let value): JSONText.appendQuoted(value, to: &output)
        case .array(let values):
            if values.isEmpty { output += "[]"; return }
            output += "["
            for (index, value) in values.enumerated() {
                if index > 0 { output += "," }
                if pretty { output += "\n" + String(repeating: "  ", count: indent + 1) }
                value.write(to: &output, pretty: pretty, indent: indent + 1)
            }
            if pretty { output += "\n" + String(repeating: "  ", count: indent) }
            output += "]"
        case .object(let object):
            if object.count == 0 { output += "{}"; return }
            output += "{"
            for (index, member) in object.members.enumerated() {
                if index > 0 { output += "," }
                if pretty { output += "\n" + String(repeating: "  ", count: indent + 1) }
                JSONText.appendQuoted(member.key, to: &output)
                output += pretty ? ": " : ":"
                member.value.write(to: &output, pretty: pretty, indent: indent + 1)
            }
            if pretty { output += "\n" + String(repeating: "  ", count: indent) }
            output += "}"
        }
    }

    /// Parses JSON text (for callers that hold JSON in memory, such as tests and `--options`).
    ///
    /// - Throws: ``EnvironmentError`` with kind ``EnvironmentError/Kind/malformedDocument`` and the line and column.
    public init(parsing data: Data, path: String = "<input>") throws(EnvironmentError) {
        self = try Self.parse(data, path: path).value
    }

    static func parse(_ data: Data, path: String) throws(EnvironmentError) -> (value: JSONValue, offsets: [String: Int]) {
        let result: Result<(value: JSONValue, offsets: [String: Int]), EnvironmentError> = data.withUnsafeBytes { raw in
            Result { () throws(EnvironmentError) in try parse(raw, path: path) }
        }
        return try result.get()
    }

    static func parse(_ raw: UnsafeRawBufferPointer, path: String) throws(EnvironmentError) -> (value: JSONValue, offsets: [String: Int]) {
        let bytes = raw.bindMemory(to: UInt8.self)
        var parser = JSONParser(bytes: bytes)
        do throws(JSONParser.Failure) {
            let node = try parser.parseDocument()
            return (JSONValue(node), parser.offsets)
        } catch {
            throw EnvironmentError.located(.malformedDocument, file: path, offset: error.offset, in: bytes, message: error.message)
        }
    }
}

extension JSONValue {
    /// Converts a parsed node (members in order, duplicates already refused by the parser).
    init(_ node: JSONNode) {
        switch node {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .integer(let value): self = .integer(value)
        case .number(let value): self = .number(value)
        case .string(let value): self = .string(value)
        case .array(let values): self = .array(values.map(JSONValue.init))
        case .object(let members):
            var object = JSONObject()
            for member in members { object[member.key] = JSONValue(member.value) }
            self = .object(object)
        }
    }
}
