import AppleLocalization
import Diagnostics
import Foundation
import I18Next
import Platform
import TranslationFormats

/// The keys the development language defines in i18next resources, `<locales>/<lng>/<ns>.json`,
/// read by the one i18next reader convert, status, lint and the generator use
/// (``TranslationFormats/I18NextJSONFormat``): nested objects are joined with `.` (i18next's
/// `keySeparator`), a plural (`items_one`, `items_other`, `place_ordinal_two`) is one key, its
/// base (`items`, `place`), and a context variant (`friend_male` beside `friend`) the key
/// i18next looks up for it.
package struct I18NextKeyInventory: Sendable {
    /// The resources directory.
    package let directory: String
    /// The language whose files are read.
    package let developmentLanguage: String
    /// Defined keys by namespace, in the reader's order: the key a call names (a plural's base,
    /// a context's `key_context`), at its first form.
    package let keys: [String: [DefinedKey]]
    /// Every defined key and each plural form's own key (`items_one`), by namespace, for lookups.
    private let known: [String: Set<String>]
    /// The objects that hold defined keys (`app` for `app.title`), by namespace.
    private let objects: [String: Set<String>]
    /// What precedes a `_` in a defined key (`friend` for `friend_male`): the keys a context call can reach.
    private let contextBases: [String: Set<String>]
    /// Files that cannot be read or parsed: errors, since their keys are unknown.
    package let problems: [Diagnostic]
    /// The namespace a key without one is looked up in: the app's engine's
    /// (`DirectoryBackend.defaultNamespace`: `translation`, else the first of every language's).
    package let defaultNamespace: String

    /// Reads the namespaces of `developmentLanguage`, `<directory>/<developmentLanguage>/*.json`, as
    /// the app's engine lists them (`DirectoryBackend.namespaces(language:)`); a missing folder has no keys.
    package init(directory: String, developmentLanguage: String) {
        self.directory = directory
        self.developmentLanguage = developmentLanguage
        let resources = DirectoryBackend(directory: directory)
        var keys: [String: [DefinedKey]] = [:]
        var known: [String: Set<String>] = [:]
        var problems: [Diagnostic] = []
        for namespace in resources.namespaces(language: developmentLanguage) {
            let path = resources.path(language: developmentLanguage, namespace: namespace)
            let entries: [TranslationEntry]
            do throws(I18NextResourceError) {
                entries = try Self.entries(try I18NextResourceError.contents(of: path), path: path, language: developmentLanguage)
            } catch {
                problems.append(error.diagnostic)
                continue
            }
            var defined: [DefinedKey] = []
            var names: Set<String> = []
            for entry in entries {
                let key = Self.calledKey(entry)
                defined.append(DefinedKey(key: key, file: path, line: entry.location?.line, column: entry.location?.column))
                names.insert(key)
                names.insert(entry.foldedKey)
                if case .plural(let forms, _, _, _) = entry.value {
                    for category in forms.keys { names.insert(entry.foldedKey + "_" + category.rawValue) }
                }
            }
            keys[namespace] = defined
            known[namespace] = names
        }
        self.keys = keys
        self.known = known
        self.objects = keys.mapValues { defined in Set(defined.flatMap { Self.prefixes(of: $0.key, before: ".") }) }
        self.contextBases = keys.mapValues { defined in Set(defined.flatMap { Self.prefixes(of: $0.key, before: "_") }) }
        self.problems = problems
        self.defaultNamespace = resources.defaultNamespace
    }

    /// The entries of the resource file `data` at `path`, located; a malformed file throws its
    /// first error, positioned.
    static func entries(_ data: Data, path: String, language: String) throws(I18NextResourceError) -> [TranslationEntry] {
        var issues: [ConversionIssue] = []
        return try I18NextJSONFormat.read(data, path: path, language: language, positions: true, issues: &issues)
    }

    /// The key a call names for `entry`: `place` for the ordinal `place_ordinal`, else the key
    /// with its context (`friend_male`).
    static func calledKey(_ entry: TranslationEntry) -> String {
        let key = entry.foldedKey
        guard entry.pluralKind == .ordinal, key.hasSuffix("_ordinal"), key.count > "_ordinal".count else { return key }
        return String(key.dropLast("_ordinal".count))
    }

    /// Whether `namespace` defines `key`: as a key, as a plural or one of its forms, as an object
    /// of keys (`t("app", {returnObjects})`), or — for a call with a context — as `key_<context>`.
    package func defines(_ key: String, namespace: String, withContext: Bool) -> Bool {
        if known[namespace]?.contains(key) == true || objects[namespace]?.contains(key) == true { return true }
        return withContext && contextBases[namespace]?.contains(key) == true
    }

    /// Every part of `key` before a `separator`: `a.b.c` gives `a` and `a.b`.
    static func prefixes(of key: String, before separator: Character) -> [String] {
        var result: [String] = []
        var index = key.startIndex
        while let found = key[index...].firstIndex(of: separator) {
            if found > key.startIndex { result.append(String(key[..<found])) }
            index = key.index(after: found)
        }
        return result
    }

    /// The namespaces that have a file.
    package var namespaces: [String] { keys.keys.sorted() }
}
