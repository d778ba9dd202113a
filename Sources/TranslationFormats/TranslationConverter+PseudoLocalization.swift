import AppleLocalization
import Diagnostics

extension TranslationConverter {
    /// The files `format` needs for the tables read with the pseudo languages of `methods` added
    /// (see ``PseudoLocalizer``), under the directory `destination`: only those the pseudo
    /// languages change. A file the tables as read would give byte for byte (`en/translation.json`
    /// beside `en-XA/translation.json`) is left out, so pseudo-localizing into the folder read adds
    /// the pseudo languages and rewrites nothing else; a file that holds every language (a
    /// catalog) is planned with them all. Afterwards ``issues`` names only what is lost in the
    /// files planned (and on reading).
    ///
    /// - Parameter sourceLanguage: The rule that tells the language pseudo-localized
    ///   (``SourceLanguageRule``), among the languages that are not pseudo languages.
    /// - Throws: ``TranslationError`` of kind `usage` when the source language cannot be
    ///   told or is not in a table, or is itself a pseudo language; and what ``plan(_:to:sourceLanguage:)`` throws.
    public mutating func planPseudoLocalization(
        _ localizer: PseudoLocalizer, methods: [PseudoLocalizer.Method],
        format: any TranslationFileFormat, to destination: String,
        sourceLanguage rule: SourceLanguageRule = SourceLanguageRule()
    ) throws(TranslationError) -> [Output] {
        let pseudoLanguages = Set(methods.map(\.language))
        var sources: [String] = []
        for table in tables {
            let source = try pseudoSource(of: table, rule: rule, pseudoLanguages: pseudoLanguages, destination: destination)
            sources.append(source)
        }
        // The tables as read, planned on a copy: what the pseudo languages leave alone. Each
        // table's source is now decided, so both plans take it as recorded.
        for index in tables.indices { tables[index].sourceLanguage = sources[index] }
        let unchangedRule = SourceLanguageRule()
        var unchanged = self
        let before = try unchanged.plan(format, to: destination, sourceLanguage: unchangedRule)
        for index in tables.indices {
            tables[index] = localizer.pseudoLocalized(tables[index], source: sources[index], methods: methods)
        }
        let issuesBefore = writeIssues.count
        let after = try plan(format, to: destination, sourceLanguage: unchangedRule)
        var previous: [String: [UInt8]] = [:]
        for output in before { previous[output.path] = Array(output.data) }
        let kept = after.filter { output in previous[output.path].map { !$0.elementsEqual(output.data) } ?? true }
        let keptPaths = Set(kept.map(\.path))
        let planned = writeIssues[issuesBefore...].filter { keptPaths.contains($0.file) }
        writeIssues = Array(writeIssues[..<issuesBefore]) + planned
        return kept
    }

    /// The language of `table` that is pseudo-localized.
    private mutating func pseudoSource(
        of table: TranslationTable, rule: SourceLanguageRule, pseudoLanguages: Set<String>,
        destination: String
    ) throws(TranslationError) -> String {
        let name = describe(table)
        let (chosen, warning) = try rule.resolve(table, named: name, file: destination, excluding: pseudoLanguages)
        if let warning, !notices.contains(warning) { notices.append(warning) }
        guard !pseudoLanguages.contains(chosen) else {
            throw TranslationError(
                Diagnostic(file: destination, message: "the source language \(chosen) is a pseudo language; pass --source-language"), kind: .usage)
        }
        guard table.languages[chosen] != nil else {
            let languages = table.languageOrder.filter { !pseudoLanguages.contains($0) }
            throw TranslationError(
                Diagnostic(
                    file: destination,
                    message: "\(name) has no \(chosen) text to pseudo-localize (it has \(languages.joined(separator: ", "))); pass --source-language"),
                kind: .usage)
        }
        return chosen
    }
}
