import Foundation
import I18Next
import Synchronization

/// Keeps an i18next engine in the app's language: it loads the languages the current language's
/// fallback chain needs from `locales/<lng>/<ns>.json`, and follows every language change.
///
/// Nothing is read until a translation is asked for, so an app (or `envtool get`) that only reads
/// variables never parses translation files.
final class I18NextBridge: Sendable {
    private struct Engine {
        let engine: I18Next
        let backend: DirectoryBackend
        var loaded: Set<String> = []
        var warnings: [EnvironmentError] = []
    }

    private let directory: String
    private let developmentLanguage: String
    /// `nil` until first use; then the engine, or `.some(nil)` when there are no resources.
    private let state = Mutex<Engine??>(nil)

    init(directory: String, developmentLanguage: String) {
        self.directory = directory
        self.developmentLanguage = developmentLanguage
    }

    /// The engine, set up in `language` on first use; `nil` when `directory` does not exist.
    func engine(language: String) -> I18Next? {
        state.withLock { state in
            if case .some(let existing) = state { return existing?.engine }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
                state = .some(nil)
                return nil
            }
            let backend = DirectoryBackend(directory: directory)
            var namespaces = Set<String>()
            for code in backend.availableLanguages() { namespaces.formUnion(backend.availableNamespaces(language: code)) }
            var options = I18NextOptions()
            options.lng = language
            options.fallbackLng = .list([developmentLanguage])
            options.ns = namespaces.isEmpty ? ["translation"] : namespaces.sorted()
            options.defaultNS = namespaces.contains("translation") || namespaces.isEmpty ? ["translation"] : [options.ns[0]]
            var created = Engine(engine: I18Next(options: options), backend: backend)
            Self.loadMissing(for: language, into: &created)
            state = .some(created)
            return created.engine
        }
    }

    /// Switches the engine to `language`, loading what it needs first (if the engine exists yet).
    func follow(_ language: String) {
        state.withLock { state in
            guard case .some(.some(var existing)) = state else { return }
            Self.loadMissing(for: language, into: &existing)
            existing.engine.changeLanguage(language)
            state = .some(existing)
        }
    }

    /// Makes sure `language` can be looked up (for a one-off `lng` option), without switching to it.
    func prepare(_ language: String) {
        state.withLock { state in
            guard case .some(.some(var existing)) = state else { return }
            Self.loadMissing(for: language, into: &existing)
            state = .some(existing)
        }
    }

    /// Files that could not be loaded so far, each naming its path and position.
    var warnings: [EnvironmentError] {
        state.withLock { state in
            if case .some(.some(let existing)) = state { return existing.warnings }
            return []
        }
    }

    private static func loadMissing(for language: String, into engine: inout Engine) {
        let missing = engine.engine.languagesToLoad(for: language).filter { !engine.loaded.contains($0) }
        guard !missing.isEmpty else { return }
        let available = Set(engine.backend.availableLanguages())
        for code in missing where available.contains(code) {
            let namespaces = engine.backend.availableNamespaces(language: code)
            for failure in engine.engine.load(from: engine.backend, languages: [code], namespaces: namespaces) {
                engine.warnings.append(EnvironmentError(.malformedDocument, file: failure.source, line: failure.line,
                                                        column: failure.column, message: failure.message))
            }
        }
        engine.loaded.formUnion(missing)
    }
}
