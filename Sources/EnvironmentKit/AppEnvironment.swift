import AppleLocalization
import EnvironmentCrypto
// The document core (EnvironmentsDocument, Configuration, EnvironmentError, LanguageTag…) is part
// of this module's API: re-exported so that `import EnvironmentKit` keeps giving it.
@_exported import Environments
import I18Next
internal import LibC
import Platform
import PrintfFormat

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The app's environment: the current build configuration's variables, the app language, and
/// its localized strings. The Linux counterpart of T21Environment, with its API.
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
/// A facade over three parts, each owning one job: the document chooses the configuration (at
/// creation), `AppLanguage` owns the current language (its saved choice, observers and stream),
/// and `Localizer` looks strings up in the `.strings` tables and i18next resources. The
/// language and localization parts start on first use, so reading a variable reads no
/// preferences file and lists no `.lproj` or `locales` directory.
///
/// All methods are safe to call from any thread.
public final class AppEnvironment: Sendable {
    /// How to set up an environment; every field has a sensible default.
    public struct Options: Sendable {
        /// The configuration to use; see
        /// ``/Environments/BuildConfiguration/resolve(explicit:environment:)``.
        public var configurationName: String?
        /// Names the saved preferences; else `ENVTOOL_APP_ID`, else the document's `app_id`, else `default`.
        public var appID: String?
        /// The process environment, for the configuration, system languages and `XDG_CONFIG_HOME`;
        /// by default ``processVariables()``.
        public var environment: [String: String]
        /// Whether the language choice is saved and read back (on by default).
        public var persistsLanguage: Bool
        /// Where the `.strings` tables are; by default the directory of the document.
        public var stringsDirectory: String?
        /// The secret of an encrypted `environments.bin`; unused for JSON. Tried before ``identities``.
        public var secret: EnvironmentsBin.DecryptionSecret?
        /// The identities that may open an encrypted `environments.bin`, tried in order (after
        /// ``secret``): keys, passphrases, age identities, or another backend's
        /// ``/EnvironmentCrypto/FileKeyIdentity`` (a cloud KMS, a hardware token); unused for JSON.
        public var identities: [any FileKeyIdentity]
        /// The i18next resources, `<dir>/<lng>/<ns>.json`; by default `locales` next to the `.strings` tables.
        public var i18nextDirectory: String?
        /// Whether the i18next engine indexes every key path when it loads a namespace (on by
        /// default: an app answers many `t()` calls). A process that answers one, as `envtool t`
        /// does, turns it off: walking the tree once costs less than building the index.
        package var indexesI18nextKeyPaths = true
        /// The order in which `localizedString` asks its sources: by default the Apple tables
        /// (`.xcstrings`, `.stringsdict`, `.strings`), then the i18next resources. A key the
        /// Apple tables have is answered without reading the i18next resources; a key they lack
        /// lists them first. Put `.i18next` first for an app whose i18next resources win.
        public var translationOrder: [TranslationSource] = [.stringsTables, .i18next]
        /// Called with each of ``AppEnvironment/startupWarnings`` when the language part starts,
        /// that is on the first call that needs the app language, not when the environment is
        /// created. A command-line tool prints them here; an app may log them.
        public var startupWarningHandler: (@Sendable (EnvironmentError) -> Void)?

        /// Options with the defaults described on each property.
        public init(
            configurationName: String? = nil, appID: String? = nil,
            environment: [String: String] = processVariables(),
            persistsLanguage: Bool = true, stringsDirectory: String? = nil,
            secret: EnvironmentsBin.DecryptionSecret? = nil, identities: [any FileKeyIdentity] = []
        ) {
            self.configurationName = configurationName
            self.appID = appID
            self.environment = environment
            self.persistsLanguage = persistsLanguage
            self.stringsDirectory = stringsDirectory
            self.secret = secret
            self.identities = identities
        }

        /// The names of the process environment's variables that an ``AppEnvironment`` reads.
        public static let variableNames = [
            BuildConfiguration.environmentVariable, "ENVTOOL_APP_ID",
            "LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE",
            "XDG_CONFIG_HOME", "HOME",
        ]

        /// The variables of ``variableNames`` that are set in the process environment.
        ///
        /// Only these, read one by one: `ProcessInfo.environment` copies every variable of the
        /// process into a dictionary, which cost a command-line start about a tenth of its
        /// instructions with a few dozen variables set.
        /// The app id the language choice is saved under: ``appID``, else `ENVTOOL_APP_ID`, else
        /// the document's `app_id`, else `default`. Not yet checked (``LanguagePreferenceStore/validate(appID:)``).
        package func appID(for document: EnvironmentsDocument) -> String {
            appID ?? environment["ENVTOOL_APP_ID"].flatMap { $0.isEmpty ? nil : $0 } ?? document.appID ?? AppIdentifier.fallback
        }

        public static func processVariables() -> [String: String] {
            var variables: [String: String] = [:]
            for name in variableNames {
                if let value = getenv(name) { variables[name] = String(cString: value) }
            }
            return variables
        }
    }

    /// The validated document.
    public let document: EnvironmentsDocument
    /// The current build configuration.
    public let current: Configuration
    /// Where the language choice is saved, unless persistence is off. Nothing is read from it
    /// until the language is first needed.
    public let preferenceStore: LanguagePreferenceStore?
    /// The order in which `localizedString` asks its sources.
    public let translationOrder: [TranslationSource]

    private let language: FirstUse<AppLanguage>
    private let localizer: FirstUse<Localizer>

    /// Loads and validates `path` (an `environments.json`, or an `environments.bin` with
    /// ``Options/secret``) and chooses the configuration. The language is decided on first use.
    ///
    /// - Throws: ``/Environments/EnvironmentError``: the file is unreadable or invalid, the
    ///   configuration is unknown, or the app id is not a safe directory name.
    public convenience init(contentsOf path: String, options: Options = Options()) throws(EnvironmentError) {
        var options = options
        if options.stringsDirectory == nil {
            let directory = PathText.deletingLastComponent(path)
            options.stringsDirectory = directory.isEmpty ? "." : directory
        }
        let identities = options.secret.map { $0.identities + options.identities } ?? options.identities
        try self.init(document: EnvironmentsDocument(contentsOf: path, identities: identities), options: options)
    }

    /// Uses an already validated document and chooses the configuration. Reads no other file.
    ///
    /// - Throws: ``/Environments/EnvironmentError`` of kind
    ///   ``/Environments/EnvironmentError/Kind/unknownConfiguration``, or
    ///   ``/Environments/EnvironmentError/Kind/malformedDocument`` when ``Options/appID`` (or
    ///   `ENVTOOL_APP_ID`) is not a safe directory name; the message says what is wrong and the
    ///   limit.
    public init(document: EnvironmentsDocument, options: Options = Options()) throws(EnvironmentError) {
        self.document = document
        self.current = try document.currentConfiguration(explicit: options.configurationName, environment: options.environment)
        self.translationOrder = options.translationOrder
        if options.persistsLanguage {
            let appID = options.appID(for: document)
            try LanguagePreferenceStore.validate(appID: appID)
            self.preferenceStore = LanguagePreferenceStore(appID: appID, environment: options.environment)
        } else {
            self.preferenceStore = nil
        }
        // The parts capture only what they need: never `options`, which may hold the secret.
        let store = preferenceStore
        let handler = options.startupWarningHandler
        let environment = options.environment
        let order = options.translationOrder
        let indexesKeyPaths = options.indexesI18nextKeyPaths
        let language = FirstUse(
            { AppLanguage(document: document, preferenceStore: store, environment: environment) },
            announce: { language in for warning in language.startupWarnings { handler?(warning) } })
        self.language = language
        let stringsDirectory = options.stringsDirectory ?? FileManager.default.currentDirectoryPath
        let i18nextDirectory = options.i18nextDirectory ?? stringsDirectory + "/locales"
        self.localizer = FirstUse {
            Localizer(
                developmentLanguage: document.languages[0], stringsDirectory: stringsDirectory,
                tableFolders: document.tableFolders, i18nextDirectory: i18nextDirectory, indexesKeyPaths: indexesKeyPaths, order: order,
                language: { language.get })
        }
    }

    /// Whether the language part has started (read the preferences, decided the language).
    var hasStartedLanguage: Bool { language.ifMade != nil }
    /// Whether the localization part has started (listed the `.strings` tables).
    var hasStartedLocalization: Bool { localizer.ifMade != nil }
    /// Whether the localization part has listed the Apple and `.strings` tables (an i18next lookup does not).
    var hasListedStringsTables: Bool { localizer.ifMade?.hasListedTables ?? false }

    // MARK: - Configuration

    /// The current configuration's variables, untyped, as T21Environment's `configuration()`.
    public func configuration() -> [String: Any] { current.dictionary }

    /// The current configuration's name.
    public func getConfigurationName() -> String { current.name }

    // MARK: - Language

    /// The supported language codes, development language first. Starts nothing.
    public func availableLanguages() -> [String] { document.languages.map(\.identifier) }

    /// The current language code.
    public func getAppLanguage() -> String { language.get.tag.identifier }

    /// Why the current language is the current one.
    public var languageSource: LanguageSource { language.get.source }

    /// The saved language that was passed over at start because the document no longer supports
    /// it (``startupWarnings`` says so too); `nil` when there was none, and once the language is
    /// set or reset.
    public var ignoredSavedLanguage: String? { language.get.ignoredSavedLanguage }

    /// Problems found while deciding the language at start that did not stop it, such as a
    /// corrupt preferences file. Reading them starts the language part; see also
    /// ``Options/startupWarningHandler``.
    public var startupWarnings: [EnvironmentError] { language.get.startupWarnings }

    /// Makes `code` the app language and saves it as the user's choice.
    ///
    /// An explicit choice is saved even when it equals the current language, so that it keeps
    /// winning if the system language changes later. When it returns, ``i18next`` and every
    /// lookup already use the new language; observers and streams are told once per actual
    /// change, in the order of the changes.
    ///
    /// - Returns: ``LanguageUpdateResult/notSupported`` (nothing changes) for a language not in
    ///   `languages`, ``LanguageUpdateResult/sameAsBefore`` or ``LanguageUpdateResult/updated``.
    /// - Throws: ``/Environments/EnvironmentError`` of kind
    ///   ``/Environments/EnvironmentError/Kind/writeFailed`` when the choice cannot be saved; the
    ///   language then does not change.
    @discardableResult
    public func setAppLanguage(_ code: String) throws(EnvironmentError) -> LanguageUpdateResult {
        try language.get.set(code)
    }

    /// Forgets the user's choice and follows the system's preferred languages again.
    ///
    /// - Returns: The language now in use.
    /// - Throws: ``/Environments/EnvironmentError`` of kind
    ///   ``/Environments/EnvironmentError/Kind/writeFailed`` when the saved choice cannot be
    ///   removed; the language then does not change.
    @discardableResult
    public func resetLanguage() throws(EnvironmentError) -> String {
        try language.get.reset()
    }

    // MARK: - Observers

    /// Adds an observer of language changes. It is held weakly; adding it twice has no effect.
    public func addEnvironmentObserver(_ observer: any EnvironmentObserver) {
        language.get.addObserver(observer)
    }

    /// Removes an observer added with ``addEnvironmentObserver(_:)``.
    public func removeEnvironmentObserver(_ observer: any EnvironmentObserver) {
        language.get.removeObserver(observer)
    }

    /// The language codes the app switches to from now on, one element per actual change.
    public func languageChanges() -> AsyncStream<String> {
        language.get.changes()
    }

    // MARK: - Localization

    /// The `.strings` tables; they are listed on first use.
    public var localization: LocalizationTables { localizer.get.tables }

    /// The Apple tables `localizedString` searches — `.xcstrings`, `.stringsdict` and `.strings` of
    /// the strings directory — listed on first use, each file parsed when first asked.
    public var appleTables: AppleStringsLookup { localizer.get.appleTables }

    /// The i18next engine over the app's `locales`, kept in the app language; `nil` without
    /// resources. Its files are read on first use.
    public var i18next: I18Next? { localizer.get.engine }

    /// i18next resource files that could not be loaded (malformed, unreadable), each naming its
    /// file and position; the other files still translate.
    public var i18nextWarnings: [EnvironmentError] { localizer.ifMade?.i18nextWarnings ?? [] }

    /// The localized string for `key` in the current language (or `language`), with
    /// `String(format:)`-style `arguments` applied; numeric arguments choose plural forms.
    ///
    /// Lookup, in ``Options/translationOrder`` (by default Apple tables first): for the
    /// language, its language without region, the development language and `Base` in turn, the
    /// table's `.xcstrings`, then its `.stringsdict`, then its `.strings`; then, for the default
    /// table, the i18next resources with i18next's fallbacks; then `defaultValue`, then the key
    /// itself, as `Bundle.localizedString(forKey:value:table:)`. The i18next engine is built only
    /// when a key reaches it.
    /// To tell a missing key apart, use ``lookupLocalizedString(_:table:language:sources:arguments:device:)``.
    public func localizedString(
        _ key: String, table: String = LocalizationTables.defaultTable,
        language: String? = nil, defaultValue: String? = nil,
        arguments: [any CustomStringConvertible & Sendable] = []
    ) -> String {
        lookupLocalizedString(key, table: table, language: language, arguments: arguments)
            ?? Self.format(defaultValue ?? key, arguments)
    }

    /// The localized string for `key`, or `nil` when none of `sources` has it in the language or
    /// its fallbacks (no default, no key in its place).
    ///
    /// - Parameters:
    ///   - key: The key, as written in the tables and resources.
    ///   - table: The Apple table to look in (`Localizable` by default); i18next resources are
    ///     asked only for the default table.
    ///   - language: The language to look in; by default (or when it is not a language tag) the
    ///     current one. An explicit language does not start the language part.
    ///   - sources: The sources to ask, in order; by default ``translationOrder``.
    ///   - arguments: `String(format:)`-style arguments, applied to the string found; numbers
    ///     (or text that reads as one) choose the plural forms of `.stringsdict` and `.xcstrings` entries.
    ///   - device: The device variation of String Catalog entries (`iphone`, `mac`, …); `other` by default.
    public func lookupLocalizedString(
        _ key: String, table: String = LocalizationTables.defaultTable,
        language: String? = nil, sources: [TranslationSource]? = nil,
        arguments: [any CustomStringConvertible & Sendable] = [],
        device: String = "other"
    ) -> String? {
        localizer.get.lookup(
            key, table: table, language: language.flatMap(LanguageTag.init), sources: sources,
            arguments: arguments, device: device)
    }

    private static func format(_ text: String, _ arguments: [any CustomStringConvertible & Sendable]) -> String {
        arguments.isEmpty ? text : FormatString(text).format(arguments)
    }

    /// Translates `key` with the i18next engine in the current language (`t(key, options)`), or
    /// returns the key when the app has no i18next resources.
    public func translate(_ key: String, _ options: TranslationOptions = TranslationOptions()) -> I18nValue {
        translate([key], options)
    }

    /// Translates the first of `keys` that exists (i18next's array-of-keys fallback).
    public func translate(_ keys: [String], _ options: TranslationOptions = TranslationOptions()) -> I18nValue {
        localizer.get.translate(keys, options)
    }
}
