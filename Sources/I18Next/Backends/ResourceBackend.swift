import JSONParsing
import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where translations come from when they are not given in memory: a directory
/// (``DirectoryBackend``) or an HTTP server (`HTTPBackend`, in the I18NextHTTP module so that only
/// code that uses HTTP loads the networking stack).
public protocol ResourceBackend: Sendable {
    /// The keys of one namespace of one language.
    ///
    /// - Throws: ``I18NextError`` naming the file or URL: missing, unreadable, not JSON, not an object.
    func load(language: String, namespace: String) throws(I18NextError) -> I18nObject

    /// Several languages and namespaces at once, `language → namespace → keys`. The default asks
    /// ``load(language:namespace:)`` for each; a backend that can do it in one request overrides it.
    func loadMany(languages: [String], namespaces: [String]) throws(I18NextError) -> [String: [String: I18nObject]]
}

extension ResourceBackend {
    public func loadMany(languages: [String], namespaces: [String]) throws(I18NextError) -> [String: [String: I18nObject]] {
        try loadEach(languages: languages, namespaces: namespaces)
    }

    /// Loads each pair on its own; the first failure is thrown after the others were tried.
    package func loadEach(languages: [String], namespaces: [String]) throws(I18NextError) -> [String: [String: I18nObject]] {
        var result: [String: [String: I18nObject]] = [:]
        var firstError: I18NextError? = nil
        for language in languages {
            for namespace in namespaces {
                do throws(I18NextError) {
                    result[language, default: [:]][namespace] = try load(language: language, namespace: namespace)
                } catch {
                    if firstError == nil { firstError = error }
                }
            }
        }
        if result.isEmpty, let firstError { throw firstError }
        return result
    }
}

/// Fills i18next's `loadPath` template: `{{lng}}` and `{{ns}}` (also `__lng__` and `__ns__`).
package enum LoadPath {
    package static func fill(_ template: String, language: String, namespace: String) -> String {
        // Byte for byte, as the file system reads the path (and without the standard
        // library's searcher, whose `[Character: Int]` table costs a conformance scan at start).
        template.replacingBytes("{{lng}}", with: language)
            .replacingBytes("{{ns}}", with: namespace)
            .replacingBytes("__lng__", with: language)
            .replacingBytes("__ns__", with: namespace)
    }
}
