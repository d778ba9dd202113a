import AppleLocalization
import I18Next
import PrintfFormat

/// Looks keys up in the app's translations: the Apple tables (`.xcstrings`, `.stringsdict`,
/// `.strings`) and the i18next resources, in the language that ``AppLanguage`` says (or one
/// asked for explicitly).
///
/// It owns no language state. The current language is read from ``AppLanguage`` at each lookup
/// that needs it, so a lookup with an explicit language never starts the language part at all.
final class Localizer: Sendable {
    /// The `.strings` tables, listed when they are first asked for.
    var tables: LocalizationTables { tablesOnce.get }
    /// The same directory's catalogs, plural tables and `.strings` tables, searched in one order
    /// (per language: catalog, `.stringsdict`, `.strings`) with plural forms chosen from the
    /// arguments; listed when first asked for.
    var appleTables: AppleStringsLookup { appleTablesOnce.get }

    // Listing the Apple tables walks every `.lproj` folder and catalog of the directory: work that
    // an i18next lookup (`envtool t`, `AppEnvironment.i18next`) must not pay at start-up.
    private let tablesOnce: FirstUse<LocalizationTables>
    private let appleTablesOnce: FirstUse<AppleStringsLookup>

    /// Whether the Apple tables or the `.strings` tables have been listed.
    var hasListedTables: Bool { tablesOnce.ifMade != nil || appleTablesOnce.ifMade != nil }
    /// The order in which ``lookup(_:table:language:sources:)`` asks the sources when none is given.
    let order: [TranslationSource]

    private let bridge: I18NextBridge
    private let developmentLanguage: LanguageTag
    private let language: @Sendable () -> AppLanguage

    /// - Parameters:
    ///   - stringsDirectory: Where the `.strings` tables are.
    ///   - tableFolders: The folders below `stringsDirectory` the document lists in
    ///     `"table_folders"`, searched instead of all of it; empty searches all of it.
    ///   - i18nextDirectory: Where the i18next resources are, `<dir>/<lng>/<ns>.json`.
    ///   - indexesKeyPaths: Whether the i18next engine indexes every key path.
    ///   - language: The owner of the current language; asked only when a lookup needs it.
    init(
        developmentLanguage: LanguageTag, stringsDirectory: String, tableFolders: [String] = [], i18nextDirectory: String, indexesKeyPaths: Bool = true,
        order: [TranslationSource], language: @escaping @Sendable () -> AppLanguage
    ) {
        self.tablesOnce = FirstUse { LocalizationTables(directory: stringsDirectory, tableFolders: tableFolders) }
        self.appleTablesOnce = FirstUse { AppleStringsLookup(directory: stringsDirectory, tableFolders: tableFolders) }
        self.order = order
        self.developmentLanguage = developmentLanguage
        self.language = language
        self.bridge = I18NextBridge(
            directory: i18nextDirectory, developmentLanguage: developmentLanguage.identifier,
            indexesKeyPaths: indexesKeyPaths, language: language)
    }

    /// The i18next engine, kept in the app language; `nil` without resources.
    var engine: I18Next? {
        // The language part starts (and reports its warnings) before the engine's lock is taken,
        // so a warning handler may itself translate.
        _ = language()
        return bridge.engine
    }

    /// i18next resource files that could not be loaded so far.
    var i18nextWarnings: [EnvironmentError] { bridge.warnings }

    /// The string for `key`: from the first of `sources` (by default ``order``) that has it, in
    /// `requested` or else the current language, following each source's fallbacks; `nil` when
    /// none has it.
    ///
    /// The Apple tables choose plural forms from the numeric `arguments` and apply them; an
    /// i18next string is formatted `String(format:)`-style with them.
    func lookup(
        _ key: String, table: String, language requested: LanguageTag?, sources: [TranslationSource]? = nil,
        arguments: [any CustomStringConvertible & Sendable] = [], device: String = "other"
    ) -> String? {
        let tag = requested ?? language().tag
        for source in sources ?? order {
            switch source {
            case .stringsTables:
                if let match = appleTables.string(
                    forKey: key, table: table, languageChain: lookupChain(for: tag),
                    arguments: arguments, device: device)
                {
                    return match.text
                }
            case .i18next:
                // i18next has namespaces, not tables: only the default table maps onto it.
                guard table == LocalizationTables.defaultTable, let engine else { continue }
                var options = TranslationOptions()
                if let requested {
                    bridge.prepare(requested.identifier)
                    options = ["lng": .string(requested.identifier)]
                }
                if engine.exists(key, options) {
                    let text = engine.string(key, options)
                    return arguments.isEmpty ? text : FormatString(text).format(arguments)
                }
            }
        }
        return nil
    }

    /// i18next's `t(keys, options)` in the current language; the last key when there are no resources.
    func translate(_ keys: [String], _ options: TranslationOptions) -> I18nValue {
        guard let engine else { return .string(keys.last ?? "") }
        if let requested = options.values["lng"]?.stringValue { bridge.prepare(requested) }
        return engine.t(keys, options)
    }

    /// The languages searched for a `.strings` entry in `tag`, most specific first: the tag, its
    /// language without region, the development language, `Base`.
    func lookupChain(for tag: LanguageTag) -> [String] {
        AppleTableDirectory.fallbackChain(tag.identifier, developmentLanguage: developmentLanguage.identifier)
    }
}
