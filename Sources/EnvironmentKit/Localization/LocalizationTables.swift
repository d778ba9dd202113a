import Diagnostics
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import StringsFile
import Synchronization

/// The `.strings` tables of an app, found in one directory, parsed on first use and cached.
///
/// Two layouts are recognised, as in Apple bundles and in T21Environment:
/// - `<dir>/<lang>.lproj/<Table>.strings` (and `Base.lproj`), any table name;
/// - flat files `<dir>/<LANG>.strings` (`EN.strings`, `es.strings`), which form the table `Localizable`.
///
/// A lookup tries the language, then its language without region, then the development
/// language, then `Base`, like `Bundle.localizedString(forKey:value:table:)`.
public final class LocalizationTables: Sendable {
    /// The table searched when none is named.
    public static let defaultTable = "Localizable"

    /// The directory the tables were found in.
    public let directory: String
    /// Table files by language key (a lowercased tag, or `base`) and table name.
    private let files: [String: [String: String]]
    private let cache = Mutex<[String: Result<StringsFile, StringsFileError>]>([:])

    /// Finds the tables in `directory`. A missing directory simply has no tables.
    public init(directory: String) {
        self.directory = directory
        var files: [String: [String: String]] = [:]
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for entry in entries.sorted() {
            let full = directory + "/" + entry
            if entry.hasSuffix(".lproj") {
                let key = Self.languageKey(String(entry.dropLast(6)))
                for table in ((try? FileManager.default.contentsOfDirectory(atPath: full)) ?? []).sorted() where table.hasSuffix(".strings") {
                    files[key, default: [:]][String(table.dropLast(8))] = full + "/" + table
                }
            } else if entry.hasSuffix(".strings") {
                let key = Self.languageKey(String(entry.dropLast(8)))
                // An .lproj table of the same language wins over a flat file.
                if files[key]?[Self.defaultTable] == nil { files[key, default: [:]][Self.defaultTable] = full }
            }
        }
        self.files = files
    }

    private static func languageKey(_ name: String) -> String {
        name.lowercased() == "base" ? "base" : name.replacing("_", with: "-").lowercased()
    }

    /// Every table file found, sorted by path.
    public var allFiles: [String] { files.values.flatMap(\.values).sorted() }

    /// The languages (lowercased tags, or `base`) that have at least one table.
    public var languagesWithTables: [String] { files.keys.sorted() }

    /// The value of `key` in `table`, searched along `languageChain` (lowercased tags or `base`);
    /// `nil` when no table has it. A table that fails to parse counts as empty; see ``diagnostics()``.
    public func string(forKey key: String, table: String, languageChain: [String]) -> String? {
        for language in languageChain {
            guard let path = files[language]?[table] else { continue }
            if case .success(let file) = load(path), let value = file[key] { return value }
        }
        return nil
    }

    /// The parsed table `table` of `language` (a lowercased tag or `base`), or `nil` when there is no such file.
    public func file(language: String, table: String) -> Result<StringsFile, StringsFileError>? {
        files[language.lowercased()]?[table].map(load)
    }

    /// The table names of `language` (a lowercased tag or `base`).
    public func tableNames(language: String) -> [String] {
        (files[language.lowercased()] ?? [:]).keys.sorted()
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
