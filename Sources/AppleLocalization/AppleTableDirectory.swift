import Diagnostics
import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
///   and symbolic links are not followed, nor dependency and build folders (`node_modules`,
///   `Pods`, `Carthage`, `DerivedData`, `build`) or what the repository's `.gitignore` files
///   ignore (``IgnoreRules``); of two catalogs for one table the first by path serves it, and
///   the other is reported;
/// - with `folders` (an environments document's `"table_folders"`), in those folders instead.
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
    /// - Parameters:
    ///   - folders: The folders to search instead of `directory` itself (relative to it, or
    ///     absolute), as an environments document lists them in `"table_folders"`; of two
    ///     folders with a file for one table and language, the first listed serves it.
    ///   - searchingCatalogs: Whether to search the tree for catalogs; a reader of the
    ///     `.strings` tables alone lists only the directory and its `.lproj` folders.
    package init(directory: String, folders: [String] = [], searchingCatalogs: Bool = true) {
        self.directory = directory
        let roots = folders.isEmpty ? [directory] : folders.map { $0.hasPrefix("/") ? $0 : PathText.appending(directory, $0) }
        var files: [String: [String: Files]] = [:]
        for root in roots {
            var found: [String: [String: Files]] = [:]
            let entries = (directoryEntries(root) ?? []).sorted()
            for entry in entries where entry.hasSuffix(".lproj") {
                let language = Self.languageKey(String(entry.dropLast(6)))
                let folder = root + "/" + entry
                for file in (directoryEntries(folder) ?? []).sorted() {
                    if file.hasSuffix(".strings") {
                        found[language, default: [:]][String(file.dropLast(8)), default: Files()].strings = folder + "/" + file
                    } else if file.hasSuffix(".stringsdict") {
                        found[language, default: [:]][String(file.dropLast(12)), default: Files()].stringsdict = folder + "/" + file
                    }
                }
            }
            for entry in entries where entry.hasSuffix(".strings") && entry.count > 8 {
                let language = Self.languageKey(String(entry.dropLast(8)))
                if found[language]?[Self.defaultTable]?.strings == nil {
                    found[language, default: [:]][Self.defaultTable, default: Files()].strings = root + "/" + entry
                }
            }
            // An earlier folder's table wins whole: its .strings and .stringsdict are one table.
            for (language, tables) in found {
                for (table, tableFiles) in tables where files[language]?[table] == nil {
                    files[language, default: [:]][table] = tableFiles
                }
            }
        }
        var catalogs: [String: String] = [:]
        var diagnostics: [Diagnostic] = []
        for path in searchingCatalogs ? roots.flatMap(Self.catalogFiles(under:)) : [] {
            let table = String(PathText.lastComponent(path).dropLast(10))
            if let first = catalogs[table] {
                diagnostics.append(
                    Diagnostic(
                        .warning, file: path, line: 1, column: 1,
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

    /// `.xcstrings` files under `directory`, sorted by path, searched breadth-first with bounds,
    /// leaving out what ``IgnoreRules`` leaves out: dependency and build folders, and what the
    /// `.gitignore` files of the repository (from its root down) ignore.
    private static func catalogFiles(under directory: String) -> [String] {
        var (rules, prefix) = ignoreRulesAbove(directory)
        var found: [String] = []
        // Each folder with its path relative to the repository root (or the directory), `/`-ended.
        var pending: [(path: String, relative: String, depth: Int)] = [(directory, prefix, 0)]
        var examined = 0
        while !pending.isEmpty, examined < maximumSearchEntries {
            let (folder, relativeFolder, depth) = pending.removeFirst()
            let entries = (directoryEntries(folder) ?? []).sorted()
            if depth > 0, entries.contains(".gitignore"), let text = readIgnoreFile(folder + "/.gitignore") {
                rules.add(gitignore: text, base: relativeFolder)
            }
            for entry in entries where !entry.hasPrefix(".") {
                examined += 1
                let path = folder + "/" + entry
                if (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil { continue }
                guard let kind = pathKind(path) else { continue }
                let relative = relativeFolder + entry
                if rules.ignores(relative, isFolder: kind == .directory) { continue }
                if kind == .directory {
                    if depth < maximumSearchDepth { pending.append((path, relative + "/", depth + 1)) }
                } else if entry.hasSuffix(".xcstrings"), entry.count > 10 {
                    found.append(path)
                }
            }
        }
        return found.sorted()
    }

    /// The rules of the `.gitignore` files from the repository root (the nearest folder above
    /// `directory` with a `.git`, at most 32 levels up) down to `directory` itself, and the
    /// path of `directory` relative to that root (`""` or `/`-ended). Outside a repository, the
    /// rules of `directory`'s own `.gitignore` only.
    private static func ignoreRulesAbove(_ directory: String) -> (IgnoreRules, String) {
        var current = directory.hasPrefix("/") ? directory : PathText.appending(FileManager.default.currentDirectoryPath, directory)
        var names: [String] = []
        var root: String? = nil
        for _ in 0..<32 {
            if pathKind(current + "/.git") != nil { root = current; break }
            let parent = PathText.deletingLastComponent(current)
            guard parent != current, !parent.isEmpty else { break }
            names.insert(PathText.lastComponent(current), at: 0)
            current = parent
        }
        var rules = IgnoreRules()
        guard let root else {
            if let text = readIgnoreFile(directory + "/.gitignore") { rules.add(gitignore: text, base: "") }
            return (rules, "")
        }
        var folders = [root]
        var relative = ""
        for name in names {
            folders.append(PathText.appending(folders[folders.count - 1], name))
        }
        for (index, folder) in folders.enumerated() {
            if let text = readIgnoreFile(folder + "/.gitignore") { rules.add(gitignore: text, base: relative) }
            if index < names.count { relative += names[index] + "/" }
        }
        return (rules, relative)
    }

    /// A `.gitignore` file's text, its first 256 KiB (``IgnoreRules`` bounds what it keeps anyway).
    private static func readIgnoreFile(_ path: String) -> String? {
        guard let bytes = RegularFile.contents(atPath: path) else { return nil }
        return String(decoding: bytes.prefix(256 * 1024), as: UTF8.self)
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
