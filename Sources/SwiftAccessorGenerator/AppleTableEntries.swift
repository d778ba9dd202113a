import AppleLocalization
import Diagnostics
import PrintfFormat
import StringsFile

/// The accessor entries of the Apple tables the run-time lookup reads, in its order: the String
/// Catalogs (`<Table>.xcstrings`, anywhere below the directory), then the development language's
/// `.stringsdict` and `.strings` tables (`<lng>.lproj/<Table>.…`, or the flat `<LNG>.strings`
/// that forms `Localizable`), as `AppleTableDirectory` finds them.
///
/// The files are parsed by AppleLocalization, the parsers the run-time lookup and the translation
/// model's Apple formats use, so an accessor exists exactly for the keys `localizedString` can
/// find. Each takes one positional parameter per format argument, typed from the same
/// ``FormatSignature`` the run-time formatter binds (``TranslationEntry/Parameter/parameters(for:)``):
/// a plural variable (`%#@items@`, a catalog substitution) is an `Int` unless its value type says
/// otherwise, `%@` a `String`, `%d` an `Int`, `%f` a `Double`, `%c` a `Character`.
///
/// Parameters are positional (`_ p1: String`) rather than named from comments: comments are
/// free text, and a name guessed from one would change the API when a translator edits it.
struct AppleTableEntries {
    private(set) var entries: [TranslationEntry] = []
    private(set) var diagnostics: [Diagnostic] = []
    private(set) var files: [String] = []

    /// Reads the `.strings` tables of `language` in `directory` (no catalog search: it reads none).
    mutating func read(directory: String, language: String) {
        read(AppleTableDirectory(directory: directory, searchingCatalogs: false), language: language)
    }

    /// Reads every catalog of `tables`, then its `.stringsdict` and `.strings` tables of `language`.
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
        for table in tables.stringsTables(language: language) {
            guard let path = tables.strings(language: language, table: table) else { continue }
            readStrings(table: table, path: path)
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

    private mutating func readStrings(table: String, path: String) {
        files.append(path)
        let file: StringsFile
        do {
            file = try StringsFile(contentsOf: path)
        } catch {
            diagnostics.append(error.diagnostic)
            return
        }
        let locations = file.keyLocations()
        for key in file.keys {
            guard let text = file[key] else { continue }
            let signature = FormatString(text).signature()
            for problem in TranslationEntry.Parameter.problems(in: signature) {
                diagnostics.append(Diagnostic(.warning, file: path, path: key, message: problem))
            }
            append(table: table, key: key, signature: signature, documentation: [text], file: path, line: locations[key]?.line)
        }
    }

    private mutating func append(table: String, key: String, signature: FormatSignature, documentation: [String], file: String, line: Int?) {
        entries.append(
            TranslationEntry(
                source: .strings(table: table), key: key,
                path: [table] + key.split(separator: ".", omittingEmptySubsequences: false).map(String.init),
                parameters: TranslationEntry.Parameter.parameters(for: signature), documentation: documentation, file: file, line: line))
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
