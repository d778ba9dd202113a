import Synchronization

/// The one owner of the app's current language: it decides the language at start, saves the
/// user's choice, and tells observers, streams and the translation engines about every change.
///
/// Everything that needs the current language reads it here; nothing keeps a copy that could
/// fall behind. The i18next engine registers as a *follower* (``currentLanguage(following:)``),
/// which is switched before ``set(_:)`` returns, so a translation asked for after a change is
/// always in the new language, whichever thread created the engine and when.
///
/// ``AppEnvironment`` creates it on the first language call, so commands that only read
/// variables never read the preferences file.
final class AppLanguage: Sendable {
    /// The saved preferences, unless persistence is off.
    let preferenceStore: LanguagePreferenceStore?
    /// Problems found while deciding the language at start: a corrupt preferences file, or a
    /// saved language the document no longer supports.
    let startupWarnings: [EnvironmentError]

    private let document: EnvironmentsDocument
    private let environment: [String: String]

    private struct State {
        var language: LanguageTag
        var source: LanguageSource
        /// The saved language ignored at start because the document does not support it.
        var ignoredSavedLanguage: String?
        var followers: [@Sendable (LanguageTag) -> Void] = []
        var observers: [WeakObserver] = []
        var continuations: [Int: AsyncStream<String>.Continuation] = [:]
        var nextContinuationID = 0
        /// Changes not yet told to observers and streams, oldest first.
        var undelivered: [String] = []
        /// Whether some thread is telling observers right now; it delivers every change queued meanwhile.
        var delivering = false
    }

    private struct WeakObserver {
        weak var observer: (any EnvironmentObserver)?
    }

    private let state: Mutex<State>
    /// Serialises the changes, so that the saved file, the state and the followers see them in the
    /// same order. Only ``set(_:)`` and ``reset()`` take it, and never while holding `state`.
    private let changing = Mutex<Void>(())

    /// Decides the language at start: the saved choice if `document` supports it, else the best
    /// match for the system's preferred languages in `environment`, else the development language.
    init(document: EnvironmentsDocument, preferenceStore: LanguagePreferenceStore?, environment: [String: String]) {
        self.document = document
        self.environment = environment
        self.preferenceStore = preferenceStore
        var warnings: [EnvironmentError] = []
        var ignored: String? = nil
        var start: (tag: LanguageTag, source: LanguageSource)? = nil
        if let preferenceStore {
            switch preferenceStore.read() {
            case .unset:
                break
            case .language(let code):
                if let tag = document.supportedLanguage(code) {
                    start = (tag, .savedChoice(path: preferenceStore.path))
                } else {
                    ignored = code
                    warnings.append(
                        EnvironmentError(
                            .unsupportedLanguage, file: preferenceStore.path,
                            message:
                                "the saved language \"\(code)\" is not supported by \(document.source); following the system instead (run `envtool set-language` or `reset-language` to replace it)"
                        ))
                }
            case .corrupt(let error):
                warnings.append(error)
            }
        }
        let (tag, source) = start ?? Self.systemLanguage(document: document, environment: environment)
        self.startupWarnings = warnings
        self.state = Mutex(State(language: tag, source: source, ignoredSavedLanguage: ignored))
    }

    private static func systemLanguage(document: EnvironmentsDocument, environment: [String: String]) -> (LanguageTag, LanguageSource) {
        let preferred = SystemLanguages.preferred(environment: environment)
        if let match = LanguageMatcher.bestMatch(preferred: preferred, supported: document.languages) {
            return (match, .system(preferred: preferred.map(\.identifier)))
        }
        return (document.languages[0], .fallback)
    }

    // MARK: - Reading

    /// The current language.
    var tag: LanguageTag { state.withLock { $0.language } }

    /// Why the current language is the current one.
    var source: LanguageSource { state.withLock { $0.source } }

    /// The saved language that was passed over at start because the document does not support
    /// it; `nil` when there was none, and after the language is set or reset.
    var ignoredSavedLanguage: String? { state.withLock { $0.ignoredSavedLanguage } }

    /// The current language, with `follower` registered in the same step to be called with every
    /// later change, so that no change can fall between reading the language and following it.
    ///
    /// Followers run while the change is being made, before ``set(_:)`` returns and in the order
    /// of the changes; they must not change the language themselves.
    func currentLanguage(following follower: @escaping @Sendable (LanguageTag) -> Void) -> LanguageTag {
        state.withLock { state in
            state.followers.append(follower)
            return state.language
        }
    }

    // MARK: - Changing

    /// Makes `code` the language and saves it as the user's choice (even when it is already the
    /// current language, so that it keeps winning if the system language changes later).
    ///
    /// - Returns: ``LanguageUpdateResult/notSupported`` (nothing changes) for a language not in
    ///   the document's `languages`, ``LanguageUpdateResult/sameAsBefore`` or ``LanguageUpdateResult/updated``.
    /// - Throws: ``EnvironmentError`` of kind ``EnvironmentError/Kind/writeFailed`` when the choice
    ///   cannot be saved; the language then does not change.
    func set(_ code: String) throws(EnvironmentError) -> LanguageUpdateResult {
        guard let tag = document.supportedLanguage(code) else { return .notSupported }
        let changed = try changing.withLock { _ throws(EnvironmentError) -> Bool in
            try preferenceStore?.write(language: tag.identifier)
            return change(to: tag, source: preferenceStore.map { .savedChoice(path: $0.path) } ?? .fallback)
        }
        deliver()
        return changed ? .updated : .sameAsBefore
    }

    /// Forgets the user's choice and follows the system's preferred languages again.
    ///
    /// - Returns: The language now in use.
    /// - Throws: ``EnvironmentError`` of kind ``EnvironmentError/Kind/writeFailed`` when the saved
    ///   choice cannot be removed; the language then does not change.
    func reset() throws(EnvironmentError) -> String {
        let language = try changing.withLock { _ throws(EnvironmentError) -> String in
            try preferenceStore?.write(language: nil)
            let (tag, source) = Self.systemLanguage(document: document, environment: environment)
            change(to: tag, source: source)
            return tag.identifier
        }
        deliver()
        return language
    }

    /// Records the new state and switches the followers; observers are told later, by ``deliver()``.
    /// Called with `changing` held.
    @discardableResult
    private func change(to tag: LanguageTag, source: LanguageSource) -> Bool {
        let followers = state.withLock { state -> [@Sendable (LanguageTag) -> Void]? in
            state.source = source
            state.ignoredSavedLanguage = nil
            guard state.language != tag else { return nil }
            state.language = tag
            state.undelivered.append(tag.identifier)
            return state.followers
        }
        guard let followers else { return false }
        for follower in followers { follower(tag) }
        return true
    }

    /// Tells observers and streams about the queued changes, oldest first, outside every lock (an
    /// observer may set the language again). When another thread is already delivering, it
    /// delivers these changes too, so observers never see two changes out of order.
    private func deliver() {
        let start = state.withLock { state -> Bool in
            guard !state.delivering, !state.undelivered.isEmpty else { return false }
            state.delivering = true
            return true
        }
        guard start else { return }
        typealias Delivery = (language: String, observers: [any EnvironmentObserver], continuations: [AsyncStream<String>.Continuation])
        while let next = state.withLock({ state -> Delivery? in
            guard !state.undelivered.isEmpty else {
                state.delivering = false
                return nil
            }
            state.observers.removeAll { $0.observer == nil }
            return (state.undelivered.removeFirst(), state.observers.compactMap(\.observer), Array(state.continuations.values))
        }) {
            for observer in next.observers { observer.environmentLanguageDidChange(to: next.language) }
            for continuation in next.continuations { continuation.yield(next.language) }
        }
    }

    // MARK: - Observers

    /// Adds an observer of language changes. It is held weakly; adding it twice has no effect.
    func addObserver(_ observer: any EnvironmentObserver) {
        state.withLock { state in
            state.observers.removeAll { $0.observer == nil }
            if !state.observers.contains(where: { $0.observer === observer }) {
                state.observers.append(WeakObserver(observer: observer))
            }
        }
    }

    /// Removes an observer added with ``addObserver(_:)``.
    func removeObserver(_ observer: any EnvironmentObserver) {
        state.withLock { state in
            state.observers.removeAll { $0.observer == nil || $0.observer === observer }
        }
    }

    /// The language codes switched to from now on, one element per actual change, in order.
    ///
    /// Unbounded: a burst of changes faster than the reader must not lose any (language changes
    /// are rare, and a stream that is dropped stops buffering).
    func changes() -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .unbounded)
        let id = state.withLock { state in
            let id = state.nextContinuationID
            state.nextContinuationID += 1
            state.continuations[id] = continuation
            return id
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { _ = $0.continuations.removeValue(forKey: id) }
        }
        return stream
    }
}
