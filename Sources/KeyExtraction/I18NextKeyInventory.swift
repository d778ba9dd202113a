import Diagnostics
import Foundation
import I18Next
import JSONParsing
import Platform

/// The keys the development language defines in i18next resources, `<locales>/<lng>/<ns>.json`:
/// nested objects are flattened with `.` (i18next's `keySeparator`), and plural forms
/// (`items_one`, `items_other`, `place_ordinal_two`) count as their base key (`items`, `place`).
package struct I18NextKeyInventory: Sendable {
    /// The resources directory.
    package let directory: String
    /// The language whose files are read.
    package let developmentLanguage: String
    /// Defined keys (flattened, plural suffixes kept) by namespace, in file order.
    package let keys: [String: [DefinedKey]]
    /// Every defined key and its base key (plural suffix removed), by namespace, for lookups.
    private let known: [String: Set<String>]
    /// The objects that hold defined keys (`app` for `app.title`), by namespace.
    private let objects: [String: Set<String>]
    /// What precedes a `_` in a base key (`friend` for `friend_male`): the keys a context call can reach.
    private let contextBases: [String: Set<String>]
    /// Files that cannot be read or parsed: errors, since their keys are unknown.
    package let problems: [Diagnostic]
    /// The namespace a key without one is looked up in: the app's engine's
    /// (`DirectoryBackend.defaultNamespace`: `translation`, else the first of every language's).
    package let defaultNamespace: String

    /// Objects nested deeper than this are not flattened further (the parser's own limit is deeper).
    static let maximumDepth = 32
    /// i18next's plural suffixes (CLDR categories), cardinal and ordinal.
    static let pluralSuffixes: [String] = ["zero", "one", "two", "few", "many", "other"].flatMap { ["_ordinal_" + $0, "_" + $0] }

    /// Reads the namespaces of `developmentLanguage`, `<directory>/<developmentLanguage>/*.json`, as
    /// the app's engine lists them (`DirectoryBackend.namespaces(language:)`); a missing folder has no keys.
    package init(directory: String, developmentLanguage: String) {
        self.directory = directory
        self.developmentLanguage = developmentLanguage
        let resources = DirectoryBackend(directory: directory)
        var keys: [String: [DefinedKey]] = [:]
        var problems: [Diagnostic] = []
        for namespace in resources.namespaces(language: developmentLanguage) {
            let path = resources.path(language: developmentLanguage, namespace: namespace)
            let data: Data
            do throws(UnreadableFile) {
                data = try RegularFile.read(path)
            } catch {
                problems.append(Diagnostic(error))
                continue
            }
            switch Self.flatten(data, path: path) {
            case .success(let defined): keys[namespace] = defined
            case .failure(let problem): problems.append(problem.diagnostic)
            }
        }
        self.keys = keys
        self.known = keys.mapValues { defined in Set(defined.flatMap { [$0.key, Self.baseKey($0.key)] }) }
        self.objects = keys.mapValues { defined in Set(defined.flatMap { Self.prefixes(of: $0.key, before: ".") }) }
        self.contextBases = keys.mapValues { defined in Set(defined.flatMap { Self.prefixes(of: Self.baseKey($0.key), before: "_") }) }
        self.problems = problems
        self.defaultNamespace = resources.defaultNamespace
    }

    /// A parse failure as a located error.
    struct Problem: Error {
        let diagnostic: Diagnostic
    }

    /// The leaf keys of the JSON object in `data`, flattened with `.`, located.
    static func flatten(_ data: Data, path: String) -> Result<[DefinedKey], Problem> {
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var parser = JSONParser(bytes: bytes, recordingOffsetsToDepth: maximumDepth)
            let root: JSONValue
            do throws(JSONParser.Failure) {
                root = try parser.parseDocument()
            } catch {
                let (line, column) = SourceLocator.location(of: error.offset, in: bytes)
                return .failure(Problem(diagnostic: Diagnostic(file: path, line: line, column: column, message: error.message)))
            }
            guard case .object(let object) = root else {
                return .failure(
                    Problem(
                        diagnostic: Diagnostic(
                            file: path, line: 1, column: 1,
                            message: "an i18next resource file must be a JSON object of keys, found \(root.typeName)")))
            }
            var leaves: [(key: String, offset: Int?)] = []
            collect(object, prefix: "", depth: 1, offsets: parser.offsets, into: &leaves)
            var locator = SourceLocator()
            return .success(
                leaves.map { leaf in
                    // Offsets come in file order, so one locator walks the file once.
                    let position = leaf.offset.map { locator.location(of: $0, in: bytes) }
                    return DefinedKey(key: leaf.key, file: path, line: position?.line, column: position?.column)
                })
        }
    }

    private static func collect(
        _ object: JSONObject, prefix: String, depth: Int, offsets: [String: Int],
        into leaves: inout [(key: String, offset: Int?)]
    ) {
        for (name, value) in object.members {
            let key = prefix.isEmpty ? name : prefix + "." + name
            if case .object(let nested) = value, !nested.isEmpty, depth < maximumDepth {
                collect(nested, prefix: key, depth: depth + 1, offsets: offsets, into: &leaves)
            } else {
                leaves.append((key, offsets[key]))
            }
        }
    }

    /// `key` without an i18next plural suffix: `items_one` → `items`, `place_ordinal_two` → `place`.
    package static func baseKey(_ key: String) -> String {
        for suffix in pluralSuffixes where key.hasSuffix(suffix) && key.count > suffix.count {
            return String(key.dropLast(suffix.count))
        }
        return key
    }

    /// Whether `namespace` defines `key`: as a key, as the base of plural forms, as an object of
    /// keys (`t("app", {returnObjects})`), or — for a call with a context — as `key_<context>`.
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
