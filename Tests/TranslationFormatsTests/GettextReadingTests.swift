import AppleLocalization
import CLDRPlurals
import Diagnostics
import Platform
import Testing

@testable import TranslationFormats

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The `.po` reader scans its lines as UTF-8 offsets and reads a plain string without a
/// Substring scan; these tests hold it to the reader it replaced (kept here, line by line, as
/// the oracle) on generated files made of what could tell them apart: escapes, plurals,
/// `msgctxt`, obsolete entries, comments and flags, non-ASCII text (combining marks after the
/// syntax's ASCII, a prepended mark before a space), CR LF and lone CR, errors of every kind.
@Suite("the .po reader reads as the Substring reader did")
struct GettextReadingTests {
    /// The reader as it was: a Substring per line, a dictionary of msgstr per message.
    enum Oracle {
        struct Raw {
            var line = 0
            var firstLine: Int?
            var comment: [String] = []
            var fuzzy = false
            var flags: [String] = []
            var translatorComments = false
            var references = false
            var previous = false
            var obsolete = false
            var context: String?
            var id: String?
            var plural: String?
            var strings: [Int: String] = [:]
        }

        static func read(
            _ data: Data, path: String, language fallback: String?, keepingOriginal: Bool = true,
            issues: inout [ConversionIssue]
        ) throws(GettextError) -> (language: String, entries: [TranslationEntry], original: GettextOriginal?) {
            guard let text = String(data: data, encoding: .utf8) else {
                throw GettextError(
                    Diagnostic(file: path, line: 1, column: 1, message: "the file is not UTF-8; convert it with msgconv --to-code=UTF-8"))
            }
            func fail(_ line: Int, _ column: Int, _ message: String) -> GettextError {
                GettextError(Diagnostic(file: path, line: line, column: column, message: message))
            }
            var raws: [Raw] = []
            var current = Raw()
            var field: (name: String, index: Int?)? = nil
            func finish() {
                if current.id != nil { raws.append(current) }
                current = Raw()
                field = nil
            }
            func append(_ value: String) {
                guard let field else { return }
                switch field.name {
                case "msgctxt": current.context = (current.context ?? "") + value
                case "msgid": current.id = (current.id ?? "") + value
                case "msgid_plural": current.plural = (current.plural ?? "") + value
                default: current.strings[field.index ?? 0, default: ""] += value
                }
            }
            var lineNumber = 0
            let lines = text.splitLines()
            func begin() {
                if current.firstLine == nil { current.firstLine = lineNumber - 1 }
            }
            for rawLine in lines {
                lineNumber += 1
                // Classified by bytes: every character the syntax gives a meaning is ASCII.
                var line = Substring(rawLine)
                if line.utf8.last == 0x0D { line = line.dropLast() }
                var trimmed = line[(line.utf8.firstIndex { $0 != 0x20 && $0 != 0x09 } ?? line.endIndex)...]
                if trimmed.isEmpty { if current.id != nil, !current.strings.isEmpty { finish() }; continue }
                // An obsolete entry is a message behind `#~`: its lines are read as a message's to
                // tell where it ends and which msgid it had, and it is kept as text, never converted.
                let obsoleteLine = trimmed.utf8.starts(with: "#~".utf8)
                if obsoleteLine {
                    if current.id != nil, !current.obsolete { finish() }
                    current.obsolete = true
                    begin()
                    let body = trimmed.dropFirst(2)
                    trimmed = body.drop { $0 == " " || $0 == "\t" }
                    if body.hasPrefix("|") || trimmed.isEmpty { continue }
                } else if trimmed.utf8.first == UInt8(ascii: "#") {
                    if current.id != nil, !current.strings.isEmpty || current.obsolete { finish() }
                    current.obsolete = false
                    begin()
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
                    continue
                }
                // The column (in Characters) only for a message: counting it for every line was slow.
                let wholeLine = line
                let content = trimmed
                func column() -> Int { wholeLine.count - content.count + 1 }
                if trimmed.utf8.first == UInt8(ascii: "\"") {
                    guard field != nil else { throw fail(lineNumber, column(), "a string continues nothing; it must follow msgid, msgstr or another keyword") }
                    append(try GettextFormat.unquote(trimmed, line: lineNumber, column: column, path: path))
                    continue
                }
                guard let space = trimmed.utf8.firstIndex(where: { $0 == 0x20 || $0 == 0x09 }) else {
                    throw fail(lineNumber, column(), "expected a keyword and a quoted string, such as msgid \"key\"")
                }
                let keyword = String(trimmed[..<space])
                // A live message after an obsolete one (or the reverse) is another message.
                if current.obsolete != obsoleteLine, current.id != nil { finish() }
                let value = try GettextFormat.unquote(
                    trimmed[(trimmed.utf8[space...].firstIndex { $0 != 0x20 && $0 != 0x09 } ?? trimmed.endIndex)...], line: lineNumber,
                    column: { column() + content.distance(from: content.startIndex, to: space) + 1 }, path: path)
                switch keyword {
                case "msgctxt":
                    if current.id != nil { finish() }
                    current.obsolete = obsoleteLine
                    begin()
                    current.line = lineNumber
                    field = ("msgctxt", nil)
                case "msgid":
                    if current.id != nil { finish() }
                    current.obsolete = obsoleteLine
                    begin()
                    if current.line == 0 { current.line = lineNumber }
                    field = ("msgid", nil)
                    current.id = ""
                case "msgid_plural":
                    guard current.id != nil else { throw fail(lineNumber, column(), "msgid_plural without a msgid before it") }
                    field = ("msgid_plural", nil)
                    current.plural = ""
                case "msgstr":
                    guard current.id != nil else { throw fail(lineNumber, column(), "msgstr without a msgid before it") }
                    field = ("msgstr", 0)
                default:
                    guard keyword.hasPrefix("msgstr["), keyword.hasSuffix("]"), let index = Int(keyword.dropFirst(7).dropLast()), (0..<16).contains(index)
                    else {
                        throw fail(lineNumber, column(), "unknown keyword \"\(keyword)\"; expected msgctxt, msgid, msgid_plural, msgstr or msgstr[n]")
                    }
                    guard current.plural != nil else { throw fail(lineNumber, column(), "\(keyword) without msgid_plural; a singular message has one msgstr") }
                    field = ("msgstr", index)
                }
                append(value)
            }
            finish()

            // The header: language and plural forms.
            var language = fallback
            var expression: GettextExpression? = nil
            var pluralCount = 0
            /// Where the header field `name` (lowercased, with its colon) is written in the file;
            /// header keys match in any case, as the switch below reads them.
            func headerField(_ name: String, _ headerLine: Int) -> (line: Int, column: Int) {
                // Only on the way to an error or to the few header lines: `lines` holds them already.
                for (number, fileLine) in lines.enumerated() {
                    let lower = fileLine.lowercased()
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
                for headerLine in (header.strings[0] ?? "").splitLines() where !headerLine.isEmpty {
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
                        (expression, pluralCount, _) = try GettextFormat.pluralExpression(value, line: at.line, column: at.column, path: path)
                    case let name where !GettextFormat.writtenHeaderFields.contains(name):
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
            if let expression {
                for n in 0...1000 {
                    let index = expression.evaluate(n)
                    if categoryOf[index] == nil { categoryOf[index] = rules.category(for: Double(n)) }
                }
            }
            func keptOnlyInPO(_ key: String, _ reason: String, kind: String? = nil) {
                issues.append(
                    ConversionIssue(
                        file: path, language: language, key: key, reason: reason + " kept only in .po", kind: kind.map { $0 + " kept only in .po" },
                        keptBy: GettextFormat.formatName))
            }
            let commented = headerIndex.map { raws[$0].translatorComments } ?? false
            let kept = (commented ? ["comments (# …)"] : []) + (otherHeaderFields.isEmpty ? [] : [otherHeaderFields.joined(separator: ", ")])
            if !kept.isEmpty { keptOnlyInPO("", "the header's \(kept.joined(separator: " and ")) are") }
            var entries: [TranslationEntry] = []
            // msgfmt refuses both of these; choosing one of the texts silently would ship the other
            // translator's work nowhere.
            struct MessageID: Hashable { var context: String?; var key: String }
            var firstLine: [MessageID: Int] = [:]
            firstLine.reserveCapacity(raws.count)
            for raw in raws where !raw.obsolete && !(raw.id == "" && raw.context == nil) {
                let key = raw.id ?? ""
                if let first = firstLine[MessageID(context: raw.context, key: key)] {
                    throw fail(
                        raw.line, 1,
                        "duplicate message definition of \(Diagnostic.quoted(key))\(raw.context.map { " in context " + Diagnostic.quoted($0) } ?? ""); the first is at line \(first). Keep one (msgfmt refuses the file too)"
                    )
                }
                firstLine[MessageID(context: raw.context, key: key)] = raw.line
                if raw.plural != nil, expression != nil, let index = raw.strings.keys.filter({ $0 >= pluralCount }).min() {
                    throw fail(
                        raw.line, 1,
                        "msgstr[\(index)] is beyond the Plural-Forms header's nplurals=\(pluralCount) (forms 0 to \(pluralCount - 1)); remove it or correct the header"
                    )
                }
                if raw.translatorComments { keptOnlyInPO(key, "translator comments (# …) are") }
                if raw.references { keptOnlyInPO(key, "references (#: …) are") }
                if !raw.flags.isEmpty { keptOnlyInPO(key, "the flags \(raw.flags.joined(separator: ", ")) are", kind: "flags (#, …) are") }
                if raw.previous { keptOnlyInPO(key, "the previous msgid (#| …) is") }
                let comment = raw.comment.isEmpty ? nil : raw.comment.joined(separator: "\n")
                let translated = raw.strings.values.contains { !$0.isEmpty }
                let state: TranslationEntry.State = raw.fuzzy ? .needsReview : translated ? .translated : .new
                if raw.plural != nil {
                    guard expression != nil else {
                        throw fail(raw.line, 1, "msgid_plural needs a Plural-Forms header (\"Plural-Forms: nplurals=N; plural=EXPR;\\n\")")
                    }
                    var forms: [PluralCategory: TranslationMessage] = [:]
                    for (index, string) in raw.strings.sorted(by: { $0.key < $1.key }) {
                        let category = categoryOf[index] ?? (forms[.other] == nil ? .other : nil)
                        guard let category else {
                            issues.append(
                                ConversionIssue(
                                    file: path, language: language, key: key,
                                    reason: "msgstr[\(index)] is never chosen by the Plural-Forms expression; not converted",
                                    kind: "a msgstr[n] is never chosen by the Plural-Forms expression; not converted"))
                            continue
                        }
                        if forms[category] == nil { forms[category] = PlaceholderSyntax.parseGettext(string) }
                    }
                    if forms[.other] == nil, let last = rules.categories.reversed().first(where: { forms[$0] != nil }) { forms[.other] = forms[last] }
                    forms[.other] = forms[.other] ?? TranslationMessage()
                    entries.append(
                        TranslationEntry(
                            key: key, context: raw.context, comment: comment,
                            value: .plural(forms, variable: nil, frame: nil, valueType: nil), state: state,
                            pluralID: raw.plural == key ? nil : raw.plural))
                } else {
                    entries.append(
                        TranslationEntry(
                            key: key, context: raw.context, comment: comment,
                            value: .single(PlaceholderSyntax.parseGettext(raw.strings[0] ?? "")), state: state))
                }
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
            let starts = raws.indices.map { $0 == 0 ? text.startIndex : lines[raws[$0].firstLine ?? 0].startIndex }
            let chunks = raws.indices.map { index in
                let raw = raws[index]
                let kind: GettextOriginal.Chunk.Kind =
                    index == headerIndex
                    ? .header
                    : raw.obsolete
                        ? .obsolete
                        : .message(
                            key: raw.id ?? "", context: raw.context,
                            extras: raw.translatorComments || raw.references || raw.previous || !raw.flags.isEmpty)
                let end = index + 1 < starts.count ? starts[index + 1] : text.endIndex
                let offsets = text.utf8.distance(from: text.startIndex, to: starts[index])..<text.utf8.distance(from: text.startIndex, to: end)
                return GettextOriginal.Chunk(kind: kind, range: offsets)
            }
            return (language, entries, GettextOriginal(bytes: Data(text.utf8), chunks: chunks, pluralCategories: pluralCategories))
        }

    }

    /// One reading, or its error, with the issues found on the way (a lint reports both).
    struct Reading: Equatable {
        var language: String?
        var entries: [TranslationEntry] = []
        var original: GettextOriginal?
        var error: String?
        var issues: [ConversionIssue]
    }

    static func reading(_ text: String, keepingOriginal: Bool, oracle: Bool) -> Reading {
        var issues: [ConversionIssue] = []
        let data = Data(text.utf8)
        do throws(GettextError) {
            let read =
                oracle
                ? try Oracle.read(data, path: "t.po", language: "fr", keepingOriginal: keepingOriginal, issues: &issues)
                : try GettextFormat.read(data, path: "t.po", language: "fr", keepingOriginal: keepingOriginal, issues: &issues)
            return Reading(language: read.language, entries: read.entries, original: read.original, issues: issues)
        } catch {
            return Reading(error: error.diagnostic.description, issues: issues)
        }
    }

    /// Deterministic files from lines (and pieces of lines) that matter to the syntax.
    static func files(count: Int, seed: UInt64) -> [String] {
        let headers = [
            "msgid \"\"\nmsgstr \"\"\n\"Language: ru\\n\"\n\"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n\"\n",
            "msgid \"\"\nmsgstr \"\"\n\"Language: de\\n\"\n\"Plural-Forms: nplurals=2; plural=n != 1;\\n\"\n\"X-Generator: test\\n\"\n",
            "msgid \"\"\r\nmsgstr \"Language: ja\\n\"\r\n\"plural-forms: nplurals=1; plural=0;\\n\"\r\n",
            "msgid \"\"\nmsgstr \"Plural-Forms: nplurals=2; plural=n>1;\\n\"\n",
            "msgid \"\"\nmsgstr \"Language: no tag!\\n\"\n",
            "msgid \"\"\nmsgstr \"Plural-Forms: nplurals=9; plural=n;\\n\"\n",
            "",
        ]
        let pieces = [
            "msgid \"a\"", "msgid \"b.c\"", "msgid \"é\u{301}\"", "msgid \"k\"", "msgid \"\"", "msgid \"%(count)d x\"",
            "msgid_plural \"as\"", "msgid_plural \"a\"", "msgctxt \"ctx\"", "msgctxt \"\"",
            "msgstr \"t\"", "msgstr \"\"", "msgstr \"%(name)s and %s, 100%\"", "msgstr \"q\\\"\\\\\\n\\t\\a\"", "msgstr \"bad \\q\"",
            "msgstr \"open", "msgstr \"x\" tail", "msgstr \"x\"  \t", "msgstr\t\"tab\"", "msgstr  \"two spaces\"",
            "msgstr[0] \"one\"", "msgstr[1] \"few\"", "msgstr[2] \"many\"", "msgstr[3] \"beyond\"", "msgstr[+1] \"plus\"",
            "msgstr[16] \"x\"", "msgstr[x] \"x\"", "msgstr[1]\u{301} \"x\"", "msgstr[ \"x\"",
            "\"continued\"", "\"é\u{301}😀\"", "\"\\\"\"", "  \"indented\"", "\t\"tab\"",
            "#. comment", "#.no space", "#.\u{301} mark", "#, fuzzy", "#, c-format, fuzzy", "#,\u{301} fuzzy", "#: ref.c:1", "#| msgid \"old\"",
            "# translator", "#", "#~ msgid \"gone\"", "#~ msgstr \"was\"", "#~| msgid \"older\"", "#~", "#~\u{301} msgid \"m\"", "#~ \"cont\"",
            "", "", "  ", "\t", "msgid", "msgid\u{600} \"p\"", "unknown \"x\"", "msgid\"nospace\"", "\u{301}msgid \"m\"",
            " msgid \"lead\"", "msgid \"a\"\r", "msgstr \"cr\"\r\r",
        ]
        let ends = ["\n", "\n", "\n", "\r\n", "\r", "\n\n"]
        var state = seed
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: state >> 33)
        }
        return (0..<count).map { _ in
            var text = headers[next() % headers.count] + (next() % 2 == 0 ? "\n" : "")
            for _ in 0..<(next() % 24) { text += pieces[next() % pieces.count] + ends[next() % ends.count] }
            return text
        }
    }

    @Test("generated files read alike: entries, originals, issues and errors", arguments: [false, true])
    func generated(keepingOriginal: Bool) {
        let fixed = [
            "msgid \"a\"\nmsgstr \"b\"", "msgid \"a\"\r\nmsgstr \"b\"\r\n", "", "\n", "\r\n\r\n",
            "msgid \"\"\nmsgstr \"Language: pl\\nPlural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n\"\n\nmsgid \"f\"\nmsgid_plural \"fs\"\nmsgstr[2] \"m\"\nmsgstr[0] \"o\"\nmsgstr[0] \" again\"\n",
            "#~ msgid \"o\"\n#~ msgstr \"p\"\nmsgid \"live\"\nmsgstr \"l\"\n",
            "msgid \"a\"\nmsgstr \"x\"\n\nmsgid \"a\"\nmsgstr \"y\"\n",
        ]
        for text in fixed + Self.files(count: 4_000, seed: 23) {
            let found = Self.reading(text, keepingOriginal: keepingOriginal, oracle: false)
            let expected = Self.reading(text, keepingOriginal: keepingOriginal, oracle: true)
            #expect(found == expected, "\(text.debugDescription)")
        }
    }

    @Test("the word-at-a-time search finds the first of two bytes as a byte-by-byte search does")
    func firstOffset() {
        var state: UInt64 = 31
        for _ in 0..<3_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let count = Int(state >> 58)
            let bytes: [UInt8] = (0..<count).map { index in
                let pick = Int(truncatingIfNeeded: (state >> 8) &+ UInt64(index) &* 2654435761) % 9
                return [0x0A, 0x22, 0x5C, 0x00, 0x80, 0xFF, 0x21, 0x0B, 0x61][pick]
            }
            bytes.withUnsafeBufferPointer { buffer in
                for start in 0...count {
                    for (byte, other) in [(UInt8(0x0A), UInt8(0x0A)), (0x22, 0x5C), (0x00, 0xFF), (0x80, 0x0B)] {
                        let expected = buffer[start...].firstIndex { $0 == byte || $0 == other } ?? count
                        #expect(GettextFormat.firstOffset(of: byte, or: other, in: buffer, from: start, to: count) == expected)
                    }
                }
            }
        }
    }

    @Test("a plain string is read as the scan of its Substring reads it")
    func plainStrings() throws {
        let strings = [
            "\"\"", "\"a\"", "\"a\" ", "\"a\"\t ", "\"a\" b", "\"a", "\"", "\"é\u{301}\"", "\"\u{301}\"", "\"a\\\"\"",
            "\"a\\nb\"", "\"😀\"x", "\"x\"\u{301}", "x\"", "\"a\\\"",
        ]
        for string in strings {
            let text = "msgid " + string
            let bytes = Array(text.utf8)
            func column() -> Int { 7 }
            let general = Result { () throws(GettextError) in
                try GettextFormat.unquote(text[text.utf8.index(text.startIndex, offsetBy: 6)...], line: 1, column: column, path: "t.po")
            }
            let byOffsets = Result { () throws(GettextError) in
                try bytes.withUnsafeBufferPointer { buffer throws(GettextError) in
                    try GettextFormat.unquote(6..<bytes.count, bytes: buffer, line: 1, column: column, path: "t.po")
                }
            }
            switch (general, byOffsets) {
            case (.success(let lhs), .success(let rhs)): #expect(lhs == rhs, "\(string.debugDescription)")
            case (.failure(let lhs), .failure(let rhs)): #expect(lhs.diagnostic == rhs.diagnostic, "\(string.debugDescription)")
            default: Issue.record("\(string.debugDescription): \(general) against \(byOffsets)")
            }
        }
    }
}
