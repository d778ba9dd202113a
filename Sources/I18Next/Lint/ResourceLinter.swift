import Diagnostics
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import JSONParsing
import Platform

/// Checks a directory of i18next resources (`<dir>/<lng>/<ns>.json`) the way translators need:
/// keys missing in a language, plural forms a language needs by its CLDR rules but lacks, and
/// interpolation variables that differ from the reference language.
public struct ResourceLinter: Sendable {
    /// A finding: the project's one located `Diagnostics/Diagnostic` (`file:line:col: warning|error: message`).
    public typealias Diagnostic = Diagnostics.Diagnostic

    private struct Entry {
        let value: I18nValue
        let line: Int
        let column: Int
    }

    private struct NamespaceFile {
        let path: String
        var entries: [String: Entry] = [:]
    }

    private static let categories = PluralCategory.allCases.map(\.rawValue)

    /// The directory checked.
    public let directory: String
    /// The language others are compared with; by default the one with the most keys (`en`
    /// when it ties for the most).
    public let reference: String?

    /// A linter for `directory`.
    public init(directory: String, reference: String? = nil) {
        self.directory = directory
        self.reference = reference
    }

    /// Runs every check.
    public func run() -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let backend = DirectoryBackend(directory: directory)
        let languages = backend.availableLanguages()
        guard !languages.isEmpty else {
            return [Diagnostic(.error, file: directory, line: 1, column: 1,
                               message: "no language directories; expected \(directory)/<lng>/<ns>.json")]
        }
        // language → namespace → file
        var files: [String: [String: NamespaceFile]] = [:]
        var namespaces = Set<String>()
        // Files that are there but could not be read or parsed: their error is said once, not
        // again as a namespace "missing".
        var failed = Set<String>()
        for language in languages {
            for namespace in backend.namespaces(language: language) {
                namespaces.insert(namespace)
                let path = "\(directory)/\(language)/\(namespace).json"
                switch Self.read(path) {
                case .success(let file): files[language, default: [:]][namespace] = file
                case .failure(let diagnostic):
                    diagnostics.append(diagnostic)
                    failed.insert(path)
                }
            }
        }
        func keyCount(_ language: String) -> Int {
            var total = 0
            for file in (files[language] ?? [:]).values { total += file.entries.count }
            return total
        }
        // On a tie in key count, en (the usual development language) rather than the first by name.
        var referenceLanguage = reference ?? (languages.contains("en") ? "en" : languages[0])
        if reference == nil {
            for language in languages where keyCount(language) > keyCount(referenceLanguage) { referenceLanguage = language }
        }
        for namespace in namespaces.sorted() {
            diagnostics += checkNamespace(namespace, languages: languages, files: files, failed: failed, reference: referenceLanguage)
        }
        return diagnostics
    }

    private func checkNamespace(_ namespace: String, languages: [String], files: [String: [String: NamespaceFile]], failed: Set<String>, reference: String) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        // Base keys (plural suffixes removed) per language.
        var bases: [String: Set<String>] = [:]
        var allBases = Set<String>()
        var pluralBases: [String: Bool] = [:]   // base → ordinal?
        for language in languages {
            guard let file = files[language]?[namespace] else { continue }
            for key in file.entries.keys {
                let (base, plural, ordinal) = Self.pluralBase(key)
                bases[language, default: []].insert(base)
                allBases.insert(base)
                if plural { pluralBases[base] = ordinal }
            }
        }
        for language in languages {
            let path = "\(directory)/\(language)/\(namespace).json"
            guard let file = files[language]?[namespace] else {
                if failed.contains(path) { continue }
                diagnostics.append(Diagnostic(.warning, file: path, line: 1, column: 1,
                                              message: "the namespace \"\(namespace)\" is missing for \(language); other languages have it"))
                continue
            }
            let have = bases[language] ?? []
            let missing = allBases.subtracting(have).sorted()
            if !missing.isEmpty {
                let listed = missing.prefix(8).map { "\"\($0)\"" }.joined(separator: ", ") + (missing.count > 8 ? ", …" : "")
                diagnostics.append(Diagnostic(.warning, file: path, line: 1, column: 1,
                                              message: "\(missing.count) key(s) missing for \(language): \(listed)"))
            }
            for (base, ordinal) in pluralBases.sorted(by: { $0.key < $1.key }) {
                let prefix = ordinal ? base + "_ordinal_" : base + "_"
                let present = Set(file.entries.keys.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }.filter { Self.categories.contains($0) })
                guard let first = file.entries.filter({ $0.key.hasPrefix(prefix) }).min(by: { ($0.value.line, $0.value.column) < ($1.value.line, $1.value.column) })?.value else { continue }
                let rules = PluralRules(locale: language, kind: ordinal ? .ordinal : .cardinal)
                let needed = rules.categories.map(\.rawValue)
                let lacking = needed.filter { !present.contains($0) }
                if !lacking.isEmpty {
                    diagnostics.append(Diagnostic(.warning, file: path, line: first.line, column: first.column,
                        message: "\"\(base)\" lacks the \(ordinal ? "ordinal " : "")plural form(s) \(lacking.map { "\"\(prefix + $0)\"" }.joined(separator: ", ")) that \(language) needs (CLDR: \(needed.joined(separator: ", ")))"))
                }
            }
            guard language != reference, let referenceFile = files[reference]?[namespace] else { continue }
            for (key, entry) in file.entries.sorted(by: { $0.value.line < $1.value.line }) {
                guard case .string(let text) = entry.value else { continue }
                let (base, plural, ordinal) = Self.pluralBase(key)
                let counterpart = referenceFile.entries[key]
                    ?? (plural ? referenceFile.entries[base + (ordinal ? "_ordinal_other" : "_other")] : nil)
                guard case .string(let referenceText)? = counterpart?.value else { continue }
                let mine = Self.variables(text), theirs = Self.variables(referenceText)
                if mine != theirs {
                    // Compared without `count`, which i18next supplies, but named with it: "ca uses
                    // no variables" of a text that reads {{count}} misleads.
                    let shownMine = Self.variables(text, includingCount: true), shownTheirs = Self.variables(referenceText, includingCount: true)
                    diagnostics.append(Diagnostic(.warning, file: path, line: entry.line, column: entry.column,
                        message: "\"\(key)\" uses \(Self.describe(shownMine)) but \(reference) uses \(Self.describe(shownTheirs)) (\(Self.difference(mine, theirs, reference: reference)))"))
                }
            }
        }
        return diagnostics
    }

    private static func describe(_ variables: Set<String>) -> String {
        variables.isEmpty ? "no variables" : variables.sorted().map { "{{\($0)}}" }.joined(separator: ", ")
    }

    /// What differs, by name: the variables only this text has and those only the reference has.
    private static func difference(_ mine: Set<String>, _ theirs: Set<String>, reference: String) -> String {
        var parts: [String] = []
        let extra = mine.subtracting(theirs), lacking = theirs.subtracting(mine)
        if !lacking.isEmpty { parts.append("lacks \(describe(lacking))") }
        if !extra.isEmpty { parts.append("\(describe(extra)) not in \(reference)") }
        return parts.joined(separator: "; ")
    }

    /// `cart.items_one` → (`cart.items`, plural), `place_ordinal_two` → (`place`, plural, ordinal).
    static func pluralBase(_ key: String) -> (String, Bool, Bool) {
        for category in categories {
            if key.hasSuffix("_ordinal_" + category) { return (String(key.dropLast(category.count + 9)), true, true) }
        }
        for category in categories where key.hasSuffix("_" + category) {
            return (String(key.dropLast(category.count + 1)), true, false)
        }
        return (key, false, false)
    }

    /// The interpolation variables of a value: `{{name}}`, `{{- name}}`, `{{value, format}}` give
    /// `name` and `value`; `count` is left out unless `includingCount`, as i18next supplies it.
    package static func variables(_ text: String, includingCount: Bool = false) -> Set<String> {
        var result = Set<String>()
        let bytes = Array(text.utf8)
        var index = 0
        while let match = Scanner.placeholder(in: bytes, from: index, open: Array("{{".utf8), close: Array("}}".utf8)) {
            var name = JSStrings.trim(String(decoding: bytes[match.innerStart..<match.innerEnd], as: UTF8.self))
            if name.hasPrefix("-") { name = JSStrings.trim(name.dropFirst()) }
            if let comma = name.firstIndex(of: ",") { name = JSStrings.trim(name[..<comma]) }
            if includingCount || name != "count" { result.insert(name) }
            index = match.end
        }
        return result
    }

    private static func read(_ path: String) -> Result<NamespaceFile, Diagnostic> {
        let data: Data
        do throws(UnreadableFile) {
            data = try RegularFile.read(path)
        } catch {
            return .failure(Diagnostic(error))
        }
        return data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var parser = JSONParser(bytes: bytes, recordingOffsetsToDepth: 64, rejectsDuplicateKeys: true)
            let node: JSONValue
            do throws(JSONParser.Failure) {
                node = try parser.parseDocument()
            } catch {
                let (line, column) = JSONText.location(of: error.offset, in: bytes)
                return .failure(Diagnostic(.error, file: path, line: line, column: column, message: error.message))
            }
            guard case .object = node else {
                return .failure(Diagnostic(.error, file: path, line: 1, column: 1, message: "a namespace file must be a JSON object of keys"))
            }
            var file = NamespaceFile(path: path)
            func add(_ node: JSONValue, path keyPath: String) {
                if case .object(let members) = node {
                    for member in members {
                        add(member.value, path: keyPath.isEmpty ? member.key : keyPath + "." + member.key)
                    }
                } else {
                    let (line, column) = JSONText.location(of: parser.offsets[keyPath] ?? 0, in: bytes)
                    file.entries[keyPath] = Entry(value: node, line: line, column: column)
                }
            }
            add(node, path: "")
            return .success(file)
        }
    }
}
