import AppleLocalization
import CLDRPlurals
import Diagnostics
import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// gettext `.po` files read into and written from the neutral model: the key is the `msgid` (and
/// `msgid_plural` is the key unless the file had another, kept as ``TranslationEntry/pluralID``), an
/// i18next context is the `msgctxt`, plural forms are `msgstr[n]` in the language's CLDR order
/// with `Plural-Forms` written to match (see ``GettextPluralForms``), `needs_review` is `fuzzy`.
///
/// The comment is the extracted comments (`#.`); its last line keeps what `%(name)s` cannot say
/// of an i18next placeholder, the dash of `{{- name}}` and a format (``PlaceholderNames``). What the model has no field for (translator
/// comments, references, flags, `#|`, the header, obsolete entries, `msgstr` as written) is kept
/// in ``TranslationTable/original`` and written back to `.po` for every message the conversion
/// leaves unchanged; toward other formats it is reported by key.
public struct GettextFormat: TranslationFileFormat {
    /// What each message's `msgid` holds when written.
    public enum MessageID: String, Sendable, Hashable, CaseIterable {
        /// The key, and the text in `msgstr` (the default; a `.po` read back gives the same keys).
        case key
        /// The source language's text, with the key as `msgctxt`: the monolingual source as
        /// Weblate, Poedit and translate-toolkit's `pofilter` expect a file to translate. Marked
        /// in the header (`X-Envtool-Msgid: source`), so that reading it gives the keys back.
        case source
    }

    /// What each message's `msgid` holds when written; a file is read by what its header says.
    public var messageID: MessageID

    /// The format, writing `messageID` as each message's `msgid`.
    public init(messageID: MessageID = .key) {
        self.messageID = messageID
    }

    public var name: String { Self.formatName }
    static let formatName = "po"
    public var summary: String { "gettext, <lang>/<table>.po or <lang>.po" }
    public var fileExtensions: [String] { ["po"] }
    public var defaultTableName: String { "translation" }
    public var writesSingleFile: Bool { true }
    public var holdsContexts: Bool { true }
    public var holdsPluralSourceText: Bool { true }
    public var holdsStates: Bool { true }
    public var holdsFormsOutsideRules: Bool { false }

    public func discover(in directory: String) -> [TranslationSourceFile] {
        let top = DirectoryListing.entries(directory).filter { $0.hasSuffix(".po") }.map {
            TranslationSourceFile(path: directory + "/" + $0, language: DirectoryListing.stem($0), table: defaultTableName, format: name)
        }
        return (top + DirectoryListing.languageFolderFiles(in: directory, extension: ".po", format: name)).sorted { $0.path < $1.path }
    }

    public func languageAndTable(of path: String) -> (language: String?, table: String) {
        DirectoryListing.languageAndTable(of: path, defaultTable: defaultTableName)
    }

    public func read(_ file: TranslationSourceFile, issues: inout [ConversionIssue]) throws(GettextError) -> [TranslationTable] {
        let (found, entries, original) = try Self.read(
            try contents(of: file), path: file.path, language: file.language,
            keepingOriginal: file.keepsOriginal, positions: file.recordsPositions, reportingWhatOnlyItKeeps: file.reportsWhatOnlyItKeeps,
            issues: &issues)
        var table = TranslationTable(name: neutralTableName(file.table), languages: [found: entries])
        if let original {
            table.original = OriginalDocument(format: name, document: .object([found: .object([:])]), entries: table.languages)
            table.original?.gettextFiles[found] = original
        }
        return [table]
    }

    /// The file's errors and the losses toward other formats, but not what only `.po` keeps:
    /// references and flags are what a `.po` is made of, not faults of the file.
    public func lint(_ file: TranslationSourceFile) -> [Diagnostic] {
        var issues: [ConversionIssue] = []
        // Nothing is written: the file's text is not kept for a writer.
        var file = file
        file.keepsOriginal = false
        file.reportsWhatOnlyItKeeps = false
        do throws(GettextError) {
            _ = try read(file, issues: &issues)
        } catch {
            return issues.filter { $0.keptBy != name }.map(\.diagnostic) + [error.diagnostic]
        }
        return issues.filter { $0.keptBy != name }.map(\.diagnostic)
    }

    public func write(_ table: TranslationTable, to destination: String, singleFile: Bool, issues: inout [ConversionIssue]) throws(GettextError)
        -> [TranslationConverter.Output]
    {
        let name = tableName(table.name)
        let languages = table.languageOrder
        let sourceEntries = messageID == .source ? try Self.sourceEntries(of: table, destination: destination) : nil
        // One file per language, each made on its own: side by side, then taken in order (the
        // issues, and the first error, as a writing in turn gives them).
        let written = TranslationConverter.concurrentMap(languages.count) {
            index -> Result<(TranslationConverter.Output, [ConversionIssue]), GettextError> in
            let language = languages[index]
            let relative = singleFile ? nil : language + "/" + name + ".po"
            let path = relative.map { destination + "/" + $0 } ?? destination
            var collected = ConversionIssues(file: path, language: language)
            // The reader takes Language: as gettext spells it (pt_BR) to the language tag (pt-BR).
            if language.contains("_") {
                collected.report(
                    "", "the language code \(language) reads back from Language: as \(language.replacing("_", with: "-")), as gettext's pt_BR reads as pt-BR")
            }
            do throws(GettextError) {
                let entries = table.languages[language] ?? []
                let data: Data
                if let sourceEntries {
                    data = try Self.writeForTranslators(entries, source: sourceEntries, language: language, table: name, path: path, issues: &collected)
                } else {
                    data = try Self.write(
                        entries, language: language, table: name, path: path,
                        original: GettextOriginal(table.original, language: language),
                        unchanged: { table.original?.isUnchanged($0, language: language) == true }, issues: &collected)
                }
                return .success((TranslationConverter.Output(destination: destination, relativePath: relative, data: data), collected.all))
            } catch {
                return .failure(error)
            }
        }
        var outputs: [TranslationConverter.Output] = []
        for result in written {
            let (output, found) = try result.get()
            outputs.append(output)
            issues += found
        }
        // Beside the languages' files, the template a new language starts from (`msginit`).
        if let sourceEntries, !singleFile {
            let data = Self.writeTemplate(sourceEntries, table: name)
            outputs.append(TranslationConverter.Output(destination: destination, relativePath: name + ".pot", data: data))
        }
        return outputs
    }

    // MARK: Writing

    /// The `.po` of `entries`: from `original` (the file they were read from) when there is one
    /// whose `Plural-Forms` can index the plurals, every message `unchanged` accepts as it was
    /// written; else, and for the other messages, from the model.
    static func write(
        _ entries: [TranslationEntry], language: String, table: String, path: String,
        original: GettextOriginal? = nil, unchanged: (TranslationEntry) -> Bool = { _ in false },
        issues: inout ConversionIssues
    ) throws(GettextError) -> Data {
        // `msgid ""` without a context is the header: an empty key (a catalog may have one) has no
        // message of its own in gettext. Filtered only when there is one: a copy of a large
        // file's entries is a sixth of its memory.
        func isHeaderKey(_ entry: TranslationEntry) -> Bool { entry.key.isEmpty && entry.context == nil }
        var entries = entries
        if entries.contains(where: isHeaderKey) {
            for entry in entries where isHeaderKey(entry) {
                issues.report(entry.key, "an empty key is gettext's header (msgid \"\"), not a message; not written")
            }
            entries.removeAll(where: isHeaderKey)
        }
        let categories = PluralRules(locale: language, kind: .cardinal).categories
        let hasPlurals = entries.contains { if case .plural = $0.value { true } else { false } }
        if let original, original.pluralCategories != nil || !hasPlurals {
            // The file's own header stays, so its msgstr[n] order is the one to write.
            let indexed = original.pluralCategories ?? categories
            return original.write(entries, unchanged: unchanged, issues: &issues) { entry, issues, out in
                appendMessage(entry, categories: indexed, language: language, issues: &issues, into: &out)
            }
        }
        // Written as UTF-8 bytes: appending to a String a piece at a time was most of writing.
        var out = Array(try header(table: table, language: language, path: path, hasPlurals: hasPlurals).utf8)
        out.reserveCapacity(entries.count * 112)
        for entry in entries {
            out.append(0x0A)
            appendMessage(entry, categories: categories, language: language, issues: &issues, into: &out)
        }
        return Data(out)
    }

    /// What names a message in a `.po`: its `msgctxt`, `msgid` and `msgid_plural`.
    struct MessageIdentity {
        var context: String?
        var id: String
        var plural: String
        /// Whether the source text in `id` shows a tag as text: the message says so for the
        /// translation to come (``InlineMarkup/tagsAreTextLine``).
        var tagsAreText = false
    }

    /// How the comment line envtool writes above a header ends: a line of its own, which it writes
    /// again, so reading it is no translator's comment to report.
    static let writtenBy = "written by envtool i18n convert."

    /// The header of a file written from the model, with `fields` after the standard ones: the
    /// fields msgfmt --check expects, and no date, so that converting again gives the same file.
    ///
    /// - Throws: When the entries have plurals and no gettext plural expression is known for
    ///   `language`.
    static func header(table: String, language: String, path: String, hasPlurals: Bool, fields: String = "") throws(GettextError) -> String {
        let categories = PluralRules(locale: language, kind: .cardinal).categories
        let forms = GettextPluralForms.forLanguage(language, categories: categories)
        if hasPlurals, forms == nil {
            throw GettextError(
                Diagnostic(
                    file: path,
                    message:
                        "no gettext plural expression is known for \(language) (CLDR categories: \(categories.map(\.rawValue).joined(separator: ", "))); nothing was written. Convert to another format or add the language to GettextPluralForms"
                ))
        }
        var header = "# \(table) (\(language)), \(writtenBy)\nmsgid \"\"\nmsgstr \"\"\n"
        header +=
            "\"Project-Id-Version: \(TextEscaping.quoted(table, for: .gettext))\\n\"\n\"PO-Revision-Date: \\n\"\n\"Last-Translator: \\n\"\n\"Language-Team: \\n\"\n"
        header += "\"MIME-Version: 1.0\\n\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n\"Content-Transfer-Encoding: 8bit\\n\"\n"
        header += "\"Language: \(TextEscaping.quoted(language, for: .gettext))\\n\"\n"
        header += "\"Plural-Forms: \((forms ?? GettextPluralForms(count: 2, expression: "n != 1")).header)\\n\"\n"
        return header + fields
    }

    /// One message from the model, appended to `out` as UTF-8: `#.` comment, `fuzzy`,
    /// `msgctxt`, `msgid`, and `msgstr` or `msgid_plural` with `msgstr[n]` for each of
    /// `categories` in order. `identity` replaces the `msgctxt`, `msgid` and `msgid_plural` the
    /// entry has (its context, its key and its plural ID), for a file for translators.
    static func appendMessage(
        _ entry: TranslationEntry, categories: [PluralCategory], language: String,
        issues: inout ConversionIssues, into out: inout [UInt8], identity: MessageIdentity? = nil
    ) {
        var entry = entry
        if let comment = entry.comment, comment.contains(InlineMarkup.tagsAreTextLine) {
            // The reader would take the line for its own and read the message's markup as text.
            let lines = comment.split(separator: "\n", omittingEmptySubsequences: false).filter { $0 != InlineMarkup.tagsAreTextLine }
            if lines.count < comment.split(separator: "\n", omittingEmptySubsequences: false).count {
                entry.comment = lines.isEmpty ? nil : lines.joined(separator: "\n")
                issues.report(
                    entry.key, "a comment line is the one envtool writes for a text that shows a tag (\(InlineMarkup.tagsAreTextLine)); left out",
                    kind: "a comment line that is envtool's line for a text that shows a tag is left out")
            }
        }
        // A text that shows a tag adds its line once the texts are rendered: here, after the
        // comment and before the Placeholders line, which a reader finds last.
        var namesLineAt: Int?
        if let comment = PlaceholderNames.comment(namedArgumentsOf: entry) {
            let lines = comment.split(separator: "\n", omittingEmptySubsequences: false)
            let lastIsNames = comment != entry.comment
            for (index, line) in lines.enumerated() {
                if lastIsNames, index == lines.count - 1 { namesLineAt = out.count }
                out.append(contentsOf: "#. ".utf8)
                out.append(contentsOf: line.utf8)
                out.append(0x0A)
            }
        }
        let tagsLineAt = namesLineAt ?? out.count
        // gettext's untranslated is an empty msgstr, not a state: `new` with no text is written as
        // it is; `new` with a text (a catalog's suggestion) is the nearest, fuzzy.
        let expanded = entry.expandedForms
        let hasText = expanded.values.contains { !$0.pieces.allSatisfy { if case .text(let text) = $0 { text.isEmpty } else { false } } }
        if entry.state == .needsReview || (entry.state == .new && hasText) { out.append(contentsOf: "#, fuzzy\n".utf8) }
        if entry.state == .new, hasText { issues.report(entry.key, "gettext has no \"new\" state for a text; written as fuzzy") }
        if entry.state != .new, !hasText {
            issues.report(
                entry.key, "an empty text is gettext's untranslated (msgstr \"\"); read back, it is not translated",
                kind: "an empty text is gettext's untranslated (msgstr \"\"); read back, it is not translated")
        }
        func line(_ keyword: String, _ text: String) {
            out.append(contentsOf: keyword.utf8)
            out.append(contentsOf: " \"".utf8)
            if TextEscaping.holdsNUL(text) { issues.report(entry.key, TextEscaping.gettextNULLossReason) }
            TextEscaping.appendQuoted(text, for: .gettext, to: &out)
            out.append(contentsOf: "\"\n".utf8)
        }
        // A message without markup that shows a tag (or whose source text does) says so, so that
        // it reads back as text; one with markup has none to say it of.
        let saysTagsAreText = !expanded.values.contains(where: \.hasMarkup)
        var showsTags = false
        func render(_ message: TranslationMessage, pluralNumber: String?) -> String {
            let rendered = PlaceholderSyntax.renderGettext(
                message, pluralNumber: pluralNumber, key: entry.key, issues: &issues, saysTagsAreText: saysTagsAreText)
            showsTags = showsTags || rendered.showsTags
            return rendered.text
        }
        let identity = identity ?? MessageIdentity(context: entry.context, id: entry.key, plural: entry.pluralID ?? entry.key)
        if let context = identity.context { line("msgctxt", context) }
        line("msgid", identity.id)
        switch entry.value {
        case .single(let message):
            line("msgstr", render(message, pluralNumber: nil))
        case .plural(_, _, _, let valueType):
            let number = valueType ?? expanded.representative.flatMap(AppleFormatsConversion.numericType)
            line("msgid_plural", identity.plural)
            for category in expanded.keys.sorted(by: { $0.order < $1.order }) where !categories.contains(category) {
                issues.report(
                    entry.key, "the \(category.rawValue) form is not a CLDR category of \(language), so gettext has no msgstr for it; not written",
                    kind: "a form that is not a CLDR category of \(language) has no msgstr in gettext; not written")
            }
            for (index, category) in categories.enumerated() {
                let form = expanded[category] ?? expanded[.other] ?? TranslationMessage()
                if expanded[category] == nil {
                    issues.report(
                        entry.key, "no \(category.rawValue) form; msgstr[\(index)] repeats other", kind: "a plural form is missing; its msgstr repeats other")
                }
                line("msgstr[\(index)]", render(form, pluralNumber: number))
            }
        }
        if showsTags || (identity.tagsAreText && saysTagsAreText) {
            // Only this message's bytes follow the place: the insertion moves nothing else.
            out.insert(contentsOf: Array("#. \(InlineMarkup.tagsAreTextLine)\n".utf8), at: tagsLineAt)
        }
    }
}
