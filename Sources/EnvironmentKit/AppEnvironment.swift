import EnvironmentCrypto
import Foundation
import I18Next
import Synchronization

/// The app's environment: the current build configuration's variables, the app language, and
/// its localized strings. The Linux counterpart of T21Environment.
///
/// ```swift
/// let environment = try AppEnvironment(contentsOf: "environments/environments.json")
/// let baseURL = try environment.current.url("base_url")
/// try environment.setAppLanguage("es")
/// environment.localizedString("greeting")
/// ```
///
/// The language at start is the user's saved choice if it is still supported, else the best
/// match for the system's preferred languages (``SystemLanguages``), else the first supported
/// language. Only an explicit choice is saved, never a detected one.
///
/// All methods are safe to call from any thread.
public final class AppEnvironment: Sendable {
    /// How to set up an environment; every field has a sensible default.
    public struct Options: Sendable {
        /// The configuration to use; see ``BuildConfiguration/resolve(explicit:environment:)``.
        public var configurationName: String?
        /// Names the saved preferences; else `ENVTOOL_APP_ID`, else the document's `app_id`, else `default`.
        public var appID: String?
        /// The process environment, for the configuration, system languages and `XDG_CONFIG_HOME`.
        public var environment: [String: String]
        /// Whether the language choice is saved and read back (on by default).
        public var persistsLanguage: Bool
        /// Where the `.strings` tables are; by default the directory of the document.
        public var stringsDirectory: String?
        /// The secret of an encrypted `environments.bin`; unused for JSON.
        public var secret: EnvironmentsBin.DecryptionSecret?
        /// The i18next resources, `<dir>/<lng>/<ns>.json`; by default `locales` next to the `.strings` tables.
        public var i18nextDirectory: String?
        /// The order in which `localizedString` asks the i18next resources and the `.strings` tables.
        public var translationOrder: [TranslationSource] = [.i18next, .stringsTables]

        /// Options with the defaults described on each property.
        public init(configurationName: String? = nil, appID: String? = nil,
                    environment: [String: String] = ProcessInfo.processInfo.environment,
                    persistsLanguage: Bool = true, stringsDirectory: String? = nil,
                    secret: EnvironmentsBin.DecryptionSecret? = nil) {
            self.configurationName = configurationName
            self.appID = appID
            self.environment = environment
            self.persistsLanguage = persistsLanguage
            self.stringsDirectory = stringsDirectory
            self.secret = secret
        }
    }

    /// The validated document.
    public let document: EnvironmentsDocument
    /// The current build configuration.
    public let current: Configuration
    /// Where the language choice is saved, unless persistence is off.
    public let preferenceStore: LanguagePreferenceStore?
    /// The `.strings` tables.
    public let localization: LocalizationTables
    /// Problems found while starting that did not stop it, such as a corrupt preferences file.
    public let startupWarnings: [EnvironmentError]
    /// The order in which `localizedString` asks its sources.
    public let translationOrder: [TranslationSource]
    private let bridge: I18NextBridge

    /// The i18next engine over the app's `locales`, kept in the app language; `nil` without
    /// resources. Its files are read on first use.
    public var i18next: I18Next? { bridge.engine(language: getAppLanguage()) }

    /// i18next resource files that could not be loaded (malformed, unreadable), each naming its
    /// file and position; the other files still translate.
    public var i18nextWarnings: [EnvironmentError] { bridge.warnings }

    private struct State {
        var language: LanguageTag
        var source: LanguageSource
        var observers: [WeakObserver] = []
        var continuations: [Int: AsyncStream<String>.Continuation] = [:]
        var nextContinuationID = 0
    }

    private struct WeakObserver {
        weak var observer: (any EnvironmentObserver)?
    }

    private let state: Mutex<State>
    private let environmentVariables: [String: String]

    /// Loads and validates `path` (an `environments.json`, or an `environments.bin` with
    /// ``Options/secret``) and resolves configuration and language.
    ///
    /// - Throws: ``EnvironmentError``: the file is unreadable or invalid, or the configuration is unknown.
    public convenience init(contentsOf path: String, options: Options = Options()) throws(EnvironmentError) {
        var options = options
        if options.stringsDirectory == nil {
            let directory = (path as NSString).deletingLastPathComponent
            options.stringsDirectory = directory.isEmpty ? "." : directory
        }
        try self.init(document: EnvironmentsDocument(contentsOf: path, secret: options.secret), options: options)
    }

    /// Uses an already validated document.
    ///
    /// - Throws: ``EnvironmentError`` of kind ``EnvironmentError/Kind/unknownConfiguration``.
    public init(document: EnvironmentsDocument, options: Options = Options()) throws(EnvironmentError) {
        self.document = document
        self.environmentVariables = options.environment
        let name = BuildConfiguration.resolve(explicit: options.configurationName, environment: options.environment)
        self.current = try document.configuration(named: name)
        self.localization = LocalizationTables(directory: options.stringsDirectory ?? FileManager.default.currentDirectoryPath)

        var warnings: [EnvironmentError] = []
        if options.persistsLanguage {
            let appID = options.appID ?? options.environment["ENVTOOL_APP_ID"].flatMap { $0.isEmpty ? nil : $0 } ?? document.appID ?? AppIdentifier.fallback
            guard AppIdentifier.isValid(appID) else {
                throw EnvironmentError(.malformedDocument, message: "the app id \"\(appID)\" must be letters, digits, '.', '_' and '-', such as \"com.example.app\"")
            }
            self.preferenceStore = LanguagePreferenceStore(appID: appID, environment: options.environment)
        } else {
            self.preferenceStore = nil
        }
        let (language, source) = Self.startLanguage(document: document, store: preferenceStore,
                                                    environment: options.environment, warnings: &warnings)
        let stringsDirectory = options.stringsDirectory ?? FileManager.default.currentDirectoryPath
        self.bridge = I18NextBridge(directory: options.i18nextDirectory ?? stringsDirectory + "/locales",
                                    developmentLanguage: document.languages[0].identifier)
        self.translationOrder = options.translationOrder
        self.startupWarnings = warnings
        self.state = Mutex(State(language: language, source: source))
    }

    private static func startLanguage(document: EnvironmentsDocument, store: LanguagePreferenceStore?,
                                      environment: [String: String], warnings: inout [EnvironmentError]) -> (LanguageTag, LanguageSource) {
        if let store {
            switch store.read() {
            case .unset: break
            case .language(let code):
                if let tag = document.supportedLanguage(code) { return (tag, .savedChoice(path: store.path)) }
                warnings.append(EnvironmentError(.unsupportedLanguage, file: store.path,
                                                 message: "the saved language \"\(code)\" is not supported by \(document.source); following the system instead"))
            case .corrupt(let error):
                warnings.append(error)
            }
        }
        return systemLanguage(document: document, environment: environment)
    }

    private static func systemLanguage(document: EnvironmentsDocument, environment: [String: String]) -> (LanguageTag, LanguageSource) {
        let preferred = SystemLanguages.preferred(environment: environment)
        if let match = LanguageMatcher.bestMatch(preferred: preferred, supported: document.languages) {
            return (match, .system(preferred: preferred.map(\.identifier)))
        }
        return (document.languages[0], .fallback)
    }

    // MARK: - Configuration

    /// The current configuration's variables, untyped, as T21Environment's `configuration()`.
    public func configuration() -> [String: Any] { current.dictionary }

    /// The current configuration's name.
    public func getConfigurationName() -> String { current.name }

    // MARK: - Language

    /// The supported language codes, development language first.
    public func availableLanguages() -> [String] { document.languages.map(\.identifier) }

    /// The current language code.
    public func getAppLanguage() -> String { state.withLock { $0.language.identifier } }

    /// Why the current language is the current one.
    public var languageSource: LanguageSource { state.withLock { $0.source } }

    /// Makes `code` the app language and saves it as the user's choice.
    ///
    /// An explicit choice is saved even when it equals the current language, so that it keeps
    /// winning if the system language changes later.
    ///
    /// - Returns: ``LanguageUpdateResult/notSupported`` (nothing changes) for a language not in
    ///   `languages`, ``LanguageUpdateResult/sameAsBefore`` or ``LanguageUpdateResult/updated``.
    /// - Throws: ``EnvironmentError`` of kind ``EnvironmentError/Kind/writeFailed`` when the
    ///   choice cannot be saved; the language then does not change.
    @discardableResult
    public func setAppLanguage(_ code: String) throws(EnvironmentError) -> LanguageUpdateResult {
        guard let tag = document.supportedLanguage(code) else { return .notSupported }
        try preferenceStore?.write(language: tag.identifier)
        let source: LanguageSource = preferenceStore.map { .savedChoice(path: $0.path) } ?? .fallback
        return apply(tag, source: source) ? .updated : .sameAsBefore
    }

    /// Forgets the user's choice and follows the system's preferred languages again.
    ///
    /// - Returns: The language now in use.
    /// - Throws: ``EnvironmentError`` of kind ``EnvironmentError/Kind/writeFailed`` when the saved
    ///   choice cannot be removed; the language then does not change.
    @discardableResult
    public func resetLanguage() throws(EnvironmentError) -> String {
        try preferenceStore?.write(language: nil)
        let (tag, source) = Self.systemLanguage(document: document, environment: environmentVariables)
        apply(tag, source: source)
        return tag.identifier
    }

    /// Sets the state and notifies, outside the lock, when the language actually changed.
    @discardableResult
    private func apply(_ tag: LanguageTag, source: LanguageSource) -> Bool {
        let notify: (observers: [any EnvironmentObserver], continuations: [AsyncStream<String>.Continuation])? = state.withLock { state in
            let changed = state.language.identifier.lowercased() != tag.identifier.lowercased()
            state.source = source
            guard changed else { return nil }
            state.language = tag
            state.observers.removeAll { $0.observer == nil }
            return (state.observers.compactMap(\.observer), Array(state.continuations.values))
        }
        guard let notify else { return false }
        bridge.follow(tag.identifier)
        for observer in notify.observers { observer.environmentLanguageDidChange(to: tag.identifier) }
        for continuation in notify.continuations { continuation.yield(tag.identifier) }
        return true
    }

    // MARK: - Observers

    /// Adds an observer of language changes. It is held weakly; adding it twice has no effect.
    public func addEnvironmentObserver(_ observer: any EnvironmentObserver) {
        state.withLock { state in
            state.observers.removeAll { $0.observer == nil }
            if !state.observers.contains(where: { $0.observer === observer }) {
                state.observers.append(WeakObserver(observer: observer))
            }
        }
    }

    /// Removes an observer added with ``addEnvironmentObserver(_:)``.
    public func removeEnvironmentObserver(_ observer: any EnvironmentObserver) {
        state.withLock { state in
            state.observers.removeAll { $0.observer == nil || $0.observer === observer }
        }
    }

    /// The language codes the app switches to from now on, one element per actual change.
    public func languageChanges() -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(16))
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

    // MARK: - Localization

    /// The localized string for `key` in the current language (or `language`), with
    /// `String(format:)`-style `arguments` applied.
    ///
    /// Lookup: the language, its language without region, the development language, `Base`; then
    /// `defaultValue`, then the key itself, as `Bundle.localizedString(forKey:value:table:)`.
    public func localizedString(_ key: String, table: String = LocalizationTables.defaultTable,
                                language: String? = nil, defaultValue: String? = nil,
                                arguments: [any CustomStringConvertible & Sendable] = []) -> String {
        let tag = language.flatMap(LanguageTag.init) ?? state.withLock { $0.language }
        var template: String? = nil
        for source in translationOrder where template == nil {
            switch source {
            case .stringsTables:
                template = localization.string(forKey: key, table: table, languageChain: lookupChain(for: tag))
            case .i18next:
                guard table == LocalizationTables.defaultTable, let engine = i18next else { continue }
                if language != nil { bridge.prepare(tag.identifier) }
                let options: TranslationOptions = language == nil ? [:] : ["lng": .string(tag.identifier)]
                if engine.exists(key, options) { template = engine.string(key, options) }
            }
        }
        let text = template ?? defaultValue ?? key
        return arguments.isEmpty ? text : StringFormatter.format(text, arguments)
    }

    /// Translates `key` with the i18next engine in the current language (`t(key, options)`), or
    /// returns the key when the app has no i18next resources.
    public func translate(_ key: String, _ options: TranslationOptions = TranslationOptions()) -> I18nValue {
        translate([key], options)
    }

    /// Translates the first of `keys` that exists (i18next's array-of-keys fallback).
    public func translate(_ keys: [String], _ options: TranslationOptions = TranslationOptions()) -> I18nValue {
        guard let engine = i18next else { return .string(keys.last ?? "") }
        if let requested = options.values["lng"]?.stringValue { bridge.prepare(requested) }
        return engine.t(keys, options)
    }

    /// The languages searched for a string in `tag`, most specific first.
    func lookupChain(for tag: LanguageTag) -> [String] {
        var chain = [tag.identifier.lowercased()]
        if tag.identifier.lowercased() != tag.language { chain.append(tag.language) }
        let development = document.languages[0].identifier.lowercased()
        if !chain.contains(development) { chain.append(development) }
        chain.append("base")
        return chain
    }
}
