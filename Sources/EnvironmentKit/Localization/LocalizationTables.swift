import AppleLocalization
import Diagnostics
import StringsFile
import Synchronization

/// The `.strings` tables of an app, found in one directory, parsed on first use and cached.
///
/// The files are those ``/AppleLocalization/AppleStringsLookup`` finds (`AppleTableDirectory`):
/// `<lang>.lproj/<Table>.strings` (and `Base.lproj`), and flat `<LANG>.strings` files
/// (`EN.strings`, `es.strings`), which form the table `Localizable`; languages are compared by its
/// one language key (`pt_BR` is `pt-br`).
///
/// A lookup tries the language, then its language without region, then the development
/// language, then `Base`, like `Bundle.localizedString(forKey:value:table:)`.
public final class LocalizationTables: Sendable {
    /// The table searched when none is named.
    public static let defaultTable = AppleTableDirectory.defaultTable

    /// The directory the tables were found in.
    public let directory: String
    /// The table files; catalogs are not searched for, as this type reads none.
    private let found: AppleTableDirectory
    private let cache = Mutex<[String: Result<StringsFile, StringsFileError>]>([:])

    /// Finds the tables in `directory`. A missing directory simply has no tables.
    ///
    /// - Parameters:
    ///   - directory: The folder the tables are in or under.
    ///   - tableFolders: The folders to search instead of `directory` itself (relative
    ///     to it), as an environments document lists them in `"table_folders"`.
    public init(directory: String, tableFolders: [String] = []) {
        self.directory = directory
        self.found = AppleTableDirectory(directory: directory, folders: tableFolders, searchingCatalogs: false)
    }

    /// Every table file found, sorted by path.
    public var allFiles: [String] { found.files.values.flatMap { $0.values.compactMap(\.strings) }.sorted() }

    /// The languages (lowercased tags, or `base`) that have at least one table.
    public var languagesWithTables: [String] { found.files.filter { $0.value.values.contains { $0.strings != nil } }.keys.sorted() }

    /// The value of `key` in `table`, searched along `languageChain` (lowercased tags or `base`);
    /// `nil` when no table has it. A table that fails to parse counts as empty; see ``diagnostics()``.
    public func string(forKey key: String, table: String, languageChain: [String]) -> String? {
        for language in languageChain {
            guard let path = found.strings(language: language, table: table) else { continue }
            if case .success(let file) = load(path), let value = file[key] { return value }
        }
        return nil
    }

    /// The parsed table `table` of `language` (any spelling: `pt_BR`, `pt-br`, `Base`), or `nil` when there is no such file.
    public func file(language: String, table: String) -> Result<StringsFile, StringsFileError>? {
        found.strings(language: language, table: table).map(load)
    }

    /// The table names of `language` (any spelling: `pt_BR`, `pt-br`, `Base`).
    public func tableNames(language: String) -> [String] {
        found.stringsTables(language: language)
    }

    /// Parses every table and returns all warnings and errors.
    public func diagnostics() -> [Diagnostic] {
        allFiles.flatMap { path -> [Diagnostic] in
            switch load(path) {
            case .success(let file): return file.warnings
            case .failure(let error): return error.warnings + [error.diagnostic]
            }
        }
    }

    private func load(_ path: String) -> Result<StringsFile, StringsFileError> {
        if let cached = cache.withLock({ $0[path] }) { return cached }
        // Parse outside the lock: two threads may parse the same file once each, but neither waits on the other.
        let result = Result { () throws(StringsFileError) in try StringsFile(contentsOf: path) }
        cache.withLock { $0[path] = result }
        return result
    }
}
