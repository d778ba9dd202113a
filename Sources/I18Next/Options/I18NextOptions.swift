import JSONParsing

/// i18next's init options, with i18next's names and defaults.
///
/// Build them in code, or from the JSON object you would pass to `i18next.init` with
/// ``init(json:source:)``; `envtool t --init FILE` does the latter.
public struct I18NextOptions: Sendable {
    /// `fallbackLng`: a list, a map from language to list (with `default`), or `false`.
    public enum FallbackLanguages: Sendable, Hashable {
        case none
        case list([String])
        case map([String: [String]])
    }

    /// `load`: which codes of a language's hierarchy are looked up.
    public enum LoadStrategy: String, Sendable {
        case all, currentOnly, languageOnly
    }

    /// `compatibilityJSON`: the resource format.
    public enum Compatibility: String, Sendable {
        /// i18next 1.x (as used by i18next-ios): `__var__`, `key_plural`, `key_plural_N`.
        case v1
        /// i18next 2–3: `key_plural`, `key_0`, `key_1`…
        case v3
        /// The current format: `key_one`, `key_other`, `{{var}}`.
        case v4
        /// The 1.x format as the i18next-ios library reads and translates it (its unit tests are
        /// a corpus of the test suite): as `v1`, but Objective-C format strings for `sprintf`
        /// arguments (`%@`, `%f`, `%.2f`, without `postProcess`), language codes written with an
        /// underscore (`en_US` finds `en-US`), `$t(key, {"count": 3})` with i18next-ios's option
        /// names, its plural keys and its wording of "returned an object instead of a string".
        /// i18next-ios's own init option names (`lang`, `resourcesStore`, `fallbackLang`,
        /// `namespaces`, `fallbackOnNull`…) are read too. docs/i18next-deviations.md lists it all.
        case ios

        /// Whether the 1.x engine translates (`v1` and `ios`).
        var isLegacy: Bool { self == .v1 || self == .ios }
    }

    /// Called for each missing key when ``saveMissing`` is on: languages, namespace, key, fallback value.
    public typealias MissingKeyHandler = @Sendable (_ languages: [String], _ namespace: String, _ key: String, _ fallbackValue: I18nValue?) -> Void

    /// Called with what i18next's logger would warn about when `t()` goes on with a value left
    /// unformatted: a format option `Intl` rejects, a `sprintf` template or argument sprintf-js
    /// throws on, a nesting stopped because it went too deep.
    public typealias WarningHandler = @Sendable (_ message: String) -> Void

    /// The language (`lng`); `nil` lets `fallbackLng` decide, as i18next without a detector.
    public var lng: String?
    /// Languages tried after the language's own hierarchy (`fallbackLng`, default `dev`).
    public var fallbackLng: FallbackLanguages = .list(["dev"])
    /// `supportedLngs`, or `nil` for `false`.
    public var supportedLngs: [String]?
    /// Whether `de-AT` counts as supported when `de` is in `supportedLngs`.
    public var nonExplicitSupportedLngs = false
    /// Which codes of a language's hierarchy are looked up (`load`).
    public var load: LoadStrategy = .all
    /// Whether language codes are lowercased (`lowerCaseLng`).
    public var lowerCaseLng = false
    /// Whether a code without region is lowercased (`cleanCode`).
    public var cleanCode = false
    /// The namespaces (`ns`).
    public var ns: [String] = [Self.standardNamespace]
    /// The namespaces searched for a key without `ns:` (`defaultNS`).
    public var defaultNS: [String] = [Self.standardNamespace]
    /// `fallbackNS`, or `nil` for `false`.
    public var fallbackNS: [String]?
    /// `keySeparator`, or `nil` for `false`.
    public var keySeparator: String? = "."
    /// `nsSeparator`, or `nil` for `false`.
    public var nsSeparator: String? = ":"
    /// Between a key and its plural category (`item_one`).
    public var pluralSeparator = "_"
    /// Between a key and its context (`friend_male`).
    public var contextSeparator = "_"
    /// Whether a `null` resource is a valid translation (`returnNull`).
    public var returnNull = false
    /// Whether `""` is a valid translation (`returnEmptyString`).
    public var returnEmptyString = true
    /// Whether objects and arrays are returned as such (`returnObjects`).
    public var returnObjects = false
    /// `joinArrays`, or `nil` for `false`.
    public var joinArrays: String?
    /// Whether a key may also match members whose names contain the key separator.
    public var ignoreJSONStructure = true
    /// Whether a missing key is returned as `ns:key`.
    public var appendNamespaceToMissingKey = false
    /// Whether the `cimode` language returns `ns:key` instead of `key`.
    public var appendNamespaceToCIMode = false
    /// The `interpolation` options.
    public var interpolation = InterpolationOptions()
    /// Names of post-processors applied to every translation.
    public var postProcess: [String] = []
    /// Whether missing keys are reported to ``missingKeyHandler`` (`saveMissing`).
    public var saveMissing = false
    /// `saveMissingTo`: `fallback`, `current` or `all`.
    public var saveMissingTo = "fallback"
    /// Receives missing keys when ``saveMissing`` is on.
    public var missingKeyHandler: MissingKeyHandler?
    /// Receives the warnings of `t()` (none by default, as i18next without `debug`).
    public var warningHandler: WarningHandler?
    /// In-memory resources, i18next's layout `lng → ns → key`.
    public var resources = I18nObject()
    /// The resource format (`compatibilityJSON`).
    public var compatibilityJSON: Compatibility = .v4
    /// 1.x only: look a key up in the default namespace when it is missing in another.
    public var fallbackToDefaultNS = false
    /// 1.x only: between a key and its plural form (`key_plural`, `key_plural_2`); i18next-ios's
    /// `pluralSuffix` option (`compatibilityJSON: "ios"`).
    public var legacyPluralSuffix = "_plural"
    /// Whether each namespace's key paths are indexed, so that a lookup is one hash probe instead
    /// of a walk down the tree. The index is a cache of the walk (the conformance corpus runs both
    /// ways): a process that answers a few lookups and exits, as `envtool t`, spends more building
    /// it than it saves (40% of loading 7 MB of resources for one `t()`) and turns it off.
    package var indexesKeyPaths = true

    /// Whether `keySeparator` / `nsSeparator` were given at init (i18next then never treats a key as natural language).
    var userDefinedKeySeparator: I18nValue?
    var userDefinedNsSeparator: I18nValue?

    /// i18next's defaults.
    public init() {}

    /// Options from the object you would pass to `i18next.init`.
    ///
    /// - Throws: ``I18NextError`` of kind ``I18NextError/Kind/malformedResource`` naming the
    ///   option whose value has the wrong type.
    public init(json object: I18nObject, source: String = "<init options>") throws(I18NextError) {
        func fail(_ name: String, _ expected: String) -> I18NextError {
            I18NextError(.malformedResource, source: source, message: "the option \"\(name)\" must be \(expected)")
        }
        func strings(_ name: String, _ value: I18nValue) throws(I18NextError) -> [String] {
            switch value {
            case .string(let text): return [text]
            case .array(let values):
                var result: [String] = []
                for value in values {
                    guard case .string(let text) = value else { throw fail(name, "a string or an array of strings") }
                    result.append(text)
                }
                return result
            default: throw fail(name, "a string or an array of strings")
            }
        }
        func bool(_ name: String) -> Bool? { object[name].map(\.isTruthy) }
        func separator(_ name: String) throws(I18NextError) -> String?? {
            switch object[name] {
            case nil: return .none
            case .bool(false)?: return .some(nil)
            case .string(let text)?: return .some(text)
            default: throw fail(name, "a string or false")
            }
        }

        if let value = object["lng"] {
            guard case .string(let text) = value else { throw fail("lng", "a string") }
            lng = text
        }
        if let value = object["fallbackLng"] {
            switch value {
            case .bool(false): fallbackLng = .none
            case .string, .array: fallbackLng = .list(try strings("fallbackLng", value))
            case .object(let map):
                var result: [String: [String]] = [:]
                for (key, entry) in map.members { result[key] = try strings("fallbackLng.\(key)", entry) }
                fallbackLng = .map(result)
            default: throw fail("fallbackLng", "a string, an array, an object or false")
            }
        }
        if let value = object["supportedLngs"] {
            if case .bool(false) = value {
                supportedLngs = nil
            } else {
                var list = try strings("supportedLngs", value)
                if !list.contains("cimode") { list.append("cimode") }
                supportedLngs = list
            }
        }
        nonExplicitSupportedLngs = bool("nonExplicitSupportedLngs") ?? false
        if let value = object["load"] {
            guard case .string(let text) = value, let strategy = LoadStrategy(rawValue: text) else {
                throw fail("load", "\"all\", \"currentOnly\" or \"languageOnly\"")
            }
            load = strategy
        }
        lowerCaseLng = bool("lowerCaseLng") ?? false
        cleanCode = bool("cleanCode") ?? false
        if let value = object["ns"] { ns = try strings("ns", value) }
        if let value = object["defaultNS"], value != .null {
            defaultNS = value == .bool(false) ? [] : try strings("defaultNS", value)
        } else if let value = object["ns"] {
            if case .string(let text) = value {
                defaultNS = [text]
            } else {
                defaultNS = [Self.defaultNamespace(among: ns)]
            }
        }
        if let value = object["fallbackNS"], value != .bool(false) { fallbackNS = try strings("fallbackNS", value) }
        if let value = try separator("keySeparator") {
            keySeparator = value
            userDefinedKeySeparator = object["keySeparator"]
        }
        if let value = try separator("nsSeparator") {
            nsSeparator = value
            userDefinedNsSeparator = object["nsSeparator"]
        }
        if case .string(let text)? = object["pluralSeparator"] { pluralSeparator = text }
        if case .string(let text)? = object["contextSeparator"] { contextSeparator = text }
        returnNull = bool("returnNull") ?? false
        returnEmptyString = bool("returnEmptyString") ?? true
        returnObjects = bool("returnObjects") ?? false
        if case .string(let text)? = object["joinArrays"] { joinArrays = text }
        ignoreJSONStructure = bool("ignoreJSONStructure") ?? true
        appendNamespaceToMissingKey = bool("appendNamespaceToMissingKey") ?? false
        appendNamespaceToCIMode = bool("appendNamespaceToCIMode") ?? false
        if case .object(let settings)? = object["interpolation"] { interpolation.apply(settings) }
        if let value = object["postProcess"], value != .bool(false) { postProcess = try strings("postProcess", value) }
        saveMissing = bool("saveMissing") ?? false
        if case .string(let text)? = object["saveMissingTo"] { saveMissingTo = text }
        if let value = object["resources"] {
            guard case .object(let resources) = value else { throw fail("resources", "an object of languages, each an object of namespaces") }
            self.resources = resources
        }
        if let value = object["compatibilityJSON"] {
            guard case .string(let text) = value, let compatibility = Compatibility(rawValue: text) else {
                throw fail("compatibilityJSON", "\"v1\", \"v3\", \"v4\" or \"ios\"")
            }
            compatibilityJSON = compatibility
        }
        fallbackToDefaultNS = bool("fallbackToDefaultNS") ?? false
        if compatibilityJSON.isLegacy { applyLegacyDefaults(object) }
        if compatibilityJSON == .ios { try applyIOSOptions(object, fail: fail, strings: strings) }
    }

    /// i18next-ios's names for the options (its `I18NextOptions` as a dictionary), where the
    /// i18next name is not given too: an app moving from i18next-ios keeps its options object.
    /// The loading options (`resourcesBaseURL`, `resourcesGetPathTemplate`, `dynamicLoad`,
    /// `loadFromLanguageBundles`, `loadFromLocalCache`, `synchronousLocalLoad`,
    /// `updateLocalCache`, `localCachePath`, `filenameInLanguageBundles`) are not translation
    /// options and are ignored: resources come from `resourcesStore`/`resources` or a backend.
    private mutating func applyIOSOptions(
        _ object: I18nObject, fail: (String, String) -> I18NextError,
        strings: (String, I18nValue) throws(I18NextError) -> [String]
    ) throws(I18NextError) {
        func given(_ name: String) -> Bool { object[name] != nil }
        func text(_ name: String) throws(I18NextError) -> String? {
            guard let value = object[name] else { return nil }
            guard case .string(let text) = value else { throw fail(name, "a string") }
            return text
        }
        if !given("lng"), let lang = try text("lang") { lng = lang }
        if !given("lowerCaseLng"), let value = object["lowercaseLang"] { lowerCaseLng = value.isTruthy }
        if !given("load"), let value = object["langLoadType"] {
            // The Objective-C enum: I18NextLangLoadTypeAll = 0, Current = 1, Unspecific = 2.
            switch value {
            case .string("all"), .integer(0): load = .all
            case .string("current"), .integer(1): load = .currentOnly
            case .string("unspecific"), .integer(2): load = .languageOnly
            default: throw fail("langLoadType", "\"all\", \"current\" or \"unspecific\"")
            }
        }
        if !given("fallbackLng"), let value = object["fallbackLang"] {
            switch value {
            case .null, .bool(false), .string(""): fallbackLng = .none
            case .string(let code): fallbackLng = .list([code])
            default: throw fail("fallbackLang", "a string or null")
            }
        }
        if !given("ns") {
            if let namespace = try text("namespace") {
                ns = [namespace]
                if !given("defaultNS") && !given("defaultNamespace") { defaultNS = [namespace] }
            } else if let value = object["namespaces"] {
                // i18next-ios's default namespace stays `translation` until `defaultNamespace` says otherwise.
                ns = try strings("namespaces", value)
            }
        }
        if !given("defaultNS"), let namespace = try text("defaultNamespace") { defaultNS = [namespace] }
        if !given("fallbackToDefaultNS"), let value = object["fallbackToDefaultNamespace"] { fallbackToDefaultNS = value.isTruthy }
        if !given("fallbackNS") {
            if let value = object["fallbackNamespaces"] {
                fallbackNS = try strings("fallbackNamespaces", value)
            } else if let namespace = try text("fallbackNamespace") {
                fallbackNS = [namespace]
            }
        }
        // i18next-ios falls back on null by default, as `returnNull: false` does.
        if !given("returnNull"), let value = object["fallbackOnNull"] { returnNull = !value.isTruthy }
        if !given("returnObjects"), let value = object["returnObjectTrees"] { returnObjects = value.isTruthy }
        if !given("resources"), let value = object["resourcesStore"] {
            guard case .object(let store) = value else { throw fail("resourcesStore", "an object of languages, each an object of namespaces") }
            resources = store
        }
        if !given("nsSeparator"), let separator = try text("namespaceSeparator") {
            nsSeparator = separator
            userDefinedNsSeparator = .string(separator)
        }
        var explicit = I18nObject()
        if case .object(let settings)? = object["interpolation"] { explicit = settings }
        if explicit["prefix"] == nil, let prefix = try text("interpolationPrefix"), !prefix.isEmpty { interpolation.prefix = prefix }
        if explicit["suffix"] == nil, let suffix = try text("interpolationSuffix"), !suffix.isEmpty { interpolation.suffix = suffix }
        if explicit["nestingPrefix"] == nil, let prefix = try text("reusePrefix"), !prefix.isEmpty { interpolation.nestingPrefix = prefix }
        if explicit["nestingSuffix"] == nil, let suffix = try text("reuseSuffix"), !suffix.isEmpty { interpolation.nestingSuffix = suffix }
        if let suffix = try text("pluralSuffix") { legacyPluralSuffix = suffix }
    }

    /// i18next 1.x interpolated `__var__` and did not escape by default; the v1 file of the
    /// conformance corpus uses the v4 option names for the rest (see its README).
    private mutating func applyLegacyDefaults(_ object: I18nObject) {
        var explicit = I18nObject()
        if case .object(let settings)? = object["interpolation"] { explicit = settings }
        if explicit["prefix"] == nil { interpolation.prefix = "__" }
        if explicit["suffix"] == nil { interpolation.suffix = "__" }
        if explicit["escapeValue"] == nil { interpolation.escapeValue = false }
    }
}

/// The `interpolation` options.
public struct InterpolationOptions: Sendable, Hashable {
    /// Whether interpolated values are HTML-escaped (i18next's default).
    public var escapeValue = true
    /// Opens a placeholder.
    public var prefix = "{{"
    /// Closes a placeholder.
    public var suffix = "}}"
    /// Separates a variable from its format (`{{value, number}}`).
    public var formatSeparator = ","
    /// Marks a placeholder whose value is not escaped (`{{- raw}}`).
    public var unescapePrefix = "-"
    /// Marks an unescaped placeholder at its end instead of its start.
    public var unescapeSuffix = ""
    /// Opens a nesting.
    public var nestingPrefix = "$t("
    /// Closes a nesting.
    public var nestingSuffix = ")"
    /// Separates a nested key from its options (`$t(key, {"count": 2})`).
    public var nestingOptionsSeparator = ","
    /// The most placeholders replaced in one string.
    public var maxReplaces = 1000
    /// Whether values are left alone, not interpolated or nested again.
    public var skipOnVariables = true
    /// Variables available to every translation.
    public var defaultVariables: I18nObject?

    /// The defaults.
    public init() {}

    /// Applies the members of an `interpolation` object (init or per call).
    mutating func apply(_ settings: I18nObject) {
        for (key, value) in settings.members {
            switch (key, value) {
            case ("escapeValue", let value): escapeValue = value.isTruthy
            case ("prefix", .string(let text)) where !text.isEmpty: prefix = text
            case ("suffix", .string(let text)) where !text.isEmpty: suffix = text
            case ("formatSeparator", .string(let text)) where !text.isEmpty: formatSeparator = text
            case ("unescapePrefix", .string(let text)) where !text.isEmpty: unescapePrefix = text; unescapeSuffix = ""
            case ("unescapeSuffix", .string(let text)) where !text.isEmpty: unescapeSuffix = text; unescapePrefix = ""
            case ("nestingPrefix", .string(let text)) where !text.isEmpty: nestingPrefix = text
            case ("nestingSuffix", .string(let text)) where !text.isEmpty: nestingSuffix = text
            case ("nestingOptionsSeparator", .string(let text)) where !text.isEmpty: nestingOptionsSeparator = text
            // Any count past Int's range means "no limit" in practice; Int(1e300) would trap.
            case ("maxReplaces", let value) where (value.numberValue ?? 0) >= 1:
                let number = value.numberValue ?? 1
                maxReplaces = number < 1e9 ? Int(number) : 1_000_000_000
            case ("skipOnVariables", let value): skipOnVariables = value.isTruthy
            case ("defaultVariables", .object(let object)): defaultVariables = object
            default: break
            }
        }
    }
}
