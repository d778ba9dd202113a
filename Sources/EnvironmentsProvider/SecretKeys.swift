#if Configuration
import Environments

/// The variables a document lists in its optional top-level `"secrets": ["api.token", …]`.
///
/// A listed key that names an object makes everything under it secret, so `"api"` covers
/// `api.token` and `api.user`.
struct SecretKeys: Sendable {
    private let keys: Set<String>

    /// The document's `"secrets"` (``EnvironmentsDocument/secretVariables``), which the core
    /// validated when it read the document.
    init(document: EnvironmentsDocument) {
        keys = Set(document.secretVariables)
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
