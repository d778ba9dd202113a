import Diagnostics
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform
import CLDRPlurals
import StringsFile
import Synchronization

/// The Apple localization tables of a directory — `.xcstrings` catalogs, `.stringsdict` plural
/// tables and `.strings` tables — found once, parsed on first use, and searched in one order.
///
/// Files are found as in an app bundle: `<dir>/<lang>.lproj/<Table>.strings` and
/// `<Table>.stringsdict` (also `Base.lproj`), and `<Table>.xcstrings` anywhere under the
/// directory (hidden directories and symbolic links are not followed). Flat `<dir>/<LANG>.strings`
/// files form the table `Localizable`, as `LocalizationTables` reads them.
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
    /// `.strings` and `.stringsdict` files by language key (lowercased tag, or `base`), then table.
    private let stringsPaths: [String: [String: String]]
    private let stringsdictPaths: [String: [String: String]]
    /// Catalogs by table.
    private let catalogPaths: [String: String]
    /// Problems found while discovering files (two catalogs for one table).
    private let discoveryDiagnostics: [Diagnostic]

    private let stringsCache = Mutex<[String: Result<StringsFile, StringsFileError>]>([:])
    private let stringsdictCache = Mutex<[String: Result<StringsDictFile, AppleLocalizationError>]>([:])
    private let catalogCache = Mutex<[String: Result<StringCatalog, AppleLocalizationError>]>([:])
    /// Catalogs read for lookups, parsed entry by entry (see ``LazyStringCatalog``).
    private let lookupCatalogCache = Mutex<[String: Result<LazyStringCatalog, AppleLocalizationError>]>([:])
    private let rulesCache = Mutex<[String: PluralRules]>([:])

    /// Directories deeper than this are not searched for catalogs.
    static let maximumSearchDepth = 8
    /// At most this many directory entries are examined for catalogs, so a huge tree cannot stall a lookup's setup.
    static let maximumSearchEntries = 20_000

    /// Finds the tables in `directory`. A missing directory simply has no tables.
    public init(directory: String) {
        self.directory = directory
        var strings: [String: [String: String]] = [:]
        var dicts: [String: [String: String]] = [:]
        let entries = (directoryEntries(directory) ?? []).sorted()
        for entry in entries where entry.hasSuffix(".lproj") {
            let language = Self.languageKey(String(entry.dropLast(6)))
            let folder = directory + "/" + entry
            for file in (directoryEntries(folder) ?? []).sorted() {
                if file.hasSuffix(".strings") {
                    strings[language, default: [:]][String(file.dropLast(8))] = folder + "/" + file
                } else if file.hasSuffix(".stringsdict") {
                    dicts[language, default: [:]][String(file.dropLast(12))] = folder + "/" + file
                }
            }
        }
        // Flat `<LANG>.strings` files form the table Localizable, as `LocalizationTables` reads them;
        // an `.lproj` table of the same language wins.
        for entry in entries where entry.hasSuffix(".strings") && entry.count > 8 {
            let language = Self.languageKey(String(entry.dropLast(8)))
            if strings[language]?["Localizable"] == nil { strings[language, default: [:]]["Localizable"] = directory + "/" + entry }
        }
        var catalogs: [String: String] = [:]
        var diagnostics: [Diagnostic] = []
        for path in Self.catalogFiles(under: directory) {
            let name = PathText.lastComponent(path)
            let table = String(name.dropLast(10))
            if let first = catalogs[table] {
                diagnostics.append(Diagnostic(.warning, file: path, line: 1, column: 1,
                    message: "a second catalog for the table \"\(table)\"; \(first) is used, this one is ignored. Merge them or rename one"))
            } else {
                catalogs[table] = path
            }
        }
        stringsPaths = strings
        stringsdictPaths = dicts
        catalogPaths = catalogs
        discoveryDiagnostics = diagnostics
    }

    /// A language as lookups compare it: lowercased, `_` as `-`, `base` for `Base`.
    static func languageKey(_ name: String) -> String {
        name.replacing("_", with: "-").lowercased()
    }

    /// `.xcstrings` files under `directory`, sorted by path, searched breadth-first with bounds.
    private static func catalogFiles(under directory: String) -> [String] {
        let manager = FileManager.default
        var found: [String] = []
        var pending: [(String, Int)] = [(directory, 0)]
        var examined = 0
        while !pending.isEmpty, examined < maximumSearchEntries {
            let (folder, depth) = pending.removeFirst()
            for entry in (directoryEntries(folder) ?? []).sorted() where !entry.hasPrefix(".") {
                examined += 1
                let path = folder + "/" + entry
                if (try? manager.destinationOfSymbolicLink(atPath: path)) != nil { continue }
                guard let kind = pathKind(path) else { continue }
                if kind == .directory {
                    if depth < maximumSearchDepth { pending.append((path, depth + 1)) }
                } else if entry.hasSuffix(".xcstrings"), entry.count > 10 {
                    found.append(path)
                }
            }
        }
        return found.sorted()
    }

    // MARK: Files

    /// Every table name that has a file in any format, sorted.
    public var tables: [String] {
        Set(catalogPaths.keys).union(stringsPaths.values.flatMap(\.keys)).union(stringsdictPaths.values.flatMap(\.keys)).sorted()
    }

    /// Every file found, sorted by path.
    public var allFiles: [String] {
        (Array(catalogPaths.values) + stringsPaths.values.flatMap(\.values) + stringsdictPaths.values.flatMap(\.values)).sorted()
    }

    /// The languages (lowercased tags, or `base`) with a `.strings` or `.stringsdict` file for `table`.
    func bundleLanguages(table: String) -> [String] {
        Set(stringsPaths.filter { $0.value[table] != nil }.keys).union(stringsdictPaths.filter { $0.value[table] != nil }.keys).sorted()
    }

    /// The parsed `.strings` table of `language` (a lowercased tag or `base`), or `nil` when there is no such file.
    public func stringsFile(language: String, table: String) -> Result<StringsFile, StringsFileError>? {
        stringsPaths[Self.languageKey(language)]?[table].map { path in
            cached(stringsCache, path) { () throws(StringsFileError) in try StringsFile(contentsOf: path) }
        }
    }

    /// The parsed `.stringsdict` of `language` (a lowercased tag or `base`), or `nil` when there is no such file.
    public func stringsdictFile(language: String, table: String) -> Result<StringsDictFile, AppleLocalizationError>? {
        stringsdictPaths[Self.languageKey(language)]?[table].map { path in
            cached(stringsdictCache, path) { () throws(AppleLocalizationError) in try StringsDictFile(contentsOf: path) }
        }
    }

    /// The parsed catalog serving `table`, or `nil` when there is none.
    public func catalog(table: String) -> Result<StringCatalog, AppleLocalizationError>? {
        catalogPaths[table].map { path in
            cached(catalogCache, path) { () throws(AppleLocalizationError) in try StringCatalog(contentsOf: path) }
        }
    }

    /// The catalog serving `table` for lookups: its entries are parsed when first read.
    func lookupCatalog(table: String) -> LazyStringCatalog? {
        guard let path = catalogPaths[table] else { return nil }
        return try? cached(lookupCatalogCache, path) { () throws(AppleLocalizationError) in try LazyStringCatalog.open(path) }.get()
    }

    private func cached<Value: Sendable, Failure: Error>(_ cache: borrowing Mutex<[String: Result<Value, Failure>]>, _ path: String,
                                               _ load: () throws(Failure) -> Value) -> Result<Value, Failure> {
        if let hit = cache.withLock({ $0[path] }) { return hit }
        // Parsed outside the lock: two threads may parse one file once each, but neither waits on the other.
        let result = Result { () throws(Failure) in try load() }
        cache.withLock { $0[path] = result }
        return result
    }

    /// Every parse error and warning of every file, and discovery problems, sorted by file and line.
    public func diagnostics() -> [Diagnostic] {
        var result = discoveryDiagnostics
        for table in catalogPaths.keys.sorted() {
            switch catalog(table: table) {
            case .success(let catalog)?: result += catalog.warnings
            case .failure(let error)?: result.append(error.diagnostic)
            case nil: break
            }
        }
        for (language, tables) in stringsdictPaths {
            for table in tables.keys {
                switch stringsdictFile(language: language, table: table) {
                case .success(let file)?: result += file.warnings
                case .failure(let error)?: result.append(error.diagnostic)
                case nil: break
                }
            }
        }
        for (language, tables) in stringsPaths {
            for table in tables.keys {
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
    /// table's catalog only the header and the entry of `key` are checked (see ``LazyStringCatalog``),
    /// so a lookup does not parse every entry of every catalog.
    public func errors(forKey key: String, table: String) -> [Diagnostic] {
        var result = discoveryDiagnostics
        if let path = catalogPaths[table] {
            switch cached(lookupCatalogCache, path, { () throws(AppleLocalizationError) in try LazyStringCatalog.open(path) }) {
            case .success(let catalog): if let error = catalog.error(forKey: key) { result.append(error.diagnostic) }
            case .failure(let error): result.append(error.diagnostic)
            }
        }
        for language in stringsdictPaths.keys where stringsdictPaths[language]?[table] != nil {
            if case .failure(let error)? = stringsdictFile(language: language, table: table) { result.append(error.diagnostic) }
        }
        for language in stringsPaths.keys where stringsPaths[language]?[table] != nil {
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
