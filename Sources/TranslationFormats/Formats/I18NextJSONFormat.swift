import AppleLocalization
import CLDRPlurals
import Diagnostics
import JSONParsing

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// i18next JSON resources (`<lng>/<ns>.json`) read into and written from the neutral model.
///
/// Reading accepts the v4 plural suffixes (`_zero`, `_one`, `_two`, `_few`, `_many`, `_other`) and
/// the older ones (v3/v1: `key` and `key_plural`; `key_0` … `key_5` by the language's CLDR
/// category order). Nested objects become keys joined with `.`. A `key_context` beside `key` is
/// read as that context (see ``splitContext(_:bases:)``). Writing uses v4 suffixes, after the
/// context (`key_context_one`, i18next's order), and nests keys at `.` (a key that is also a
/// prefix of another stays flat).
public struct I18NextJSONFormat: TranslationFileFormat {
    public init() {}

    public var name: String { "i18next" }
    public var summary: String { "i18next JSON, <lng>/<ns>.json (v4; v3 and v1 are read)" }
    public var fileExtensions: [String] { ["json"] }
    public var defaultTableName: String { "translation" }
    public var holdsContexts: Bool { true }
    public var readsContextsFromKeys: Bool { true }
    public var holdsTextWithoutCount: Bool { true }
    public var holdsPluralsWithoutOther: Bool { true }
    public var holdsOrdinals: Bool { true }

    public func discover(in directory: String) -> [TranslationSourceFile] {
        DirectoryListing.languageFolderFiles(in: directory, extension: ".json", format: name)
    }

    public func languageAndTable(of path: String) -> (language: String?, table: String) {
        DirectoryListing.languageAndTable(of: path, defaultTable: defaultTableName)
    }

    public func read(_ file: TranslationSourceFile, issues: inout [ConversionIssue]) throws(I18NextResourceError) -> [TranslationTable] {
        let language = try requiredLanguage(of: file)
        let entries = try Self.read(try contents(of: file), path: file.path, language: language, positions: file.recordsPositions, issues: &issues)
        return [TranslationTable(name: neutralTableName(file.table), languages: [language: entries])]
    }

    /// One reading of a lone `key_other` for the whole namespace: where the language has only
    /// `other` (Japanese) it reads as a plural, where it has more (English) as a key. When another
    /// language holds `key_other` as a key, the lone plurals of the others become that key too, so
    /// that a namespace never disagrees with itself.
    public func normalized(_ table: TranslationTable) -> TranslationTable {
        Self.splittingNumberedSeries(joiningLoneOthers(table))
    }

    /// The lone plurals `key` (only `other`) of `table` as the key `key_other` where another
    /// language holds that key (see ``normalized(_:)``).
    private func joiningLoneOthers(_ table: TranslationTable) -> TranslationTable {
        func lonePlural(_ entry: TranslationEntry) -> TranslationMessage? {
            guard entry.context == nil, case .plural(let forms, nil, nil, _) = entry.value, forms.count == 1 else { return nil }
            return forms[.other]
        }
        // The keys `key_other` that a lone plural `key` could be; nothing to do (the usual case)
        // without one. Only keys ending in `_other` are then looked up, not every key hashed.
        var wanted: Set<String> = []
        for entries in table.languages.values {
            for entry in entries where lonePlural(entry) != nil { wanted.insert(entry.key + "_other") }
        }
        guard !wanted.isEmpty else { return table }
        var keys: Set<String> = []
        for entries in table.languages.values {
            for entry in entries
            where entry.context == nil && !entry.isPlural && entry.key.utf8.count >= 6
                && entry.key.utf8.suffix(6).elementsEqual("_other".utf8) && wanted.contains(entry.key)
            {
                keys.insert(entry.key)
            }
        }
        guard !keys.isEmpty else { return table }
        var table = table
        for (language, entries) in table.languages {
            for (index, entry) in entries.enumerated() {
                guard let other = lonePlural(entry), keys.contains(entry.key + "_other") else { continue }
                var single = entry
                single.key = entry.key + "_other"
                single.value = .single(other)
                table.languages[language]![index] = single
            }
        }
        return table
    }

    /// One reading of a numbered series for the whole namespace. i18next v3 numbered the plural
    /// forms of a language with more than two (`key_0` … `key_5` in Arabic), and a file alone
    /// reads such a series as a plural when it fits the language's categories; an app's own
    /// series (Android's `entries_0` … `entries_3` of a list) fits them in some languages and not
    /// in others (English has two forms, so `_2` and `_3` are keys there). Where another language
    /// holds `key_N` as a key, the plural `key` read from such a series is that series of keys
    /// again: `key_N` for the form at index N of the language's categories, and `key` beside it
    /// (a text without count) as it was.
    private static func splittingNumberedSeries(_ table: TranslationTable) -> TranslationTable {
        // The bases `key` of the keys `key_N` that some language holds as texts; nothing to do
        // (the usual case) without one. Only keys that end in a digit are looked at.
        var series: Set<String> = []
        for entries in table.languages.values {
            // Folded: beside a key `key`, `key_0` reads as `key` in the context `0`.
            for entry in entries where !entry.isPlural {
                let key = entry.foldedKey
                guard key.utf8.last.map({ (0x30...0x39).contains($0) }) == true, let underscore = key.lastIndex(of: "_"),
                    key[key.index(after: underscore)...].allSatisfy(\.isASCII)
                else { continue }
                series.insert(String(key[..<underscore]))
            }
        }
        guard !series.isEmpty else { return table }
        var table = table
        for (language, entries) in table.languages {
            let categories = PluralRules(locale: language, kind: .cardinal).categories
            func numbered(_ entry: TranslationEntry) -> [TranslationEntry]? {
                guard entry.pluralKind == .cardinal, series.contains(entry.foldedKey),
                    case .plural(let forms, nil, nil, _) = entry.value,
                    // The forms a numbered series gives: the first categories, in order.
                    forms.count <= categories.count, Set(categories.prefix(forms.count)) == Set(forms.keys)
                else { return nil }
                var keys: [TranslationEntry] = []
                if let plain = entry.textWithoutCount {
                    var text = entry
                    text.value = .single(plain)
                    text.textWithoutCount = nil
                    keys.append(text)
                }
                for (index, category) in categories.prefix(forms.count).enumerated() {
                    var text = entry
                    // As a file reads `key_0`: in the context `0` beside a key `key`, as a context
                    // of its own beside a shorter key (`filter_entries_0` beside `filter`).
                    if let context = entry.context {
                        text.context = context + "_\(index)"
                    } else if entry.textWithoutCount != nil {
                        text.context = "\(index)"
                    } else {
                        text.key = entry.key + "_\(index)"
                    }
                    text.value = .single(forms[category] ?? TranslationMessage())
                    text.textWithoutCount = nil
                    keys.append(text)
                }
                return keys
            }
            guard entries.contains(where: { numbered($0) != nil }) else { continue }
            table.languages[language] = entries.flatMap { numbered($0) ?? [$0] }
        }
        return table
    }

    public func write(_ table: TranslationTable, to destination: String, singleFile: Bool, issues: inout [ConversionIssue]) throws(I18NextResourceError)
        -> [TranslationConverter.Output]
    {
        let name = tableName(table.name)
        let languages = table.languageOrder
        // One file per language, each made on its own: side by side, then taken in order.
        let written = TranslationConverter.concurrentMap(languages.count) { index in
            let language = languages[index]
            let relative = singleFile ? nil : language + "/" + name + ".json"
            let path = relative.map { destination + "/" + $0 } ?? destination
            var collected = ConversionIssues(file: path, language: language)
            let data = Self.write(table.languages[language] ?? [], path: path, language: language, issues: &collected)
            return (TranslationConverter.Output(destination: destination, relativePath: relative, data: data), collected.all)
        }
        var outputs: [TranslationConverter.Output] = []
        for (output, found) in written {
            outputs.append(output)
            issues += found
        }
        return outputs
    }

    static let suffixes: [(String, PluralCategory)] = PluralCategory.allCases.map { ("_" + $0.rawValue, $0) }

    /// The entries of one resource file; with `positions`, each with its ``TranslationEntry/location``.
    package static func read(
        _ data: Data, path: String, language: String, positions: Bool = false,
        issues: inout [ConversionIssue]
    ) throws(I18NextResourceError) -> [TranslationEntry] {
        var offsets: [String: Int] = [:]
        let parsed: Result<JSONValue, JSONParser.Failure> = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            // Offsets cost a path string per value, so only a checker asks for them.
            var parser = JSONParser(bytes: bytes, recordingOffsetsToDepth: positions ? maximumNesting + 1 : 0)
            defer { offsets = parser.offsets }
            return Result { () throws(JSONParser.Failure) in try parser.parseDocument() }
        }
        let root: JSONValue
        switch parsed {
        case .success(let value): root = value
        case .failure(let failure):
            let (line, column) = data.withUnsafeBytes { JSONText.location(of: failure.offset, in: $0.bindMemory(to: UInt8.self)) }
            throw I18NextResourceError(Diagnostic(file: path, line: line, column: column, message: failure.message))
        }
        guard case .object(let object) = root else {
            throw I18NextResourceError(
                Diagnostic(file: path, line: 1, column: 1, message: "an i18next resource file must be a JSON object of keys, found \(root.typeName)"))
        }
        var flat: [(String, String)] = []
        // Depth first, each object's members where the file writes them (`a.b` before a later `c`):
        // the order of first appearance the entries keep.
        var pending: [(prefix: String, object: JSONObject, next: Int, depth: Int)] = [("", object, 0, 0)]
        while let top = pending.last {
            guard top.next < top.object.count else {
                pending.removeLast()
                continue
            }
            pending[pending.count - 1].next += 1
            let (key, value) = top.object[top.next]
            let full = top.prefix.isEmpty ? key : top.prefix + "." + key
            switch value {
            case .string(let text): flat.append((full, text))
            case .object(let inner) where top.depth < Self.maximumNesting: pending.append((full, inner, 0, top.depth + 1))
            default:
                issues.append(
                    ConversionIssue(
                        file: path, language: language, key: full,
                        reason: "\(value.typeName) is not a translatable string; not converted",
                        kind: "a value that is not a string is not translatable; not converted"))
            }
        }
        var (entries, firstKeys) = group(flat, language: language)
        if positions { locate(&entries, firstKeys: firstKeys, flat: flat, offsets: offsets, in: data, path: path) }
        return entries
    }

    /// Objects nested deeper than this are not read as keys (a report says so).
    package static let maximumNesting = 32

    /// Sets each entry's location: where the value of its first key in `flat` starts (a plural's
    /// first form), which is on that key's line.
    private static func locate(
        _ entries: inout [TranslationEntry], firstKeys: [Int], flat: [(String, String)],
        offsets: [String: Int], in data: Data, path: String
    ) {
        var locator = SourceLocator()
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            for (index, first) in zip(entries.indices, firstKeys) {
                guard let offset = offsets[flat[first].0] else { continue }
                let (line, column) = locator.location(of: offset, in: bytes)
                entries[index].location = SourceLocation(file: path, line: line, column: column)
            }
        }
    }

    /// Groups plural suffixes into plural entries, keeping the order of first appearance.
    ///
    /// A suffix is a plural form only beside the key's other forms in the same file: two forms
    /// or more, every category the language has (`items_other` alone in Japanese), or v3's
    /// `key` beside `key_plural`. A lone `add_other` is the key `add_other`, not a plural of `add`.
    /// Also returns, for each entry, the index in `flat` of its first key.
    private static func group(_ flat: [(String, String)], language: String) -> (entries: [TranslationEntry], firstKeys: [Int]) {
        // The set of all keys is asked for by v3 suffixes only (`key_0`, `key` beside `key_plural`):
        // made the first time, not for every file (hashing 20,000 keys was a tenth of a read).
        var allKeys: Set<String>? = nil
        func hasKey(_ key: String) -> Bool {
            if allKeys == nil { allKeys = Set(flat.map(\.0)) }
            return allKeys!.contains(key)
        }
        let categories = PluralRules(locale: language, kind: .cardinal).categories
        let allCategories = Set(categories)
        // An ordinal's forms are the ordinal rules' (Spanish: `place_ordinal_other` alone).
        let ordinalCategories = Set(PluralRules(locale: language, kind: .ordinal).categories)
        // v3 numbers the forms `key_0` … `key_N` by the language's categories. A numbered series
        // of an app's own (`tile_label_1` … `tile_label_12`, Android's way) is not one: the forms
        // start at `_0` and stop before the number of categories.
        func isNumberedForm(_ base: String, _ index: Int) -> Bool {
            index >= 0 && index < categories.count && hasKey(base + "_0") && !hasKey(base + "_\(categories.count)")
                && !hasKey(base + "_other")
        }
        func pluralForm(_ key: String) -> (base: String, category: PluralCategory)? {
            // An ASCII key (nearly all of them) is split at its last `_` as bytes; others as Characters.
            if key.utf8.allSatisfy({ $0 < 0x80 }) {
                guard let underscore = key.utf8.lastIndex(of: 0x5F) else { return nil }
                let base = String(key[..<underscore])
                let suffix = String(key[key.utf8.index(after: underscore)...])
                if !base.isEmpty, let category = PluralCategory(rawValue: suffix) { return (base, category) }
                if !base.isEmpty, suffix == "plural" { return (base, .other) }
                if let index = Int(suffix), isNumberedForm(base, index) { return (base, categories[index]) }
                return nil
            }
            if let (suffix, found) = suffixes.first(where: { key.hasSuffix($0.0) && key.count > $0.0.count }) {
                return (String(key.dropLast(suffix.count)), found)
            }
            if key.hasSuffix("_plural"), key.count > 7 { return (String(key.dropLast(7)), .other) }
            if let underscore = key.lastIndex(of: "_"), let index = Int(key[key.index(after: underscore)...]),
                isNumberedForm(String(key[..<underscore]), index)
            {
                return (String(key[..<underscore]), categories[index])
            }
            return nil
        }
        let forms = flat.map { pluralForm($0.0) }
        var candidates: [String: Set<PluralCategory>] = [:]
        for form in forms { if let form { candidates[form.base, default: []].insert(form.category) } }
        func isPluralGroup(_ base: String) -> Bool {
            guard let found = candidates[base] else { return false }
            let needed = base.hasSuffix(TranslationEntry.ordinalSuffix) ? ordinalCategories : allCategories
            return found.count >= 2 || needed.isSubset(of: found) || (hasKey(base) && hasKey(base + "_plural"))
        }
        // One slot per key or plural base, in order of first appearance, found with one hash
        // (a dictionary of texts and one of plurals asked up to five times per key before).
        var order: [String] = []
        order.reserveCapacity(flat.count)
        var slots: [String: Int] = [:]
        slots.reserveCapacity(flat.count)
        var singles: [String?] = []
        singles.reserveCapacity(flat.count)
        var plurals: [[PluralCategory: String]?] = []
        plurals.reserveCapacity(flat.count)
        var firstKeys: [Int] = []
        firstKeys.reserveCapacity(flat.count)
        for (flatIndex, ((key, text), form)) in zip(flat, forms).enumerated() {
            var base = key
            var category: PluralCategory? = nil
            if let form, isPluralGroup(form.base) {
                base = form.base
                category = form.category
            }
            func claim(_ value: inout Int) -> Int {
                if value < 0 {
                    value = order.count
                    order.append(base)
                    firstKeys.append(flatIndex)
                    singles.append(nil)
                    plurals.append(nil)
                }
                return value
            }
            let slot = claim(&slots[base, default: -1])
            if let category {
                if plurals[slot] == nil { plurals[slot] = [:] }
                plurals[slot]![category] = text
            } else {
                singles[slot] = text
            }
        }
        let entries = order.indices.map { slot in
            let key = order[slot]
            // `place_ordinal_one` beside `place_one` is the ordinal `place_ordinal`, not `place`
            // in the context `ordinal`.
            let isOrdinal = plurals[slot] != nil && key.hasSuffix(TranslationEntry.ordinalSuffix)
            let (base, context) = isOrdinal ? (key, nil) : splitContext(key) { slots[$0] != nil }
            if var forms = plurals[slot] {
                // v3: `key` is the singular and `key_plural` the rest. Beside a `key_one`, `key` is
                // the text of a call without a count, kept apart.
                var withoutCount: TranslationMessage? = nil
                if let plain = singles[slot] {
                    if forms[.one] == nil { forms[.one] = plain } else { withoutCount = PlaceholderSyntax.parseI18NextText(plain) }
                }
                // Without `_other` (written from an Android <plurals> without it) the forms stay as
                // they are; the converter gives `other` to a format that needs one.
                var entry = TranslationEntry(
                    key: base, context: context, value: .plural(forms.mapValues(PlaceholderSyntax.parseI18NextText), variable: nil, frame: nil, valueType: nil),
                    textWithoutCount: withoutCount)
                // `place_ordinal_one`, `place_ordinal_two`…: what `t("place", { count, ordinal: true })` reads.
                if isOrdinal { entry.pluralKind = .ordinal }
                return entry
            }
            return TranslationEntry(key: base, context: context, value: .single(PlaceholderSyntax.parseI18NextText(singles[slot] ?? "")))
        }
        return (entries, firstKeys)
    }

    /// i18next looks a context up as `key_context` (then the plural suffix), but a JSON file cannot
    /// tell `friend_male` the context of `friend` from a key of its own. It is read as a context
    /// when the key before the last `_` is in the file too (`friend`, or `friend_one`…): that is
    /// how i18next files carry contexts, a fallback beside its variants, and `t("friend",
    /// { context: "male" })` is then exactly what finds the text.
    static func splitContext(_ key: String, bases: Set<String>) -> (key: String, context: String?) {
        splitContext(key) { bases.contains($0) }
    }

    /// ``splitContext(_:bases:)`` with the keys of the file asked of `isBase`.
    static func splitContext(_ key: String, isBase: (String) -> Bool) -> (key: String, context: String?) {
        if key.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII: the last `_` as a byte, the same split as by Characters.
            guard let underscore = key.utf8.lastIndex(of: 0x5F), underscore != key.startIndex else { return (key, nil) }
            let base = String(key[..<underscore])
            guard isBase(base) else { return (key, nil) }
            let context = String(key[key.utf8.index(after: underscore)...])
            return context.isEmpty ? (key, nil) : (base, context)
        }
        guard let underscore = key.lastIndex(of: "_"), underscore != key.startIndex else { return (key, nil) }
        let base = String(key[..<underscore])
        let context = String(key[key.index(after: underscore)...])
        guard !context.isEmpty, isBase(base) else { return (key, nil) }
        return (base, context)
    }

    static func write(_ entries: [TranslationEntry], path: String, language: String, issues: inout ConversionIssues) -> Data {
        // Each text is rendered and quoted into `texts` at once, and the nesting holds where it
        // is: a String per text, quoted again when written, was a third of writing a 20k-key file.
        var flat: [(key: String, text: Range<Int>)] = []
        flat.reserveCapacity(entries.count)
        var texts: [UInt8] = []
        texts.reserveCapacity(entries.count * 48)
        var rendered: [UInt8] = []
        func add(_ key: String, _ message: TranslationMessage, pluralNumber: String?, of entry: String) {
            rendered.removeAll(keepingCapacity: true)
            PlaceholderSyntax.appendI18Next(message, pluralNumber: pluralNumber, key: entry, issues: &issues, to: &rendered)
            let start = texts.count
            rendered.withUnsafeBufferPointer { JSONValue.writeQuoted($0, to: &texts) }
            flat.append((key, start..<texts.count))
        }
        // Only a context asks which keys have none (most files have no context: no set of keys).
        let withoutContext = entries.contains { $0.context != nil } ? Set(entries.lazy.filter { $0.context == nil }.map(\.key)) : []
        for entry in entries {
            let key = entry.context.map { entry.key + "_" + $0 } ?? entry.key
            if let context = entry.context, !withoutContext.contains(entry.key) {
                issues.report(
                    entry.key,
                    "the context \"\(context)\" is written as the key \"\(key)\"; without a \"\(entry.key)\" entry beside it, reading the file back finds a key of its own, not a context",
                    kind:
                        "a context is written as the key, _ and the context; without an entry for the key alone beside it, reading the file back finds a key of its own, not a context"
                )
            }
            if entry.comment != nil { issues.report(entry.key, "i18next JSON has no comments; the comment is not written") }
            if entry.state != .translated { issues.report(entry.key, "i18next JSON has no translation state; \(entry.state.rawValue) is not written") }
            switch entry.value {
            case .single(let message):
                add(key, message, pluralNumber: nil, of: entry.key)
            case .plural(_, _, _, let valueType):
                if let plain = entry.textWithoutCount {
                    add(key, plain, pluralNumber: nil, of: entry.key)
                }
                var forms = entry.expandedForms
                // A lone `key_other` reads back as a key of its own where the language has more
                // categories (English). Apple shows `other` for every count a plural lacks, so the
                // language's other categories get its text: the same display, and a plural again.
                if forms.count < 2, let other = forms[.other] {
                    let missing = PluralRules(locale: language, kind: entry.pluralKind).categories.filter { forms[$0] == nil }
                    if !missing.isEmpty {
                        for category in missing { forms[category] = other }
                        issues.report(
                            entry.key,
                            "the plural has only its other form; written for \(missing.map(\.rawValue).joined(separator: ", ")) too (the text Apple shows for every count), since a lone \"\(key)_other\" reads back as a key of its own",
                            kind:
                                "the plural has only its other form; written for the language's other categories too (the text Apple shows for every count), since a lone key_other reads back as a key of its own"
                        )
                    }
                }
                // The number's conversion from the first form that prints it unnamed: `other` from
                // `.po` names it `%(count)d`, while a form carried beside it (`zero`) keeps `%1$d`.
                let number =
                    valueType ?? forms.representative.flatMap(firstNumeric)
                    ?? PluralCategory.allCases.lazy.compactMap { forms[$0].flatMap(firstNumeric) }.first
                for category in PluralCategory.allCases {
                    guard let form = forms[category] else { continue }
                    add(key + "_" + category.rawValue, form, pluralNumber: number, of: entry.key)
                }
            }
        }
        // Written straight from the nesting, as `jsonText(pretty: true)` lays a document out (a
        // JSON value built only to be written was a third of writing a 20k-key file).
        // Reserved for the most the document can take, so that it is never grown by doubling (a
        // large file's output held twice its size for the last step).
        var output: [UInt8] = []
        output.reserveCapacity(texts.count + flat.reduce(0) { $0 + writtenSizeBound(of: $1.key) } + 2)
        do {
            let tree = nest(flat)
            texts.withUnsafeBufferPointer { tree.write(0, texts: $0, to: &output, indent: 0) }
        }
        output.append(UInt8(ascii: "\n"))
        // The texts and keys are not needed while the document is copied out.
        texts = []
        flat = []
        return Data(output)
    }

    /// The most bytes the member `key` takes in the written document besides its text: the key
    /// quoted (an escape is at most six bytes), `": "`, `,`, and the new lines, indentation and
    /// braces of the objects its dots may open (at most 32 levels: a longer key stays flat).
    private static func writtenSizeBound(of key: String) -> Int {
        var size = 0
        var dots = 0
        for byte in key.utf8 {
            switch byte {
            case UInt8(ascii: "."): dots += 1; size += 1
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), 0..<0x20: size += 6
            default: size += 1
            }
        }
        let depth = min(dots, 32) + 1
        return size + 8 + 2 * depth + (depth - 1) * (8 + 2 * depth)
    }

    /// `message` as i18next writes it (`{{count}} items`), for a reader that shows a text (the
    /// generated accessors' documentation).
    package static func text(of message: TranslationMessage) -> String {
        var issues = ConversionIssues(file: "", language: "")
        return PlaceholderSyntax.renderI18Next(message, pluralNumber: nil, key: "", issues: &issues)
    }

    static func firstNumeric(_ message: TranslationMessage) -> String? {
        message.placeholders.first { $0.isNumeric && $0.name == nil }?.conversion
    }

    /// Nests `a.b` under `a` unless `a` is itself a key (then the key stays flat).
    private static func nest(_ flat: [(key: String, text: Range<Int>)]) -> NestingTree {
        var leaves = Set<String>(minimumCapacity: flat.count)
        for (key, _) in flat { leaves.insert(key) }
        var state = NestingState(tree: NestingTree(keysRepeat: leaves.count < flat.count))
        for (key, text) in flat {
            // The state goes in and out by `inout` from a closure written here: captured by a
            // local function passed as a value, each access to it was checked at run time.
            if key.utf8.withContiguousStorageIfAvailable({ nest(key, text, $0, leaves: leaves, into: &state) }) == nil {
                Array(key.utf8).withUnsafeBufferPointer { nest(key, text, $0, leaves: leaves, into: &state) }
            }
        }
        return state.tree
    }

    /// What nesting keeps from key to key.
    private struct NestingState {
        var tree: NestingTree
        /// The parts of a key as ranges of its UTF-8.
        var parts: [Range<Int>] = []
        /// Whether a prefix of the last dotted key was a leaf, by the bytes of its longest prefix:
        /// keys sorted by name come in runs under one prefix (`section0.…`), asked of the leaves
        /// once per run. (Equal bytes are equal parts, so the same prefixes.)
        var lastPrefix: [UInt8]? = nil
        var lastPrefixFlat = false
    }

    /// `key` (its UTF-8 `bytes`), with its text, nested into `state.tree`.
    private static func nest(
        _ key: String, _ text: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>, leaves: Set<String>,
        into state: inout NestingState
    ) {
        func string(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
        dotSeparatedParts(key, bytes, into: &state.parts)
        let parts = state.parts
        // Flat when a prefix is a leaf, or a part is empty (`a..b`, `.a`); deeper than 32
        // levels too, as nesting is written recursively.
        var flatKey = parts.count > 32 || parts.contains { $0.isEmpty }
        if !flatKey, parts.count > 1 {
            // A prefix of the key is the key up to the end of one of its parts: the parts
            // joined with `.` again.
            let longest = UnsafeBufferPointer(rebasing: bytes[..<parts[parts.count - 2].upperBound])
            if let lastPrefix = state.lastPrefix, lastPrefix.count == longest.count,
                lastPrefix.withUnsafeBufferPointer({ previous in previous.indices.allSatisfy { previous[$0] == longest[$0] } })
            {
                flatKey = state.lastPrefixFlat
            } else {
                flatKey = parts.dropLast().contains { leaves.contains(string(0..<$0.upperBound)) }
                state.lastPrefix = Array(longest)
                state.lastPrefixFlat = flatKey
            }
        }
        guard !flatKey, parts.count > 1 else {
            state.tree.set(key, text, in: 0)
            return
        }
        var object = 0
        for part in parts.dropLast() { object = state.tree.child(string(part), in: object) }
        state.tree.set(string(parts[parts.count - 1]), text, in: object)
    }

    /// The JSON objects being nested into, by number (the root is 0), each member's text a range
    /// of the quoted texts. Members keep their first position; a later value replaces the earlier
    /// one, and an object takes the place of a text at its key, as `JSONObject` subscripts do.
    private struct NestingTree {
        enum Member {
            case text(Range<Int>)
            case object(Int)
        }
        struct Object {
            var members: [(key: String, value: Member)] = []
            /// The position of each member that may be found again: every one when keys repeat,
            /// else the objects only.
            var positions: [String: Int] = [:]
        }
        /// Whether a key of the flat list comes twice. When none does (nearly always), a text is
        /// new where it is set: two texts of one name in one object would be one key twice, and
        /// a text and an object of one name a key and a prefix of another, which stays flat. Only
        /// objects are then looked up, the last member first (keys sorted come in runs).
        let keysRepeat: Bool
        private(set) var objects: [Object] = [Object()]

        init(keysRepeat: Bool) {
            self.keysRepeat = keysRepeat
        }

        mutating func set(_ key: String, _ text: Range<Int>, in object: Int) {
            if keysRepeat {
                if let position = objects[object].positions[key] {
                    objects[object].members[position].value = .text(text)
                    return
                }
                objects[object].positions[key] = objects[object].members.count
            }
            objects[object].members.append((key, .text(text)))
        }

        /// The object at `key` in `object`, made (or put in place of a text there) when there is none.
        mutating func child(_ key: String, in object: Int) -> Int {
            if let last = objects[object].members.last, case .object(let child) = last.value, last.key == key { return child }
            if let position = objects[object].positions[key] {
                if case .object(let child) = objects[object].members[position].value { return child }
                objects.append(Object())
                objects[object].members[position].value = .object(objects.count - 1)
                return objects.count - 1
            }
            objects.append(Object())
            objects[object].positions[key] = objects[object].members.count
            objects[object].members.append((key, .object(objects.count - 1)))
            return objects.count - 1
        }

        /// `object` as `JSONValue.jsonText(pretty: true)` writes one: two-space indentation,
        /// `"key": value`, `{}` when empty.
        func write(_ object: Int, texts: UnsafeBufferPointer<UInt8>, to output: inout [UInt8], indent: Int) {
            let members = objects[object].members
            guard !members.isEmpty else { output.append(contentsOf: "{}".utf8); return }
            output.append(UInt8(ascii: "{"))
            for (position, member) in members.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                Self.newline(indent + 1, to: &output)
                JSONValue.writeQuoted(member.key, to: &output)
                output.append(UInt8(ascii: ":"))
                output.append(UInt8(ascii: " "))
                switch member.value {
                case .text(let text): output.append(contentsOf: UnsafeBufferPointer(rebasing: texts[text]))
                case .object(let child): write(child, texts: texts, to: &output, indent: indent + 1)
                }
            }
            Self.newline(indent, to: &output)
            output.append(UInt8(ascii: "}"))
        }

        private static func newline(_ indent: Int, to output: inout [UInt8]) {
            output.append(UInt8(ascii: "\n"))
            for _ in 0..<indent { output.append(UInt8(ascii: " ")); output.append(UInt8(ascii: " ")) }
        }
    }

    /// `key` split at each `.`, empty parts kept, as ranges of its UTF-8 `bytes` into `parts`
    /// (emptied first, kept from key to key: an array per key was a tenth of nesting). An ASCII
    /// key (nearly all) is split by bytes: splitting by Characters was most of nesting a 20k-key
    /// file. Any other is split by Characters, where a `.` followed by a combining mark is no
    /// separator.
    private static func dotSeparatedParts(_ key: String, _ bytes: UnsafeBufferPointer<UInt8>, into parts: inout [Range<Int>]) {
        parts.removeAll(keepingCapacity: true)
        if bytes.allSatisfy({ $0 < 0x80 }) {
            var start = 0
            for index in bytes.indices where bytes[index] == UInt8(ascii: ".") {
                parts.append(start..<index)
                start = index + 1
            }
            parts.append(start..<bytes.count)
            return
        }
        let utf8 = key.utf8
        for part in key.split(separator: ".", omittingEmptySubsequences: false) {
            parts.append(utf8.distance(from: utf8.startIndex, to: part.startIndex)..<utf8.distance(from: utf8.startIndex, to: part.endIndex))
        }
    }
}
