import AppleLocalization
import CLDRPlurals
import Diagnostics

extension TranslationCoverage {
    /// The coverage of every table in `directories`, each read in every format of `registry` that
    /// has files there (only `format` when given), each format on its own.
    ///
    /// The source language of a table is the one ``SourceLanguageRule`` tells, and the table
    /// must have it; a declared language that overrides the recorded one is a ``notices`` warning.
    ///
    /// - Parameter checking: Read as a checker does: each entry located (``TranslationEntry/location``),
    ///   and a file that cannot be read or parsed set aside in ``failures`` while the others are
    ///   checked. Otherwise the first such file is thrown.
    /// - Throws: ``TranslationError``: `.unreadable` for a directory that has no files of
    ///   any format (of `format`), `.usage` for a table whose source language cannot be told or
    ///   that lacks it, and the reader's error for a malformed file.
    public static func read(
        directories: [String], format: (any TranslationFileFormat)? = nil,
        sourceLanguage rule: SourceLanguageRule = SourceLanguageRule(),
        registry: TranslationFormatRegistry = .standard, checking: Bool = false
    ) throws(TranslationError) -> TranslationCoverage {
        var tables: [Table] = []
        var notices: [Diagnostic] = []
        var failures: [Diagnostic] = []
        for directory in directories {
            let formats = format.map { [$0] } ?? registry.formats
            var found = false
            for format in formats where !format.discover(in: directory).isEmpty {
                found = true
                var converter = TranslationConverter(registry: registry)
                converter.recordsPositions = checking
                converter.keepsOriginals = false
                converter.setsAsideFailedFiles = checking
                try converter.read(directory, format: format)
                failures += converter.failures
                // What the reader assumed (Android's values/ read as English) is said here too.
                for notice in converter.notices where !notices.contains(notice) { notices.append(notice) }
                // With a file per language, every language of the format's files is measured in
                // every table: a language without a table's file lacks all of its keys. A catalog
                // holds its own languages (a folder may hold other projects' catalogs).
                let directoryLanguages = format.holdsAllLanguagesInOneFile ? [] : Set(converter.tables.flatMap(\.languages.keys))
                for table in converter.tables.sorted(by: { format.tableName($0.name) < format.tableName($1.name) }) where !table.languages.isEmpty {
                    let name = "the \(format.tableName(table.name)) table (\(format.name))"
                    let (source, warning) = try rule.resolve(table, named: name, file: directory)
                    guard table.languages[source] != nil || format.keyIsSourceText else {
                        throw TranslationError(
                            Diagnostic(
                                file: directory,
                                message:
                                    "\(name) has no \(source), its source language; it has \(table.languageOrder.joined(separator: ", ")); pass --source-language"
                            ), kind: .usage)
                    }
                    if let warning { notices.append(warning) }
                    tables.append(
                        coverage(
                            of: table, format: format, directory: directory, sourceLanguage: source,
                            languages: directoryLanguages))
                }
            }
            if !found {
                let what =
                    format.map { "no \($0.name) files in the directory" }
                    ?? "no translation files in the directory (looked for \(registry.names(separatedBy: ", ")))"
                throw TranslationError(Diagnostic(file: directory, message: what), kind: .unreadable)
            }
        }
        return TranslationCoverage(tables: tables, notices: notices, failures: failures)
    }

    /// The coverage of each language of `table` against `sourceLanguage`, which it has, and of
    /// each of `languages` the table lacks.
    static func coverage(
        of table: TranslationTable, format: any TranslationFileFormat, directory: String, sourceLanguage: String,
        languages directoryLanguages: Set<String> = []
    ) -> Table {
        var sourceByID = EntriesByID(table.languages[sourceLanguage] ?? [])
        if format.keyIsSourceText {
            // A key that only translations have is its own source text (Xcode writes none).
            for language in table.languages.keys.sorted() where language != sourceLanguage {
                for entry in table.languages[language] ?? [] where sourceByID[EntryID(entry)] == nil {
                    sourceByID.append(TranslationEntry(key: entry.key, context: entry.context, value: .single(PlaceholderSyntax.parseApple(entry.key))))
                }
            }
        }
        let sourceOrder = sourceByID.order
        var languages: [Language] = []
        let others = Set(table.languages.keys).union(directoryLanguages).subtracting([sourceLanguage])
        for language in [sourceLanguage] + others.sorted() {
            let isSource = language == sourceLanguage
            let byID = isSource ? sourceByID : EntriesByID(table.languages[language] ?? [])
            let entries = byID.entries
            var result = Language(
                language: language, isSource: isSource, keys: sourceOrder.count,
                file: entries.lazy.compactMap(\.location?.file).first ?? directory, missingKeys: [],
                untranslatedKeys: [], pluralGaps: [], placeholderMismatches: [])
            result.lacksTable = entries.isEmpty && table.languages[language] == nil
            for id in sourceOrder {
                let shown = id.display(readsContextsFromKeys: format.readsContextsFromKeys)
                guard let source = sourceByID[id], let entry = byID[id] ?? Self.loneOther(of: source, in: byID) else {
                    result.missingKeys.append(shown)
                    continue
                }
                if !isSource, entry.state == .new || entry.expandedForms == source.expandedForms {
                    result.untranslatedKeys.append(shown)
                }
                // A translation of a plural source needs its language's forms, even when it was
                // written as one message.
                if entry.isPlural || source.isPlural {
                    let needed = PluralRules(locale: language, kind: source.pluralKind).categories
                    let present: Set<PluralCategory> = if case .plural(let forms, _, _, _) = entry.value { Set(forms.keys) } else { [.other] }
                    let lacking = needed.filter { !present.contains($0) }
                    if !lacking.isEmpty {
                        result.pluralGaps.append(
                            PluralGap(
                                key: shown, missing: lacking.map(\.rawValue), needed: needed.map(\.rawValue),
                                location: entry.location))
                    }
                }
                if !isSource {
                    let found = entry.arguments
                    let expected = source.arguments
                    if found != expected {
                        result.placeholderMismatches.append(
                            PlaceholderMismatch(
                                key: shown, found: found.sorted(), expected: expected.sorted(),
                                location: entry.location))
                    }
                }
            }
            if !isSource {
                var listed = Set<EntryID>()
                for entry in entries {
                    let id = EntryID(entry)
                    guard sourceByID[id] == nil, !Self.isLoneOther(entry, of: sourceByID), !Self.isCarriedForm(entry, of: sourceByID),
                        listed.insert(id).inserted
                    else { continue }
                    result.extraKeys.append(id.display(readsContextsFromKeys: format.readsContextsFromKeys))
                }
            }
            languages.append(result)
        }
        return Table(
            directory: directory, format: format.name, name: format.tableName(table.name), sourceLanguage: sourceLanguage,
            keys: sourceOrder.count, languages: languages)
    }
}

extension TranslationCoverage {
    /// A lone `key_other` where the source has the plural `key`, read as that plural with only
    /// `other`: how i18next writes a plural in a language whose rules have no other form
    /// (Spanish ordinals, Japanese), which a reader cannot tell from a key of its own.
    fileprivate static func loneOther(of source: TranslationEntry, in entries: EntriesByID) -> TranslationEntry? {
        guard source.isPlural, source.context == nil, let lone = entries[EntryID(key: source.key + "_other", context: nil)],
            case .single(let message) = lone.value
        else { return nil }
        var entry = lone
        entry.key = source.key
        entry.value = .plural([.other: message], variable: nil, frame: nil, valueType: nil)
        return entry
    }
}

extension TranslationCoverage {
    /// Whether `entry` is the lone `key_other` that stands for the source's plural `key` (``loneOther(of:in:)``).
    fileprivate static func isLoneOther(_ entry: TranslationEntry, of source: EntriesByID) -> Bool {
        guard entry.context == nil, entry.key.hasSuffix("_other"), case .single = entry.value,
            let plural = source[EntryID(key: String(entry.key.dropLast(6)), context: nil)]
        else { return false }
        return plural.isPlural
    }
}

extension TranslationCoverage {
    /// Whether `entry` is `key_zero` (or another category) where the source's plural `key` has
    /// that form: a form the source carries in gettext as a text of its own
    /// (``TranslationConverter/splittingFormsOutsideRules(_:for:destination:issues:)``), which a
    /// translator `.po` lists in every language, read back into the source's plural but not into
    /// a language whose plural has no such form.
    fileprivate static func isCarriedForm(_ entry: TranslationEntry, of source: EntriesByID) -> Bool {
        guard case .single = entry.value, let (base, category) = TranslationEntry.categorySuffix(of: entry.key),
            case .plural(let forms, _, _, _)? = source[EntryID(key: String(base), context: entry.context)]?.value
        else { return false }
        return forms[category] != nil
    }
}

/// The entries of one language by identity (the first of each), as positions in their list:
/// a dictionary of copies of the entries, for the source language twice, was most of the memory
/// of `i18n status` on a large `.po`.
private struct EntriesByID {
    private(set) var entries: [TranslationEntry]
    private var positions: [EntryID: Int] = [:]

    init(_ entries: [TranslationEntry]) {
        self.entries = entries
        positions.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() { record(EntryID(entry), at: index) }
    }

    /// Each identity once, in the order of the entries.
    var order: [EntryID] {
        entries.indices.compactMap { index in
            let id = EntryID(entries[index])
            return positions[id] == index ? id : nil
        }
    }

    private mutating func record(_ id: EntryID, at index: Int) {
        if positions[id] == nil { positions[id] = index }
    }

    subscript(id: EntryID) -> TranslationEntry? {
        positions[id].map { entries[$0] }
    }

    mutating func append(_ entry: TranslationEntry) {
        record(EntryID(entry), at: entries.count)
        entries.append(entry)
    }
}

/// An entry's identity in a table: its key and context.
private struct EntryID: Hashable {
    var key: String
    var context: String?

    init(_ entry: TranslationEntry) {
        self.init(key: entry.key, context: entry.context)
    }

    init(key: String, context: String?) {
        self.key = key
        self.context = context
    }

    /// The key as a user finds it in the files: i18next's `key_context`, else `key (context: …)`.
    func display(readsContextsFromKeys: Bool) -> String {
        guard let context else { return key }
        return readsContextsFromKeys ? key + "_" + context : key + " (context: " + context + ")"
    }
}
