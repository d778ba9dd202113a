import AppleLocalization
import Diagnostics

extension SourceLanguageRule {
    /// The development language of a directory of Apple tables (`strings lint DIR`, `i18n
    /// extract`): the rule over every language the tables have (`Base` aside), with the
    /// `Localizable` catalog's source language (else the first catalog's by name) as the one the
    /// files record.
    ///
    /// - Throws: ``TranslationError`` of kind `usage` when nothing tells the language.
    public func resolve(appleTables lookup: AppleStringsLookup) throws(TranslationError) -> (language: String, warning: Diagnostic?) {
        var languages = Set<String>()
        var recorded: [String: String] = [:]
        for table in lookup.tables {
            languages.formUnion(lookup.tableDirectory.languages(table: table).filter { $0.lowercased() != "base" })
            if case .success(let catalog)? = lookup.catalog(table: table) {
                languages.formUnion(catalog.languages)
                recorded[table] = catalog.sourceLanguage
            }
        }
        let source = recorded[TranslationTable.defaultName] ?? recorded.sorted { $0.key < $1.key }.first?.value
        return try resolve(languages: languages.sorted(), recorded: source, table: "the tables of \(lookup.directory)", file: lookup.directory)
    }
}
