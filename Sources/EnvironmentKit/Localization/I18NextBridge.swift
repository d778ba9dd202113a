import Foundation
import I18Next
import Synchronization

/// Keeps an i18next engine in the app's language: it loads the languages the current language's
/// fallback chain needs from `locales/<lng>/<ns>.json`, and follows every language change.
final class I18NextBridge: Sendable {
    let engine: I18Next
    let backend: DirectoryBackend
    private let loaded = Mutex<Set<String>>([])

    /// An engine over `directory`, in `language`, falling back to the development language.
    /// Errors of single files are returned, not thrown: the other files still load.
    init?(directory: String, language: String, developmentLanguage: String, warnings: inout [EnvironmentError]) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else { return nil }
        backend = DirectoryBackend(directory: directory)
        var namespaces = Set<String>()
        for code in backend.availableLanguages() { namespaces.formUnion(backend.availableNamespaces(language: code)) }
        var options = I18NextOptions()
        options.lng = language
        options.fallbackLng = .list([developmentLanguage])
        options.ns = namespaces.isEmpty ? ["translation"] : namespaces.sorted()
        options.defaultNS = namespaces.contains("translation") || namespaces.isEmpty ? ["translation"] : [options.ns[0]]
        engine = I18Next(options: options)
        warnings += loadMissing(for: language)
    }

    /// Switches the engine to `language`, loading what it needs first.
    func follow(_ language: String) -> [EnvironmentError] {
        let errors = loadMissing(for: language)
        engine.changeLanguage(language)
        return errors
    }

    /// Makes sure `language` can be looked up (for a one-off `lng` option), without switching to it.
    func prepare(_ language: String) {
        _ = loadMissing(for: language)
    }

    private func loadMissing(for language: String) -> [EnvironmentError] {
        let needed = engine.languagesToLoad(for: language)
        let missing = loaded.withLock { loaded in needed.filter { !loaded.contains($0) } }
        guard !missing.isEmpty else { return [] }
        let available = Set(backend.availableLanguages())
        var errors: [EnvironmentError] = []
        for code in missing where available.contains(code) {
            let namespaces = backend.availableNamespaces(language: code)
            for failure in engine.load(from: backend, languages: [code], namespaces: namespaces) {
                errors.append(EnvironmentError(.malformedDocument, file: failure.source, line: failure.line, column: failure.column,
                                               message: failure.message))
            }
        }
        loaded.withLock { $0.formUnion(missing) }
        return errors
    }
}
