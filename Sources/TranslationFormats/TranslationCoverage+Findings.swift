import AppleLocalization
import Diagnostics

extension TranslationCoverage {
    /// The checks as located findings, what `i18n lint` and `validate` print: the same checks as
    /// the report, so a lint and a status of one directory never disagree.
    ///
    /// - Per language of a table: its missing keys and its extra keys (warnings, one each, listing
    ///   the first keys); each plural gap and placeholder mismatch (a warning at the entry, its
    ///   key the ``Diagnostics/Diagnostic/path``);
    ///   its untranslated keys (a note: keeping the source's text is often meant, as `OK`).
    ///
    /// The source language's entries are checked for plural gaps only. The files that could not
    /// be read are not among them (``failures``).
    public var findings: [Diagnostic] {
        var result: [Diagnostic] = []
        for table in tables {
            for language in table.languages {
                result += Self.findings(of: language, in: table)
            }
        }
        return result
    }

    private static func findings(of language: Language, in table: Table) -> [Diagnostic] {
        var result: [Diagnostic] = []
        let named = "\(language.language) (\(table.name), \(table.format))"
        func atFile(_ severity: Diagnostic.Severity, _ message: String) -> Diagnostic {
            // A directory (a table without this language's file, or a format without positions)
            // has no line.
            let isFile = language.file != table.directory
            return Diagnostic(severity, file: language.file, line: isFile ? 1 : nil, column: isFile ? 1 : nil, message: message)
        }
        // A finding about one entry names its key as the path (`(at key)`), as `validate` does.
        func at(_ location: SourceLocation?, key: String, _ message: String) -> Diagnostic {
            var finding = atFile(.warning, message)
            if let location { (finding.file, finding.line, finding.column) = (location.file, location.line, location.column) }
            finding.path = key
            return finding
        }
        if language.lacksTable {
            result.append(
                atFile(
                    .warning,
                    "\(table.name) has no \(language.language) translation: \(Self.counted(language.missingKeys, "key")) missing for \(named); other languages have it"
                ))
        } else if !language.missingKeys.isEmpty {
            result.append(atFile(.warning, "\(Self.counted(language.missingKeys, "key")) missing for \(named): \(Self.listed(language.missingKeys))"))
        }
        if !language.extraKeys.isEmpty {
            result.append(
                atFile(
                    .warning,
                    "\(Self.counted(language.extraKeys, "key")) of \(named) not in \(table.sourceLanguage), the source language: \(Self.listed(language.extraKeys))"
                ))
        }
        for gap in language.pluralGaps {
            result.append(
                at(
                    gap.location, key: gap.key,
                    "lacks the plural form(s) \(gap.missing.joined(separator: ", ")) that \(language.language) needs (CLDR: \(gap.needed.joined(separator: ", ")))"
                ))
        }
        for mismatch in language.placeholderMismatches {
            // Said by difference: the whole sets leave out `count`, so "reads nothing" of a text
            // that reads {{count}} would mislead.
            let found = Set(mismatch.found)
            let expected = Set(mismatch.expected)
            var difference: [String] = []
            let lacking = mismatch.expected.filter { !found.contains($0) }
            let extra = mismatch.found.filter { !expected.contains($0) }
            if !lacking.isEmpty { difference.append("lacks \(lacking.joined(separator: ", ")), which \(table.sourceLanguage) reads") }
            if !extra.isEmpty { difference.append("reads \(extra.joined(separator: ", ")), which \(table.sourceLanguage) does not") }
            result.append(at(mismatch.location, key: mismatch.key, difference.joined(separator: "; ")))
        }
        if !language.untranslatedKeys.isEmpty {
            result.append(
                atFile(
                    .note,
                    "\(Self.counted(language.untranslatedKeys, "key")) of \(named) not translated (the \(table.sourceLanguage) text, or marked new): \(Self.listed(language.untranslatedKeys))"
                ))
        }
        return result
    }

    private static func counted(_ keys: [String], _ noun: String) -> String {
        keys.count == 1 ? "1 \(noun)" : "\(keys.count) \(noun)s"
    }

    /// The first eight keys, quoted, and `…` when there are more.
    private static func listed(_ keys: [String]) -> String {
        keys.prefix(8).map { Diagnostic.quoted($0) }.joined(separator: ", ") + (keys.count > 8 ? ", …" : "")
    }
}
