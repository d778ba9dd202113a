import Diagnostics
import EnvironmentKit
import JSONParsing

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Infers one type per variable across all configurations of a document.
///
/// Every configuration gets a say: a variable is a `URL` only when it is an absolute URL in each
/// of them, an `Int` only when it is an integer in each. Integers and fractions widen to `Double`
/// and URLs and other strings to `String` without a warning (JSON does not tell them apart);
/// values of different JSON types become `JSONValue` with a warning that names which
/// configurations hold which type. A variable missing (or `null`) in some configuration becomes
/// optional; missing is warned about, `null` is taken as intended.
struct TypeInference {
    /// The document's file, named in warnings.
    let file: String
    /// The document's bytes, to point warnings at a line and column.
    let bytes: [UInt8]
    private(set) var diagnostics: [Diagnostic] = []

    init(file: String, bytes: [UInt8]) {
        self.file = file
        self.bytes = bytes
    }

    /// The members of the variables object, inferred across `configurations` (name, variables).
    mutating func members(of configurations: [(name: String, variables: JSONObject)]) -> [VariableType.Member] {
        members(of: configurations.map { ($0.name, Optional<JSONValue>.some(JSONValue.object($0.variables))) }, path: [])
    }

    private mutating func members(of values: [(name: String, value: JSONValue?)], path: [String]) -> [VariableType.Member] {
        var keys: [String] = []
        var seen = Set<String>()
        for case (_, .object(let object)?) in values {
            for key in object.keys where seen.insert(key).inserted { keys.append(key) }
        }
        return keys.map { key in
            let memberValues = values.map { entry -> (name: String, value: JSONValue?) in
                guard case .object(let object)? = entry.value, let index = object.index(forKey: key) else { return (entry.name, nil) }
                return (entry.name, object[index].value)
            }
            return member(key: key, values: memberValues, path: path + [key])
        }
    }

    private mutating func member(key: String, values: [(name: String, value: JSONValue?)], path: [String]) -> VariableType.Member {
        let present = values.compactMap { entry -> (name: String, value: JSONValue)? in
            guard let value = entry.value, value != .null else { return nil }
            return (entry.name, value)
        }
        let missing = values.filter { $0.value == nil }.map(\.name)
        let dotted = path.joined(separator: ".")
        if !missing.isEmpty && !present.isEmpty {
            warn(
                at: Array(path.dropLast()), in: missing[0],
                "\(Diagnostic.quoted(dotted)) is missing in \(Self.list(missing)) and is generated as an optional; add it to every configuration to make it non-optional"
            )
        }
        let type: VariableType
        if present.isEmpty {
            type = .json
        } else {
            type = infer(present, path: path)
        }
        var member = VariableType.Member(
            key: key, path: dotted, type: type, isOptional: present.count < values.count,
            configurations: present.map(\.name))
        member.keys = path
        return member
    }

    private mutating func infer(_ present: [(name: String, value: JSONValue)], path: [String]) -> VariableType {
        var kinds: [(kind: String, configurations: [String])] = []
        for (name, value) in present {
            if let index = kinds.firstIndex(where: { $0.kind == value.typeName }) {
                kinds[index].configurations.append(name)
            } else {
                kinds.append((value.typeName, [name]))
            }
        }
        let dotted = path.joined(separator: ".")
        if kinds.count > 1 {
            let described = kinds.map { "\($0.kind) in \(Self.list($0.configurations))" }.joined(separator: ", ")
            warn(
                at: path, in: kinds[1].configurations[0],
                "\(Diagnostic.quoted(dotted)) is \(described); it is generated as JSONValue, the type that holds them all")
            return .json
        }
        switch present[0].value {
        case .bool: return .bool
        case .integer, .number, .numberLiteral:
            var type = VariableType.int
            for (name, value) in present {
                switch value {
                case .integer: break
                case .number: type = .double
                case .numberLiteral(let text):
                    guard let double = Double(text), double.isFinite else {
                        warn(
                            at: path, in: name,
                            "\(Diagnostic.quoted(dotted)) is a number beyond the range of Double in \(Diagnostic.escapingDisplayControls(name)); it is generated as JSONValue"
                        )
                        return .json
                    }
                    type = .double
                default: break
                }
            }
            return type
        case .string:
            let allURLs = present.allSatisfy { entry in
                guard case .string(let text) = entry.value, let url = URL(string: text) else { return false }
                return url.scheme != nil
            }
            return allURLs ? .url : .string
        case .array:
            return .array(
                elementType(
                    present.flatMap { entry -> [JSONValue] in
                        if case .array(let elements) = entry.value { return elements }
                        return []
                    }))
        case .object:
            return .object(members(of: present.map { ($0.name, Optional<JSONValue>.some($0.value)) }, path: path))
        case .null:
            return .json
        }
    }

    /// One scalar type shared by every element, else `JSONValue` (mixed arrays are ordinary JSON,
    /// so they are not warned about).
    private func elementType(_ elements: [JSONValue]) -> VariableType {
        guard let first = elements.first?.exactValue else { return .json }
        switch first {
        case .bool: return elements.allSatisfy { if case .bool = $0 { true } else { false } } ? .bool : .json
        case .string: return elements.allSatisfy { if case .string = $0 { true } else { false } } ? .string : .json
        case .integer, .number:
            var type = VariableType.int
            for element in elements {
                switch element.exactValue {
                case .integer: break
                case .number: type = .double
                default: return .json
                }
            }
            return type
        default: return .json
        }
    }

    private mutating func warn(at path: [String], in configuration: String, _ message: String) {
        diagnostics.append(Self.diagnostic(.warning, file: file, bytes: bytes, at: path, in: configuration, message))
    }

    /// A diagnostic at the value of `path` in `configuration`, with its line and column when the
    /// document has it.
    static func diagnostic(
        _ severity: Diagnostic.Severity, file: String, bytes: [UInt8], at path: [String], in configuration: String,
        _ message: String
    ) -> Diagnostic {
        let jsonPath = JSONPath([.key("configurations"), .key(configuration)] + path.map { .key($0) })
        var diagnostic = Diagnostic(severity, file: file, path: jsonPath.description, message: message)
        bytes.withUnsafeBufferPointer { buffer in
            if let offset = JSONParser.offset(of: jsonPath, in: buffer) {
                let location = JSONText.location(of: offset, in: buffer)
                diagnostic.line = location.line
                diagnostic.column = location.column
            }
        }
        return diagnostic
    }

    /// `Debug`, `Debug and Release`, `Debug, Release and test`.
    static func list(_ names: [String]) -> String {
        // Configuration names come from the document: a line break in one must not start a
        // line of its own in the build log.
        let names = names.map { Diagnostic.escapingDisplayControls($0) }
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
    }
}
