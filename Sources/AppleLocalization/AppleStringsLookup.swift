import CLDRPlurals
import Diagnostics
import StringsFile
import Synchronization

/// The Apple localization tables of a directory — `.xcstrings` catalogs, `.stringsdict` plural
/// tables and `.strings` tables — found once, parsed on first use, and searched in one order.
///
/// Files are found by `AppleTableDirectory`, as in an app bundle: `<lang>.lproj/<Table>.strings`
/// and `.stringsdict` (also `Base.lproj`), flat `<LANG>.strings` files as the table `Localizable`,
/// and `<Table>.xcstrings` anywhere under the directory; languages are compared by its one
/// language key (`pt_BR` is `pt-br`, `Base` is `base`).
///
/// **Lookup order.** For each language of the chain in turn — the language, the language without
/// region, the development language, `Base` — the catalog of the table is asked, then the
/// `.stringsdict`, then the `.strings`. The language comes first because a reader is better served
/// by their language in any format than by another language; within a language the catalog
/// comes first because it is the file Xcode edits and compiles into the other two, and the
/// `.stringsdict` before the `.strings` because Foundation does the same (its plural entry
/// overrides a `.strings` entry of the same key). When no language has the key, a catalog that
/// has it gives its source text (the key itself when the source language has no localization),
/// as the app built from the catalog would.
public final class AppleStringsLookup: Sendable {
    /// The format a value came from.
    public enum Format: String, Sendable, Hashable, CaseIterable {
        /// A String Catalog (`.xcstrings`).
        case catalog = "xcstrings"
        /// A plural table (`.stringsdict`).
        case stringsdict
        /// A strings table (`.strings`).
        case strings
    }

    /// A value found for a key.
    public struct Match: Sendable, Hashable {
        /// The value, formatted with the arguments.
        public let text: String
        /// The language (an element of the chain, or the catalog's source language) it was found for.
        public let language: String
        /// The format of the file it came from.
        public let format: Format
        /// The file it came from.
        public let file: String
    }

    /// The directory the tables were found in.
    public let directory: String
    /// The files found, by table and language key.
    package let tableDirectory: AppleTableDirectory

    private let stringsCache = Mutex<[String: Result<StringsFile, StringsFileError>]>([:])
    private let stringsdictCache = Mutex<[String: Result<StringsDictFile, AppleLocalizationError>]>([:])
    private let catalogCache = Mutex<[String: Result<StringCatalog, AppleLocalizationError>]>([:])
    /// Catalogs read for lookups, parsed entry by entry (see ``LazyStringCatalog``).
    private let lookupCatalogCache = Mutex<[String: Result<LazyStringCatalog, AppleLocalizationError>]>([:])
    private let rulesCache = Mutex<[String: PluralRules]>([:])

    /// Finds the tables in `directory`. A missing directory simply has no tables.
    ///
    /// - Parameters:
    ///   - directory: The folder the tables are in or under (an app's resources, or the folder of
    ///     an `environments.json`).
    ///   - tableFolders: The folders to search instead of the whole of `directory`
    ///     (relative to it), as an environments document lists them in `"table_folders"`.
    public init(directory: String, tableFolders: [String] = []) {
        self.directory = directory
        self.tableDirectory = AppleTableDirectory(directory: directory, folders: tableFolders)
    }

    // MARK: Files

    /// Every table name that has a file in any format, sorted.
    public var tables: [String] { tableDirectory.tables }

    /// Every file found, sorted by path.
    public var allFiles: [String] { tableDirectory.allFiles }

    /// The parsed `.strings` table of `language` (any spelling: `pt_BR`, `pt-br`, `Base`), or `nil` when there is no such file.
    public func stringsFile(language: String, table: String) -> Result<StringsFile, StringsFileError>? {
        tableDirectory.strings(language: language, table: table).map { path in
            cached(stringsCache, path) { () throws(StringsFileError) in try StringsFile(contentsOf: path) }
        }
    }

    /// The parsed `.stringsdict` of `language` (any spelling: `pt_BR`, `pt-br`, `Base`), or `nil` when there is no such file.
    public func stringsdictFile(language: String, table: String) -> Result<StringsDictFile, AppleLocalizationError>? {
        tableDirectory.stringsdict(language: language, table: table).map { path in
            cached(stringsdictCache, path) { () throws(AppleLocalizationError) in try StringsDictFile(contentsOf: path) }
        }
    }

    /// The parsed catalog serving `table`, or `nil` when there is none.
    public func catalog(table: String) -> Result<StringCatalog, AppleLocalizationError>? {
        tableDirectory.catalogs[table].map { path in
            cached(catalogCache, path) { () throws(AppleLocalizationError) in try StringCatalog(contentsOf: path) }
        }
    }

    /// The catalog serving `table` for lookups: its entries are parsed when first read.
    func lookupCatalog(table: String) -> LazyStringCatalog? {
        guard let path = tableDirectory.catalogs[table] else { return nil }
        return try? cached(lookupCatalogCache, path) { () throws(AppleLocalizationError) in try LazyStringCatalog.open(path) }.get()
    }

    private func cached<Value: Sendable, Failure: Error>(
        _ cache: borrowing Mutex<[String: Result<Value, Failure>]>, _ path: String,
        _ load: () throws(Failure) -> Value
    ) -> Result<Value, Failure> {
        if let hit = cache.withLock({ $0[path] }) { return hit }
        // Parsed outside the lock: two threads may parse one file once each, but neither waits on the other.
        let result = Result { () throws(Failure) in try load() }
        cache.withLock { $0[path] = result }
        return result
    }

    /// Every parse error and warning of every file, and discovery problems, sorted by file and line.
    public func diagnostics() -> [Diagnostic] {
        var result = tableDirectory.diagnostics
        for table in tableDirectory.catalogs.keys.sorted() {
            switch catalog(table: table) {
            case .success(let catalog)?: result += catalog.warnings
            case .failure(let error)?: result.append(error.diagnostic)
            case nil: break
            }
        }
        for (language, tables) in tableDirectory.files {
            for (table, files) in tables where files.stringsdict != nil {
                switch stringsdictFile(language: language, table: table) {
                case .success(let file)?: result += file.warnings
                case .failure(let error)?: result.append(error.diagnostic)
                case nil: break
                }
            }
        }
        for (language, tables) in tableDirectory.files {
            for (table, files) in tables where files.strings != nil {
                switch stringsFile(language: language, table: table) {
                case .success(let file)?: result += file.warnings
                case .failure(let error)?: result += error.warnings + [error.diagnostic]
                case nil: break
                }
            }
        }
        return result.sorted { ($0.file ?? "", $0.line ?? 0, $0.column ?? 0) < ($1.file ?? "", $1.line ?? 0, $1.column ?? 0) }
    }

    /// The parse errors of the files a lookup of `key` in `table` reads, and discovery problems,
    /// sorted by file and line: what ``diagnostics()`` reports for them, except that of the
    /// table's catalog only the header and the entry of `key` are checked (see `LazyStringCatalog`),
    /// so a lookup does not parse every entry of every catalog.
    public func errors(forKey key: String, table: String) -> [Diagnostic] {
        var result = tableDirectory.diagnostics
        if let path = tableDirectory.catalogs[table] {
            switch cached(lookupCatalogCache, path, { () throws(AppleLocalizationError) in try LazyStringCatalog.open(path) }) {
            case .success(let catalog): if let error = catalog.error(forKey: key) { result.append(error.diagnostic) }
            case .failure(let error): result.append(error.diagnostic)
            }
        }
        for language in tableDirectory.languages(table: table) {
            if case .failure(let error)? = stringsdictFile(language: language, table: table) { result.append(error.diagnostic) }
            if case .failure(let error)? = stringsFile(language: language, table: table) { result.append(error.diagnostic) }
        }
        return result.filter { $0.severity == .error }
            .sorted { ($0.file ?? "", $0.line ?? 0, $0.column ?? 0) < ($1.file ?? "", $1.line ?? 0, $1.column ?? 0) }
    }

    /// The cardinal rules of `language`, resolved once per language rather than on every lookup.
    func pluralRules(_ language: String) -> PluralRules {
        if let cached = rulesCache.withLock({ $0[language] }) { return cached }
        let rules = PluralRules(locale: language, kind: .cardinal)
        rulesCache.withLock { $0[language] = rules }
        return rules
    }

}
