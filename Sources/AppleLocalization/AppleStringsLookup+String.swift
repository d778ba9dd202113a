import CLDRPlurals
import PrintfFormat

extension AppleStringsLookup {
    /// The value of `key` in `table`, searched along `languageChain` in the documented order
    /// (see ``AppleStringsLookup``), with plural forms chosen and printf conversions applied.
    ///
    /// - Parameters:
    ///   - key: The key, as written in the tables.
    ///   - table: The table's name (`Localizable`).
    ///   - languageChain: Lowercased language tags and `base`, most wanted first, as the app's
    ///     language matching produces them (`["pt-br", "pt", "en", "base"]`).
    ///   - arguments: The format arguments; numbers choose plural forms.
    ///   - device: The device variation of catalogs to use (`iphone`, `mac`, …); `other` when a
    ///     string has no variation for it.
    /// - Returns: The formatted value and where it came from, or `nil` when no file has the key.
    ///   A file that fails to parse counts as empty; ``diagnostics()`` reports it.
    public func string(
        forKey key: String, table: String, languageChain: [String],
        arguments: [any CustomStringConvertible & Sendable] = [], device: String = "other"
    ) -> Match? {
        let values = arguments.map(FormatArgument.init)
        let catalog = lookupCatalog(table: table)
        let entry = catalog?[key]
        if let catalog, let entry, !entry.shouldTranslate {
            // "Don't translate": every language shows the source text.
            return sourceMatch(entry, catalog, values, device: device)
        }
        for (position, language) in languageChain.enumerated() {
            let rules = pluralRules(pluralLanguage(languageChain, position, catalog))
            if let catalog, let localization = entry?.localization(for: language),
                let format = localization.resolvedFormat(device: device, rules: rules, arguments: values)
            {
                return Match(
                    text: format.format(values, rules: rules),
                    language: language, format: .catalog, file: catalog.path)
            }
            if case .success(let file)? = stringsdictFile(language: language, table: table), let format = file[key] {
                return Match(
                    text: format.format(values, rules: rules),
                    language: language, format: .stringsdict, file: file.path)
            }
            if case .success(let file)? = stringsFile(language: language, table: table), let value = file[key] {
                return Match(
                    text: FormatString(value).format(values),
                    language: language, format: .strings, file: file.path)
            }
        }
        if let catalog, let entry { return sourceMatch(entry, catalog, values, device: device) }
        return nil
    }

    /// The catalog's source text: its source localization when that is usable, else the key.
    private func sourceMatch(_ entry: CatalogEntry, _ catalog: LazyStringCatalog, _ values: [FormatArgument], device: String) -> Match {
        let rules = pluralRules(catalog.sourceLanguage)
        let format =
            entry.localization(for: catalog.sourceLanguage)?.resolvedFormat(device: device, rules: rules, arguments: values)
            ?? LocalizedFormat(format: entry.key)
        return Match(
            text: format.format(values, rules: rules),
            language: catalog.sourceLanguage, format: .catalog, file: catalog.path)
    }

    /// The language whose plural rules apply to a table of `chain[position]`: `Base` tables are
    /// written in the development language, the last real language before `base` in the chain.
    private func pluralLanguage(_ chain: [String], _ position: Int, _ catalog: LazyStringCatalog?) -> String {
        guard chain[position].lowercased() == "base" else { return chain[position] }
        return chain[..<position].last { $0.lowercased() != "base" } ?? catalog?.sourceLanguage ?? "en"
    }
}
