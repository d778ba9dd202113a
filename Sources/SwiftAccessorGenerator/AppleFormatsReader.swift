import AppleLocalization
import Diagnostics
import PrintfFormat

/// Reads the String Catalogs (`<Table>.xcstrings`, anywhere below the directory) and the development
/// language's `.stringsdict` tables (`<lng>.lproj/<Table>.stringsdict`), as `AppleTableDirectory`
/// finds them for the run-time lookup, into accessor entries, one positional parameter per
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

    /// Reads every catalog of `tables` and its `.stringsdict` tables of `language`.
    mutating func read(_ tables: AppleTableDirectory, language: String) {
        // One catalog per table, the one the lookup uses (the first by path).
        for table in tables.catalogs.keys.sorted() {
            guard let path = tables.catalogs[table] else { continue }
            readCatalog(table: table, path: path, language: language)
        }
        for table in tables.stringsdictTables(language: language) {
            guard let path = tables.stringsdict(language: language, table: table) else { continue }
            readStringsDict(table: table, path: path)
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
            append(
                table: table, key: key, signature: format.signature, documentation: [format.format] + Self.forms(format.variables),
                file: path, line: format.location?.line)
        }
    }

    private mutating func append(table: String, key: String, signature: FormatSignature, documentation: [String], file: String, line: Int?) {
        let parameters = TranslationEntry.Parameter.parameters(for: signature)
        entries.append(
            TranslationEntry(
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
