import AppleLocalization
import Diagnostics
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform
import CLDRPlurals

/// gettext `.po` files read into and written from the neutral model: the key is the `msgid` (and
/// `msgid_plural` is the key unless the file had another, kept as ``TranslationEntry/pluralID``), an
/// i18next context is the `msgctxt`, plural forms are `msgstr[n]` in the language's CLDR order
/// with `Plural-Forms` written to match (see ``GettextPluralForms``), `needs_review` is `fuzzy`.
///
/// The comment is the extracted comments (`#.`). What the model has no field for (translator
/// comments, references, flags, `#|`, the header, obsolete entries, `msgstr` as written) is kept
/// in ``TranslationTable/original`` and written back to `.po` for every message the conversion
/// leaves unchanged; toward other formats it is reported by key.
public struct GettextFormat: TranslationFileFormat {
    public init() {}

    public var name: String { Self.formatName }
    static let formatName = "po"
    public var summary: String { "gettext, <lang>/<table>.po or <lang>.po" }
    public var fileExtensions: [String] { ["po"] }
    public var defaultTableName: String { "translation" }
    public var writesSingleFile: Bool { true }
    public var holdsContexts: Bool { true }
    public var holdsPluralSourceText: Bool { true }
    public var holdsStates: Bool { true }

    public func discover(in directory: String) -> [TranslationSourceFile] {
        let top = DirectoryListing.entries(directory).filter { $0.hasSuffix(".po") }.map {
            TranslationSourceFile(path: directory + "/" + $0, language: DirectoryListing.stem($0), table: defaultTableName, format: name)
        }
        return (top + DirectoryListing.languageFolderFiles(in: directory, extension: ".po", format: name)).sorted { $0.path < $1.path }
    }

    public func languageAndTable(of path: String) -> (language: String?, table: String) {
        DirectoryListing.languageAndTable(of: path, defaultTable: defaultTableName)
    }

    public func read(_ file: TranslationSourceFile, issues: inout [ConversionIssue]) throws(AppleLocalizationError) -> [TranslationTable] {
        let (found, entries, original) = try Self.read(try file.contents(), path: file.path, language: file.language,
                                                       keepingOriginal: file.keepsOriginal, positions: file.recordsPositions, issues: &issues)
        var table = TranslationTable(name: neutralTableName(file.table), languages: [found: entries])
        if let original {
            table.original = OriginalDocument(format: name, document: .object([found: original.json]), entries: table.languages)
        }
        return [table]
    }

    /// The file's errors and the losses toward other formats, but not what only `.po` keeps:
    /// references and flags are what a `.po` is made of, not faults of the file.
    public func lint(_ file: TranslationSourceFile) -> [Diagnostic] {
        var issues: [ConversionIssue] = []
        do throws(AppleLocalizationError) {
            _ = try read(file, issues: &issues)
        } catch {
            return issues.filter { $0.keptBy != name }.map(\.diagnostic) + [error.diagnostic]
        }
        return issues.filter { $0.keptBy != name }.map(\.diagnostic)
    }

    public func write(_ table: TranslationTable, to destination: String, singleFile: Bool, issues: inout [ConversionIssue]) throws(AppleLocalizationError) -> [TranslationConverter.Output] {
        let name = tableName(table.name)
        let languages = table.languageOrder
        // One file per language, each made on its own: side by side, then taken in order (the
        // issues, and the first error, as a writing in turn gives them).
        let written = TranslationConverter.concurrentMap(languages.count) { index -> Result<(TranslationConverter.Output, [ConversionIssue]), AppleLocalizationError> in
            let language = languages[index]
            let relative = singleFile ? nil : language + "/" + name + ".po"
            let path = relative.map { destination + "/" + $0 } ?? destination
            var collected = ConversionIssues(file: path, language: language)
            do throws(AppleLocalizationError) {
                let data = try Self.write(table.languages[language] ?? [], language: language, table: name, path: path,
                                          original: GettextOriginal(table.original, language: language),
                                          unchanged: { table.original?.isUnchanged($0, language: language) == true }, issues: &collected)
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
        return outputs
    }

    // MARK: Writing

    /// The `.po` of `entries`: from `original` (the file they were read from) when there is one
    /// whose `Plural-Forms` can index the plurals, every message `unchanged` accepts as it was
    /// written; else, and for the other messages, from the model.
    static func write(_ entries: [TranslationEntry], language: String, table: String, path: String,
                      original: GettextOriginal? = nil, unchanged: (TranslationEntry) -> Bool = { _ in false },
                      issues: inout ConversionIssues) throws(AppleLocalizationError) -> Data {
        let categories = PluralRules(locale: language, kind: .cardinal).categories
        let hasPlurals = entries.contains { if case .plural = $0.value { true } else { false } }
        if let original, original.pluralCategories != nil || !hasPlurals {
            // The file's own header stays, so its msgstr[n] order is the one to write.
            let indexed = original.pluralCategories ?? categories
            return Data(original.write(entries, unchanged: unchanged, issues: &issues) { entry, issues in
                message(entry, categories: indexed, language: language, issues: &issues)
            }.utf8)
        }
        let forms = GettextPluralForms.forLanguage(language, categories: categories)
        if hasPlurals, forms == nil {
            throw AppleLocalizationError(Diagnostic(file: path, message: "no gettext plural expression is known for \(language) (CLDR categories: \(categories.map(\.rawValue).joined(separator: ", "))); nothing was written. Convert to another format or add the language to GettextPluralForms"))
        }
        // The fields msgfmt --check expects; no date, so that converting again gives the same file.
        var header = "# \(table) (\(language)), written by envtool i18n convert.\nmsgid \"\"\nmsgstr \"\"\n"
        header += "\"Project-Id-Version: \(TextEscaping.quoted(table, for: .gettext))\\n\"\n\"PO-Revision-Date: \\n\"\n\"Last-Translator: \\n\"\n\"Language-Team: \\n\"\n"
        header += "\"MIME-Version: 1.0\\n\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n\"Content-Transfer-Encoding: 8bit\\n\"\n"
        header += "\"Language: \(TextEscaping.quoted(language, for: .gettext))\\n\"\n"
        header += "\"Plural-Forms: \((forms ?? GettextPluralForms(count: 2, expression: "n != 1")).header)\\n\"\n"
        // Written as UTF-8 bytes: appending to a String a piece at a time was most of writing.
        var out = Array(header.utf8)
        out.reserveCapacity(entries.count * 112)
        for entry in entries {
            out.append(0x0A)
            appendMessage(entry, categories: categories, language: language, issues: &issues, into: &out)
        }
        return Data(out)
    }

    /// One message from the model: `#.` comment, `fuzzy`, `msgctxt`, `msgid`, and `msgstr` or
    /// `msgid_plural` with `msgstr[n]` for each of `categories` in order.
    private static func message(_ entry: TranslationEntry, categories: [PluralCategory], language: String,
                                issues: inout ConversionIssues) -> String {
        var out: [UInt8] = []
        appendMessage(entry, categories: categories, language: language, issues: &issues, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// ``message(_:categories:language:issues:)`` appended to `out` as UTF-8.
    private static func appendMessage(_ entry: TranslationEntry, categories: [PluralCategory], language: String,
                                      issues: inout ConversionIssues, into out: inout [UInt8]) {
        if let comment = entry.comment {
            for line in comment.split(separator: "\n", omittingEmptySubsequences: false) {
                out.append(contentsOf: "#. ".utf8)
                out.append(contentsOf: line.utf8)
                out.append(0x0A)
            }
        }
        // gettext's untranslated is an empty msgstr, not a state: `new` with no text is written as
        // it is; `new` with a text (a catalog's suggestion) is the nearest, fuzzy.
        let hasText = entry.expandedForms.values.contains { !$0.pieces.allSatisfy { if case .text(let text) = $0 { text.isEmpty } else { false } } }
        if entry.state == .needsReview || (entry.state == .new && hasText) { out.append(contentsOf: "#, fuzzy\n".utf8) }
        if entry.state == .new, hasText { issues.report(entry.key, "gettext has no \"new\" state for a text; written as fuzzy") }
        func line(_ keyword: String, _ text: String) {
            out.append(contentsOf: keyword.utf8)
            out.append(contentsOf: " \"".utf8)
            if TextEscaping.holdsNUL(text) { issues.report(entry.key, TextEscaping.gettextNULLossReason) }
            TextEscaping.appendQuoted(text, for: .gettext, to: &out)
            out.append(contentsOf: "\"\n".utf8)
        }
        if let context = entry.context { line("msgctxt", context) }
        line("msgid", entry.key)
        switch entry.value {
        case .single(let message):
            line("msgstr", PlaceholderSyntax.renderGettext(message, pluralNumber: nil, key: entry.key, issues: &issues))
        case .plural(_, _, _, let valueType):
            let expanded = entry.expandedForms
            let number = valueType ?? expanded.representative.flatMap(AppleFormatsConversion.numericType)
            line("msgid_plural", entry.pluralID ?? entry.key)
            for category in expanded.keys.sorted(by: { $0.order < $1.order }) where !categories.contains(category) {
                issues.report(entry.key, "the \(category.rawValue) form is not a CLDR category of \(language), so gettext has no msgstr for it; not written")
            }
            for (index, category) in categories.enumerated() {
                let form = expanded[category] ?? expanded[.other] ?? TranslationMessage()
                if expanded[category] == nil { issues.report(entry.key, "no \(category.rawValue) form; msgstr[\(index)] repeats other") }
                line("msgstr[\(index)]", PlaceholderSyntax.renderGettext(form, pluralNumber: number, key: entry.key, issues: &issues))
            }
        }
    }

    // MARK: Reading

    /// One message as it is read, with the line it starts on.
    private struct Raw {
        var line = 0
        /// The 0-based index of its first line (comment or keyword): where its text starts.
        var firstLine: Int?
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
    private enum Text {
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
    private enum Field {
        case context, id, plural
        case string(Int)
    }

    static func read(_ data: Data, path: String, language fallback: String?, keepingOriginal: Bool = true, positions: Bool = false,
                     issues: inout [ConversionIssue]) throws(AppleLocalizationError) -> (language: String, entries: [TranslationEntry], original: GettextOriginal?) {
        guard let text = String(data: data, encoding: .utf8) else {
            throw AppleLocalizationError(Diagnostic(file: path, line: 1, column: 1, message: "the file is not UTF-8; convert it with msgconv --to-code=UTF-8"))
        }
        func fail(_ line: Int, _ column: Int, _ message: String) -> AppleLocalizationError {
            AppleLocalizationError(Diagnostic(file: path, line: line, column: column, message: message))
        }
        var raws: [Raw] = []
        var current = Raw()
        var field: Field? = nil
        func finish() {
            // Moved into the list, not copied and then released with a new message in its place.
            var finished = Raw()
            swap(&finished, &current)
            if finished.id != nil { raws.append(consume finished) }
            field = nil
        }
        /// The String of a text read.
        func string(_ text: Text) -> String {
            switch text {
            case .bytes(let range): String(decoding: bytes[range], as: UTF8.self)
            case .string(let string): string
            }
        }
        func append(_ value: Text) {
            guard let field else { return }
            // Joined as `(text ?? "") + value` joins them; a first string is taken as it is.
            func join(_ text: inout String?) {
                if text == nil || text!.isEmpty { text = string(value) } else { text! += string(value) }
            }
            switch field {
            case .context: join(&current.context)
            case .id: join(&current.id)
            case .plural: join(&current.plural)
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
        // The lines are found and classified as UTF-8 offsets (every character the syntax gives a
        // meaning is ASCII): a Substring for each line, and its indices checked, was a tenth of
        // reading. The lines are those of `splitLines()` (LF, or CR LF, ends one); a String index
        // is made of an offset only for what needs one, in constant time in native UTF-8.
        // Read through a pointer to a copy: an array's bounds checks and its retains at each call
        // were a sixth of scanning the lines. It lives as long as this function (Text.bytes are
        // offsets, and nothing returned points into it).
        let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: text.utf8.count)
        defer { storage.deallocate() }
        _ = storage.initialize(from: text.utf8)
        let bytes = UnsafeBufferPointer(storage)
        let utf8 = text.utf8
        func index(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
        var lineStarts: [Int] = []
        lineStarts.reserveCapacity(bytes.count / 24)
        var lineNumber = 0
        func begin() {
            if current.firstLine == nil { current.firstLine = lineNumber - 1 }
        }
        /// Whether `bytes[range]` is the ASCII `word`.
        func isWord(_ range: Range<Int>, _ word: StaticString) -> Bool {
            guard range.count == word.utf8CodeUnitCount else { return false }
            let units = word.utf8Start
            for offset in 0..<range.count where bytes[range.lowerBound + offset] != units[offset] { return false }
            return true
        }
        var next = 0
        while next <= bytes.count {
            let start = next
            let end = firstOffset(of: 0x0A, or: 0x0A, in: bytes, from: start, to: bytes.count)
            next = end + 1
            lineStarts.append(start)
            lineNumber += 1
            // CR LF ends a line; a CR left at its end (the reader's) is dropped too.
            var lineEnd = end
            if end < bytes.count, lineEnd > start, bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            if lineEnd > start, bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            var first = start
            while first < lineEnd, bytes[first] == 0x20 || bytes[first] == 0x09 { first += 1 }
            if first == lineEnd { if current.id != nil, !current.strings.isEmpty { finish() }; continue }
            // An obsolete entry is a message behind `#~`: its lines are read as a message's to
            // tell where it ends and which msgid it had, and it is kept as text, never converted.
            let obsoleteLine = lineEnd - first >= 2 && bytes[first] == UInt8(ascii: "#") && bytes[first + 1] == UInt8(ascii: "~")
            if obsoleteLine {
                if current.id != nil, !current.obsolete { finish() }
                current.obsolete = true
                begin()
                // By Characters, as a comment (a mark may join the `~` or the space).
                let body = text[index(first)..<index(lineEnd)].dropFirst(2)
                let rest = body.drop { $0 == " " || $0 == "\t" }
                if body.hasPrefix("|") || rest.isEmpty { continue }
                first = utf8.distance(from: utf8.startIndex, to: rest.startIndex)
            } else if bytes[first] == UInt8(ascii: "#") {
                if current.id != nil, !current.strings.isEmpty || current.obsolete { finish() }
                current.obsolete = false
                begin()
                let trimmed = text[index(first)..<index(lineEnd)]
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
                } else {
                    current.translatorComments = true
                }
                continue
            }
            // The column (in Characters) only for a message: counting it for every line was slow.
            let (lineStart, content) = (start, first)
            func column() -> Int { text[index(lineStart)..<index(lineEnd)].count - text[index(content)..<index(lineEnd)].count + 1 }
            if bytes[first] == UInt8(ascii: "\"") {
                guard field != nil else { throw fail(lineNumber, column(), "a string continues nothing; it must follow msgid, msgstr or another keyword") }
                append(try unquoted(first..<lineEnd, of: text, bytes: bytes, line: lineNumber, column: column, path: path))
                continue
            }
            var space = first
            while space < lineEnd, bytes[space] != 0x20, bytes[space] != 0x09 { space += 1 }
            guard space < lineEnd else {
                throw fail(lineNumber, column(), "expected a keyword and a quoted string, such as msgid \"key\"")
            }
            // A live message after an obsolete one (or the reverse) is another message.
            if current.obsolete != obsoleteLine, current.id != nil { finish() }
            var valueStart = space
            while valueStart < lineEnd, bytes[valueStart] == 0x20 || bytes[valueStart] == 0x09 { valueStart += 1 }
            let keywordEnd = space
            let value = try unquoted(valueStart..<lineEnd, of: text, bytes: bytes, line: lineNumber,
                                    column: {
                                        // As the trimmed line counts up to the space: a mark that joins it (a prepended
                                        // one before it) does not count it in.
                                        let trimmed = text[index(content)..<index(lineEnd)]
                                        return column() + trimmed.distance(from: trimmed.startIndex, to: index(keywordEnd)) + 1
                                    }, path: path)
            let keywordBytes = first..<space
            if isWord(keywordBytes, "msgctxt") {
                if current.id != nil { finish() }
                current.obsolete = obsoleteLine
                begin()
                current.line = lineNumber
                field = .context
            } else if isWord(keywordBytes, "msgid") {
                if current.id != nil { finish() }
                current.obsolete = obsoleteLine
                begin()
                if current.line == 0 { current.line = lineNumber }
                field = .id
                current.id = ""
            } else if isWord(keywordBytes, "msgid_plural") {
                guard current.id != nil else { throw fail(lineNumber, column(), "msgid_plural without a msgid before it") }
                field = .plural
                current.plural = ""
            } else if isWord(keywordBytes, "msgstr") {
                guard current.id != nil else { throw fail(lineNumber, column(), "msgstr without a msgid before it") }
                field = .string(0)
            } else {
                let keyword = String(text[index(first)..<index(space)])
                guard keyword.hasPrefix("msgstr["), keyword.hasSuffix("]"), let index = Int(keyword.dropFirst(7).dropLast()), (0..<16).contains(index) else {
                    throw fail(lineNumber, column(), "unknown keyword \"\(keyword)\"; expected msgctxt, msgid, msgid_plural, msgstr or msgstr[n]")
                }
                guard current.plural != nil else { throw fail(lineNumber, column(), "\(keyword) without msgid_plural; a singular message has one msgstr") }
                field = .string(index)
            }
            append(value)
        }
        finish()

        // The header: language and plural forms.
        var language = fallback
        var expression: GettextExpression? = nil
        var pluralCount = 0
        var pluralIndices: [(n: Int, index: Int)] = []
        /// Where the header field `name` (lowercased, with its colon) is written in the file;
        /// header keys match in any case, as the switch below reads them.
        func headerField(_ name: String, _ headerLine: Int) -> (line: Int, column: Int) {
            // Only on the way to an error or to the few header lines: the lines of `splitLines()`,
            // from the offsets where they start.
            for number in lineStarts.indices {
                var end = number + 1 < lineStarts.count ? lineStarts[number + 1] - 1 : bytes.count
                if number + 1 < lineStarts.count, end > lineStarts[number], bytes[end - 1] == 0x0D { end -= 1 }
                let lower = text[index(lineStarts[number])..<index(end)].lowercased()
                if let range = lower.firstRange(of: name) {
                    return (number + 1, lower.distance(from: lower.startIndex, to: range.lowerBound) + 1)
                }
            }
            return (headerLine, 1)
        }
        let headerIndex = raws.firstIndex { $0.id == "" && $0.context == nil && !$0.obsolete }
        var otherHeaderFields: [String] = []
        if let headerIndex {
            let header = raws[headerIndex]
            for headerLine in header.string(0).map(string)?.splitLines() ?? [] where !headerLine.isEmpty {
                let parts = headerLine.split(separator: ":", maxSplits: 1)
                guard parts.count == 2 else { continue }
                let value = parts[1].trimmingWhitespace()
                switch parts[0].trimmingWhitespace().lowercased() {
                case "language" where !value.isEmpty:
                    // The language names the output folder of this file: only a tag may.
                    guard TranslationConverter.isLanguageTag(value) else {
                        let at = headerField("language:", header.line)
                        throw fail(at.line, at.column, "Language: \(TranslationConverter.notALanguageTag(value))")
                    }
                    language = value.replacing("_", with: "-")
                case "plural-forms":
                    // The error points at the header line that holds the field, not at msgid "".
                    let at = headerField("plural-forms:", header.line)
                    (expression, pluralCount, pluralIndices) = try pluralExpression(value, line: at.line, column: at.column, path: path)
                case let name where !Self.writtenHeaderFields.contains(name):
                    otherHeaderFields.append(String(parts[0].trimmingWhitespace()))
                default: break
                }
            }
        }
        guard let language else {
            throw fail(1, 1, "the file names no language; add \"Language: xx\\n\" to the header or pass --language")
        }
        let rules = PluralRules(locale: language, kind: .cardinal)
        var categoryOf: [Int: PluralCategory] = [:]
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
        func keptOnlyInPO(_ key: String, _ reason: String) {
            issues.append(ConversionIssue(file: path, language: language, key: key, reason: reason + " kept only in .po", keptBy: formatName))
        }
        if !otherHeaderFields.isEmpty { keptOnlyInPO("", "the header's \(otherHeaderFields.joined(separator: ", ")) are") }
        var entries: [TranslationEntry] = []
        entries.reserveCapacity(raws.count)
        /// The message of a text read: from the file's bytes when it is one plain string.
        func parse(_ text: Text) -> TranslationMessage {
            switch text {
            case .bytes(let range): PlaceholderSyntax.parseGettext(UnsafeBufferPointer(rebasing: bytes[range]))
            case .string(let string): PlaceholderSyntax.parseGettext(string)
            }
        }
        // The category of each msgstr index (0 to 15), looked up by position for every plural.
        let categoryAt = (0..<16).map { categoryOf[$0] }
        // msgfmt refuses both of these; choosing one of the texts silently would ship the other
        // translator's work nowhere.
        struct MessageID: Hashable { var context: String?; var key: String }
        var firstLine: [MessageID: Int] = [:]
        firstLine.reserveCapacity(raws.count)
        for raw in raws where !raw.obsolete && !(raw.id == "" && raw.context == nil) {
            let key = raw.id ?? ""
            // One hash for the look-up and the insertion: a duplicate is an error, so the line that
            // replaces the first one's is never read.
            if let first = firstLine.updateValue(raw.line, forKey: MessageID(context: raw.context, key: key)) {
                throw fail(raw.line, 1, "duplicate message definition of \(Diagnostic.quoted(key))\(raw.context.map { " in context " + Diagnostic.quoted($0) } ?? ""); the first is at line \(first). Keep one (msgfmt refuses the file too)")
            }
            if raw.plural != nil, expression != nil, let index = raw.strings.lazy.map(\.index).filter({ $0 >= pluralCount }).min() {
                throw fail(raw.line, 1, "msgstr[\(index)] is beyond the Plural-Forms header's nplurals=\(pluralCount) (forms 0 to \(pluralCount - 1)); remove it or correct the header")
            }
            if raw.translatorComments { keptOnlyInPO(key, "translator comments (# …) are") }
            if raw.references { keptOnlyInPO(key, "references (#: …) are") }
            if !raw.flags.isEmpty { keptOnlyInPO(key, "the flags \(raw.flags.joined(separator: ", ")) are") }
            if raw.previous { keptOnlyInPO(key, "the previous msgid (#| …) is") }
            let comment = raw.comment.isEmpty ? nil : raw.comment.joined(separator: "\n")
            let translated = raw.strings.contains { !$0.text.isEmpty }
            let state: TranslationEntry.State = raw.fuzzy ? .needsReview : translated ? .translated : .new
            if raw.plural != nil {
                guard expression != nil else {
                    throw fail(raw.line, 1, "msgid_plural needs a Plural-Forms header (\"Plural-Forms: nplurals=N; plural=EXPR;\\n\")")
                }
                var forms: [PluralCategory: TranslationMessage] = [:]
                forms.reserveCapacity(raw.strings.count + 1)
                // In index order: as written, nearly always, without sorting a copy.
                let inOrder = zip(raw.strings, raw.strings.dropFirst()).allSatisfy { $0.index < $1.index }
                for (index, string) in inOrder ? raw.strings : raw.strings.sorted(by: { $0.index < $1.index }) {
                    let category = categoryAt[index] ?? (forms[.other] == nil ? .other : nil)
                    guard let category else {
                        issues.append(ConversionIssue(file: path, language: language, key: key, reason: "msgstr[\(index)] is never chosen by the Plural-Forms expression; not converted"))
                        continue
                    }
                    if forms[category] == nil { forms[category] = parse(string) }
                }
                if forms[.other] == nil, let last = rules.categories.reversed().first(where: { forms[$0] != nil }) { forms[.other] = forms[last] }
                forms[.other] = forms[.other] ?? TranslationMessage()
                entries.append(TranslationEntry(key: key, context: raw.context, comment: comment,
                                                value: .plural(forms, variable: nil, frame: nil, valueType: nil), state: state,
                                                pluralID: raw.plural == key ? nil : raw.plural))
            } else {
                entries.append(TranslationEntry(key: key, context: raw.context, comment: comment,
                                                value: .single(raw.string(0).map(parse) ?? PlaceholderSyntax.parseGettext("")), state: state))
            }
            if positions { entries[entries.count - 1].location = SourceLocation(file: path, line: raw.line, column: 1) }
        }
        for raw in raws where raw.obsolete { keptOnlyInPO(raw.id ?? "", "an obsolete entry (#~) is not converted; it is") }
        var pluralCategories: [PluralCategory]? = nil
        if expression != nil {
            let indexed = (0..<pluralCount).compactMap { categoryOf[$0] }
            if indexed.count == pluralCount { pluralCategories = indexed }
        }
        guard keepingOriginal else { return (language, entries, nil) }
        // Each message's text runs from its first line to the next message's; what comes before
        // the first belongs to it.
        let starts = raws.indices.map { $0 == 0 ? text.startIndex : index(lineStarts[raws[$0].firstLine ?? 0]) }
        let chunks = raws.indices.map { index in
            let raw = raws[index]
            let kind: GettextOriginal.Chunk.Kind = index == headerIndex ? .header : raw.obsolete ? .obsolete
                : .message(key: raw.id ?? "", context: raw.context,
                           extras: raw.translatorComments || raw.references || raw.previous || !raw.flags.isEmpty)
            return GettextOriginal.Chunk(kind: kind, text: String(text[starts[index]..<(index + 1 < starts.count ? starts[index + 1] : text.endIndex)]))
        }
        return (language, entries, GettextOriginal(chunks: chunks, pluralCategories: pluralCategories))
    }

    /// The header fields the writer gives every file (lowercased); others are the file's own.
    static let writtenHeaderFields: Set<String> = [
        "project-id-version", "po-revision-date", "last-translator", "language-team", "mime-version",
        "content-type", "content-transfer-encoding", "language", "plural-forms",
    ]

    /// `nplurals=N; plural=EXPR;`, checked: N from 1 to 6, an expression that parses and gives
    /// an index below N for every n up to 1000; with those indices (`indices[n]`), which the
    /// reader reads the categories from rather than evaluating the expression 1001 times again.
    static func pluralExpression(_ value: String, line: Int, column: Int, path: String) throws(AppleLocalizationError)
        -> (expression: GettextExpression, count: Int, indices: [(n: Int, index: Int)]) {
        func fail(_ message: String) -> AppleLocalizationError {
            AppleLocalizationError(Diagnostic(file: path, line: line, column: column, message: "Plural-Forms: \(message); write it as \"nplurals=2; plural=(n != 1);\""))
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

    /// The quoted string at `range` of `text`'s UTF-8 (`bytes`), its escapes resolved. Most
    /// strings have no escape: their bytes at once (decoding them costs less than making a
    /// Substring of the text and its indices). Anything else (an escape, an error) is read by the
    /// scan of the Substring below.
    static func unquote(_ range: Range<Int>, of text: String, bytes: UnsafeBufferPointer<UInt8>, line: Int, column: () -> Int,
                                path: String) throws(AppleLocalizationError) -> String {
        if let plain = plainString(range, bytes) { return String(decoding: bytes[plain], as: UTF8.self) }
        let utf8 = text.utf8
        return try unquote(text[utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)],
                           line: line, column: column, path: path)
    }

    /// ``unquote(_:of:bytes:line:column:path:)`` as the reader keeps it: a plain string as its bytes.
    private static func unquoted(_ range: Range<Int>, of text: String, bytes: UnsafeBufferPointer<UInt8>, line: Int, column: () -> Int,
                                 path: String) throws(AppleLocalizationError) -> Text {
        if let plain = plainString(range, bytes) { return .bytes(plain) }
        return .string(try unquote(range, of: text, bytes: bytes, line: line, column: column, path: path))
    }

    /// The offset of the first `byte` or `other` in `bytes[start..<end]`, or `end`: eight bytes at
    /// a time (a byte at a time was most of finding the lines and the strings of a large file).
    /// A word XORed with a byte repeated has a zero byte where that byte was; `(w - 0x01…) & ~w &
    /// 0x80…` marks the zero bytes, wrongly only above a true one, so its lowest mark is the first.
    static func firstOffset(of byte: UInt8, or other: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let first = UInt64(byte) &* ones, second = UInt64(other) &* ones
        var offset = start
        if let base = bytes.baseAddress {
            while offset + 8 <= end {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
                let x = word ^ first, y = word ^ second
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
    static func unquote(_ text: Substring, line: Int, column: () -> Int, path: String) throws(AppleLocalizationError) -> String {
        func fail(_ at: String.Index, _ message: String) -> AppleLocalizationError {
            let offset = text.unicodeScalars.distance(from: text.startIndex, to: at)
            return AppleLocalizationError(Diagnostic(file: path, line: line, column: column() + offset, message: message))
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
                        let digit: Int? = isHex ? (byte >= 0x30 && byte <= 0x39 ? Int(byte) - 0x30 : (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x66 ? Int(byte | 0x20) - 0x57 : nil)
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
