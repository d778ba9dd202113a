import Foundation

/// The variables of one build configuration, with typed access.
///
/// Nested values are reachable by dotted paths (`"api.timeout"`). Every path is indexed once,
/// when the document is loaded, so a lookup is one hash-table probe: no parsing, no splitting.
public struct Configuration: Sendable {
    /// The configuration's name (`Debug`).
    public let name: String
    /// The variables as written, keys in file order.
    public let variables: JSONObject
    /// The document the configuration comes from, named in errors.
    public let source: String
    private let index: [String: JSONValue]

    init(name: String, variables: JSONObject, source: String) {
        self.name = name
        self.variables = variables
        self.source = source
        var index: [String: JSONValue] = [:]
        Self.addPaths(of: variables, prefix: "", to: &index)
        self.index = index
    }

    private static func addPaths(of object: JSONObject, prefix: String, to index: inout [String: JSONValue]) {
        for (key, value) in object.members {
            let path = prefix.isEmpty ? key : prefix + "." + key
            // A literal key with a dot ("a.b") wins over the nested path a → b.
            if index[path] == nil || prefix.isEmpty { index[path] = value }
            if case .object(let child) = value { addPaths(of: child, prefix: path, to: &index) }
        }
    }

    /// The value at `path` (a key, or a dotted path into nested objects), or `nil`.
    public subscript(path: String) -> JSONValue? { index[path] }

    /// The variables as `[String: Any]`, the shape of T21Environment's `configuration()`.
    public var dictionary: [String: Any] { variables.untyped }

    /// The value at `path`.
    ///
    /// - Throws: ``EnvironmentError`` of kind ``EnvironmentError/Kind/unknownVariable``.
    public func value(_ path: String) throws(EnvironmentError) -> JSONValue {
        guard let value = index[path] else {
            var message = "the configuration \"\(name)\" has no variable \"\(path)\""
            let known = variables.keys
            if !known.isEmpty { message += "; its variables are \(known.map { "\"\($0)\"" }.joined(separator: ", "))" }
            throw EnvironmentError(.unknownVariable, file: source, message: message)
        }
        return value
    }

    /// The string at `path`.
    /// - Throws: ``EnvironmentError`` (unknown variable, or not a string).
    public func string(_ path: String) throws(EnvironmentError) -> String {
        let value = try value(path)
        guard case .string(let string) = value else { throw mismatch(path, value, "a string") }
        return string
    }

    /// The integer at `path`; a number with a fraction is refused rather than rounded.
    /// - Throws: ``EnvironmentError`` (unknown variable, or not an integer).
    public func int(_ path: String) throws(EnvironmentError) -> Int {
        let value = try value(path)
        switch value {
        case .integer(let integer): return integer
        case .number(let double) where double.rounded() == double && abs(double) < 9e15: return Int(double)
        default: throw mismatch(path, value, "an integer")
        }
    }

    /// The number at `path`.
    /// - Throws: ``EnvironmentError`` (unknown variable, or not a number).
    public func double(_ path: String) throws(EnvironmentError) -> Double {
        let value = try value(path)
        switch value {
        case .integer(let integer): return Double(integer)
        case .number(let double): return double
        default: throw mismatch(path, value, "a number")
        }
    }

    /// The boolean at `path`.
    /// - Throws: ``EnvironmentError`` (unknown variable, or not a boolean).
    public func bool(_ path: String) throws(EnvironmentError) -> Bool {
        let value = try value(path)
        guard case .bool(let bool) = value else { throw mismatch(path, value, "a boolean") }
        return bool
    }

    /// The absolute URL at `path` (a string with a scheme, such as `https://api.example.com`).
    /// - Throws: ``EnvironmentError`` (unknown variable, not a string, or not an absolute URL).
    public func url(_ path: String) throws(EnvironmentError) -> URL {
        let text = try string(path)
        guard let url = URL(string: text), url.scheme != nil else {
            throw EnvironmentError(.typeMismatch, file: source, message: "the variable \"\(path)\" of configuration \"\(name)\" is \"\(text)\", which is not an absolute URL such as \"https://example.com\"")
        }
        return url
    }

    /// Decodes the whole configuration into `type` with `JSONDecoder`.
    /// - Throws: ``EnvironmentError`` of kind ``EnvironmentError/Kind/typeMismatch`` naming the
    ///   coding path that did not fit.
    public func decode<T: Decodable>(_ type: T.Type, decoder: JSONDecoder = JSONDecoder()) throws(EnvironmentError) -> T {
        let data = Data(JSONValue.object(variables).jsonText().utf8)
        do {
            return try decoder.decode(type, from: data)
        } catch let error as DecodingError {
            throw EnvironmentError(.typeMismatch, file: source, message: "cannot decode configuration \"\(name)\" as \(T.self): \(Self.describe(error))")
        } catch {
            throw EnvironmentError(.typeMismatch, file: source, message: "cannot decode configuration \"\(name)\" as \(T.self): \(error)")
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map(\.stringValue).joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            let parent = path(context)
            return "missing variable \"\(parent.isEmpty ? key.stringValue : parent + "." + key.stringValue)\""
        case .typeMismatch(let type, let context): return "\"\(path(context))\" is not \(type)"
        case .valueNotFound(let type, let context): return "\"\(path(context))\" is null, expected \(type)"
        case .dataCorrupted(let context): return "\"\(path(context))\": \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }

    private func mismatch(_ path: String, _ value: JSONValue, _ expected: String) -> EnvironmentError {
        EnvironmentError(.typeMismatch, file: source, message: "the variable \"\(path)\" of configuration \"\(name)\" is \(value.typeDescription), not \(expected)")
    }
}
