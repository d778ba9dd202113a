import AppleLocalization
import CLDRPlurals
import Diagnostics
import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Reading a `.po`: the lines into messages, the header, the entries, and the text as written.
extension GettextFormat {
    /// One message as it is read, with the line it starts on.
    fileprivate struct Raw {
        var line = 0
        /// The offset of its first line (comment or keyword): where its text starts.
        var firstOffset: Int?
        var comment: [String] = []
        var fuzzy = false
        /// Flags other than `fuzzy` (`c-format`, `python-format`…).
        var flags: [String] = []
        var translatorComments = false
        var references = false
        var previous = false
        var obsolete = false
        var context: String?
        var id: String?
        var plural: String?
        /// The `msgstr[n]` (`msgstr` is 0) by index, in the order first written: a handful at
        /// most, so a list rather than a dictionary for each message.
        var strings: [(index: Int, text: Text)] = []

        /// The text of `msgstr[index]`, if written.
        func string(_ index: Int) -> Text? {
            strings.first { $0.index == index }?.text
        }
    }

    /// A string as read: the bytes of one plain quoted string in the file (nearly every msgstr),
    /// parsed from there without a String made to be dropped, or the text of escapes or of
    /// several strings.
    fileprivate enum Text {
        case bytes(Range<Int>)
        case string(String)

        var isEmpty: Bool {
            switch self {
            case .bytes(let range): range.isEmpty
            case .string(let text): text.isEmpty
            }
        }
    }

    /// What the lines of a message's strings continue.
    fileprivate enum Field {
        case context, id, plural
        case string(Int)
    }

    /// Reads a `.po` in three passes: its lines into messages (``MessageScanner``), the header
    /// into the language and its plural forms (``Header``), then the messages into entries;
    /// with `keepingOriginal`, each message's text as written too.
    static func read(
        _ data: Data, path: String, language fallback: String?, keepingOriginal: Bool = true, positions: Bool = false,
        reportingWhatOnlyItKeeps: Bool = true, issues: inout [ConversionIssue]
    ) throws(GettextError) -> (language: String, entries: [TranslationEntry], original: GettextOriginal?) {
        // Read in place: the file's bytes are the only copy of its text (a String of them, and
        // a buffer copied from that, were twice its size again), and the original shares them.
        try data.withBytes { bytes throws(GettextError) in
            guard UTF8Validation.firstInvalidOffset(in: bytes) == nil else {
                throw GettextError(
                    Diagnostic(file: path, line: 1, column: 1, message: "the file is not UTF-8; convert it with msgconv --to-code=UTF-8"))
            }
            var scanner = MessageScanner(bytes: bytes, path: path)
            try scanner.scan()
            let header = try Header(scanner, fallback: fallback)
            let language = header.language
            if reportingWhatOnlyItKeeps {
                // The header's own comments: the title, copyright and translators' list.
                let commented = scanner.messages.first { !$0.obsolete && $0.id == "" && $0.context == nil }?.translatorComments == true
                let kept = (commented ? ["comments (# …)"] : []) + (header.otherFields.isEmpty ? [] : [header.otherFields.joined(separator: ", ")])
                if !kept.isEmpty {
                    issues.append(keptOnlyInPO("", "the header's \(kept.joined(separator: " and ")) are", path: path, language: language))
                }
            }
            let entries = try Self.entries(
                of: &scanner, header: header, positions: positions, reportingWhatOnlyItKeeps: reportingWhatOnlyItKeeps, issues: &issues)
            for raw in scanner.messages where raw.obsolete && reportingWhatOnlyItKeeps {
                issues.append(keptOnlyInPO(raw.id ?? "", "an obsolete entry (#~) is not converted; it is", path: path, language: language))
            }
            guard keepingOriginal else { return (language, entries, nil) }
            return (language, entries, original(of: scanner, header: header, data: data))
        }
    }

    /// What the model has no field for, reported toward other formats (the `.po` writer keeps it).
    private static func keptOnlyInPO(_ key: String, _ reason: String, kind: String? = nil, path: String, language: String) -> ConversionIssue {
        ConversionIssue(
            file: path, language: language, key: key, reason: reason + " kept only in .po", kind: kind.map { $0 + " kept only in .po" }, keptBy: formatName)
    }

    /// The entries of the live messages (not the header, not obsolete ones). Each message's
    /// texts and comments are let go once its entry is made: what was read and what was made of
    /// it, held together to the end, were more than the entries.
    private static func entries(
        of scanner: inout MessageScanner, header: Header, positions: Bool, reportingWhatOnlyItKeeps: Bool,
        issues: inout [ConversionIssue]
    ) throws(GettextError) -> [TranslationEntry] {
        let path = scanner.path
        let language = header.language
        // What each reason and kind say, made once and shared by every issue that gives them (a
        // large file has one for nearly every message).
        var shared: [String: ConversionIssue.Said] = [:]
        func keptOnlyInPO(_ key: String, _ reason: String, kind: String? = nil) {
            guard reportingWhatOnlyItKeeps else { return }
            let known = kind.map { reason + "\n" + $0 } ?? reason
            let said =
                shared[known]
                ?? {
                    let issue = Self.keptOnlyInPO(key, reason, kind: kind, path: path, language: language)
                    let said = ConversionIssue.Said(file: path, language: language, reason: issue.reason, kind: issue.kind, keptBy: formatName)
                    shared[known] = said
                    return said
                }()
            issues.append(ConversionIssue(key: key, saying: said))
        }
        var entries: [TranslationEntry] = []
        entries.reserveCapacity(scanner.messages.count)
        /// The message of a text read: from the file's bytes when it is one plain string; not read
        /// for markup when its comment says the tags are text.
        func parse(_ text: Text, tagsAreText: Bool) -> TranslationMessage {
            switch text {
            case .bytes(let range): PlaceholderSyntax.parseGettext(UnsafeBufferPointer(rebasing: scanner.bytes[range]), tagsAreText: tagsAreText)
            case .string(let string): PlaceholderSyntax.parseGettext(string, tagsAreText: tagsAreText)
            }
        }
        // The category of each msgstr index (0 to 15), looked up by position for every plural.
        let categoryAt = (0..<16).map { header.categoryOf[$0] }
        var identities = MessageIdentities(capacity: scanner.messages.count)
        for index in scanner.messages.indices {
            let raw = scanner.messages[index]
            guard !raw.obsolete && !(raw.id == "" && raw.context == nil) else { continue }
            defer { scanner.releaseTexts(of: index) }
            let (key, context) = header.identity(of: raw)
            // msgfmt refuses both of these; choosing one of the texts silently would ship the
            // other translator's work nowhere.
            if let first = identities.earlierLine(of: key, context, at: index, in: scanner.messages, header: header) {
                throw scanner.fail(
                    raw.line, 1,
                    "duplicate message definition of \(Diagnostic.quoted(key))\(context.map { " in context " + Diagnostic.quoted($0) } ?? ""); the first is at line \(first). Keep one (msgfmt refuses the file too)"
                )
            }
            if raw.plural != nil, header.expression != nil, let index = raw.strings.lazy.map(\.index).filter({ $0 >= header.pluralCount }).min() {
                throw scanner.fail(
                    raw.line, 1,
                    "msgstr[\(index)] is beyond the Plural-Forms header's nplurals=\(header.pluralCount) (forms 0 to \(header.pluralCount - 1)); remove it or correct the header"
                )
            }
            if raw.translatorComments { keptOnlyInPO(key, "translator comments (# …) are") }
            if raw.references { keptOnlyInPO(key, "references (#: …) are") }
            if !raw.flags.isEmpty { keptOnlyInPO(key, "the flags \(raw.flags.joined(separator: ", ")) are", kind: "flags (#, …) are") }
            if raw.previous { keptOnlyInPO(key, "the previous msgid (#| …) is") }
            let tagsAreText = raw.comment.contains(InlineMarkup.tagsAreTextLine)
            let commentLines = tagsAreText ? raw.comment.filter { $0 != InlineMarkup.tagsAreTextLine } : raw.comment
            let comment = commentLines.isEmpty ? nil : commentLines.joined(separator: "\n")
            let translated = raw.strings.contains { !$0.text.isEmpty }
            let state: TranslationEntry.State = raw.fuzzy ? .needsReview : translated ? .translated : .new
            if raw.plural != nil {
                guard header.expression != nil else {
                    throw scanner.fail(raw.line, 1, "msgid_plural needs a Plural-Forms header (\"Plural-Forms: nplurals=N; plural=EXPR;\\n\")")
                }
                let forms = pluralForms(
                    of: raw, header: header, categoryAt: categoryAt, parse: { parse($0, tagsAreText: tagsAreText) },
                    neverChosen: { index in
                        issues.append(
                            ConversionIssue(
                                file: path, language: language, key: key,
                                reason: "msgstr[\(index)] is never chosen by the Plural-Forms expression; not converted",
                                kind: "a msgstr[n] is never chosen by the Plural-Forms expression; not converted"))
                    })
                entries.append(
                    TranslationEntry(
                        key: key, context: context, comment: comment,
                        value: .plural(forms, variable: nil, frame: nil, valueType: nil), state: state,
                        pluralID: raw.plural == key || header.msgidIsSourceText ? nil : raw.plural))
            } else {
                entries.append(
                    TranslationEntry(
                        key: key, context: context, comment: comment,
                        value: .single(raw.string(0).map { parse($0, tagsAreText: tagsAreText) } ?? PlaceholderSyntax.parseGettext("")), state: state))
            }
            // The `#.` line of i18next's dashes and formats (PlaceholderNames).
            if comment != nil { entries[entries.count - 1] = PlaceholderNames.applying(to: entries[entries.count - 1], namesNative: true) }
            if positions { entries[entries.count - 1].location = SourceLocation(file: path, line: raw.line, column: 1) }
        }
        return entries
    }

    /// The forms of a plural message, by the category of each `msgstr[n]` (`categoryAt`), in
    /// index order; a form no integer chooses becomes `other` when the expression gives none
    /// (Transifex's and Babel's `ru`), else it is `neverChosen`. `other`, which every target
    /// needs, is the last category's text when no index gave it.
    private static func pluralForms(
        of raw: Raw, header: Header, categoryAt: [PluralCategory?], parse: (Text) -> TranslationMessage,
        neverChosen: (Int) -> Void
    ) -> [PluralCategory: TranslationMessage] {
        var forms: [PluralCategory: TranslationMessage] = [:]
        forms.reserveCapacity(raw.strings.count + 1)
        // In index order: as written, nearly always, without sorting a copy.
        let inOrder = zip(raw.strings, raw.strings.dropFirst()).allSatisfy { $0.index < $1.index }
        for (index, string) in inOrder ? raw.strings : raw.strings.sorted(by: { $0.index < $1.index }) {
            guard let category = categoryAt[index] ?? (forms[.other] == nil ? .other : nil) else {
                neverChosen(index)
                continue
            }
            if forms[category] == nil { forms[category] = parse(string) }
        }
        if forms[.other] == nil, let last = header.rules.categories.reversed().first(where: { forms[$0] != nil }) { forms[.other] = forms[last] }
        forms[.other] = forms[.other] ?? TranslationMessage()
        return forms
    }

    /// The messages read so far by key and context, to find a second definition of one. Each is
    /// kept by the hash of its key and context, as its position (a dictionary of the keys and
    /// contexts was a third of the entries' size); the rare messages whose hash an earlier one
    /// has, by key and context.
    private struct MessageIdentities {
        private struct MessageID: Hashable {
            var context: String?
            var key: String
        }
        private var firstByHash: [Int: Int] = [:]
        private var collided: [MessageID: Int] = [:]

        init(capacity: Int) {
            firstByHash.reserveCapacity(capacity)
        }

        /// The line of the message before `index` with this key and context, if there is one;
        /// message `index` is recorded.
        mutating func earlierLine(of key: String, _ context: String?, at index: Int, in messages: [Raw], header: Header) -> Int? {
            let id = MessageID(context: context, key: key)
            let hash = id.hashValue
            guard let first = firstByHash[hash] else {
                firstByHash[hash] = index
                return nil
            }
            let (firstKey, firstContext) = header.identity(of: messages[first])
            if MessageID(context: firstContext, key: firstKey) == id { return messages[first].line }
            // A duplicate is an error, so the line that replaces the first one's is never read.
            return collided.updateValue(messages[index].line, forKey: id)
        }
    }

    /// Each message's text as written, for a writer of `.po` to give back unchanged: where it
    /// is in the file's bytes, which the original keeps (`data`, not a copy).
    private static func original(of scanner: MessageScanner, header: Header, data: Data) -> GettextOriginal {
        let raws = scanner.messages
        var pluralCategories: [PluralCategory]? = nil
        if header.expression != nil {
            let indexed = (0..<header.pluralCount).compactMap { header.categoryOf[$0] }
            if indexed.count == header.pluralCount { pluralCategories = indexed }
        }
        // Each message's text runs from its first line to the next message's; what comes before
        // the first belongs to it.
        var chunks: [GettextOriginal.Chunk] = []
        chunks.reserveCapacity(raws.count)
        for index in raws.indices {
            let raw = raws[index]
            let kind: GettextOriginal.Chunk.Kind =
                index == header.index
                ? .header
                : raw.obsolete
                    ? .obsolete
                    : .message(
                        key: header.identity(of: raw).key, context: header.identity(of: raw).context,
                        extras: raw.translatorComments || raw.references || raw.previous || !raw.flags.isEmpty)
            let start = index == 0 ? 0 : raw.firstOffset ?? 0
            let end = index + 1 < raws.count ? raws[index + 1].firstOffset ?? 0 : scanner.bytes.count
            chunks.append(GettextOriginal.Chunk(kind: kind, range: start..<end))
        }
        return GettextOriginal(bytes: data, chunks: chunks, pluralCategories: pluralCategories)
    }

    /// The header message (`msgid ""`): the file's language, its plural forms, and the fields
    /// the writer does not give every file.
    fileprivate struct Header {
        /// The index of the header among the messages, if there is one.
        var index: Int?
        var language: String
        var rules: PluralRules
        var expression: GettextExpression?
        var pluralCount = 0
        /// The CLDR category of each `msgstr[n]` index.
        var categoryOf: [Int: PluralCategory] = [:]
        /// The names of the header's fields that the writer does not write.
        var otherFields: [String] = []
        /// Whether the file is for translators (`X-Envtool-Msgid: source`): each key is the
        /// message's `msgctxt`, its `msgid` the source text.
        var msgidIsSourceText = false

        /// The key and the context of `raw`: its `msgid` and `msgctxt`, or in a file for
        /// translators its `msgctxt` (its `msgid` when it has none) and none.
        func identity(of raw: Raw) -> (key: String, context: String?) {
            guard msgidIsSourceText else { return (raw.id ?? "", raw.context) }
            return (raw.context ?? raw.id ?? "", nil)
        }

        init(_ scanner: MessageScanner, fallback: String?) throws(GettextError) {
            var language = fallback
            var pluralIndices: [(n: Int, index: Int)] = []
            index = scanner.messages.firstIndex { $0.id == "" && $0.context == nil && !$0.obsolete }
            if let index {
                let header = scanner.messages[index]
                for headerLine in header.string(0).map(scanner.string)?.splitLines() ?? [] where !headerLine.isEmpty {
                    let parts = headerLine.split(separator: ":", maxSplits: 1)
                    guard parts.count == 2 else { continue }
                    let value = parts[1].trimmingWhitespace()
                    switch parts[0].trimmingWhitespace().lowercased() {
                    case "language" where !value.isEmpty:
                        // The language names the output folder of this file: only a tag may.
                        guard TranslationConverter.isLanguageTag(value) else {
                            let at = scanner.location(of: "language:", orLine: header.line)
                            throw scanner.fail(at.line, at.column, "Language: \(TranslationConverter.notALanguageTag(value))")
                        }
                        language = value.replacing("_", with: "-")
                    case "plural-forms":
                        // The error points at the header line that holds the field, not at msgid "".
                        let at = scanner.location(of: "plural-forms:", orLine: header.line)
                        (expression, pluralCount, pluralIndices) = try GettextFormat.pluralExpression(
                            value, line: at.line, column: at.column, path: scanner.path)
                    case "x-envtool-msgid":
                        msgidIsSourceText = value == "source"
                    case let name where !GettextFormat.writtenHeaderFields.contains(name):
                        otherFields.append(String(parts[0].trimmingWhitespace()))
                    default: break
                    }
                }
            }
            guard let language else {
                throw scanner.fail(1, 1, "the file names no language; add \"Language: xx\\n\" to the header or pass --language")
            }
            self.language = language
            rules = PluralRules(locale: language, kind: .cardinal)
            if expression != nil {
                for (n, index) in pluralIndices where categoryOf[index] == nil {
                    categoryOf[index] = rules.category(for: Double(n))
                }
                // An index no whole number reaches (Transifex's and Babel's `? 3` for ru, uk, cs) is
                // the form for fractions: the category of the language's rules no index took (other).
                for index in 0..<pluralCount where categoryOf[index] == nil {
                    let taken = Set(categoryOf.values)
                    guard let left = rules.categories.first(where: { !taken.contains($0) }) else { break }
                    categoryOf[index] = left
                }
            }
        }
    }

    /// The first pass: the file's lines, classified into messages (keywords, their strings,
    /// comments and flags).
    ///
    /// The lines are found and classified as UTF-8 offsets (every character the syntax gives a
    /// meaning is ASCII): a Substring for each line, and its indices checked, was a tenth of
    /// reading. The lines are those of `splitLines()` (LF, or CR LF, ends one); a String is made
    /// of a line only where Characters matter (a comment, a column for an error).
    fileprivate struct MessageScanner {
        /// The file's UTF-8 (valid), owned by the caller for as long as the scanner is used.
        let bytes: UnsafeBufferPointer<UInt8>
        let path: String
        /// The messages read, the header and obsolete ones included.
        private(set) var messages: [Raw] = []
        private var current = Raw()
        private var field: Field? = nil
        private var lineNumber = 0
        /// The offset where the line being read starts.
        private var lineStart = 0

        init(bytes: UnsafeBufferPointer<UInt8>, path: String) {
            self.bytes = bytes
            self.path = path
        }

        func fail(_ line: Int, _ column: Int, _ message: String) -> GettextError {
            GettextError(Diagnostic(file: path, line: line, column: column, message: message))
        }

        /// The String of `bytes[range]`.
        func string(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }

        /// The String of a text read.
        func string(_ text: Text) -> String {
            switch text {
            case .bytes(let range): String(decoding: bytes[range], as: UTF8.self)
            case .string(let string): string
            }
        }

        /// Where the header field `name` (lowercased, with its colon) is written in the file, or
        /// the start of `line`; header keys match in any case, as the header reads them.
        func location(of name: String, orLine line: Int) -> (line: Int, column: Int) {
            // Only on the way to an error or to the few header lines: the lines of `splitLines()`,
            // from the offsets where they start.
            var start = 0
            var number = 1
            while start <= bytes.count {
                let next = GettextFormat.firstOffset(of: 0x0A, or: 0x0A, in: bytes, from: start, to: bytes.count)
                var end = next
                if next < bytes.count, end > start, bytes[end - 1] == 0x0D { end -= 1 }
                let lower = string(start..<end).lowercased()
                if let range = lower.firstRange(of: name) {
                    return (number, lower.distance(from: lower.startIndex, to: range.lowerBound) + 1)
                }
                start = next + 1
                number += 1
            }
            return (line, 1)
        }

        /// Lets the texts and comments of message `index` go, once its entry is made of them (its
        /// keys, flags and where it is stay, for the original).
        mutating func releaseTexts(of index: Int) {
            messages[index].strings = []
            messages[index].comment = []
        }

        /// The message being read is complete.
        private mutating func finish() {
            // Moved into the list, not copied and then released with a new message in its place.
            var finished = Raw()
            swap(&finished, &current)
            if finished.id != nil { messages.append(consume finished) }
            field = nil
        }

        /// A string of the field being read.
        private mutating func append(_ value: Text) {
            guard let field else { return }
            // Joined as `(text ?? "") + value` joins them; a first string is taken as it is.
            func join(_ text: inout String?, _ added: String) {
                if text == nil || text!.isEmpty { text = added } else { text! += added }
            }
            switch field {
            case .context: let added = string(value); join(&current.context, added)
            case .id: let added = string(value); join(&current.id, added)
            case .plural: let added = string(value); join(&current.plural, added)
            case .string(let index):
                if let position = current.strings.firstIndex(where: { $0.index == index }) {
                    let before = current.strings[position].text
                    if before.isEmpty {
                        current.strings[position].text = value
                    } else if !value.isEmpty {
                        current.strings[position].text = .string(string(before) + string(value))
                    }
                } else {
                    current.strings.append((index, value))
                }
            }
        }

        private mutating func begin() {
            if current.firstOffset == nil { current.firstOffset = lineStart }
        }

        /// Whether `bytes[range]` is the ASCII `word`.
        private func isWord(_ range: Range<Int>, _ word: StaticString) -> Bool {
            guard range.count == word.utf8CodeUnitCount else { return false }
            let units = word.utf8Start
            for offset in 0..<range.count where bytes[range.lowerBound + offset] != units[offset] { return false }
            return true
        }

        /// Reads every line.
        mutating func scan() throws(GettextError) {
            // Room for every message at once: a list grown by doubling had room for up to twice
            // as many, a third of the file's size again.
            messages.reserveCapacity(messageLines())
            var next = 0
            while next <= bytes.count {
                let start = next
                let end = GettextFormat.firstOffset(of: 0x0A, or: 0x0A, in: bytes, from: start, to: bytes.count)
                next = end + 1
                lineStart = start
                lineNumber += 1
                try scanLine(start, end)
            }
            finish()
        }

        /// The lines that start a message's `msgid` (`msgid "`, `#~ msgid "`): as many as it has
        /// messages, a few more when a `msgid` is split oddly.
        private func messageLines() -> Int {
            var count = 0
            var start = 0
            while start < bytes.count {
                var first = start
                if bytes.count - first >= 3, bytes[first] == UInt8(ascii: "#"), bytes[first + 1] == UInt8(ascii: "~"), bytes[first + 2] == 0x20 {
                    first += 3
                }
                if bytes.count - first >= 6, isWord(first..<first + 5, "msgid"), bytes[first + 5] == 0x20 { count += 1 }
                start = GettextFormat.firstOffset(of: 0x0A, or: 0x0A, in: bytes, from: start, to: bytes.count) + 1
            }
            return count
        }

        /// Reads the line `bytes[start..<end]` (`end` at its line feed or the end of the file).
        private mutating func scanLine(_ start: Int, _ end: Int) throws(GettextError) {
            let bytes = self.bytes
            let lineNumber = self.lineNumber
            let path = self.path
            func string(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
            // CR LF ends a line; a CR left at its end (the reader's) is dropped too.
            var lineEnd = end
            if end < bytes.count, lineEnd > start, bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            if lineEnd > start, bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            var first = start
            while first < lineEnd, bytes[first] == 0x20 || bytes[first] == 0x09 { first += 1 }
            if first == lineEnd { if self.current.id != nil, !current.strings.isEmpty { finish() }; return }
            // An obsolete entry is a message behind `#~`: its lines are read as a message's to
            // tell where it ends and which msgid it had, and it is kept as text, never converted.
            let obsoleteLine = lineEnd - first >= 2 && bytes[first] == UInt8(ascii: "#") && bytes[first + 1] == UInt8(ascii: "~")
            if obsoleteLine {
                if self.current.id != nil, !current.obsolete { finish() }
                current.obsolete = true
                begin()
                // By Characters, as a comment (a mark may join the `~` or the space).
                let line = string(first..<lineEnd)
                let body = line.dropFirst(2)
                let rest = body.drop { $0 == " " || $0 == "\t" }
                if body.hasPrefix("|") || rest.isEmpty { return }
                first += line.utf8.distance(from: line.startIndex, to: rest.startIndex)
            } else if bytes[first] == UInt8(ascii: "#") {
                if self.current.id != nil, !current.strings.isEmpty || current.obsolete { finish() }
                current.obsolete = false
                begin()
                readComment(string(first..<lineEnd))
                return
            }
            // The column (in Characters) only for a message: counting it for every line was slow.
            let (lineStart, content) = (start, first)
            func column() -> Int { string(lineStart..<lineEnd).count - string(content..<lineEnd).count + 1 }
            if bytes[first] == UInt8(ascii: "\"") {
                guard field != nil else { throw self.fail(lineNumber, column(), "a string continues nothing; it must follow msgid, msgstr or another keyword") }
                append(try GettextFormat.unquoted(first..<lineEnd, bytes: bytes, line: lineNumber, column: column, path: path))
                return
            }
            var space = first
            while space < lineEnd, bytes[space] != 0x20, bytes[space] != 0x09 { space += 1 }
            guard space < lineEnd else {
                throw self.fail(lineNumber, column(), "expected a keyword and a quoted string, such as msgid \"key\"")
            }
            // A live message after an obsolete one (or the reverse) is another message.
            if current.obsolete != obsoleteLine, current.id != nil { finish() }
            var valueStart = space
            while valueStart < lineEnd, bytes[valueStart] == 0x20 || bytes[valueStart] == 0x09 { valueStart += 1 }
            let keywordEnd = space
            let value = try GettextFormat.unquoted(
                valueStart..<lineEnd, bytes: bytes, line: lineNumber,
                column: {
                    // As the trimmed line counts up to the space: a mark that joins it (a prepended
                    // one before it) does not count it in.
                    let trimmed = string(content..<lineEnd)
                    return column() + trimmed.distance(from: trimmed.startIndex, to: trimmed.utf8.index(trimmed.startIndex, offsetBy: keywordEnd - content)) + 1
                }, path: path)
            try startField(named: first..<space, obsolete: obsoleteLine, column: column)
            append(value)
        }

        /// Reads a comment line, `trimmed` from its `#`, into the current message: its flags
        /// (`#,`), a line of its comment for translators (`#.`), or that it has references (`#:`),
        /// a previous msgid (`#|`) or translator comments (`# …`).
        private mutating func readComment(_ trimmed: String) {
            let marker = trimmed.dropFirst().first
            if marker == "," {
                for flag in trimmed.dropFirst(2).split(separator: ",").map({ $0.trimmingWhitespace() }) where !flag.isEmpty {
                    if flag == "fuzzy" { current.fuzzy = true } else { current.flags.append(flag) }
                }
            } else if marker == "." {
                // `#. text`: the space after the marker belongs to the syntax, not to the comment.
                let body = trimmed.dropFirst(2)
                current.comment.append(String(body.hasPrefix(" ") ? body.dropFirst() : body))
            } else if marker == ":" {
                current.references = true
            } else if marker == "|" {
                current.previous = true
            } else if !trimmed.hasSuffix(GettextFormat.writtenBy) {
                current.translatorComments = true
            }
        }

        /// Starts the field the keyword at `keywordBytes` names (`msgctxt` and `msgid` a new
        /// message, `msgid_plural`, `msgstr`, `msgstr[n]`), on a line of a live or `obsolete`
        /// message; a keyword out of place or unknown is an error at `column`.
        private mutating func startField(named keywordBytes: Range<Int>, obsolete: Bool, column: () -> Int) throws(GettextError) {
            if isWord(keywordBytes, "msgctxt") {
                if self.current.id != nil { finish() }
                current.obsolete = obsolete
                begin()
                current.line = lineNumber
                field = .context
            } else if isWord(keywordBytes, "msgid") {
                if self.current.id != nil { finish() }
                current.obsolete = obsolete
                begin()
                if current.line == 0 { current.line = lineNumber }
                field = .id
                current.id = ""
            } else if isWord(keywordBytes, "msgid_plural") {
                guard current.id != nil else { throw self.fail(lineNumber, column(), "msgid_plural without a msgid before it") }
                field = .plural
                current.plural = ""
            } else if isWord(keywordBytes, "msgstr") {
                guard current.id != nil else { throw self.fail(lineNumber, column(), "msgstr without a msgid before it") }
                field = .string(0)
            } else {
                let keyword = String(decoding: UnsafeBufferPointer(rebasing: bytes[keywordBytes]), as: UTF8.self)
                guard keyword.hasPrefix("msgstr["), keyword.hasSuffix("]"), let index = Int(keyword.dropFirst(7).dropLast()), (0..<16).contains(index) else {
                    throw self.fail(lineNumber, column(), "unknown keyword \"\(keyword)\"; expected msgctxt, msgid, msgid_plural, msgstr or msgstr[n]")
                }
                guard current.plural != nil else { throw self.fail(lineNumber, column(), "\(keyword) without msgid_plural; a singular message has one msgstr") }
                field = .string(index)
            }
        }
    }

    /// The header fields the writer gives every file (lowercased); others are the file's own.
    static let writtenHeaderFields: Set<String> = [
        "project-id-version", "po-revision-date", "last-translator", "language-team", "mime-version",
        "content-type", "content-transfer-encoding", "language", "plural-forms",
    ]

    /// `nplurals=N; plural=EXPR;`, checked: N from 1 to 6, an expression that parses and gives
    /// an index below N for every n up to 1000; with those indices (`indices[n]`), which the
    /// reader reads the categories from rather than evaluating the expression 1001 times again.
    static func pluralExpression(_ value: String, line: Int, column: Int, path: String) throws(GettextError)
        -> (expression: GettextExpression, count: Int, indices: [(n: Int, index: Int)])
    {
        func fail(_ message: String) -> GettextError {
            GettextError(
                Diagnostic(file: path, line: line, column: column, message: "Plural-Forms: \(message); write it as \"nplurals=2; plural=(n != 1);\""))
        }
        var count: Int? = nil
        var expressionText: String? = nil
        for part in value.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            switch pair[0].trimmingWhitespace() {
            case "nplurals": count = Int(pair[1].trimmingWhitespace())
            case "plural": expressionText = pair[1].trimmingWhitespace()
            default: break
            }
        }
        guard let count, (1...6).contains(count) else { throw fail("nplurals must be a number from 1 to 6") }
        guard let expressionText, !expressionText.isEmpty else { throw fail("the plural= expression is missing") }
        let expression: GettextExpression
        do {
            expression = try GettextExpression(expressionText)
        } catch {
            throw fail("\(error.message) at character \(error.offset + 1) of \"\(expressionText)\"")
        }
        var indices: [(n: Int, index: Int)] = []
        indices.reserveCapacity(1010)
        // 0 to 1000, then the round numbers CLDR's rules single out: Spanish, French, Italian and
        // Portuguese say "many" of a million (`de archivos`), which no smaller number reaches.
        for n in Array(0...1000) + [10_000, 100_000, 1_000_000, 2_000_000, 10_000_000, 1_000_000_000] {
            let index = expression.evaluate(n)
            if index < 0 || index >= count { throw fail("plural=\(expressionText) gives \(index) for n = \(n), outside 0..<\(count)") }
            indices.append((n, index))
        }
        return (expression, count, indices)
    }

    /// The quoted string at `range` of `bytes` (a line of valid UTF-8), its escapes resolved.
    /// Most strings have no escape: their bytes at once (decoding them costs less than making a
    /// Substring and its indices). Anything else (an escape, an error) is read by the scan of
    /// the Substring below, of a String of the range alone.
    static func unquote(
        _ range: Range<Int>, bytes: UnsafeBufferPointer<UInt8>, line: Int, column: () -> Int, path: String
    ) throws(GettextError) -> String {
        if let plain = plainString(range, bytes) { return String(decoding: bytes[plain], as: UTF8.self) }
        return try unquote(String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)[...], line: line, column: column, path: path)
    }

    /// ``unquote(_:bytes:line:column:path:)`` as the reader keeps it: a plain string as its bytes.
    private static func unquoted(
        _ range: Range<Int>, bytes: UnsafeBufferPointer<UInt8>, line: Int, column: () -> Int, path: String
    ) throws(GettextError) -> Text {
        if let plain = plainString(range, bytes) { return .bytes(plain) }
        return .string(try unquote(range, bytes: bytes, line: line, column: column, path: path))
    }

    /// The offset of the first `byte` or `other` in `bytes[start..<end]`, or `end`: eight bytes at
    /// a time (a byte at a time was most of finding the lines and the strings of a large file).
    /// A word XORed with a byte repeated has a zero byte where that byte was; `(w - 0x01…) & ~w &
    /// 0x80…` marks the zero bytes, wrongly only above a true one, so its lowest mark is the first.
    static func firstOffset(of byte: UInt8, or other: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let first = UInt64(byte) &* ones
        let second = UInt64(other) &* ones
        var offset = start
        if let base = bytes.baseAddress {
            while offset + 8 <= end {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
                let x = word ^ first
                let y = word ^ second
                let marks = ((x &- ones) & ~x | (y &- ones) & ~y) & highs
                if marks != 0 { return offset + marks.trailingZeroBitCount / 8 }
                offset += 8
            }
        }
        while offset < end, bytes[offset] != byte, bytes[offset] != other { offset += 1 }
        return offset
    }

    /// The bytes between the quotes of the string at `range`, when it is one quoted string without
    /// an escape, followed by nothing but spaces and tabs.
    private static func plainString(_ range: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        guard range.count >= 2, bytes[range.lowerBound] == 0x22 else { return nil }
        let end = firstOffset(of: 0x22, or: 0x5C, in: bytes, from: range.lowerBound + 1, to: range.upperBound)
        guard end < range.upperBound, bytes[end] == 0x22 else { return nil }
        var after = end + 1
        while after < range.upperBound, bytes[after] == 0x20 || bytes[after] == 0x09 { after += 1 }
        return after == range.upperBound ? (range.lowerBound + 1)..<end : nil
    }

    /// A quoted string's text, its escapes resolved. Scanned as UTF-8 (every special character
    /// is ASCII); an error's column counts scalars, as before.
    static func unquote(_ text: Substring, line: Int, column: () -> Int, path: String) throws(GettextError) -> String {
        func fail(_ at: String.Index, _ message: String) -> GettextError {
            let offset = text.unicodeScalars.distance(from: text.startIndex, to: at)
            return GettextError(Diagnostic(file: path, line: line, column: column() + offset, message: message))
        }
        let bytes = text.utf8
        guard bytes.first == 0x22 else { throw fail(text.startIndex, "expected a quoted string") }
        // Most strings have no escape: their bytes at once, from contiguous UTF-8. Anything else
        // (an escape, an error) is read by the scan below.
        let plain: String?? = bytes.withContiguousStorageIfAvailable { buffer -> String? in
            var end = 1
            while end < buffer.count, buffer[end] != 0x22 {
                if buffer[end] == 0x5C { return nil }
                end += 1
            }
            guard end < buffer.count, buffer[(end + 1)...].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[1..<end]), as: UTF8.self)
        }
        if let plain, let plain { return plain }
        var result = ""
        var index = bytes.index(after: bytes.startIndex)
        var run = index
        while index != bytes.endIndex {
            let byte = bytes[index]
            if byte == 0x22 {
                result.append(contentsOf: text[run..<index])
                let after = bytes.index(after: index)
                if let extra = bytes[after...].firstIndex(where: { $0 != 0x20 && $0 != 0x09 }) {
                    _ = extra
                    throw fail(after, "text after the closing quote; put one string on a line")
                }
                return result
            }
            if byte == 0x5C {
                let escaped = bytes.index(after: index)
                guard escaped != bytes.endIndex else { break }
                result.append(contentsOf: text[run..<index])
                switch bytes[escaped] {
                case UInt8(ascii: "n"): result += "\n"
                case UInt8(ascii: "t"): result += "\t"
                case UInt8(ascii: "r"): result += "\r"
                case UInt8(ascii: "\""): result += "\""
                case UInt8(ascii: "\\"): result += "\\"
                case UInt8(ascii: "a"): result += "\u{07}"
                case UInt8(ascii: "b"): result += "\u{08}"
                case UInt8(ascii: "f"): result += "\u{0C}"
                case UInt8(ascii: "v"): result += "\u{0B}"
                case UInt8(ascii: "0")...UInt8(ascii: "7"), UInt8(ascii: "x"):
                    // GNU gettext's numeric escapes: up to three octal digits, or `\x` and every hex
                    // digit after it. They name a byte; only ASCII is read (a character beyond it is
                    // written as itself in a UTF-8 file), and NUL, which would end the message in
                    // a .mo file, is refused rather than read as something msgfmt does not.
                    let isHex = bytes[escaped] == UInt8(ascii: "x")
                    var digitsEnd = isHex ? bytes.index(after: escaped) : escaped
                    var value = 0
                    var digits = 0
                    while digitsEnd != bytes.endIndex, isHex || digits < 3 {
                        let byte = bytes[digitsEnd]
                        let digit: Int? =
                            isHex
                            ? (byte >= 0x30 && byte <= 0x39 ? Int(byte) - 0x30 : (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x66 ? Int(byte | 0x20) - 0x57 : nil)
                            : (byte >= 0x30 && byte <= 0x37 ? Int(byte) - 0x30 : nil)
                        guard let digit else { break }
                        value = min(value * (isHex ? 16 : 8) + digit, 0x100)
                        digits += 1
                        digitsEnd = bytes.index(after: digitsEnd)
                    }
                    guard digits > 0 else { throw fail(index, "\\x needs hex digits; write a backslash as \\\\") }
                    guard value != 0 else { throw fail(index, "the escape stands for NUL, which ends the message for msgfmt; remove it") }
                    guard value < 0x80 else { throw fail(index, "the escape stands for a byte above 0x7F; write the character itself (the file is UTF-8)") }
                    result.unicodeScalars.append(Unicode.Scalar(UInt8(value)))
                    index = digitsEnd
                    run = index
                    continue
                default: throw fail(index, "unknown escape \\\(text.unicodeScalars[escaped]); write a backslash as \\\\")
                }
                index = bytes.index(after: escaped)
                run = index
                continue
            }
            index = bytes.index(after: index)
        }
        throw fail(text.startIndex, "the string is not closed with \"")
    }
}
