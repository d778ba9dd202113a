import AppleLocalization
import CLDRPlurals
import Diagnostics

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// The `.po` for translators (``GettextFormat/MessageID/source``): the source language's text as
// `msgid`, the key as `msgctxt`, the language's text (or nothing yet) as `msgstr`.
extension GettextFormat {
    /// The header field that marks a file written so; a reader takes each key from `msgctxt`.
    static let sourceTextField = "X-Envtool-Msgid"

    /// The source language's entries of `table`, by the key a translator's file gives them
    /// (``TranslationEntry/foldedKey``), in their order.
    ///
    /// - Throws: A usage error when the table's source language is not known or has no entries:
    ///   there is no text to write as `msgid`.
    static func sourceEntries(of table: TranslationTable, destination: String) throws(GettextError) -> [TranslationEntry] {
        guard let source = table.sourceLanguage, let entries = table.languages[source] else {
            throw GettextError(
                Diagnostic(
                    file: destination,
                    message:
                        "a .po for translators (--po-msgid source) writes the source language's text as msgid, and the source language of the \(table.name) table is not known; pass --source-language"
                ), kind: .usage)
        }
        return entries
    }

    /// The `.po` of `entries` for translators: a message for every key of the source language
    /// (`source`) and then for every other key of `entries`, its `msgctxt` the key (an i18next
    /// context folded in, `key_context`, as i18next names it), its `msgid` the source text (and
    /// `msgid_plural` the source's `other`), its `msgstr` the text of `entries`, empty when
    /// the language has none yet. The source language's own file has its texts as both.
    static func writeForTranslators(
        _ entries: [TranslationEntry], source: [TranslationEntry], language: String, table: String, path: String,
        issues: inout ConversionIssues
    ) throws(GettextError) -> Data {
        let categories = PluralRules(locale: language, kind: .cardinal).categories
        var translations: [String: TranslationEntry] = [:]
        translations.reserveCapacity(entries.count)
        for entry in entries { translations[entry.foldedKey] = entry }
        let hasPlurals = (entries + source).contains(where: \.isPlural)
        var out = Array(try header(table: table, language: language, path: path, hasPlurals: hasPlurals, fields: "\"\(sourceTextField): source\\n\"\n").utf8)
        // The source text's own issues are the source language's file's to report.
        var sourceIssues = ConversionIssues(file: path, language: language)
        var written = Set<String>()
        for original in source {
            let key = original.foldedKey
            written.insert(key)
            let entry = translations[key] ?? untranslated(shapedLike: original, key: key, categories: categories)
            out.append(0x0A)
            appendMessage(
                entry, categories: categories, language: language, issues: &issues, into: &out,
                identity: identity(key: key, source: original, issues: &sourceIssues))
        }
        for entry in entries where !written.contains(entry.foldedKey) {
            out.append(0x0A)
            issues.report(entry.foldedKey, "not in the source language; its msgid is the key")
            appendMessage(
                entry, categories: categories, language: language, issues: &issues, into: &out,
                identity: MessageIdentity(context: entry.foldedKey, id: entry.foldedKey, plural: entry.foldedKey))
        }
        return Data(out)
    }

    /// The template (`.pot`) of the source language's `entries`: each message as the languages'
    /// files have it, with an empty `msgstr` (two `msgstr[n]` for a plural, as `xgettext` writes
    /// them) and the source's comment, under `xgettext`'s header with `Language` and
    /// `Plural-Forms` left for `msginit` to fill, and without its dates (the same file every time).
    static func writeTemplate(_ entries: [TranslationEntry], table: String) -> Data {
        var out = Array("# \(table), the template for translators, \(writtenBy)\n#, fuzzy\nmsgid \"\"\nmsgstr \"\"\n".utf8)
        out += Array("\"Project-Id-Version: \(TextEscaping.quoted(table, for: .gettext))\\n\"\n\"Report-Msgid-Bugs-To: \\n\"\n".utf8)
        out += Array("\"PO-Revision-Date: YEAR-MO-DA HO:MI+ZONE\\n\"\n".utf8)
        out += Array("\"Last-Translator: FULL NAME <EMAIL@ADDRESS>\\n\"\n\"Language-Team: LANGUAGE <LL@li.org>\\n\"\n\"Language: \\n\"\n".utf8)
        out += Array("\"MIME-Version: 1.0\\n\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n\"Content-Transfer-Encoding: 8bit\\n\"\n".utf8)
        out += Array("\"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\\n\"\n\"\(sourceTextField): source\\n\"\n".utf8)
        // What the messages cannot hold is the source file's to report, and reported there.
        var issues = ConversionIssues(file: "", language: "")
        for original in entries {
            let key = original.foldedKey
            var empty = untranslated(shapedLike: original, key: key, categories: [.one, .other])
            // The source's comment and names line: the msgid is the source's text.
            empty.comment = PlaceholderNames.comment(namedArgumentsOf: original)
            out.append(0x0A)
            appendMessage(
                empty, categories: [.one, .other], language: "en", issues: &issues, into: &out,
                identity: identity(key: key, source: original, issues: &issues))
        }
        return Data(out)
    }

    /// `msgctxt` the key, `msgid` the source's text (its `one` form for a plural, or the form it
    /// has), `msgid_plural` its `other`.
    private static func identity(key: String, source: TranslationEntry, issues: inout ConversionIssues) -> MessageIdentity {
        let forms = source.expandedForms
        let number: String?
        if case .plural(_, _, _, let valueType) = source.value {
            number = valueType ?? forms.representative.flatMap(AppleFormatsConversion.numericType)
        } else {
            number = nil
        }
        // A source text that shows a tag is said to in the message's comment, for the translation.
        let saysTagsAreText = !forms.values.contains(where: \.hasMarkup)
        var tagsAreText = false
        func render(_ message: TranslationMessage?) -> String {
            let rendered = PlaceholderSyntax.renderGettext(
                message ?? TranslationMessage(), pluralNumber: number, key: key, issues: &issues, saysTagsAreText: saysTagsAreText)
            tagsAreText = tagsAreText || rendered.showsTags
            return rendered.text
        }
        let singular = forms[.one] ?? forms.representative
        let id = render(singular)
        let plural = render(forms.representative)
        return MessageIdentity(context: key, id: id, plural: plural, tagsAreText: tagsAreText)
    }

    /// The entry of a key the language has no text for: empty, a plural when the source's is
    /// (every form empty), so that its msgstr are written empty and nothing is reported.
    private static func untranslated(shapedLike source: TranslationEntry, key: String, categories: [PluralCategory]) -> TranslationEntry {
        guard source.isPlural else { return TranslationEntry(key: key, value: .single(TranslationMessage()), state: .new) }
        let forms = Dictionary(uniqueKeysWithValues: categories.map { ($0, TranslationMessage()) })
        return TranslationEntry(key: key, value: .plural(forms, variable: nil, frame: nil, valueType: nil), state: .new)
    }
}
