import AppleLocalization
import CLDRPlurals
import Diagnostics
import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// XLIFF 1.2 as Xcode exports it (`Product › Export Localizations`): one `<file>` per table and
/// format (`original="en.lproj/Localizable.strings"`, `…stringsdict`), `<trans-unit id>` with
/// `<source>`, `<target>` and `<note>`. Plural entries are the `.stringsdict` units Xcode writes:
/// `/key:dict/NSStringLocalizedFormatKey:dict/:string` for the format and
/// `/key:dict/variable:dict/one:dict/:string` for each form.
/// A String Catalog's export (`original="…/Localizable.xcstrings"`) names its variations in the id
/// instead: `key|==|plural.one`, `key|==|device.other.plural.one`; a device other than `other`
/// and a substitution are reported, not read.
public struct XLIFFFormat: TranslationFileFormat {
    public init() {}

    public var name: String { "xliff" }
    public var holdsStates: Bool { true }
    public var holdsDoNotTranslate: Bool { true }
    public var recordsSourceLanguage: Bool { true }
    public var summary: String { "XLIFF 1.2 as Xcode exports it, <lang>.xliff" }
    public var fileExtensions: [String] { ["xliff", "xlf"] }
    public var defaultTableName: String { TranslationTable.defaultName }

    public func discover(in directory: String) -> [TranslationSourceFile] {
        DirectoryListing.entries(directory).filter { $0.hasSuffix(".xliff") || $0.hasSuffix(".xlf") }.map {
            TranslationSourceFile(path: directory + "/" + $0, language: nil, table: defaultTableName, format: name)
        }
    }

    public func languageAndTable(of path: String) -> (language: String?, table: String) {
        (nil, DirectoryListing.stem(PathText.lastComponent(path)))
    }

    public func read(_ file: TranslationSourceFile, issues: inout [ConversionIssue]) throws(XLIFFError) -> [TranslationTable] {
        try Self.read(try contents(of: file), path: file.path, issues: &issues)
    }

    /// One file per target language: every language but the source, or the only one.
    public func write(_ table: TranslationTable, to destination: String, singleFile: Bool, issues: inout [ConversionIssue]) throws(XLIFFError)
        -> [TranslationConverter.Output]
    {
        let source = table.sourceLanguage ?? table.languageOrder.first ?? "en"
        let targets = table.languageOrder.count > 1 ? table.languageOrder.filter { $0 != source } : table.languageOrder
        return targets.map { target in
            let relative = singleFile ? nil : target + ".xliff"
            let path = relative.map { destination + "/" + $0 } ?? destination
            return TranslationConverter.Output(
                destination: destination, relativePath: relative,
                data: Self.write(table, source: source, target: target, issues: &issues, path: path))
        }
    }

    // MARK: Writing

    static func write(_ table: TranslationTable, source: String, target: String, issues: inout [ConversionIssue], path: String) -> Data {
        let orders = AppleFormatsConversion.argumentOrders(table)
        var collected = ConversionIssues(file: path, language: target)
        let sourceEntries = Dictionary((table.languages[source] ?? []).map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let targetEntries = table.languages[target] ?? []
        // Escapes for XML and notes whether the entry being written lost a control character.
        var lostControlCharacter = false
        func x(_ text: String) -> String {
            if TextEscaping.losesCharactersInXML(text) { lostControlCharacter = true }
            return TextEscaping.xml(text)
        }
        func render(_ message: TranslationMessage, _ key: String, formatted: Bool = false) -> String {
            PlaceholderSyntax.renderApple(
                message, order: orders[key] ?? [], pluralNumber: true, formatted: formatted, key: key, platform: "Xcode's XLIFF", issues: &collected)
        }
        var singles = ""
        var plurals = ""
        // The target's entries, then the source's that the target lacks: units without a
        // <target>, as Xcode exports what is not translated yet, so the hand-off has every key.
        let translatedKeys = Set(targetEntries.map { [$0.key, $0.context] })
        let untranslated = source == target ? [] : (table.languages[source] ?? []).filter { !translatedKeys.contains([$0.key, $0.context]) }
        for (entry, isTranslated) in targetEntries.map({ ($0, true) }) + untranslated.map({ ($0, false) }) {
            let key = AppleFormatsConversion.contextKey(entry, &collected)
            let original = sourceEntries[entry.key]
            let note =
                PlaceholderNames.comment(entry.comment ?? original?.comment, order: orders[entry.key] ?? [], naming: original ?? entry).map {
                    "        <note>\(x($0))</note>\n"
                } ?? ""
            if isTranslated, let original {
                for (own, readBack) in PlaceholderNames.respelled(entry, against: original) {
                    collected.report(
                        entry.key, "\(own) reads back as \(readBack): a unit has one <note>, and its Placeholders: line is the source language's",
                        kind:
                            "a placeholder named otherwise than in the source language reads back with the source language's name: a unit has one <note>, and its Placeholders: line is the source language's"
                    )
                }
            }
            let state = entry.state == .translated ? "" : " state=\"\(entry.state == .new ? "new" : "needs-review-translation")\""
            let translate = entry.shouldTranslate ? "" : " translate=\"no\""
            func target(_ text: String) -> String {
                isTranslated ? "        <target\(state)>\(x(text))</target>\n" : ""
            }
            switch entry.value {
            case .single(let message):
                let sourceText: String
                if case .single(let sourceMessage)? = original?.value { sourceText = render(sourceMessage, entry.key) } else { sourceText = key }
                singles += "      <trans-unit id=\"\(x(key))\"\(translate) xml:space=\"preserve\">\n        <source>\(x(sourceText))</source>\n"
                singles += target(render(message, entry.key)) + note + "      </trans-unit>\n"
            case .plural(let forms, let variable, let frame, _):
                let name = variable ?? "count"
                let sourceForms: [PluralCategory: TranslationMessage]
                let sourceFrame: TranslationMessage?
                if case .plural(let found, _, let foundFrame, _)? = original?.value {
                    sourceForms = found; sourceFrame = foundFrame
                } else {
                    sourceForms = forms; sourceFrame = frame
                }
                let defaultFrame = "%#@" + name + "@"
                let formatSource = sourceFrame.map { render($0, entry.key, formatted: true) } ?? defaultFrame
                let formatTarget = frame.map { render($0, entry.key, formatted: true) } ?? defaultFrame
                plurals += "      <trans-unit id=\"/\(x(key)):dict/NSStringLocalizedFormatKey:dict/:string\"\(translate) xml:space=\"preserve\">\n"
                plurals += "        <source>\(x(formatSource))</source>\n" + target(formatTarget) + note + "      </trans-unit>\n"
                for category in PluralCategory.allCases {
                    guard let form = forms[category] else { continue }
                    let sourceForm = sourceForms[category] ?? sourceForms[.other] ?? form
                    plurals +=
                        "      <trans-unit id=\"/\(x(key)):dict/\(x(name)):dict/\(category.rawValue):dict/:string\"\(translate) xml:space=\"preserve\">\n"
                    plurals +=
                        "        <source>\(x(render(sourceForm, entry.key, formatted: true)))</source>\n" + target(render(form, entry.key, formatted: true))
                        + "      </trans-unit>\n"
                }
            }
            if lostControlCharacter {
                collected.report(entry.key, TextEscaping.xmlLossReason)
                lostControlCharacter = false
            }
        }
        issues += collected.all
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" version="1.2" xsi:schemaLocation="urn:oasis:names:tc:xliff:document:1.2 http://docs.oasis-open.org/xliff/v1.2/os/xliff-core-1.2-strict.xsd">

            """
        for (suffix, body) in [("strings", singles), ("stringsdict", plurals)] where !body.isEmpty {
            out +=
                "  <file original=\"\(x(source)).lproj/\(x(table.name)).\(suffix)\" source-language=\"\(x(source))\" target-language=\"\(x(target))\" datatype=\"plaintext\">\n"
            out += "    <header>\n      <tool tool-id=\"envtool\" tool-name=\"envtool\"/>\n    </header>\n    <body>\n" + body + "    </body>\n  </file>\n"
        }
        out += "</xliff>\n"
        return Data(out.utf8)
    }

    // MARK: Reading

    /// The tables of an XLIFF file: source and target language, entries of the target.
    static func read(_ data: Data, path: String, issues: inout [ConversionIssue]) throws(XLIFFError) -> [TranslationTable] {
        try data.withBytes { bytes throws(XLIFFError) in try read(bytes, path: path, issues: &issues) }
    }

    private static func read(_ bytes: UnsafeBufferPointer<UInt8>, path: String, issues: inout [ConversionIssue]) throws(XLIFFError)
        -> [TranslationTable]
    {
        var locator = SourceLocator()
        func fail(_ offset: Int, _ message: String) -> XLIFFError {
            let (line, column) = locator.location(of: offset, in: bytes)
            return XLIFFError(Diagnostic(file: path, line: line, column: column, message: message))
        }
        var reader = PropertyListReader(bytes: bytes)
        let root: XMLElement
        do { root = try reader.parseElementDocument() } catch { throw fail(error.offset, error.message) }
        guard root.name == "xliff" else { throw fail(root.offset, "expected the root element <xliff version=\"1.2\">, found <\(root.name)>") }
        guard root.attribute("version") == "1.2" else {
            throw fail(root.offset, "XLIFF version \(root.attribute("version") ?? "(none)") is not supported; export XLIFF 1.2 as Xcode does")
        }
        var tables: [String: TranslationTable] = [:]
        var order: [String] = []
        for file in root.children where file.name == "file" {
            guard let source = file.attribute("source-language"), !source.isEmpty else {
                throw fail(file.offset, "<file> has no source-language; add source-language=\"en\"")
            }
            guard let target = file.attribute("target-language"), !target.isEmpty else {
                throw fail(
                    file.offset,
                    "<file original=\"\(file.attribute("original") ?? "")\"> has no target-language; add target-language=\"…\" (the language of <target>)")
            }
            // Each language names an output folder or file: only a tag may.
            for (attribute, value) in [("source-language", source), ("target-language", target)] where !TranslationConverter.isLanguageTag(value) {
                throw fail(file.offset, "\(attribute)=\(TranslationConverter.notALanguageTag(value))")
            }
            let original = file.attribute("original") ?? "Localizable.strings"
            let base = PathText.lastComponent(original)
            let name = PathText.deletingExtension(base)
            let isStringsdict = base.hasSuffix(".stringsdict")
            if tables[name] == nil { tables[name] = TranslationTable(name: name, sourceLanguage: source); order.append(name) }
            var entries = FileEntries()
            for element in file.child("body")?.children ?? [] where element.name == "trans-unit" {
                guard let id = element.attribute("id") else { throw fail(element.offset, "<trans-unit> has no id") }
                let unit = TransUnit(element, path: path, language: target, id: id, issues: &issues)
                if let separator = id.firstRange(of: "|==|") {
                    entries.addCatalogVariation(
                        unit, key: String(id[..<separator.lowerBound]), variation: id[separator.upperBound...], path: path, language: target,
                        issues: &issues)
                } else if isStringsdict, id.hasPrefix("/") {
                    // /key:dict/NSStringLocalizedFormatKey:dict/:string or /key:dict/var:dict/one:dict/:string
                    let parts = id.dropFirst().components(separatedBy: ":dict/")
                    guard parts.count >= 3 else { throw fail(element.offset, "the stringsdict unit id \"\(id)\" is not /key:dict/…:dict/:string") }
                    entries.addStringsdictUnit(unit, parts: parts)
                } else {
                    entries.add(unit)
                }
            }
            if let key = entries.translatedPluralWithoutOther {
                throw fail(file.offset, "the plural \"\(key)\" has no other form; add its /…:dict/other:dict/:string unit")
            }
            let (sourceEntries, targetEntries) = entries.finished(sourceLanguage: source)
            var table = tables[name] ?? TranslationTable(name: name, sourceLanguage: source)
            if source != target { merge(&table, language: source, sourceEntries) }
            merge(&table, language: target, targetEntries)
            tables[name] = table
        }
        return order.compactMap { tables[$0] }
    }

    /// What one `<trans-unit>` says, as every kind of unit reads it.
    private struct TransUnit {
        let id: String
        /// Not `translate="no"` (Android's `translatable="false"`, a catalog's `"shouldTranslate": false`).
        let translatable: Bool
        let sourceText: String
        let targetText: String
        /// Whether it has a `<target>`: a unit without one is not translated yet (Xcode exports it
        /// so), and gives the source language its text and the target nothing.
        let hasTarget: Bool
        let state: TranslationEntry.State
        let note: String?

        init(_ element: XMLElement, path: String, language: String, id: String, issues: inout [ConversionIssue]) {
            self.id = id
            translatable = element.attribute("translate") != "no"
            // Inline markup (`<g>`, `<ph>`, `<x/>`, `<mrk>`…) keeps its text; the markup itself
            // has no place in the model, which is said by key.
            let source = element.child("source")
            let target = element.child("target")
            sourceText = source?.wholeText ?? ""
            targetText = target?.wholeText ?? ""
            hasTarget = target != nil
            let markup = Set(((source?.children ?? []) + (target?.children ?? [])).map(\.name)).sorted()
            if !markup.isEmpty {
                issues.append(
                    ConversionIssue(
                        file: path, language: language, key: id,
                        reason: "inline markup (\(markup.map { "<\($0)>" }.joined(separator: ", "))) is not kept; its text is",
                        kind: "inline markup is not kept; its text is"))
            }
            state =
                switch target?.attribute("state") {
                case nil, "translated", "final", "signed-off": target == nil ? .new : .translated
                case "new": .new
                default: .needsReview
                }
            note = element.child("note")?.text
        }
    }

    /// The entries of one `<file>` as its units are read: the source language's and the target's
    /// side by side, by position (each unit gives both).
    private struct FileEntries {
        var source: [TranslationEntry] = []
        var target: [TranslationEntry] = []
        /// The position of each plural, whose units each give one form.
        private var pluralIndex: [String: Int] = [:]
        /// Keys with a `<target>` (``TransUnit/hasTarget``).
        private var translated: Set<String> = []
        /// Keys whose units say `translate="no"`.
        private var doNotTranslate: Set<String> = []

        /// A plain unit: one text of each language.
        mutating func add(_ unit: TransUnit) {
            if !unit.translatable { doNotTranslate.insert(unit.id) }
            if unit.hasTarget { translated.insert(unit.id) }
            source.append(TranslationEntry(key: unit.id, comment: unit.note, value: .single(PlaceholderSyntax.parseApple(unit.sourceText))))
            target.append(
                TranslationEntry(key: unit.id, comment: unit.note, value: .single(PlaceholderSyntax.parseApple(unit.targetText)), state: unit.state))
        }

        /// Xcode's export of a String Catalog: `key|==|plural.one`, and per device
        /// `key|==|device.iphone` or `key|==|device.other.plural.one`.
        mutating func addCatalogVariation(
            _ unit: TransUnit, key: String, variation: Substring, path: String, language: String, issues: inout [ConversionIssue]
        ) {
            if !unit.translatable { doNotTranslate.insert(key) }
            var variation = variation.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            if variation.first == "device", variation.count >= 2 {
                guard variation[1] == "other" else {
                    issues.append(
                        ConversionIssue(file: path, language: language, key: key, reason: "device variations: only the other device's text is read"))
                    return
                }
                variation.removeFirst(2)
            }
            if unit.hasTarget { translated.insert(key) }
            if variation.isEmpty {
                source.append(TranslationEntry(key: key, comment: unit.note, value: .single(PlaceholderSyntax.parseApple(unit.sourceText))))
                target.append(
                    TranslationEntry(key: key, comment: unit.note, value: .single(PlaceholderSyntax.parseApple(unit.targetText)), state: unit.state))
                return
            }
            guard variation.count == 2, variation[0] == "plural", let category = PluralCategory(rawValue: variation[1]) else {
                issues.append(
                    ConversionIssue(
                        file: path, language: language, key: key,
                        reason: "the catalog variation \(Diagnostic.quoted(variation.joined(separator: "."))) is not read; not converted",
                        kind: "a catalog variation other than plural is not read; not converted"))
                return
            }
            let index = plural(key, targetState: unit.state)
            func set(_ entry: inout TranslationEntry, _ text: String) {
                guard case .plural(var forms, let variable, let frame, let valueType) = entry.value else { return }
                forms[category] = PlaceholderSyntax.parseApple(text)
                entry.value = .plural(forms, variable: variable, frame: frame, valueType: valueType)
                if entry.comment == nil { entry.comment = unit.note }
            }
            set(&source[index], unit.sourceText)
            set(&target[index], unit.targetText)
        }

        /// A `.stringsdict` unit, its id's `parts` (`key`, `NSStringLocalizedFormatKey` or the
        /// variable, the category…): the format around the plural, or one of its forms.
        mutating func addStringsdictUnit(_ unit: TransUnit, parts: [String]) {
            let key = parts[0]
            if !unit.translatable { doNotTranslate.insert(key) }
            if unit.hasTarget { translated.insert(key) }
            let index = plural(key, targetState: nil)
            func update(_ entry: inout TranslationEntry, _ text: String) {
                guard case .plural(var forms, var variable, var frame, let valueType) = entry.value else { return }
                if parts[1] == "NSStringLocalizedFormatKey" {
                    frame = PlaceholderSyntax.parseApple(text)
                } else if parts.count >= 4, let category = PluralCategory(rawValue: parts[2]) {
                    variable = parts[1]
                    forms[category] = PlaceholderSyntax.parseApple(text)
                }
                entry.value = .plural(forms, variable: variable, frame: frame, valueType: valueType)
            }
            update(&source[index], unit.sourceText)
            update(&target[index], unit.targetText)
            if parts[1] == "NSStringLocalizedFormatKey" {
                target[index].comment = unit.note
                source[index].comment = unit.note
                target[index].state = unit.state
            }
        }

        /// The position of the plural `key`, made empty in both languages (the target's in
        /// `targetState`, when given) the first time.
        private mutating func plural(_ key: String, targetState: TranslationEntry.State?) -> Int {
            if let index = pluralIndex[key] { return index }
            source.append(TranslationEntry(key: key, value: .plural([:], variable: nil, frame: nil, valueType: nil)))
            target.append(TranslationEntry(key: key, value: .plural([:], variable: nil, frame: nil, valueType: nil), state: targetState ?? .translated))
            pluralIndex[key] = source.count - 1
            return source.count - 1
        }

        /// A translated plural without an `other` form, which no format can write.
        var translatedPluralWithoutOther: String? {
            target.first { entry in
                guard translated.contains(entry.key), case .plural(let forms, _, _, _) = entry.value else { return false }
                return forms[.other] == nil
            }?.key
        }

        /// The entries of each language, complete: `translate="no"` marked, each plural's number
        /// given the conversion of its `other` form, and the target's units without a `<target>`
        /// left out. A translated plural without `other` (``translatedPluralWithoutOther``) is
        /// the caller's error to throw first.
        func finished(sourceLanguage: String) -> (source: [TranslationEntry], target: [TranslationEntry]) {
            var sourceEntries = source
            var targetEntries = target
            for index in targetEntries.indices where doNotTranslate.contains(targetEntries[index].key) {
                targetEntries[index].shouldTranslate = false
                sourceEntries[index].shouldTranslate = false
            }
            // The number's conversion is the variable's value type.
            for index in targetEntries.indices {
                if case .plural(let forms, let variable, let frame, _) = targetEntries[index].value {
                    if translated.contains(targetEntries[index].key) {
                        let valueType = forms[.other].flatMap(AppleFormatsConversion.numericType)
                        targetEntries[index].value = .plural(forms, variable: variable, frame: trivialFrame(frame, variable), valueType: valueType)
                    }
                    if case .plural(var sourceForms, let sourceVariable, let sourceFrame, _) = sourceEntries[index].value {
                        // Units exist for the target's categories; a source category its language
                        // does not use only repeats the source's other form.
                        let used = Set(PluralRules(locale: sourceLanguage, kind: .cardinal).categories)
                        sourceForms = sourceForms.filter { used.contains($0.key) || $0.value != sourceForms[.other] }
                        sourceEntries[index].value = .plural(
                            sourceForms, variable: sourceVariable, frame: trivialFrame(sourceFrame, sourceVariable),
                            valueType: sourceForms[.other].flatMap(AppleFormatsConversion.numericType))
                    }
                }
            }
            targetEntries.removeAll { !translated.contains($0.key) }
            return (sourceEntries, targetEntries)
        }
    }

    /// The frame `%#@count@` alone adds nothing: the forms are the whole string.
    private static func trivialFrame(_ frame: TranslationMessage?, _ variable: String?) -> TranslationMessage? {
        guard let frame, let variable else { return frame }
        if frame.pieces.count == 1, frame.placeholders.first?.conversion == "#@" + variable + "@", frame.placeholders.first?.position == nil { return nil }
        return frame
    }

    private static func merge(_ table: inout TranslationTable, language: String, _ entries: [TranslationEntry]) {
        var existing = table.languages[language] ?? []
        let known = Set(existing.map(\.key))
        // A note's `Placeholders:` line names the arguments (see PlaceholderNames).
        existing += entries.filter { !known.contains($0.key) }.map { PlaceholderNames.applying(to: $0) }
        table.languages[language] = existing
    }
}
