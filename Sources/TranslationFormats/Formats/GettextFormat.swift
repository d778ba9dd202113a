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
public struct GettextFormat: TranslationFileFormat {
    public init() {}

    public var name: String { "po" }
    public var summary: String { "gettext, <lang>/<table>.po or <lang>.po" }
    public var fileExtensions: [String] { ["po"] }
    public var defaultTableName: String { "translation" }
    public var writesSingleFile: Bool { true }
    public var holdsContexts: Bool { true }
    public var holdsPluralSourceText: Bool { true }

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
        let (found, entries) = try Self.read(try file.contents(), path: file.path, language: file.language, issues: &issues)
        return [TranslationTable(name: neutralTableName(file.table), languages: [found: entries])]
    }

    public func write(_ table: TranslationTable, to destination: String, singleFile: Bool, issues: inout [ConversionIssue]) throws(AppleLocalizationError) -> [TranslationConverter.Output] {
        let name = tableName(table.name)
        var outputs: [TranslationConverter.Output] = []
        for language in table.languageOrder {
            let relative = singleFile ? nil : language + "/" + name + ".po"
            let path = relative.map { destination + "/" + $0 } ?? destination
            var collected = ConversionIssues(file: path, language: language)
            let data = try Self.write(table.languages[language] ?? [], language: language, table: name, path: path, issues: &collected)
            outputs.append(TranslationConverter.Output(destination: destination, relativePath: relative, data: data))
            issues += collected.all
        }
        return outputs
    }

    // MARK: Writing

    static func write(_ entries: [TranslationEntry], language: String, table: String, path: String,
                      issues: inout ConversionIssues) throws(AppleLocalizationError) -> Data {
        let categories = PluralRules(locale: language, kind: .cardinal).categories
        let hasPlurals = entries.contains { if case .plural = $0.value { true } else { false } }
        let forms = GettextPluralForms.forLanguage(language, categories: categories)
        if hasPlurals, forms == nil {
            throw AppleLocalizationError(Diagnostic(file: path, message: "no gettext plural expression is known for \(language) (CLDR categories: \(categories.map(\.rawValue).joined(separator: ", "))); nothing was written. Convert to another format or add the language to GettextPluralForms"))
        }
        // The fields msgfmt --check expects; no date, so that converting again gives the same file.
        var out = "# \(table) (\(language)), written by envtool i18n convert.\nmsgid \"\"\nmsgstr \"\"\n"
        out += "\"Project-Id-Version: \(TextEscaping.quoted(table))\\n\"\n\"PO-Revision-Date: \\n\"\n\"Last-Translator: \\n\"\n\"Language-Team: \\n\"\n"
        out += "\"MIME-Version: 1.0\\n\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n\"Content-Transfer-Encoding: 8bit\\n\"\n"
        out += "\"Language: \(TextEscaping.quoted(language))\\n\"\n"
        out += "\"Plural-Forms: \((forms ?? GettextPluralForms(count: 2, expression: "n != 1")).header)\\n\"\n"
        for entry in entries {
            out += "\n"
            if let comment = entry.comment {
                for line in comment.split(separator: "\n", omittingEmptySubsequences: false) { out += "#. \(line)\n" }
            }
            if entry.state != .translated { out += "#, fuzzy\n" }
            if entry.state == .new { issues.report(entry.key, "gettext has no \"new\" state; written as fuzzy") }
            if let context = entry.context { out += "msgctxt \"\(TextEscaping.quoted(context))\"\n" }
            out += "msgid \"\(TextEscaping.quoted(entry.key))\"\n"
            switch entry.value {
            case .single(let message):
                out += "msgstr \"\(TextEscaping.quoted(PlaceholderSyntax.renderGettext(message, pluralNumber: nil, key: entry.key, issues: &issues)))\"\n"
            case .plural(_, _, _, let valueType):
                let expanded = entry.expandedForms
                let number = valueType ?? expanded[.other].flatMap(AppleFormatsConversion.numericType)
                out += "msgid_plural \"\(TextEscaping.quoted(entry.pluralID ?? entry.key))\"\n"
                for category in expanded.keys.sorted(by: { $0.order < $1.order }) where !categories.contains(category) {
                    issues.report(entry.key, "the \(category.rawValue) form is not a CLDR category of \(language), so gettext has no msgstr for it; not written")
                }
                for (index, category) in categories.enumerated() {
                    let form = expanded[category] ?? expanded[.other] ?? TranslationMessage()
                    if expanded[category] == nil { issues.report(entry.key, "no \(category.rawValue) form; msgstr[\(index)] repeats other") }
                    out += "msgstr[\(index)] \"\(TextEscaping.quoted(PlaceholderSyntax.renderGettext(form, pluralNumber: number, key: entry.key, issues: &issues)))\"\n"
                }
            }
        }
        return Data(out.utf8)
    }

    // MARK: Reading

    /// One message as it is read, with the line it starts on.
    private struct Raw {
        var line = 0
        var comment: [String] = []
        var fuzzy = false
        var obsolete = false
        var context: String?
        var id: String?
        var plural: String?
        var strings: [Int: String] = [:]
    }

    static func read(_ data: Data, path: String, language fallback: String?, issues: inout [ConversionIssue]) throws(AppleLocalizationError) -> (language: String, entries: [TranslationEntry]) {
        guard let text = String(data: data, encoding: .utf8) else {
            throw AppleLocalizationError(Diagnostic(file: path, line: 1, column: 1, message: "the file is not UTF-8; convert it with msgconv --to-code=UTF-8"))
        }
        func fail(_ line: Int, _ column: Int, _ message: String) -> AppleLocalizationError {
            AppleLocalizationError(Diagnostic(file: path, line: line, column: column, message: message))
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
        for rawLine in text.splitLines() {
            lineNumber += 1
            var line = Substring(rawLine)
            if line.hasSuffix("\r") { line = line.dropLast() }
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            let column = line.count - trimmed.count + 1
            if trimmed.isEmpty { if current.id != nil, !current.strings.isEmpty { finish() }; continue }
            if trimmed.hasPrefix("#~") { current.obsolete = true; continue }
            if trimmed.hasPrefix("#") {
                if current.id != nil, !current.strings.isEmpty { finish() }
                if trimmed.hasPrefix("#,") {
                    if trimmed.dropFirst(2).split(separator: ",").contains(where: { $0.trimmingWhitespace() == "fuzzy" }) { current.fuzzy = true }
                } else if trimmed.hasPrefix("#.") || trimmed.hasPrefix("# ") || trimmed == "#" {
                    // `#. text`: the space after the marker belongs to the syntax, not to the comment.
                    let body = trimmed.dropFirst(trimmed == "#" ? 1 : 2)
                    current.comment.append(String(body.hasPrefix(" ") ? body.dropFirst() : body))
                }
                continue
            }
            if trimmed.hasPrefix("\"") {
                guard field != nil else { throw fail(lineNumber, column, "a string continues nothing; it must follow msgid, msgstr or another keyword") }
                append(try unquote(trimmed, line: lineNumber, column: column, path: path))
                continue
            }
            guard let space = trimmed.firstIndex(where: { $0 == " " || $0 == "\t" }) else {
                throw fail(lineNumber, column, "expected a keyword and a quoted string, such as msgid \"key\"")
            }
            let keyword = String(trimmed[..<space])
            let valueColumn = column + trimmed.distance(from: trimmed.startIndex, to: space) + 1
            let value = try unquote(trimmed[space...].drop { $0 == " " || $0 == "\t" }, line: lineNumber, column: valueColumn, path: path)
            switch keyword {
            case "msgctxt":
                if current.id != nil { finish() }
                current.line = lineNumber
                field = ("msgctxt", nil)
            case "msgid":
                if current.id != nil { finish() }
                if current.line == 0 { current.line = lineNumber }
                field = ("msgid", nil)
                current.id = ""
            case "msgid_plural":
                guard current.id != nil else { throw fail(lineNumber, column, "msgid_plural without a msgid before it") }
                field = ("msgid_plural", nil)
                current.plural = ""
            case "msgstr":
                guard current.id != nil else { throw fail(lineNumber, column, "msgstr without a msgid before it") }
                field = ("msgstr", 0)
            default:
                guard keyword.hasPrefix("msgstr["), keyword.hasSuffix("]"), let index = Int(keyword.dropFirst(7).dropLast()), (0..<16).contains(index) else {
                    throw fail(lineNumber, column, "unknown keyword \"\(keyword)\"; expected msgctxt, msgid, msgid_plural, msgstr or msgstr[n]")
                }
                guard current.plural != nil else { throw fail(lineNumber, column, "\(keyword) without msgid_plural; a singular message has one msgstr") }
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
            for (number, fileLine) in text.splitLines().enumerated() {
                let lower = fileLine.lowercased()
                if let range = lower.firstRange(of: name) {
                    return (number + 1, lower.distance(from: lower.startIndex, to: range.lowerBound) + 1)
                }
            }
            return (headerLine, 1)
        }
        if let header = raws.first(where: { $0.id == "" && $0.context == nil }) {
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
                    (expression, pluralCount) = try pluralExpression(value, line: at.line, column: at.column, path: path)
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
        var entries: [TranslationEntry] = []
        // msgfmt refuses both of these; choosing one of the texts silently would ship the other
        // translator's work nowhere.
        var firstLine: [[String?]: Int] = [:]
        for raw in raws where !raw.obsolete && !(raw.id == "" && raw.context == nil) {
            let key = raw.id ?? ""
            if let first = firstLine[[raw.context, key]] {
                throw fail(raw.line, 1, "duplicate message definition of \(Diagnostic.quoted(key))\(raw.context.map { " in context " + Diagnostic.quoted($0) } ?? ""); the first is at line \(first). Keep one (msgfmt refuses the file too)")
            }
            firstLine[[raw.context, key]] = raw.line
            if raw.plural != nil, expression != nil, let index = raw.strings.keys.filter({ $0 >= pluralCount }).min() {
                throw fail(raw.line, 1, "msgstr[\(index)] is beyond the Plural-Forms header's nplurals=\(pluralCount) (forms 0 to \(pluralCount - 1)); remove it or correct the header")
            }
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
                        issues.append(ConversionIssue(file: path, language: language, key: key, reason: "msgstr[\(index)] is never chosen by the Plural-Forms expression; not converted"))
                        continue
                    }
                    if forms[category] == nil { forms[category] = PlaceholderSyntax.parseGettext(string) }
                }
                if forms[.other] == nil, let last = rules.categories.reversed().first(where: { forms[$0] != nil }) { forms[.other] = forms[last] }
                forms[.other] = forms[.other] ?? TranslationMessage()
                entries.append(TranslationEntry(key: key, context: raw.context, comment: comment,
                                                value: .plural(forms, variable: nil, frame: nil, valueType: nil), state: state,
                                                pluralID: raw.plural == key ? nil : raw.plural))
            } else {
                entries.append(TranslationEntry(key: key, context: raw.context, comment: comment,
                                                value: .single(PlaceholderSyntax.parseGettext(raw.strings[0] ?? "")), state: state))
            }
        }
        return (language, entries)
    }

    /// `nplurals=N; plural=EXPR;`, checked: N from 1 to 6, an expression that parses and gives
    /// an index below N for every n up to 1000.
    private static func pluralExpression(_ value: String, line: Int, column: Int, path: String) throws(AppleLocalizationError) -> (expression: GettextExpression, count: Int) {
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
        for n in 0...1000 {
            let index = expression.evaluate(n)
            if index < 0 || index >= count { throw fail("plural=\(expressionText) gives \(index) for n = \(n), outside 0..<\(count)") }
        }
        return (expression, count)
    }

    /// The content of a `"…"` string, escapes resolved.
    private static func unquote(_ text: Substring, line: Int, column: Int, path: String) throws(AppleLocalizationError) -> String {
        func fail(_ offset: Int, _ message: String) -> AppleLocalizationError {
            AppleLocalizationError(Diagnostic(file: path, line: line, column: column + offset, message: message))
        }
        let scalars = Array(text.unicodeScalars)
        guard scalars.first == "\"" else { throw fail(0, "expected a quoted string") }
        var result = String.UnicodeScalarView()
        var index = 1
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\"" {
                let rest = scalars[(index + 1)...].filter { $0 != " " && $0 != "\t" }
                guard rest.isEmpty else { throw fail(index + 1, "text after the closing quote; put one string on a line") }
                return String(result)
            }
            if scalar == "\\" {
                guard index + 1 < scalars.count else { break }
                switch scalars[index + 1] {
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "r": result.append("\r")
                case "\"": result.append("\"")
                case "\\": result.append("\\")
                case "a": result.append("\u{07}")
                case "b": result.append("\u{08}")
                case "f": result.append("\u{0C}")
                case "v": result.append("\u{0B}")
                default: throw fail(index, "unknown escape \\\(scalars[index + 1]); write a backslash as \\\\")
                }
                index += 2
                continue
            }
            result.append(scalar)
            index += 1
        }
        throw fail(0, "the string is not closed with \"")
    }
}
