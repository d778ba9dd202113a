// PluralCategory and PluralRules are part of this module's API (plural suffixes, lint): re-exported
// so that `import I18Next` keeps giving them.
@_exported import CLDRPlurals
import JSONParsing
import Synchronization

/// An i18next-compatible translation engine: same resources, options and `t()` results as the
/// JavaScript i18next (v4 JSON by default; v1, v3 and i18next-ios's flavour of v1 with `compatibilityJSON`).
///
/// ```swift
/// var options = I18NextOptions()
/// options.lng = "es"
/// options.resources = ["es": ["translation": ["item_one": "{{count}} artículo", "item_other": "{{count}} artículos"]]]
/// let i18n = I18Next(options: options)
/// i18n.t("item", ["count": 3])        // "3 artículos"
/// ```
///
/// Thread-safe: `t()` takes a snapshot of the state and translates without holding a lock, so
/// `changeLanguage` and `addResourceBundle` may run concurrently with it.
public final class I18Next: Sendable {
    private struct State {
        var options: I18NextOptions
        var store: ResourceStore
        var language: String?
        /// The code as given, which i18next 1.x uses unchanged.
        var requestedLanguage: String?
        var postProcessors: [String: PostProcessor]
        /// Rebuilt whenever any of the above changes; `t()` only takes it.
        var translator: Translator?
    }

    private let state: Mutex<State>
    private let plurals: PluralResolver
    private let interpolator: Interpolator
    private let formatter: ValueFormatter

    /// Creates an instance with `options`, as `i18next.init(options)` does with in-memory resources.
    public init(options: I18NextOptions) {
        var options = options
        if options.compatibilityJSON == .ios, let code = options.lng {
            // i18next-ios reads `en_US` as `en-US` (and cases it so) before anything is looked up.
            options.lng = LegacyTranslator.iosLanguageCode(code, lowerCase: options.lowerCaseLng)
        }
        let utils = LanguageUtils(options: options)
        if options.lng == nil, !utils.fallbackCodes(options.fallbackLng, for: nil).isEmpty {
            let first = utils.fallbackCodes(options.fallbackLng, for: nil)[0]
            if first != "dev" { options.lng = first }
        }
        let store = ResourceStore(data: options.resources, keySeparator: options.keySeparator, indexed: options.indexesKeyPaths)
        options.resources = I18nObject()
        plurals = PluralResolver(separator: options.pluralSeparator, legacySuffixes: options.compatibilityJSON == .v3)
        interpolator = Interpolator(settings: options.interpolation, keepsTemplates: true)
        formatter = ValueFormatter(separator: options.interpolation.formatSeparator)
        var processors: [String: PostProcessor] = [:]
        processors[SprintfPostProcessor.processor.name] = SprintfPostProcessor.processor
        let language = Self.resolveLanguage(options.lng, store: store, utils: utils)
        var initial = State(
            options: options, store: store, language: language, requestedLanguage: options.lng,
            postProcessors: processors)
        initial.translator = Translator(
            options: options, store: store, language: language, plurals: plurals,
            interpolator: interpolator, formatter: formatter, postProcessors: processors)
        state = Mutex(initial)
    }

    /// Builds the translator snapshot after a change of state.
    private func rebuild(_ state: inout State) {
        state.translator = Translator(
            options: state.options, store: state.store, language: state.language, plurals: plurals,
            interpolator: interpolator, formatter: formatter, postProcessors: state.postProcessors)
    }

    /// `changeLanguage`'s choice: the code itself if it has translations, else the best supported match.
    private static func resolveLanguage(_ code: String?, store: ResourceStore, utils: LanguageUtils) -> String? {
        guard let code else { return nil }
        if store.hasTranslations(code) { return code }
        return utils.bestMatch(from: [code])
    }

    // MARK: - Language

    /// The current language (`i18next.language`), or `nil` when none was given and none follows from `fallbackLng`.
    public var language: String? { state.withLock { $0.language } }

    /// The codes a lookup walks for the current language (`i18next.languages`).
    public var languages: [String] { state.withLock { $0.translator!.languageHierarchy } }

    /// Switches the language, as `i18next.changeLanguage(lng)`.
    public func changeLanguage(_ code: String?) {
        state.withLock { state in
            var code = code
            if state.options.compatibilityJSON == .ios, let given = code {
                code = LegacyTranslator.iosLanguageCode(given, lowerCase: state.options.lowerCaseLng)
            }
            let utils = LanguageUtils(options: state.options)
            state.language = Self.resolveLanguage(code, store: state.store, utils: utils)
            state.requestedLanguage = code
            rebuild(&state)
        }
    }

    // MARK: - Resources

    /// Adds (deep-merges) the keys of one namespace of one language.
    public func addResourceBundle(language: String, namespace: String, resources: I18nObject) {
        state.withLock { state in
            state.store.addBundle(language: language, namespace: namespace, resources: resources)
            if !state.options.ns.contains(namespace) { state.options.ns.append(namespace) }
            rebuild(&state)
        }
    }

    /// Whether `language` has any non-empty namespace.
    public func hasTranslations(for language: String) -> Bool {
        state.withLock { $0.store.hasTranslations(language) }
    }

    /// All resources, `lng → ns → key`.
    public var resources: I18nObject { state.withLock { $0.store.data } }

    /// The language codes a lookup in `language` can reach: its hierarchy and the fallbacks
    /// (`de-AT` → `de-AT`, `de`, `en`), which is what a backend needs to load.
    public func languagesToLoad(for language: String? = nil) -> [String] {
        state.withLock { state in
            LanguageUtils(options: state.options).resolveHierarchy(language ?? state.language)
        }
    }

    /// The namespaces of the options (`ns`).
    public var namespaces: [String] { state.withLock { $0.options.ns } }

    /// Loads everything in one call to ``ResourceBackend/loadMany(languages:namespaces:)`` (one
    /// HTTP request with `allowMultiLoading`).
    ///
    /// - Throws: ``I18NextError`` when nothing could be loaded.
    public func loadAll(from backend: some ResourceBackend, languages: [String]? = nil, namespaces: [String]? = nil) throws(I18NextError) {
        let loaded = try backend.loadMany(languages: languages ?? languagesToLoad(), namespaces: namespaces ?? self.namespaces)
        for (language, spaces) in loaded {
            for (namespace, keys) in spaces { addResourceBundle(language: language, namespace: namespace, resources: keys) }
        }
    }

    /// Loads every namespace of `languages` (default: those the current language needs) from
    /// `backend`, merging them into the resources. A file that fails does not stop the others.
    ///
    /// - Returns: The errors of the files that could not be loaded, each naming its file or URL.
    @discardableResult
    public func load(from backend: some ResourceBackend, languages: [String]? = nil, namespaces: [String]? = nil) -> [I18NextError] {
        let wanted = languages ?? languagesToLoad()
        let spaces = namespaces ?? self.namespaces
        var errors: [I18NextError] = []
        for language in wanted where language != "cimode" {
            for namespace in spaces {
                do throws(I18NextError) {
                    addResourceBundle(language: language, namespace: namespace, resources: try backend.load(language: language, namespace: namespace))
                } catch {
                    errors.append(error)
                }
            }
        }
        return errors
    }

    /// Whether `key` resolves to a value (i18next's `exists`).
    public func exists(_ key: String, _ options: TranslationOptions = TranslationOptions()) -> Bool {
        let translator = state.withLock { $0.translator! }
        if translator.options.compatibilityJSON.isLegacy {
            // With 1.x's own lookups: its plural and fallback rules are not v4's.
            return legacyTranslator().exists(key, options)
        }
        let resolution = translator.resolve([key], options)
        guard let value = resolution.value else { return false }
        if value.isNull && !translator.options.returnNull { return false }
        if value.isEmptyString && !translator.options.returnEmptyString { return false }
        return true
    }

    /// Sets (or with `nil` removes) the receiver of `t()`'s warnings, ``I18NextOptions/warningHandler``.
    public func setWarningHandler(_ handler: I18NextOptions.WarningHandler?) {
        state.withLock { state in
            state.options.warningHandler = handler
            rebuild(&state)
        }
    }

    /// Registers a post-processor under its name (`sprintf` is built in).
    public func addPostProcessor(_ processor: PostProcessor) {
        state.withLock { state in
            state.postProcessors[processor.name] = processor
            rebuild(&state)
        }
    }

    /// i18next 1.x's own translator over the current state: its plural and fallback rules are
    /// not v4's, and it needs the language code as given.
    private func legacyTranslator() -> LegacyTranslator {
        let snapshot = state.withLock { $0 }
        return LegacyTranslator(
            options: snapshot.options, store: snapshot.store, language: snapshot.requestedLanguage, postProcessors: snapshot.postProcessors)
    }

    // MARK: - t()

    /// Translates `key` (`ns:key`, nested `a.b.c`) with i18next's options and variables.
    ///
    /// - Returns: Usually a string; an object or array with `returnObjects`; `null` with
    ///   `returnNull`; a number or boolean when the resource value is one.
    public func t(_ key: String, _ options: TranslationOptions = TranslationOptions()) -> I18nValue {
        let translator = state.withLock { $0.translator! }
        guard !translator.options.compatibilityJSON.isLegacy else { return t([key], options) }
        return translator.translate(key, options)
    }

    /// Translates the first of `keys` that exists (i18next's array-of-keys fallback).
    public func t(_ keys: [String], _ options: TranslationOptions = TranslationOptions()) -> I18nValue {
        let translator = state.withLock { $0.translator! }
        if translator.options.compatibilityJSON.isLegacy {
            // i18next 1.x needs the code as given; its lookups are not on the v4 hot path.
            return legacyTranslator().translate(keys, options)
        }
        return translator.translate(keys, options)
    }

    /// i18next's `getFixedT(lng, ns, keyPrefix)`: a `t` bound to a language, namespace and key
    /// prefix. (`keyPrefix` works only here, as in i18next, whose plain `t()` ignores it.)
    public func fixedT(language: String? = nil, namespace: String? = nil, keyPrefix: String? = nil) -> FixedTranslation {
        FixedTranslation(engine: self, language: language, namespace: namespace, keyPrefix: keyPrefix)
    }

    /// ``t(_:_:)-(String,_)`` as a string: objects and arrays as JSON, `null` as "".
    public func string(_ key: String, _ options: TranslationOptions = TranslationOptions()) -> String {
        switch t(key, options) {
        case .string(let text): return text
        case let value where value.isObjectLike && !value.isNull: return value.jsonText(numberStyle: .javaScript)
        case let other: return other.madeString
        }
    }

}

/// A `t` bound to a language, a namespace and a key prefix (``I18Next/fixedT(language:namespace:keyPrefix:)``).
public struct FixedTranslation: Sendable {
    let engine: I18Next
    let language: String?
    let namespace: String?
    let keyPrefix: String?

    /// Translates `key` under the prefix; call options override the bound language and namespace.
    public func callAsFunction(_ key: String, _ options: TranslationOptions = TranslationOptions()) -> I18nValue {
        var options = options
        if options.values["lng"] == nil, let language { options.values["lng"] = .string(language) }
        if options.values["ns"] == nil, let namespace { options.values["ns"] = .string(namespace) }
        var prefix = keyPrefix
        if let given = options.values["keyPrefix"]?.stringValue { prefix = given.isEmpty ? nil : given }
        return engine.t(prefix.map { $0 + "." + key } ?? key, options)
    }
}
