import JSONParsing

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The variables of one build configuration, with typed access.
///
/// Nested values are reachable by dotted paths (`"api.timeout"`). Every path is indexed the
/// first time more than one variable is read, so a lookup is one hash-table probe: no parsing,
/// no splitting. A configuration read from an `environments.json` is parsed only then: the
/// document was validated whole when it was read, and reading one variable scans for it without
/// building the others (see `ConfigurationVariables`).
/// Paths are compared by code units, as JSON keys are: `"café"` in NFC and in NFD are two variables.
public struct Configuration: Sendable {
    /// The configuration's name (`Debug`).
    public let name: String
    /// The variables as written, keys in file order (for a configuration of an `environments.json`,
    /// parsed on first use).
    public var variables: JSONObject { storage.object }
    /// The document the configuration comes from, named in errors.
    public let source: String
    private let storage: ConfigurationVariables
    /// The document's text, to point errors found later (decoding) at a line and column; `nil`
    /// for decrypted documents, whose plaintext is not kept.
    private let text: Data?

    init(name: String, variables: JSONObject, source: String, text: Data? = nil) {
        self.name = name
        self.source = source
        self.text = text
        self.storage = ConfigurationVariables(variables)
    }

    /// The configuration whose object starts at `offset` of `text`, a document that
    /// ``JSONParsing/JSONValidator`` accepted; parsed when first read.
    init(name: String, deferredAt offset: Int, source: String, text: Data) {
        self.name = name
        self.source = source
        self.text = text
        self.storage = ConfigurationVariables(deferredIn: text, at: offset)
    }

    /// The value at `path` (a key, or a dotted path into nested objects), or `nil`.
    public subscript(path: String) -> JSONValue? { storage.value(path) }

    /// The document path of the configuration's variables: `configurations.<name>`.
    package var documentPath: JSONPath { JSONPath([.key("configurations"), .key(name)]) }

    /// The members that lead to the variable `path` names, by the rule of the index: a top-level
    /// key spelled `path` first, else the first nested path spelled so, in file order.
    /// Only errors need it, so it walks the tree instead of being kept for every path.
    func components(of path: String) -> [JSONPath.Component]? {
        let variables = self.variables
        if variables.index(forKey: path) != nil { return [.key(path)] }
        // `prefix` is `nil` at the top level (a member of a top-level key "" is at ".x").
        func search(_ object: JSONObject, prefix: String?, trail: [JSONPath.Component]) -> [JSONPath.Component]? {
            for (key, value) in object.members {
                let dotted = prefix.map { $0 + "." + key } ?? key
                if prefix != nil, JSONKey(dotted) == JSONKey(path) { return trail + [.key(key)] }
                if case .object(let child) = value, let found = search(child, prefix: dotted, trail: trail + [.key(key)]) { return found }
            }
            return nil
        }
        return search(variables, prefix: nil, trail: [])
    }

    /// An error about the value at `path` (relative to the variables), located in the document
    /// when its text is kept: file, line, column and the JSON path from the top of the document.
    package func error(_ kind: EnvironmentError.Kind, at path: JSONPath, message: String) -> EnvironmentError {
        EnvironmentError.located(kind, file: source, at: JSONPath(documentPath.components + path.components), in: text, message: message)
    }

    /// The variables as `[String: Any]`, the shape of T21Environment's `configuration()`.
    public var dictionary: [String: Any] { variables.untyped }

    /// How many variable names an unknown-variable error lists.
    static let variablesNamedInErrors = 20

    /// The value at `path`.
    ///
    /// - Throws: ``EnvironmentError`` of kind ``EnvironmentError/Kind/unknownVariable``.
    public func value(_ path: String) throws(EnvironmentError) -> JSONValue {
        guard let value = storage.value(path) else {
            var message = "the configuration \"\(name)\" has no variable \"\(path)\""
            // A few names help with a typo; a million would bury the message (`envtool print` lists them all).
            let known = variables.keys
            let shown = known.prefix(Self.variablesNamedInErrors).map { "\"\($0)\"" }.joined(separator: ", ")
            if known.count > Self.variablesNamedInErrors {
                message += "; its variables include \(shown) and \(known.count - Self.variablesNamedInErrors) more (envtool print lists them)"
            } else if !known.isEmpty {
                message += "; its variables are \(shown)"
            }
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
        guard let integer = value.configurationInteger else { throw mismatch(path, value, "an integer") }
        return integer
    }

    /// The number at `path`, or the nearest `Double` to it (as `JSONDecoder` reads `0.1`, or an
    /// integer beyond 2^53).
    /// - Throws: ``EnvironmentError`` (unknown variable, not a number, or beyond the range of `Double`).
    public func double(_ path: String) throws(EnvironmentError) -> Double {
        let value = try value(path)
        guard let double = value.configurationDouble else {
            if case .numberLiteral = value.exactValue { throw mismatch(path, value, "a number within the range of Double") }
            throw mismatch(path, value, "a number")
        }
        return double
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
            let message =
                "the variable \"\(path)\" of configuration \"\(name)\" is \(JSONValue.string(text).briefDescription), which is not an absolute URL such as \"https://example.com\""
            guard let components = components(of: path) else { throw EnvironmentError(.typeMismatch, file: source, message: message) }
            throw error(.typeMismatch, at: JSONPath(components), message: message)
        }
        return url
    }

    /// Decodes the whole configuration into `type`, straight from the parsed variables.
    ///
    /// Reads what `JSONDecoder` reads with its default strategies (`URL` and `Decimal` included,
    /// `Data` as Base64); keys are matched by code units; a number that does not fit the property's
    /// type is an error, never rounded.
    ///
    /// - Throws: ``EnvironmentError`` of kind ``EnvironmentError/Kind/typeMismatch`` naming the
    ///   file, line and column of the value that did not fit and its JSON path
    ///   (`configurations.Debug.api.timeout`); for a missing member, the object that lacks it.
    public func decode<T: Decodable>(_ type: T.Type) throws(EnvironmentError) -> T {
        do {
            return try JSONValueDecoder().decode(type, from: .object(variables))
        } catch let error as DecodingError {
            throw decodingError(error, decoding: T.self)
        } catch {
            throw EnvironmentError(
                .typeMismatch, file: source, jsonPath: documentPath.description, message: "cannot decode configuration \"\(name)\" as \(T.self): \(error)")
        }
    }

    private func decodingError<T>(_ error: DecodingError, decoding type: T.Type) -> EnvironmentError {
        let prefix = "cannot decode configuration \"\(name)\" as \(T.self): "
        switch error {
        case .keyNotFound(let key, let context):
            let missing = JSONPath(codingPath: context.codingPath + [key])
            return self.error(
                .typeMismatch, at: JSONPath(codingPath: context.codingPath),
                message: prefix + "missing variable \"\(missing)\"; add it, or make the property optional")
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return self.error(.typeMismatch, at: JSONPath(codingPath: context.codingPath), message: prefix + context.debugDescription)
        @unknown default:
            return EnvironmentError(.typeMismatch, file: source, jsonPath: documentPath.description, message: prefix + "\(error)")
        }
    }

    private func mismatch(_ path: String, _ value: JSONValue, _ expected: String) -> EnvironmentError {
        let message = "the variable \"\(path)\" of configuration \"\(name)\" is \(value.briefDescription), not \(expected)"
        guard let components = components(of: path) else { return EnvironmentError(.typeMismatch, file: source, message: message) }
        return error(.typeMismatch, at: JSONPath(components), message: message)
    }
}
