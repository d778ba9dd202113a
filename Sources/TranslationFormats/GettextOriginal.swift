import CLDRPlurals
import JSONParsing

/// A `.po` file as it was read, cut into the text of each message, for what the neutral model has
/// no field for: translator comments, references, flags (`c-format`, `python-format`…), the
/// previous `msgid` (`#|`), `msgstr` as written (`%s` rather than `%(arg1)s`), the header's
/// fields and obsolete (`#~`) entries. ``GettextFormat`` writes every message the conversion did
/// not change from its text, so a `.po` converted to a `.po` is the same file.
///
/// Kept in ``OriginalDocument/document`` as `{"<language>": {"chunks": […], "pluralForms": […]}}`:
/// a table holds every language of a table, one `.po` file each.
struct GettextOriginal: Sendable, Hashable {
    /// The text of one message, from its first comment to the next message's (blank lines
    /// included), exactly as in the file.
    struct Chunk: Sendable, Hashable {
        enum Kind: Sendable, Hashable {
            /// `msgid ""`, and whatever precedes it.
            case header
            /// A message, by `msgid` and `msgctxt`. `extras` tells whether it has anything the model
            /// loses (translator comments, references, flags other than `fuzzy`, `#|`).
            case message(key: String, context: String?, extras: Bool)
            /// A `#~` entry.
            case obsolete
        }

        var kind: Kind
        var text: String
    }

    var chunks: [Chunk]
    /// The plural category of each `msgstr[n]` under the file's `Plural-Forms`; `nil` when the
    /// file has none, or an index no number selects, so that messages written from the model
    /// cannot be indexed like the file's own.
    var pluralCategories: [PluralCategory]?

    init(chunks: [Chunk], pluralCategories: [PluralCategory]?) {
        self.chunks = chunks
        self.pluralCategories = pluralCategories
    }

    /// The original of `language` in `original`, when a `.po` reader made it.
    init?(_ original: OriginalDocument?, language: String) {
        guard let original, original.format == "po", case .object(let languages) = original.document,
            case .object(let file)? = languages[language], case .array(let chunks)? = file["chunks"]
        else { return nil }
        self.chunks = []
        for case .object(let chunk) in chunks {
            guard case .string(let text)? = chunk["text"] else { return nil }
            switch chunk["kind"] {
            case .string("header")?: self.chunks.append(Chunk(kind: .header, text: text))
            case .string("obsolete")?: self.chunks.append(Chunk(kind: .obsolete, text: text))
            default:
                guard case .string(let key)? = chunk["msgid"] else { return nil }
                var context: String? = nil
                if case .string(let value)? = chunk["msgctxt"] { context = value }
                self.chunks.append(Chunk(kind: .message(key: key, context: context, extras: chunk["extras"] == .bool(true)), text: text))
            }
        }
        if case .array(let names)? = file["pluralForms"] {
            let categories = names.compactMap { name -> PluralCategory? in
                if case .string(let text) = name { return PluralCategory(rawValue: text) }
                return nil
            }
            pluralCategories = categories.count == names.count ? categories : nil
        }
    }

    /// The JSON kept in ``OriginalDocument/document`` under the file's language.
    var json: JSONValue {
        var file = JSONObject()
        file["chunks"] = .array(
            chunks.map { chunk -> JSONValue in
                switch chunk.kind {
                case .header: return ["kind": "header", "text": .string(chunk.text)]
                case .obsolete: return ["kind": "obsolete", "text": .string(chunk.text)]
                case .message(let key, let context, let extras):
                    var object: JSONObject = ["kind": "message", "msgid": .string(key)]
                    if let context { object["msgctxt"] = .string(context) }
                    object["extras"] = .bool(extras)
                    object["text"] = .string(chunk.text)
                    return .object(object)
                }
            })
        if let pluralCategories { file["pluralForms"] = .array(pluralCategories.map { .string($0.rawValue) }) }
        return .object(file)
    }

    /// The file again: the header and every message `unchanged` accepts as written, the others
    /// from `written` (the model's text of a message) where they were, messages the file did not
    /// have after its own, then the obsolete entries. A message the model no longer holds is left
    /// out; one it changed that had comments, references or flags is reported, since the model's
    /// text is written without them.
    func write(
        _ entries: [TranslationEntry], unchanged: (TranslationEntry) -> Bool, issues: inout ConversionIssues,
        written: (TranslationEntry, inout ConversionIssues) -> String
    ) -> String {
        var byID: [[String?]: TranslationEntry] = [:]
        for entry in entries { byID[[entry.key, entry.context]] = entry }
        var out = ""
        var previous: Int? = nil
        // Blank lines belong to the chunk above them; text from elsewhere gets the one blank line
        // gettext's tools put between messages.
        func separate() {
            guard !out.isEmpty else { return }
            if !out.hasSuffix("\n") { out += "\n" }
            if !out.hasSuffix("\n\n") { out += "\n" }
        }
        func verbatim(_ index: Int) {
            if previous != index - 1 { separate() }
            out += chunks[index].text
            previous = index
        }
        func model(_ entry: TranslationEntry) {
            separate()
            out += written(entry, &issues)
            previous = nil
        }
        var done = Set<[String?]>()
        for (index, chunk) in chunks.enumerated() {
            switch chunk.kind {
            case .header: verbatim(index)
            case .obsolete: continue
            case .message(let key, let context, let extras):
                guard let entry = byID[[key, context]] else { continue }
                done.insert([key, context])
                if unchanged(entry) {
                    verbatim(index)
                } else {
                    if extras {
                        issues.report(key, "changed by the conversion; written without the translator comments, references and flags the file read had")
                    }
                    model(entry)
                }
            }
        }
        for entry in entries where !done.contains([entry.key, entry.context]) { model(entry) }
        for (index, chunk) in chunks.enumerated() where chunk.kind == .obsolete { verbatim(index) }
        return out
    }
}
