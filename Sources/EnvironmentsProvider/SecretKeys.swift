#if Configuration
import Environments

/// The variables a document lists in its optional top-level `"secrets": ["api.token", …]`.
///
/// A listed key that names an object makes everything under it secret, so `"api"` covers
/// `api.token` and `api.user`.
struct SecretKeys: Sendable {
    private let keys: Set<String>

    /// The top-level key read from the document.
    static let documentKey = "secrets"

    /// Reads `"secrets"` from the document's extra top-level keys; a document without it has none.
    ///
    /// - Throws: ``EnvironmentError`` of kind ``EnvironmentError/Kind/malformedDocument`` when
    ///   `"secrets"` is not an array of strings, since silently ignoring it would log the secrets.
    init(document: EnvironmentsDocument) throws(EnvironmentError) {
        guard let value = document.extraKeys[Self.documentKey] else {
            keys = []
            return
        }
        let fix = "list the variables to redact, such as \"secrets\": [\"api.token\"]"
        guard case .array(let elements) = value else {
            throw EnvironmentError(.malformedDocument, file: document.source, jsonPath: Self.documentKey,
                                   message: "\"secrets\" must be an array of variable names, found \(value.typeName); \(fix)")
        }
        var keys: Set<String> = []
        for (index, element) in elements.enumerated() {
            guard case .string(let key) = element else {
                throw EnvironmentError(.malformedDocument, file: document.source, jsonPath: "\(Self.documentKey)[\(index)]",
                                       message: "each entry of \"secrets\" must be a variable name, found \(element.typeName); \(fix)")
            }
            keys.insert(key)
        }
        self.keys = keys
    }

    /// Whether the variable at the dotted path `key` is listed, or lies under a listed object.
    func contains(_ key: String) -> Bool {
        if keys.isEmpty { return false }
        if keys.contains(key) { return true }
        var path = Substring(key)
        while let dot = path.lastIndex(of: ".") {
            path = path[..<dot]
            if keys.contains(String(path)) { return true }
        }
        return false
    }
}
#endif
