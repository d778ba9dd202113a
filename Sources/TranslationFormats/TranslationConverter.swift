import AppleLocalization
import CLDRPlurals
import Diagnostics
import Dispatch
import Platform
import StringsFile

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads translation files of one format into ``TranslationTable``s and plans the files of
/// another; the caller writes the plan (atomically) or compares it with the disk (`--check`).
///
/// Reading stops at the first error, before anything is planned, so a bad input never leaves
/// half a conversion behind. What a target cannot express is reported in ``issues``.
public struct TranslationConverter: Sendable {
    /// A file the conversion would write.
    public struct Output: Sendable, Hashable {
        /// Where: the destination itself, or a path below it.
        public var path: String
        /// The path below the destination directory (`ru/translation.po`), made of language tags
        /// and table names only; `nil` when the output is the destination file itself. Writers
        /// keep it below the destination (`AtomicFile.write(_:to:under:)`).
        public var relativePath: String?
        /// What.
        public var data: Data

        /// The file `relativePath` names below `destination`, or `destination` itself when it is `nil`.
        public init(destination: String, relativePath: String?, data: Data) {
            self.path = relativePath.map { destination + "/" + $0 } ?? destination
            self.relativePath = relativePath
            self.data = data
        }
    }

    /// What the target formats could not express, by file, language and key.
    ///
    /// What a reader could not put into the model is a loss only when written to another format
    /// than the one that keeps it (``ConversionIssue/keptBy``): converting a catalog to a catalog
    /// reports no device variations lost.
    ///
    /// The same loss in several languages of one file is one issue naming them all (`"welcome"
    /// (en, es, ru): …`), not a line per language.
    public var issues: [ConversionIssue] {
        // One list, made once: a large `.po` has an issue for each reference, flag and comment.
        var all: [ConversionIssue] = []
        all.reserveCapacity(readIssues.count + writeIssues.count)
        for issue in readIssues {
            // Kept by every format written: no loss.
            if let keeper = issue.keptBy, !plannedFormats.isEmpty, plannedFormats.allSatisfy({ $0 == keeper }) { continue }
            all.append(issue)
        }
        all += writeIssues
        return ConversionIssue.merged(all)
    }
    /// What the conversion says that is not a loss: a declared source language that overrides
    /// the one the files record (``SourceLanguageRule``), what a reader assumed
    /// (``TranslationTable/notices``).
    public internal(set) var notices: [Diagnostic] = []
    /// The path read first, where notices about the input are located.
    private var inputPath: String?
    private var readIssues: [ConversionIssue] = []
    var writeIssues: [ConversionIssue] = []
    private var plannedFormats: [String] = []
    /// The tables read; after a plan that released them (``releasesTablesWhenPlanned``), only
    /// their names.
    public internal(set) var tables: [TranslationTable] = []
    /// The format read.
    public private(set) var sourceFormat: (any TranslationFileFormat)?
    /// The formats it reads and writes.
    public let registry: TranslationFormatRegistry
    /// The format the tables will be written in, when the caller knows it before reading: files
    /// of other formats are then read without their originals (``TranslationSourceFile/keepsOriginal``),
    /// which only a writer of their own format uses. `nil` (the default) keeps every original.
    public var targetFormat: String?
    /// Whether any original is kept: not for a reader that writes nothing (status, lint), for
    /// which a `.po`'s kept text and its entries as read were memory for no one.
    var keepsOriginals = true
    /// Whether texts to be reviewed (gettext's `fuzzy`, `needs_review`) are written into a format
    /// without states, as `msgfmt --use-fuzzy` ships them; untranslated texts never are.
    public var includesFuzzy = false
    /// Whether the files' entries get their ``TranslationEntry/location`` (``TranslationSourceFile/recordsPositions``),
    /// for a checker that names file:line:col.
    public var recordsPositions = false
    /// Whether a file of a directory that cannot be read or parsed is set aside, its error in
    /// ``failures``, and the others read (a checker reports every file); by default its error
    /// ends the reading (a conversion writes nothing from a bad input).
    public var setsAsideFailedFiles = false
    /// The errors of the files set aside (``setsAsideFailedFiles``), in their order.
    public private(set) var failures: [Diagnostic] = []
    /// Whether ``plan(_:to:sourceLanguage:)`` hands each table to its writer instead of keeping
    /// it, leaving in ``tables`` only each table's name (no languages, source language, original
    /// or notices), so it plans once: for a command that writes one format (`i18n convert`). The entries
    /// are then filtered and ordered where they are, not in copies beside the tables read, which
    /// were two of the four copies of a large `.po`'s entries a conversion held (issue #33).
    public var releasesTablesWhenPlanned = false

    /// A converter with nothing read yet, for the formats of `registry`.
    public init(registry: TranslationFormatRegistry = .standard) {
        self.registry = registry
    }

    // MARK: Reading

    /// Reads `path`, a file or a directory, in `format` (inferred from extensions when `nil`).
    ///
    /// A directory is searched by each format of the registry in turn (``TranslationFileFormat/discover(in:)``);
    /// without `format`, the first with files there is read, with its companion formats.
    ///
    /// - Parameter language: The language of single-language files that do not name it
    ///   (a `.strings` outside an `.lproj`, a flat `<ns>.json`, a `.po` without `Language:`).
    /// - Throws: ``TranslationError`` at the first unreadable or malformed file, positioned.
    public mutating func read(_ path: String, format: (any TranslationFileFormat)? = nil, language: String? = nil) throws(TranslationError) {
        if inputPath == nil { inputPath = path }
        guard let kind = pathKind(path) else {
            throw TranslationError(Diagnostic(file: path, message: "no such file or directory"), kind: .unreadable)
        }
        if kind == .directory {
            let candidates = format.map { [$0] } ?? registry.formats
            guard let (chosen, files) = candidates.lazy.map({ ($0, $0.discover(in: path)) }).first(where: { !$0.1.isEmpty }) else {
                let what =
                    format.map { "no \($0.name) files in the directory" }
                    ?? "no translation files in the directory (looked for \(registry.names.joined(separator: ", ")))"
                throw TranslationError(Diagnostic(file: path, message: what))
            }
            sourceFormat = chosen
            var all = files.map { ($0, chosen) }
            if format == nil {
                for name in chosen.companionFormats {
                    guard let companion = registry.format(named: name) else { continue }
                    all += companion.discover(in: path).map { ($0, companion) }
                }
            }
            let jobs = all.map { file, reader in
                var file = file
                file.language = file.language ?? language
                file.keepsOriginal = keepsOriginal(of: file.format)
                file.reportsWhatOnlyItKeeps = keepsOriginals && targetFormat.map { $0 != file.format } ?? true
                file.recordsPositions = recordsPositions
                return (file: file, reader: reader)
            }
            // The files are read side by side (each on its own; a conversion of ten languages
            // spent half its time reading them one after the other), then added in their order,
            // so that the tables, the issues and the first error are those of a reading in turn.
            for (job, read) in zip(jobs, Self.readConcurrently(jobs)) {
                readIssues += read.issues
                switch read.tables {
                case .success(let tables): for table in tables { try add(table, from: job.file.path) }
                case .failure(let error) where setsAsideFailedFiles:
                    var failure = error.diagnostic
                    failure.isUnreadableFile = failure.isUnreadableFile || error.kind == .unreadable
                    failures.append(failure)
                case .failure(let error): throw error
                }
            }
            tables = tables.map(chosen.normalized)
            joinCarriedForms(readBy: chosen)
        } else {
            guard let inferred = format ?? registry.format(forExtension: PathText.pathExtension(path)) else {
                throw TranslationError(
                    Diagnostic(
                        file: path,
                        message:
                            "the format of \"\(PathText.lastComponent(path))\" is not known from its extension; pass --from-format \(registry.names.joined(separator: "|"))"
                    ), kind: .usage)
            }
            sourceFormat = inferred
            let (guessed, table) = inferred.languageAndTable(of: path)
            var file = TranslationSourceFile(path: path, language: language ?? guessed, table: table, format: inferred.name)
            file.keepsOriginal = keepsOriginal(of: file.format)
            file.reportsWhatOnlyItKeeps = keepsOriginals && targetFormat.map { $0 != file.format } ?? true
            file.recordsPositions = recordsPositions
            try readFile(file, with: inferred)
            joinCarriedForms(readBy: inferred)
        }
    }

    private func keepsOriginal(of format: String) -> Bool {
        keepsOriginals && targetFormat.map { $0 == format } ?? true
    }

    /// One file read: its tables (or why not) and the issues found on the way.
    private typealias FileReading = (tables: Result<[TranslationTable], TranslationError>, issues: [ConversionIssue])

    private static func read(_ job: (file: TranslationSourceFile, reader: any TranslationFileFormat)) -> FileReading {
        var issues: [ConversionIssue] = []
        let tables = Result { () throws(TranslationError) in try job.reader.readTables(job.file, issues: &issues) }
        return (tables, issues)
    }

    /// Each file read by its format, on as many threads as the machine has; the results in the
    /// order of `jobs`.
    private static func readConcurrently(_ jobs: [(file: TranslationSourceFile, reader: any TranslationFileFormat)]) -> [FileReading] {
        concurrentMap(jobs.count) { read(jobs[$0]) }
    }

    /// Slots for the threads of ``concurrentMap(_:_:)``, each written by one iteration only.
    private struct ConcurrentSlots<Element>: @unchecked Sendable {
        let buffer: UnsafeMutableBufferPointer<Element?>
    }

    /// `body(0)`, `body(1)` … `body(count - 1)` on as many threads as the machine has (the files
    /// of a conversion are read, and those of formats with a file per language written, side by
    /// side); the results in order.
    static func concurrentMap<Element>(_ count: Int, _ body: @Sendable (Int) -> Element) -> [Element] {
        guard count > 1 else { return (0..<count).map(body) }
        let slots = ConcurrentSlots<Element>(buffer: .allocate(capacity: count))
        slots.buffer.initialize(repeating: nil)
        defer {
            slots.buffer.deinitialize()
            slots.buffer.deallocate()
        }
        DispatchQueue.concurrentPerform(iterations: count) { index in
            slots.buffer[index] = body(index)
        }
        return slots.buffer.map { $0! }
    }

    private mutating func readFile(_ file: TranslationSourceFile, with format: any TranslationFileFormat) throws(TranslationError) {
        for table in try format.readTables(file, issues: &readIssues) { try add(table, from: file.path) }
    }

    /// Merges `table`, read from `path`, into the tables read: languages are added, entries of a
    /// language appended (a `.stringsdict` key wins over the same `.strings` key, as in lookups).
    ///
    /// Its languages and name become output paths, and they come from the file: anything that is
    /// not a language tag or a plain file name is refused here, whichever format read it.
    private mutating func add(_ table: TranslationTable, from path: String) throws(TranslationError) {
        try Self.checkNames(of: table, readFrom: path)
        for notice in table.notices where !notices.contains(notice) { notices.append(notice) }
        guard let index = tables.firstIndex(where: { $0.name == table.name }) else {
            tables.append(table)
            return
        }
        if tables[index].sourceLanguage == nil { tables[index].sourceLanguage = table.sourceLanguage }
        if tables[index].original != nil, let other = table.original {
            _ = tables[index].original!.combine(with: other)
        }
        for (language, entries) in table.languages {
            guard var existing = tables[index].languages[language], !existing.isEmpty else {
                // A language the table does not have yet (each i18next file is one): taken whole.
                tables[index].languages[language] = entries
                continue
            }
            let known = Set(existing.map { [$0.key, $0.context] })
            existing += entries.filter { !known.contains([$0.key, $0.context]) }
            tables[index].languages[language] = existing
        }
    }

    /// How messages name `table`: `the translation table (i18next)`.
    func describe(_ table: TranslationTable) -> String {
        guard let format = sourceFormat else { return "the table \(Diagnostic.quoted(table.name))" }
        return "the \(format.tableName(table.name)) table (\(format.name))"
    }

    // MARK: Writing

    /// The files `format` needs for the tables read, under `destination` (a directory, or a
    /// file when the result is one file).
    ///
    /// - Parameter sourceLanguage: The rule that tells each table's source language, recorded in
    ///   catalogs and XLIFF and deciding `values/` and `msgid`s; a declared language that
    ///   overrides what the input records is a ``notices`` warning.
    /// - Throws: ``TranslationError`` when a target cannot be written at all (a `.po` for a
    ///   language without a known plural expression, several files for one file path), or a
    ///   table's source language cannot be told (kind `usage`).
    public mutating func plan(
        _ format: any TranslationFileFormat, to destination: String,
        sourceLanguage rule: SourceLanguageRule = SourceLanguageRule()
    ) throws(TranslationError) -> [Output] {
        let kind = pathKind(destination)
        let singleFile = kind == .file || (kind == nil && registry.format(forExtension: PathText.pathExtension(destination)) != nil)
        if singleFile, !format.writesSingleFile {
            throw TranslationError(
                Diagnostic(file: destination, message: "\(format.name) output is a directory (\(format.summary)); pass a directory as --to"), kind: .usage)
        }
        // A second plan of released tables would write nothing, silently: a caller's mistake.
        precondition(!(releasesTablesWhenPlanned && !plannedFormats.isEmpty), "tables released by an earlier plan (releasesTablesWhenPlanned)")
        if !plannedFormats.contains(format.name) { plannedFormats.append(format.name) }
        var outputs: [Output] = []
        for index in tables.indices {
            var table = tables[index]
            if releasesTablesWhenPlanned { tables[index] = TranslationTable(name: table.name) }
            // A lone `de.po` is a translation of its msgids, though the rule, with nothing declared
            // or recorded, takes its only language as the source. With `en` beside it, `en` is the
            // source, whose empty text (`<string name="empty"></string>`) is a text.
            let loneTranslation =
                table.sourceLanguage == nil && rule.declaration(among: table.languageOrder) == nil && table.languages.count == 1
                && table.languages["en"] == nil
            // A format with a file per language writes the same whatever the source, so a table
            // whose source cannot be told (en-XA and ar-XB alone) still converts into it.
            do throws(TranslationError) {
                let (source, warning) = try rule.resolve(table, named: describe(table), file: inputPath ?? destination)
                if let warning, !notices.contains(warning) { notices.append(warning) }
                table.sourceLanguage = source
            } catch  where !format.recordsSourceLanguage {
            }
            if !format.recordsSourceLanguage, let source = table.sourceLanguage {
                // A format that records no source language has the source's file say it: written
                // even without a text of its own (a catalog whose keys are their English text, as
                // Xcode makes them), so that reading back finds the source, and the runtime (which
                // shows the key, as Xcode does) is unchanged.
                if table.languages[source] == nil, !table.languages.isEmpty { table.languages[source] = [] }
                reportSourceLanguageNotRecorded(source, of: table, in: format, destination: destination)
            }
            fit(&table, to: format, destination: destination, loneTranslation: loneTranslation)
            outputs += try format.writeTable(table, to: destination, singleFile: singleFile, issues: &writeIssues)
        }
        if singleFile, outputs.count > 1 {
            throw TranslationError(
                Diagnostic(
                    file: destination,
                    message:
                        "the conversion gives \(outputs.count) files (\(outputs.prefix(3).map { PathText.lastComponent($0.relativePath ?? $0.path) }.joined(separator: ", "))…); pass a directory as --to"
                ), kind: .usage)
        }
        for output in outputs {
            // Formats build relative paths from language tags and table names, both checked when
            // read; a format that builds another (a test's, a future one) is stopped here too.
            if let relative = output.relativePath,
                relative.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0.isEmpty || $0 == "." || $0 == ".." })
            {
                throw TranslationError(
                    Diagnostic(file: destination, message: "\(format.name) planned the path \(Diagnostic.quoted(relative)), which leaves the destination"),
                    kind: .invalidInput)
            }
        }
        return outputs
    }

    /// `table` as `format` can hold it, each loss reported: unfinished texts left out where it
    /// has no states, contexts folded back into keys, keys sorted, ordinals and forms outside the
    /// language's rules carried as texts of their own, plurals given their `other`, and what it has
    /// no place for named. Its source language is resolved already.
    private mutating func fit(
        _ table: inout TranslationTable, to format: any TranslationFileFormat, destination: String, loneTranslation: Bool
    ) {
        if !format.holdsStates {
            leaveOutUnfinished(&table, in: format, destination: destination, includingSource: loneTranslation)
        }
        if sourceFormat?.readsContextsFromKeys == true, !format.holdsContexts {
            // Contexts read from i18next's `key_context` go back into the key where a format
            // has none: the key is the one the source had, so nothing is lost or reported.
            table.languages = table.languages.mapValues { entries in
                entries.map { entry in
                    var entry = entry
                    entry.key = entry.foldedKey
                    entry.context = nil
                    return entry
                }
            }
        }
        Self.sortEntries(of: &table)
        if !format.holdsOrdinals {
            Self.splittingOrdinals(&table, for: format, destination: destination, issues: &writeIssues)
        }
        if !format.holdsFormsOutsideRules {
            // From a format without them too (.po → .po), the forms were texts and stay texts.
            var carried: [ConversionIssue] = []
            Self.splittingFormsOutsideRules(&table, for: format, destination: destination, issues: &carried)
            if sourceFormat?.holdsFormsOutsideRules != false { writeIssues += carried }
        }
        if !format.holdsPluralsWithoutOther {
            Self.completePlurals(&table, in: format, destination: destination, issues: &writeIssues)
        }
        if !format.holdsPluralSourceText || !format.holdsTextWithoutCount || !format.holdsDoNotTranslate {
            for (language, entries) in table.languages {
                // By position: a copy of each entry was most of this loop.
                for index in entries.indices {
                    if !format.holdsDoNotTranslate, !entries[index].shouldTranslate {
                        writeIssues.append(
                            ConversionIssue(
                                file: destination, language: language, key: entries[index].key,
                                reason:
                                    "not for translation (translatable=\"false\", \"shouldTranslate\": false), which \(format.name) cannot mark; written as a text to translate"
                            ))
                    }
                    if !format.holdsPluralSourceText, let pluralID = entries[index].pluralID {
                        writeIssues.append(
                            ConversionIssue(
                                file: destination, language: language, key: entries[index].key,
                                reason: "gettext's msgid_plural \"\(pluralID)\" has no place in \(format.name); not written",
                                kind: "gettext's msgid_plural has no place in \(format.name); not written"))
                    }
                    if !format.holdsTextWithoutCount, entries[index].textWithoutCount != nil {
                        writeIssues.append(
                            ConversionIssue(
                                file: destination, language: language, key: entries[index].key,
                                reason:
                                    "the text beside the plural forms, which t() without a count returns, has no place in \(format.name) (one key is one plural there); not written"
                            ))
                    }
                }
            }
        }
    }

    /// Sorts each language's entries by key and context: every writer lists keys sorted (as
    /// Xcode writes catalogs), so the order a format cannot keep (.strings and .stringsdict split
    /// one table) never makes a round trip differ.
    ///
    /// The positions are sorted, not the entries (moving large values cost a tenth of a
    /// conversion), each language on its own, side by side, as the files are read; then each
    /// language's entries are put in that order and the unsorted list let go, one language at a
    /// time.
    private static func sortEntries(of table: inout TranslationTable) {
        for (language, order) in sortOrders(of: table) {
            guard let order, let entries = table.languages.removeValue(forKey: language) else { continue }
            table.languages[language] = order.map { entries[$0] }
        }
    }

    /// Each language's positions in key order, `nil` for a language already in order.
    private static func sortOrders(of table: TranslationTable) -> [(language: String, order: [Int]?)] {
        let languages = Array(table.languages.keys)
        let orders = concurrentMap(languages.count) { index -> [Int]? in
            let entries = table.languages[languages[index]]!
            func precedes(_ lhs: Int, _ rhs: Int) -> Bool {
                (entries[lhs].key, entries[lhs].context ?? "") < (entries[rhs].key, entries[rhs].context ?? "")
            }
            // Files written sorted (envtool's, Xcode's) are kept as they are: checking the order
            // costs a comparison per entry, sorting a copy a tenth of a .po conversion.
            // (A key before the next one is in order without comparing contexts.)
            if entries.indices.dropFirst().allSatisfy({ entries[$0 - 1].key < entries[$0].key || !precedes($0, $0 - 1) }) { return nil }
            return entries.indices.sorted(by: precedes)
        }
        return Array(zip(languages, orders))
    }

    /// Gives each plural without `other` (an Android `<plurals>` without it) the form of its
    /// last category as `other`, for a format whose plurals need one, and says so per key.
    private static func completePlurals(
        _ table: inout TranslationTable, in format: any TranslationFileFormat,
        destination: String, issues: inout [ConversionIssue]
    ) {
        for (language, entries) in table.languages {
            guard
                entries.contains(where: { entry in
                    if case .plural(let forms, _, _, _) = entry.value { forms[.other] == nil } else { false }
                })
            else { continue }
            table.languages[language] = entries.map { entry in
                guard case .plural(var forms, let variable, let frame, let valueType) = entry.value, forms[.other] == nil,
                    let last = PluralCategory.allCases.last(where: { forms[$0] != nil })
                else { return entry }
                var entry = entry
                forms[.other] = forms[last]
                entry.value = .plural(forms, variable: variable, frame: frame, valueType: valueType)
                issues.append(
                    ConversionIssue(
                        file: destination, language: language, key: entry.key,
                        reason: "the plural has no other form, which \(format.name) needs; the \(last.rawValue) form is written as other",
                        kind: "the plural has no other form, which \(format.name) needs; its last form is written as other"))
                return entry
            }
        }
    }

    /// Reports a source language that reading the files of `format` (which records none) back
    /// would not find by itself: the rule, with nothing declared, takes `en` or the only language.
    private mutating func reportSourceLanguageNotRecorded(
        _ source: String, of table: TranslationTable, in format: any TranslationFileFormat, destination: String
    ) {
        let written = table.languageOrder
        let readBack = try? SourceLanguageRule().resolve(languages: written, recorded: nil, table: "", file: "").language
        guard readBack != source else { return }
        let taken = readBack.map { "is taken to be \($0)" } ?? "is not known"
        writeIssues.append(
            ConversionIssue(
                file: destination, language: source, key: "",
                reason:
                    "\(format.name) records no source language: read back without --source-language \(source), the source language \(taken)"
            ))
    }

    /// Leaves out of a translation each text not translated or to be reviewed, for a format that
    /// cannot say so: shipped, an untranslated `""` shows nothing and a fuzzy guess passes for
    /// reviewed, where gettext shows the source text for both. Each key is reported, as every
    /// loss is.
    ///
    /// - Parameter includingSource: Whether the source language is left out of too: a lone
    ///   translation's (`de.po`), which the rule infers as the source for want of another.
    private mutating func leaveOutUnfinished(
        _ table: inout TranslationTable, in format: any TranslationFileFormat, destination: String, includingSource: Bool
    ) {
        guard let source = table.sourceLanguage else { return }
        // One reason of each kind, shared by every issue that gives it (a large `.po` has one for
        // every other message).
        let why = "left out, as \(format.name) has no translation state, so the app shows the source language, as gettext does"
        let fuzzy = "fuzzy (to be reviewed); --include-fuzzy writes it: " + why
        let untranslated = "not translated: " + why
        let includesFuzzy = includesFuzzy
        func kept(_ entry: TranslationEntry) -> Bool {
            entry.state == .translated || (entry.state == .needsReview && includesFuzzy)
        }
        // By name, not over the table's languages, which would share the lists it changes.
        for language in Array(table.languages.keys) where language != source || includingSource {
            guard table.languages[language]!.contains(where: { !kept($0) }) else { continue }
            let saidFuzzy = ConversionIssue.Said(file: destination, language: language, reason: fuzzy)
            let saidUntranslated = ConversionIssue.Said(file: destination, language: language, reason: untranslated)
            for entry in table.languages[language]! where !kept(entry) {
                writeIssues.append(ConversionIssue(key: entry.key, saying: entry.state == .new ? saidUntranslated : saidFuzzy))
            }
            // In place: a table handed over by the plan (``releasesTablesWhenPlanned``) is the
            // list's only owner, unless an original of the same format keeps the entries read,
            // so no copy of a large file's entries is made.
            table.languages[language]!.removeAll { !kept($0) }
        }
    }
}
