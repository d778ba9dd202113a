import Diagnostics
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform

/// The Apple localization tables of one directory: which files there are, by table and language
/// key, not what they hold. The one discovery that the run-time lookup (``AppleStringsLookup``),
/// `LocalizationTables`, the lint, the accessor generator and key extraction share.
///
/// Files are found as in an app bundle:
/// - `<dir>/<lang>.lproj/<Table>.strings` and `<Table>.stringsdict` (also `Base.lproj`);
/// - flat `<dir>/<LANG>.strings` files (`EN.strings`, `es.strings`, as in T21Environment) form the
///   table `Localizable` of their language; an `.lproj` `Localizable.strings` of the same
///   language wins over them, and of two flat files of one language the first by name;
/// - `<Table>.xcstrings` anywhere under the directory, breadth first, at most
///   ``maximumSearchDepth`` folders deep and ``maximumSearchEntries`` entries; hidden entries
///   and symbolic links are not followed; of two catalogs for one table the first by path serves
///   it, and the other is reported.
///
/// **The language key.** Every language — a folder name, a flat file's name, a language asked
/// for — is compared by ``languageKey(_:)``: lowercased, `_` written `-`. So `pt_BR.lproj`,
/// `pt-BR.lproj` and `PT-br.lproj` are one language, `pt-br`; `Base.lproj` is `base`; `EN.strings`
/// is `en`. When two folders have one key, the later by name (`pt_BR` after `pt-BR`) wins a
/// file both have.
package struct AppleTableDirectory: Sendable {
    /// The files of one table in one language.
    package struct Files: Sendable, Hashable {
        /// The `.strings` file.
        package var strings: String?
        /// The `.stringsdict` file.
        package var stringsdict: String?
    }

    /// The table a flat `<LANG>.strings` file forms, and the one searched when none is named.
    package static let defaultTable = "Localizable"
    /// The language key of `Base.lproj`.
    package static let base = "base"
    /// Directories deeper than this are not searched for catalogs.
    package static let maximumSearchDepth = 8
    /// At most this many directory entries are examined for catalogs, so a huge tree cannot stall a lookup's setup.
    package static let maximumSearchEntries = 20_000

    /// The directory the tables were found in.
    package let directory: String
    /// `.strings` and `.stringsdict` files by language key, then table.
    package let files: [String: [String: Files]]
    /// Catalogs by table.
    package let catalogs: [String: String]
    /// Problems found while discovering files (two catalogs for one table).
    package let diagnostics: [Diagnostic]

    /// Finds the tables in `directory`; a missing directory has none.
    ///
    /// - Parameter searchingCatalogs: Whether to search the tree for catalogs; a reader of the
    ///   `.strings` tables alone lists only the directory and its `.lproj` folders.
    package init(directory: String, searchingCatalogs: Bool = true) {
        self.directory = directory
        var files: [String: [String: Files]] = [:]
        let entries = (directoryEntries(directory) ?? []).sorted()
        for entry in entries where entry.hasSuffix(".lproj") {
            let language = Self.languageKey(String(entry.dropLast(6)))
            let folder = directory + "/" + entry
            for file in (directoryEntries(folder) ?? []).sorted() {
                if file.hasSuffix(".strings") {
                    files[language, default: [:]][String(file.dropLast(8)), default: Files()].strings = folder + "/" + file
                } else if file.hasSuffix(".stringsdict") {
                    files[language, default: [:]][String(file.dropLast(12)), default: Files()].stringsdict = folder + "/" + file
                }
            }
        }
        for entry in entries where entry.hasSuffix(".strings") && entry.count > 8 {
            let language = Self.languageKey(String(entry.dropLast(8)))
            if files[language]?[Self.defaultTable]?.strings == nil {
                files[language, default: [:]][Self.defaultTable, default: Files()].strings = directory + "/" + entry
            }
        }
        var catalogs: [String: String] = [:]
        var diagnostics: [Diagnostic] = []
        for path in searchingCatalogs ? Self.catalogFiles(under: directory) : [] {
            let table = String(PathText.lastComponent(path).dropLast(10))
            if let first = catalogs[table] {
                diagnostics.append(Diagnostic(.warning, file: path, line: 1, column: 1,
                    message: "a second catalog for the table \"\(table)\"; \(first) is used, this one is ignored. Merge them or rename one"))
            } else {
                catalogs[table] = path
            }
        }
        self.files = files
        self.catalogs = catalogs
        self.diagnostics = diagnostics
    }

    /// A language as tables are compared by it: lowercased, `_` as `-` (`Base` is `base`, `pt_BR` is `pt-br`).
    package static func languageKey(_ name: String) -> String {
        name.replacing("_", with: "-").lowercased()
    }

    /// The language keys searched for `language`, most specific first: the language, the
    /// language without region (or script), `developmentLanguage` when given, then `base`.
    package static func fallbackChain(_ language: String, developmentLanguage: String? = nil) -> [String] {
        let key = languageKey(language)
        var chain = [key]
        if let dash = key.firstIndex(of: "-") { chain.append(String(key[..<dash])) }
        if let development = developmentLanguage.map(languageKey), !chain.contains(development) { chain.append(development) }
        chain.append(base)
        return chain
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

    // MARK: Reading

    /// The `.strings` file of `table` in `language` (any spelling of the language).
    package func strings(language: String, table: String) -> String? {
        files[Self.languageKey(language)]?[table]?.strings
    }

    /// The `.stringsdict` file of `table` in `language` (any spelling of the language).
    package func stringsdict(language: String, table: String) -> String? {
        files[Self.languageKey(language)]?[table]?.stringsdict
    }

    /// The tables of `language` with a `.strings` file, sorted.
    package func stringsTables(language: String) -> [String] {
        (files[Self.languageKey(language)] ?? [:]).filter { $0.value.strings != nil }.keys.sorted()
    }

    /// The tables of `language` with a `.stringsdict` file, sorted.
    package func stringsdictTables(language: String) -> [String] {
        (files[Self.languageKey(language)] ?? [:]).filter { $0.value.stringsdict != nil }.keys.sorted()
    }

    /// The language keys with a `.strings` or `.stringsdict` file for `table`, sorted.
    package func languages(table: String) -> [String] {
        files.filter { $0.value[table] != nil }.keys.sorted()
    }

    /// Every table name that has a file in any format, sorted.
    package var tables: [String] {
        Set(catalogs.keys).union(files.values.flatMap(\.keys)).sorted()
    }

    /// Every file found, sorted by path.
    package var allFiles: [String] {
        var paths = Array(catalogs.values)
        for tables in files.values {
            for table in tables.values {
                if let strings = table.strings { paths.append(strings) }
                if let stringsdict = table.stringsdict { paths.append(stringsdict) }
            }
        }
        return paths.sorted()
    }
}
