import AppleLocalization
import Diagnostics
import StringsFile
import TranslationFormats

/// The keys the development language defines in each Apple table of a directory, read through
/// ``AppleLocalization/AppleStringsLookup``: every key of a String Catalog (a catalog entry serves
/// its source text even before it is translated), and the keys of the development language's
/// `.stringsdict` and `.strings` files (the language, the language without region, then `Base`).
package struct AppleKeyInventory: Sendable {
    /// The directory searched.
    package let directory: String
    /// The language whose keys count as defined.
    package let developmentLanguage: String
    /// Defined keys by table, then key (the first file that defines a key is kept).
    package let keys: [String: [String: DefinedKey]]
    /// The tables that have a String Catalog, and its path.
    package let catalogs: [String: String]
    /// The tables with any file, in any language.
    package let tables: Set<String>
    /// Files that cannot be read or parsed: errors, since their keys are unknown.
    package let problems: [Diagnostic]
    /// Warnings that are not about a file: a declared language that overrides the recorded one.
    package let notices: [Diagnostic]
    /// Why the development language cannot be told (a usage error: pass `--source-language`).
    package let unknownSourceLanguage: Diagnostic?

    /// Reads the tables of `directory`; a missing directory has none.
    ///
    /// - Parameter rule: Tells the language keys are written in (``SourceLanguageRule``), among
    ///   the languages the tables have, with the `Localizable` catalog's source language (or the
    ///   first catalog's) as the one the files record. When it cannot tell (several languages,
    ///   none `en`), ``unknownSourceLanguage`` says so and the keys are read as `en`'s.
    package init(directory: String, sourceLanguage rule: SourceLanguageRule = SourceLanguageRule()) {
        let lookup = AppleStringsLookup(directory: directory)
        var problems: [Diagnostic] = []
        var keys: [String: [String: DefinedKey]] = [:]
        var catalogs: [String: String] = [:]
        for table in lookup.tables {
            switch lookup.catalog(table: table) {
            case .success(let catalog)?:
                catalogs[table] = catalog.path
                for key in catalog.keys {
                    let location = catalog[key]?.location
                    keys[table, default: [:]][key] = DefinedKey(key: key, file: catalog.path, line: location?.line, column: location?.column)
                }
            case .failure(let error)?:
                problems.append(error.diagnostic)
            case nil:
                break
            }
        }
        let language: String
        do throws(TranslationError) {
            let (resolved, warning) = try rule.resolve(appleTables: lookup)
            language = resolved
            notices = warning.map { [$0] } ?? []
            unknownSourceLanguage = nil
        } catch {
            notices = []
            unknownSourceLanguage = error.diagnostic
            language = "en"
        }
        for table in lookup.tables {
            // `pt-BR`, `pt`, `Base`: the languages whose files define the development language's keys.
            for candidate in AppleTableDirectory.fallbackChain(language) {
                switch lookup.stringsdictFile(language: candidate, table: table) {
                case .success(let file)?:
                    for key in file.keys where keys[table]?[key] == nil {
                        let location = file[key]?.location
                        keys[table, default: [:]][key] = DefinedKey(key: key, file: file.path, line: location?.line, column: location?.column)
                    }
                case .failure(let error)?: problems.append(error.diagnostic)
                case nil: break
                }
                switch lookup.stringsFile(language: candidate, table: table) {
                case .success(let file)?:
                    let locations = file.keyLocations()
                    for key in file.keys where keys[table]?[key] == nil {
                        let location = locations[key]
                        keys[table, default: [:]][key] = DefinedKey(key: key, file: file.path, line: location?.line, column: location?.column)
                    }
                case .failure(let error)?:
                    let diagnostic = error.diagnostic
                    problems.append(Diagnostic(file: diagnostic.path, line: diagnostic.line, column: diagnostic.column, message: diagnostic.message))
                case nil: break
                }
            }
        }
        self.directory = directory
        self.developmentLanguage = language
        self.keys = keys
        self.catalogs = catalogs
        self.tables = Set(lookup.tables)
        self.problems = problems
    }

    /// Whether `table` defines `key` in the development language.
    package func defines(_ key: String, table: String) -> Bool {
        keys[table]?[key] != nil
    }
}
