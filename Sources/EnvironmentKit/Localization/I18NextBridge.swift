import I18Next
import Platform
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Keeps an i18next engine in the app's language: it loads the languages the current language's
/// fallback chain needs from `locales/<lng>/<ns>.json`, and follows every language change.
///
/// The engine has no language of its own to keep in step: it is created in the language
/// ``AppLanguage`` has at that moment and registered, in the same step, to follow its changes.
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
    private let language: @Sendable () -> AppLanguage
    /// Whether the engine indexes every key path (see `AppEnvironment.Options.indexesI18nextKeyPaths`).
    private let indexesKeyPaths: Bool
    /// `nil` until first use; then the engine, or `.some(nil)` when there are no resources.
    private let state = Mutex<Engine??>(nil)

    /// - Parameter language: The owner of the current language, asked only when the engine is created.
    init(
        directory: String, developmentLanguage: String, indexesKeyPaths: Bool = true,
        language: @escaping @Sendable () -> AppLanguage
    ) {
        self.directory = directory
        self.developmentLanguage = developmentLanguage
        self.indexesKeyPaths = indexesKeyPaths
        self.language = language
    }

    /// The engine, set up in the current language on first use; `nil` when `directory` does not exist.
    var engine: I18Next? {
        state.withLock { state in
            if case .some(let existing) = state { return existing?.engine }
            guard pathKind(directory) == .directory else {
                state = .some(nil)
                return nil
            }
            // A change made after this read calls `follow`, which waits for this lock and so
            // finds the engine created; a change made before it is what this read returns.
            let current = language().currentLanguage(following: { [weak self] tag in self?.follow(tag.identifier) }).identifier
            let backend = DirectoryBackend(directory: directory)
            let namespaces = backend.namespaces()
            var options = I18NextOptions()
            options.lng = current
            options.fallbackLng = .list([developmentLanguage])
            options.ns = namespaces.isEmpty ? [I18NextOptions.standardNamespace] : namespaces
            options.defaultNS = [I18NextOptions.defaultNamespace(among: namespaces)]
            options.indexesKeyPaths = indexesKeyPaths
            var created = Engine(engine: I18Next(options: options), backend: backend)
            Self.loadMissing(for: current, into: &created)
            state = .some(created)
            return created.engine
        }
    }

    /// Switches the engine to `language`, loading what it needs first.
    private func follow(_ language: String) {
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
            let namespaces = engine.backend.namespaces(language: code)
            for failure in engine.engine.load(from: engine.backend, languages: [code], namespaces: namespaces) {
                engine.warnings.append(
                    EnvironmentError(
                        .malformedDocument, file: failure.source, line: failure.line,
                        column: failure.column, message: failure.message))
            }
        }
        engine.loaded.formUnion(missing)
    }
}
