import AppleLocalization
import Diagnostics
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform

/// Reads the development language's String Catalogs (`<Table>.xcstrings`) and `.stringsdict`
/// tables (`<lng>.lproj/<Table>.stringsdict`) into accessor entries, one positional parameter per
/// format argument: a plural variable (`%#@items@`, a catalog substitution) is an `Int` unless its
/// value type says otherwise, `%@` a `String`, `%d` an `Int`, `%f` a `Double`.
///
/// The files are parsed by AppleLocalization, the same parser the run-time lookup uses, so an
/// accessor exists exactly for the keys `localizedString` can find.
struct AppleFormatsReader {
    private(set) var entries: [TranslationEntry] = []
    private(set) var diagnostics: [Diagnostic] = []
    private(set) var files: [String] = []

    mutating func read(directory: String, language: String) {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
        var catalogTables: Set<String> = []
        for name in names where name.hasSuffix(".xcstrings") {
            let table = String(name.dropLast(".xcstrings".count))
            // Two catalogs for one table: the lookup uses the first by path, and so do we.
            guard catalogTables.insert(table).inserted else { continue }
            readCatalog(table: table, path: PathText.appending(directory, name), language: language)
        }
        let lproj = PathText.appending(directory, "\(language).lproj")
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: lproj)) ?? []).sorted() where name.hasSuffix(".stringsdict") {
            readStringsDict(table: String(name.dropLast(".stringsdict".count)), path: PathText.appending(lproj, name))
        }
    }

    private mutating func readCatalog(table: String, path: String, language: String) {
        files.append(path)
        let catalog: StringCatalog
        do {
            catalog = try StringCatalog(contentsOf: path)
        } catch {
            diagnostics.append(Diagnostic(.error, file: path, message: "\(error)"))
            return
        }
        for key in catalog.keys {
            guard let entry = catalog[key], entry.shouldTranslate else { continue }
            // A key with no source-language text is its own text (Xcode writes such keys so).
            let localization = entry.localization(for: catalog.sourceLanguage) ?? entry.localization(for: language)
            var kinds: [Int: TranslationEntry.Parameter.Kind] = [:]
            var documentation: [String] = []
            if let localization {
                for (variation, unit) in localization.value.units {
                    var next = 1
                    Self.scan(unit.value, variables: localization.substitutions, bound: nil, next: &next, into: &kinds, depth: 0)
                    documentation.append(variation.isEmpty ? unit.value : "\(variation): \(unit.value)")
                }
                documentation += Self.forms(localization.substitutions)
            } else {
                var next = 1
                Self.scan(key, variables: [:], bound: nil, next: &next, into: &kinds, depth: 0)
                documentation.append(key)
            }
            append(table: table, key: key, kinds: kinds, documentation: documentation, file: path, line: entry.location?.line)
        }
    }

    private mutating func readStringsDict(table: String, path: String) {
        files.append(path)
        let file: StringsDictFile
        do {
            file = try StringsDictFile(contentsOf: path)
        } catch {
            diagnostics.append(Diagnostic(.error, file: path, message: "\(error)"))
            return
        }
        for key in file.keys {
            guard let format = file[key] else { continue }
            var kinds: [Int: TranslationEntry.Parameter.Kind] = [:]
            var next = 1
            Self.scan(format.format, variables: format.variables, bound: nil, next: &next, into: &kinds, depth: 0)
            append(table: table, key: key, kinds: kinds, documentation: [format.format] + Self.forms(format.variables),
                   file: path, line: format.location?.line)
        }
    }

    private mutating func append(table: String, key: String, kinds: [Int: TranslationEntry.Parameter.Kind], documentation: [String], file: String, line: Int?) {
        let parameters = (kinds.keys.max()).map { last in (1...last).map { TranslationEntry.Parameter(variable: nil, kind: kinds[$0] ?? .string) } } ?? []
        entries.append(TranslationEntry(
            source: .strings(table: table), key: key,
            path: [table] + key.split(separator: ".", omittingEmptySubsequences: false).map(String.init),
            parameters: parameters, documentation: documentation, file: file, line: line))
    }

    /// The plural forms of each variable, `other` first: `items.other: %d items`.
    private static func forms(_ variables: [String: PluralVariable]) -> [String] {
        var lines: [String] = []
        for name in variables.keys.sorted() {
            guard let variable = variables[name] else { continue }
            let categories = variable.forms.keys.sorted { ($0 == .other ? 0 : 1, $0.rawValue) < ($1 == .other ? 0 : 1, $1.rawValue) }
            for category in categories { lines.append("\(name).\(category.rawValue): \(variable.forms[category] ?? "")") }
        }
        return lines
    }

    /// A position beyond any sensible count is a typo; it must not make thousands of parameters.
    static let maximumPosition = 64
    /// Variables that reference themselves (`%#@a@` in a form of `a`) must not recurse forever.
    private static let maximumDepth = 8

    /// Records the kind of each argument `text` reads. Inside a plural form an unnumbered
    /// conversion reads the variable's own argument (`bound`), as the formatter binds it.
    private static func scan(_ text: String, variables: [String: PluralVariable], bound: Int?, next: inout Int,
                             into kinds: inout [Int: TranslationEntry.Parameter.Kind], depth: Int) {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "%" else { index += 1; continue }
            index += 1
            guard index < scalars.count else { break }
            if scalars[index] == "%" { index += 1; continue }
            let start = index
            var digits = 0
            while index < scalars.count, ("0"..."9").contains(scalars[index]), digits < 3 { digits += 1; index += 1 }
            var position: Int?
            if digits > 0, index < scalars.count, scalars[index] == "$" {
                position = Int(String(String.UnicodeScalarView(scalars[start..<index])))
                index += 1
            } else {
                index = start
            }
            // `%#@name@`: a plural variable.
            if index + 1 < scalars.count, scalars[index] == "#", scalars[index + 1] == "@" {
                index += 2
                var name = ""
                while index < scalars.count, scalars[index] != "@" { name.unicodeScalars.append(scalars[index]); index += 1 }
                index += 1
                let variable = variables[name]
                let argument = variable?.argumentNumber ?? position ?? bound ?? { defer { next += 1 }; return next }()
                guard argument >= 1, argument <= maximumPosition else { continue }
                let kind = variable?.valueType.flatMap(Self.kind(of:)) ?? .int
                if kinds[argument] == nil || kinds[argument] == .string { kinds[argument] = kind }
                guard let variable, depth < maximumDepth else { continue }
                for form in variable.forms.values {
                    var formNext = next
                    scan(form, variables: variables, bound: argument, next: &formNext, into: &kinds, depth: depth + 1)
                }
                continue
            }
            while index < scalars.count, "-+ #0'".unicodeScalars.contains(scalars[index]) { index += 1 }
            while index < scalars.count, ("0"..."9").contains(scalars[index]) || scalars[index] == "." { index += 1 }
            let lengthStart = index
            while index < scalars.count, "hlqLztj".unicodeScalars.contains(scalars[index]) { index += 1 }
            guard index < scalars.count else { break }
            let specifier = String(String.UnicodeScalarView(scalars[lengthStart...index]))
            index += 1
            guard let kind = kind(of: specifier) else { continue }
            let argument = position ?? bound ?? { defer { next += 1 }; return next }()
            guard argument >= 1, argument <= maximumPosition else { continue }
            if kinds[argument] == nil { kinds[argument] = kind }
        }
    }

    /// The Swift kind of a conversion or `NSStringFormatValueTypeKey` (`d`, `lld`, `@`, `f`).
    private static func kind(of specifier: String) -> TranslationEntry.Parameter.Kind? {
        switch specifier.last {
        case "@", "s", "S": .string
        case "d", "i", "u", "o", "x", "X", "c", "C", "D", "U", "O": .int
        case "f", "F", "e", "E", "g", "G", "a", "A": .double
        default: nil
        }
    }
}
