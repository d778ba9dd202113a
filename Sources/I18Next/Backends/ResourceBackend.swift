import Foundation

/// Where translations come from when they are not given in memory: a directory
/// (``DirectoryBackend``) or an HTTP server (``HTTPBackend``).
public protocol ResourceBackend: Sendable {
    /// The keys of one namespace of one language.
    ///
    /// - Throws: ``I18NextError`` naming the file or URL: missing, unreadable, not JSON, not an object.
    func load(language: String, namespace: String) throws(I18NextError) -> I18nObject
}

/// Fills i18next's `loadPath` template: `{{lng}}` and `{{ns}}` (also `__lng__` and `__ns__`).
enum LoadPath {
    static func fill(_ template: String, language: String, namespace: String) -> String {
        template.replacingOccurrences(of: "{{lng}}", with: language)
            .replacingOccurrences(of: "{{ns}}", with: namespace)
            .replacingOccurrences(of: "__lng__", with: language)
            .replacingOccurrences(of: "__ns__", with: namespace)
    }
}
