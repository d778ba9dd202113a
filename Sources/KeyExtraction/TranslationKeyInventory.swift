import AppleLocalization
import Diagnostics
import TranslationFormats

/// The keys the development language defines in translation files of any registered format
/// (``TranslationFormats/TranslationFormatRegistry``): a team's source of truth that is converted
/// into the app's Apple tables (`.po`, XLIFF, Android resources). Read through the registry, so a
/// format added there is found here too.
///
/// Their keys are Apple keys by table: the converter writes an entry with a context under
/// `key_context` (``TranslationFormats/TranslationEntry/foldedKey``), since Apple tables have
/// none, and the table under its Apple name (`Localizable`).
package struct TranslationKeyInventory: Sendable {
    /// The files or folders read, in order.
    package let paths: [String]
    /// Defined keys by table, then key (the first path that defines a key is kept).
    package let keys: [String: [String: DefinedKey]]
    /// Paths that cannot be read or parsed: errors, since their keys are unknown.
    package let problems: [Diagnostic]

    /// Reads each of `paths` in `format` (each path's own format, by extension or by the files a
    /// folder holds, when `nil`) and keeps the keys of `developmentLanguage`, or of a table's
    /// source language when the table has no entries in it.
    package init(
        paths: [String], format: (any TranslationFileFormat)?, developmentLanguage: String,
        registry: TranslationFormatRegistry = .standard
    ) {
        var keys: [String: [String: DefinedKey]] = [:]
        var problems: [Diagnostic] = []
        for path in paths {
            var converter = TranslationConverter(registry: registry)
            do throws(TranslationError) {
                try converter.read(path, format: format)
            } catch {
                problems.append(error.diagnostic)
                continue
            }
            for table in converter.tables {
                let language = table.languages[developmentLanguage] != nil ? developmentLanguage : table.sourceLanguage ?? developmentLanguage
                for entry in table.languages[language] ?? [] {
                    let key = entry.foldedKey
                    if keys[table.name]?[key] == nil {
                        keys[table.name, default: [:]][key] = DefinedKey(key: key, file: path, line: nil, column: nil)
                    }
                }
            }
        }
        self.paths = paths
        self.keys = keys
        self.problems = problems
    }

    /// No paths: defines nothing.
    package static let none = TranslationKeyInventory(paths: [], format: nil, developmentLanguage: "en")

    /// Whether `table` defines `key` in the development language.
    package func defines(_ key: String, table: String) -> Bool {
        keys[table]?[key] != nil
    }
}
