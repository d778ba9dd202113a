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
/// format argument, typed from the same ``FormatSignature`` the run-time formatter binds
/// (``TranslationEntry/Parameter/parameters(for:)``): a plural variable (`%#@items@`, a catalog
/// substitution) is an `Int` unless its value type says otherwise, `%@` a `String`, `%d` an
/// `Int`, `%f` a `Double`, `%c` a `Character`.
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
            // Every variation is read by the one call, so their arguments merge.
            var signature = FormatSignature()
            var documentation: [String] = []
            if let localization {
                for (variation, unit) in localization.value.units {
                    signature.merge(unit.string.signature(variables: localization.substitutions))
                    documentation.append(variation.isEmpty ? unit.value : "\(variation): \(unit.value)")
                }
                documentation += Self.forms(localization.substitutions)
            } else {
                signature = FormatString(key).signature()
                documentation.append(key)
            }
            append(table: table, key: key, signature: signature, documentation: documentation, file: path, line: entry.location?.line)
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
            append(table: table, key: key, signature: format.signature, documentation: [format.format] + Self.forms(format.variables),
                   file: path, line: format.location?.line)
        }
    }

    private mutating func append(table: String, key: String, signature: FormatSignature, documentation: [String], file: String, line: Int?) {
        let parameters = TranslationEntry.Parameter.parameters(for: signature)
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
}
