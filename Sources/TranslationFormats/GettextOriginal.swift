import CLDRPlurals

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A `.po` file as it was read, cut into the text of each message, for what the neutral model has
/// no field for: translator comments, references, flags (`c-format`, `python-format`…), the
/// previous `msgid` (`#|`), `msgstr` as written (`%s` rather than `%(arg1)s`), the header's
/// fields and obsolete (`#~`) entries. ``GettextFormat`` writes every message the conversion did
/// not change from its text, so a `.po` converted to a `.po` is the same file.
///
/// The file's bytes are the ones read (shared, not copied: a copy of each message's text, and
/// a JSON object for each, made the original of a large `.po` three times its size), and each
/// message is a range of them. Kept in ``OriginalDocument/gettextFiles`` by language: a table
/// holds every language of a table, one `.po` file each.
struct GettextOriginal: Sendable, Hashable {
    /// One message, from its first comment to the next message's (blank lines included),
    /// exactly as in the file.
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
        /// Where its text is in ``GettextOriginal/bytes``.
        var range: Range<Int>
    }

    /// The file as read.
    var bytes: Data
    var chunks: [Chunk]
    /// The plural category of each `msgstr[n]` under the file's `Plural-Forms`; `nil` when the
    /// file has none, or an index no number selects, so that messages written from the model
    /// cannot be indexed like the file's own.
    var pluralCategories: [PluralCategory]?

    /// The text of `chunk`.
    func text(_ chunk: Chunk) -> String {
        String(decoding: bytes[bytes.startIndex + chunk.range.lowerBound..<bytes.startIndex + chunk.range.upperBound], as: UTF8.self)
    }

    /// The original of `language` in `original`, when a `.po` reader made it.
    init?(_ original: OriginalDocument?, language: String) {
        guard let original, original.format == GettextFormat.formatName, let file = original.gettextFiles[language] else { return nil }
        self = file
    }

    init(bytes: Data, chunks: [Chunk], pluralCategories: [PluralCategory]?) {
        self.bytes = bytes
        self.chunks = chunks
        self.pluralCategories = pluralCategories
    }

    /// A key with its context, to find a message's entry by.
    private struct MessageID: Hashable {
        var key: String
        var context: String?
    }

    /// The file again: the header and every message `unchanged` accepts as written, the others
    /// from `written` (the model's text of a message) where they were, messages the file did not
    /// have after its own, then the obsolete entries. A message the model no longer holds is left
    /// out; one it changed that had comments, references or flags is reported, since the model's
    /// text is written without them.
    func write(
        _ entries: [TranslationEntry], unchanged: (TranslationEntry) -> Bool, issues: inout ConversionIssues,
        written: (TranslationEntry, inout ConversionIssues, inout [UInt8]) -> Void
    ) -> Data {
        // Positions, not copies of the entries: a dictionary of 200,000 entries was the size of
        // the file again.
        var byID: [MessageID: Int] = [:]
        byID.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() { byID[MessageID(key: entry.key, context: entry.context)] = index }
        var done = [Bool](repeating: false, count: entries.count)
        // Written into the Data returned: a buffer copied into one was the file's size again.
        var out = Data(capacity: bytes.count + bytes.count / 16)
        var previous: Int? = nil
        // Whether the text ends with `count` line feeds as Characters (CR LF is one Character).
        func endsWithLineFeeds(_ count: Int) -> Bool {
            guard out.count >= count, out[(out.endIndex - count)...].allSatisfy({ $0 == 0x0A }) else { return false }
            return out.count == count || out[out.endIndex - count - 1] != 0x0D
        }
        // Blank lines belong to the chunk above them; text from elsewhere gets the one blank line
        // gettext's tools put between messages.
        func separate() {
            guard !out.isEmpty else { return }
            if !endsWithLineFeeds(1) { out.append(0x0A) }
            if !endsWithLineFeeds(2) { out.append(0x0A) }
        }
        bytes.withUnsafeBytes { raw in
            let file = raw.bindMemory(to: UInt8.self)
            func verbatim(_ index: Int) {
                if previous != index - 1 { separate() }
                out.append(UnsafeBufferPointer(rebasing: file[chunks[index].range]))
                previous = index
            }
            func model(_ entry: TranslationEntry) {
                separate()
                var message: [UInt8] = []
                written(entry, &issues, &message)
                out.append(contentsOf: message)
                previous = nil
            }
            for (index, chunk) in chunks.enumerated() {
                switch chunk.kind {
                case .header: verbatim(index)
                case .obsolete: continue
                case .message(let key, let context, let extras):
                    guard let position = byID[MessageID(key: key, context: context)] else { continue }
                    done[position] = true
                    if unchanged(entries[position]) {
                        verbatim(index)
                    } else {
                        if extras {
                            issues.report(key, "changed by the conversion; written without the translator comments, references and flags the file read had")
                        }
                        model(entries[position])
                    }
                }
            }
            for (position, entry) in entries.enumerated() where !done[byID[MessageID(key: entry.key, context: entry.context)] ?? position] {
                model(entry)
            }
            for (index, chunk) in chunks.enumerated() where chunk.kind == .obsolete { verbatim(index) }
        }
        return out
    }
}
