import AppleLocalization
import CLDRPlurals
import Diagnostics
import Platform
import PrintfFormat

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Android string resources: `res/values[-qualifier]/strings.xml` (another `<table>.xml` beside it
/// is another table), `<string>`, `<plurals>` and `<string-array>`.
///
/// - Languages: `values/` is the default resources, in the language its `tools:locale` names
///   (written there; `--language` when a file has none); `values-es`, `values-pt-rBR`,
///   `values-b+sr+Latn` are the others (``AndroidLocaleQualifier``). Folders with other
///   qualifiers (`values-night`, `values-v21`) hold no translations and are not read.
/// - Text: aapt's escaping, exactly (``AndroidText``).
/// - Names: ``AndroidResourceName``; a key the rule changes is kept in the comment above.
/// - Placeholders: every argument is `<xliff:g id="name">%1$s</xliff:g>` (numbered by first
///   appearance in the source language, `%1$d` for a number), the convention Android tooling and
///   translators use; an unnamed one is `argN` and the plural number `count`, as in i18next and
///   `.po`. What the Java conversion cannot say (an i18next format such as `number`, Apple's
///   `%lld`) is kept in the element's `ctype="x-format:…"`. A text with no argument whose `%`
///   would read as one is `formatted="false"`.
/// - Plurals: `<item quantity>` per CLDR category, as Android selects them. A context or plural
///   key of i18next is the key it had (`friend_male`), as in every format without contexts.
/// - A `<string-array name="planets">` is the keys `planets.0`, `planets.1`, …, and such keys
///   (all of them from 0, single texts) are written as one.
public struct AndroidFormat: TranslationFileFormat {
    public init() {}

    public var name: String { "android" }
    public var recordsSourceLanguage: Bool { true }
    public var holdsPluralsWithoutOther: Bool { true }
    public var holdsDoNotTranslate: Bool { true }
    public var summary: String { "Android string resources, values[-<qualifier>]/strings.xml" }
    public var fileExtensions: [String] { ["xml"] }
    public var defaultTableName: String { "strings" }

    static let toolsNamespace = "http://schemas.android.com/tools"
    static let xliffNamespace = "urn:oasis:names:tc:xliff:document:1.2"
    static let formatPrefix = "x-format:"
    static let unescapedMark = "- "
    /// The language of `values/` when nothing says: Android's tools take the default resources
    /// as English.
    static let defaultLanguage = "en"

    // MARK: Files

    /// The `values*` folders of `directory`, or of its `res/` folder.
    public func discover(in directory: String) -> [TranslationSourceFile] {
        let root =
            DirectoryListing.isDirectory(directory + "/res") && !DirectoryListing.entries(directory).contains(where: { $0.hasPrefix("values") })
            ? directory + "/res" : directory
        var files: [TranslationSourceFile] = []
        for folder in DirectoryListing.entries(root) where folder.hasPrefix("values") && DirectoryListing.isDirectory(root + "/" + folder) {
            let language: String?
            switch AndroidLocaleQualifier.read(folder: folder) {
            case .defaultLanguage?: language = nil
            case .language(let tag)?: language = tag
            // Read, so that the file's error names the folder; never skipped silently.
            case .malformed?: language = nil
            case .other?, nil: continue
            }
            for file in DirectoryListing.entries(root + "/" + folder) where file.hasSuffix(".xml") {
                files.append(
                    TranslationSourceFile(
                        path: root + "/" + folder + "/" + file, language: language,
                        table: DirectoryListing.stem(file), format: name))
            }
        }
        return files
    }

    public func languageAndTable(of path: String) -> (language: String?, table: String) {
        let folder = PathText.lastComponent(PathText.deletingLastComponent(path))
        let table = DirectoryListing.stem(PathText.lastComponent(path))
        if case .language(let tag)? = AndroidLocaleQualifier.read(folder: folder) { return (tag, table) }
        return (nil, table)
    }

    public func read(_ file: TranslationSourceFile, issues: inout [ConversionIssue]) throws(AndroidResourceError) -> [TranslationTable] {
        let folder = PathText.lastComponent(PathText.deletingLastComponent(file.path))
        var folderLanguage: String? = nil
        switch AndroidLocaleQualifier.read(folder: folder) {
        case .malformed(let why)?:
            throw AndroidResourceError(Diagnostic(file: file.path, message: "the folder \(Diagnostic.quoted(folder)): \(why)"))
        case .language(let tag)?: folderLanguage = tag
        case .other?:
            throw AndroidResourceError(
                Diagnostic(
                    file: file.path,
                    message: "the folder \(Diagnostic.quoted(folder)) has qualifiers other than a locale; only values/ and values-<locale>/ hold translations"),
                kind: .usage)
        case .defaultLanguage?, nil: break
        }
        let (locale, entries) = try Self.read(try contents(of: file), path: file.path, language: folderLanguage ?? file.language, issues: &issues)
        // `--language` wins over `tools:locale`; a default folder that says nothing is English,
        // as aapt, lint and Android Studio take it, and the command says so.
        let assumed = folderLanguage == nil && file.language == nil && locale == nil
        let language = folderLanguage ?? file.language ?? locale ?? Self.defaultLanguage
        if entries.isEmpty { return [] }
        let isDefault = folderLanguage == nil
        var table = TranslationTable(name: neutralTableName(file.table), sourceLanguage: isDefault && !assumed ? language : nil, languages: [language: entries])
        if assumed {
            table.notices = [
                Diagnostic(
                    .warning, file: file.path,
                    message:
                        "no tools:locale on <resources>: read as \(Self.defaultLanguage), as Android's tools read values/; add tools:locale=\"…\" (xmlns:tools=\"\(Self.toolsNamespace)\") or pass --language to say otherwise"
                )
            ]
        }
        return [table]
    }

    /// The source language in `values/` (with `tools:locale`), every other in `values-<locale>/`.
    public func write(_ table: TranslationTable, to destination: String, singleFile: Bool, issues: inout [ConversionIssue]) throws(AndroidResourceError)
        -> [TranslationConverter.Output]
    {
        let fileName = tableName(table.name) + ".xml"
        let source = table.sourceLanguage ?? table.languageOrder.first ?? "en"
        let orders = AppleFormatsConversion.argumentOrders(table)
        var outputs: [TranslationConverter.Output] = []
        for language in table.languageOrder {
            let isDefault = language == source
            guard let folder = isDefault ? "values" : AndroidLocaleQualifier.folder(for: language) else {
                throw AndroidResourceError(
                    Diagnostic(file: destination, message: "the language \(TranslationConverter.notALanguageTag(language))"), kind: .invalidInput)
            }
            let relative = singleFile ? nil : folder + "/" + fileName
            let path = relative.map { destination + "/" + $0 } ?? destination
            var collected = ConversionIssues(file: path, language: language)
            let data = try Self.write(table.languages[language] ?? [], locale: isDefault ? language : nil, orders: orders, path: path, issues: &collected)
            outputs.append(TranslationConverter.Output(destination: destination, relativePath: relative, data: data))
            issues += collected.all
        }
        return outputs
    }

    // MARK: Writing

    static func write(
        _ entries: [TranslationEntry], locale: String?, orders: [String: [String]], path: String,
        issues: inout ConversionIssues
    ) throws(AndroidResourceError) -> Data {
        let arrays = arrayGroups(entries)
        // Every resource's key first, so that the name rule tells collisions apart by the keys'
        // order, not by the order resources are written in.
        let names = AndroidResourceName.names(
            for: entries.map { entry in
                arrayBase(entry.key).flatMap { arrays[$0] != nil ? $0 : nil } ?? entry.foldedKey
            })
        func claim(_ key: String) -> String { names[key] ?? AndroidResourceName.name(for: key) }
        var out = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
        out += "<resources xmlns:tools=\"\(toolsNamespace)\" xmlns:xliff=\"\(xliffNamespace)\""
        if let locale { out += " tools:locale=\"\(TextEscaping.xml(locale))\"" }
        out += ">\n"
        var written: Set<String> = []
        for entry in entries where !written.contains(entry.key) {
            var entry = entry
            if let context = entry.context {
                issues.report(
                    entry.key, "Android resources have no context; written as the key \"\(entry.key)_\(context)\"",
                    kind: "Android resources have no context; each is written as the key, _ and the context")
                entry.key += "_" + context
            }
            if entry.state != .translated {
                issues.report(entry.key, "Android resources have no translation state; \(entry.state.rawValue) is not written")
            }
            if let base = arrayBase(entry.key), let members = arrays[base] {
                let name = claim(base)
                out += comment(entry.comment, key: base, name: name, issues: &issues)
                out += "  <string-array name=\"\(name)\"\(translatable(entry))>\n"
                for member in members {
                    written.insert(member.key)
                    if member.key != entry.key, member.comment != nil {
                        issues.report(member.key, "a <string-array> item has no comment of its own; not written")
                    }
                    guard case .single(let message) = member.value else { continue }
                    out += "    <item>\(literalItem(value(message, order: orders[member.key] ?? [], key: member.key, issues: &issues).text))</item>\n"
                }
                out += "  </string-array>\n"
                continue
            }
            let name = claim(entry.key)
            out += comment(entry.comment, key: entry.key, name: name, issues: &issues)
            switch entry.value {
            case .single(let message):
                let (text, formatted) = value(message, order: orders[entry.key] ?? [], key: entry.key, issues: &issues)
                out += "  <string name=\"\(name)\"\(translatable(entry))\(formatted ? "" : " formatted=\"false\"")>\(text)</string>\n"
            case .plural(_, let variable, let frame, let valueType):
                if let frame, !isBareVariable(frame, variable) {
                    issues.report(entry.key, "<plurals> has no text around the plural variable; it is written into each quantity")
                }
                out += "  <plurals name=\"\(name)\"\(translatable(entry))>\n"
                let forms = entry.expandedForms
                let number = valueType ?? forms.representative.flatMap(AppleFormatsConversion.numericType)
                for category in PluralCategory.allCases {
                    guard let form = forms[category] else { continue }
                    let (text, formatted) = value(form, order: orders[entry.key] ?? [], key: entry.key, pluralNumber: number, issues: &issues)
                    if !formatted {
                        issues.report(
                            entry.key,
                            "the \(category.rawValue) quantity has a % that reads as a conversion, and an <item> cannot be formatted=\"false\"; written as it is",
                            kind: "a quantity has a % that reads as a conversion, and an <item> cannot be formatted=\"false\"; written as it is"
                        )
                    }
                    out += "    <item quantity=\"\(category.rawValue)\">\(literalItem(text))</item>\n"
                }
                out += "  </plurals>\n"
            }
        }
        out += "</resources>\n"
        return Data(out.utf8)
    }

    /// An `<item>`'s text as aapt keeps it a string: one that aapt would compile as a number or a
    /// boolean (`+1`, `12`, `true`; an item may hold any type) is written in double quotes, as
    /// apps write `"+1"`.
    private static func literalItem(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        if index < scalars.count, scalars[index] == "+" || scalars[index] == "-" { index += 1 }
        let digitsStart = index
        while index < scalars.count, ("0"..."9").contains(scalars[index]) || scalars[index] == "." { index += 1 }
        let numeric = index > digitsStart && index == scalars.count
        return numeric || text == "true" || text == "false" ? "\"" + text + "\"" : text
    }

    /// ` translatable="false"` for a text not for translators.
    private static func translatable(_ entry: TranslationEntry) -> String {
        entry.shouldTranslate ? "" : " translatable=\"false\""
    }

    /// Whether `frame` is the plural variable alone (`%#@items@`), which adds nothing to the forms.
    private static func isBareVariable(_ frame: TranslationMessage, _ variable: String?) -> Bool {
        guard let variable, frame.pieces.count == 1, case .placeholder(let placeholder) = frame.pieces[0] else { return false }
        return placeholder.conversion == "#@" + variable + "@"
    }

    /// The comment above a resource: the entry's, and the key when the name rule changes it.
    private static func comment(_ comment: String?, key: String, name: String, issues: inout ConversionIssues) -> String {
        guard let text = AndroidResourceName.comment(comment, key: key, name: name) else { return "" }
        if TextEscaping.xmlComment(text) != text {
            issues.report(key, "an XML comment cannot hold -- or control characters; the comment is written with - - and U+FFFD")
        }
        return "  <!-- \(TextEscaping.xmlComment(text)) -->\n"
    }

    /// The keys written as one `<string-array>`: `base.0` … `base.N`, every one a single text,
    /// with no key `base` and no other `base.` key beside them.
    private static func arrayGroups(_ entries: [TranslationEntry]) -> [String: [TranslationEntry]] {
        var members: [String: [Int: TranslationEntry]] = [:]
        var spoiled: Set<String> = []
        let keys = Set(entries.map(\.key))
        for entry in entries where entry.context == nil {
            guard let dot = entry.key.lastIndex(of: ".") else { continue }
            let base = String(entry.key[..<dot])
            guard let index = arrayIndex(entry.key[entry.key.index(after: dot)...]), case .single = entry.value, !keys.contains(base) else {
                spoiled.insert(base)
                continue
            }
            members[base, default: [:]][index] = entry
        }
        var groups: [String: [TranslationEntry]] = [:]
        for (base, byIndex) in members where !spoiled.contains(base) && !base.isEmpty {
            let ordered = (0..<byIndex.count).compactMap { byIndex[$0] }
            if ordered.count == byIndex.count { groups[base] = ordered }
        }
        return groups
    }

    private static func arrayBase(_ key: String) -> String? {
        guard let dot = key.lastIndex(of: "."), arrayIndex(key[key.index(after: dot)...]) != nil else { return nil }
        return String(key[..<dot])
    }

    /// `N` for `N` written without leading zeros (`0`, `12`), else `nil`.
    private static func arrayIndex(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.count <= 6, text.allSatisfy({ $0.isASCII && $0.isNumber }), text == "0" || !text.hasPrefix("0") else { return nil }
        return Int(text)
    }

    /// The XML content of a message, and whether it is a format string (`formatted="false"`
    /// when a text without arguments has a `%` that would read as one).
    private static func value(
        _ message: TranslationMessage, order: [String], key: String, pluralNumber: String? = nil,
        issues: inout ConversionIssues
    ) -> (text: String, formatted: Bool) {
        let message = PlaceholderSyntax.nestingsAsText(message, key: key, platform: "Android", issues: &issues)
        let placeholders = message.placeholders
        let literalPercent = message.pieces.contains { piece in
            if case .text(let literal) = piece { AndroidText.hasConversion(literal) } else { false }
        }
        let isFormat = !placeholders.isEmpty
        let countSlot = PlaceholderSyntax.pluralNumberSlot(in: message, conversion: pluralNumber)
        var atoms: [AndroidText.Atom] = []
        var unnamedIndex = 0
        for piece in message.pieces {
            switch piece {
            case .text(let literal):
                for scalar in literal.unicodeScalars {
                    if isFormat, scalar == "%" {
                        atoms.append(.markup("%%"))
                    } else {
                        atoms.append(.character(scalar))
                    }
                }
            case .nesting: break
            case .markup(let tag): atoms.append(.markup(tag))
            case .placeholder(let placeholder):
                if let conversion = placeholder.conversion, conversion.hasPrefix("#@") {
                    issues.report(
                        key, "the plural variable %\(conversion) inside a plural form cannot be expressed in Android resources; written as text",
                        kind: "the plural variable inside a plural form cannot be expressed in Android resources; written as text")
                    for scalar in ("%" + conversion).unicodeScalars { atoms.append(isFormat && scalar == "%" ? .markup("%%") : .character(scalar)) }
                    continue
                }
                // aapt refuses two unnumbered arguments in a <string> or a plural's <item>.
                atoms.append(
                    .markup(
                        placeholderMarkup(
                            placeholder, of: message, order: order, unnamedIndex: &unnamedIndex, countSlot: countSlot,
                            unnumbered: placeholders.count == 1)))
            }
        }
        return (AndroidText.escaped(atoms), isFormat || !literalPercent)
    }

    /// `<xliff:g id="name">%1$s</xliff:g>`: a named value at its place in `order`; an unnamed
    /// one is `argN` (its position, or its place among the unnamed) as in i18next and `.po`, and
    /// the plural number `count`. `ctype="x-format:…"` keeps what the Java conversion cannot say.
    private static func placeholderMarkup(
        _ placeholder: TranslationPlaceholder, of message: TranslationMessage, order: [String], unnamedIndex: inout Int, countSlot: Int?,
        unnumbered: Bool
    ) -> String {
        var named = placeholder
        if placeholder.name == nil {
            unnamedIndex += 1
            // An unnamed argument Java can say exactly (`%s`, `%1$,d`, `%.2f`, read from Android or
            // printf) is written as it was: `%s` stays `%s`, as the app's getString calls it. Only
            // where aapt needs positions (two or more arguments in a <string>) is it numbered.
            if let conversion = placeholder.conversion, !placeholder.unescaped, placeholder.format == nil,
                case let java = javaSpecifier(conversion), java == FormatConversion.specifier(conversion, groupingSpelled: FormatConversion.javaGroupingFlag),
                placeholder.position != nil || unnumbered
            {
                return "%" + (placeholder.position.map { String($0) + "$" } ?? "") + java
            }
            if let countSlot, (placeholder.position ?? unnamedIndex) == countSlot {
                named.name = "count"
                named.conversion = nil
            } else {
                named.name = "arg\(placeholder.position ?? unnamedIndex)"
                if placeholder.conversion == "@" || placeholder.conversion == "s" { named.conversion = nil }
            }
            named.position = nil
        }
        if named.conversion == nil, let format = named.format, javaSpecifier(format) == format {
            // A Java conversion carried as a format (`{{arg1, ,d}}` from `%1$,d` through i18next)
            // is that conversion again.
            named.conversion = FormatConversion.specifier(format, groupingSpelled: FormatConversion.groupingFlag)
            named.format = nil
        }
        let name = named.name ?? "arg1"
        // A position the source wrote (`%2$s` around a name read from Android) is kept; without
        // one, the value is numbered only where aapt needs it, as an unnamed one.
        // An unnamed value keeps its place among the unnamed (the plural number too).
        let position = placeholder.position ?? (placeholder.name == nil ? unnamedIndex : PlaceholderSyntax.position(of: name, in: order, message: message))
        let number = placeholder.position != nil || !unnumbered ? String(position) + "$" : ""
        // i18next's `number` groups thousands, as Java's `%,d` does.
        let java = named.conversion.map(javaSpecifier) ?? (named.format == "number" ? ",d" : name == "count" ? "d" : "s")
        let kept = named.format ?? named.conversion
        let readsBack = readBack(FormatConversion.specifier(java, groupingSpelled: FormatConversion.groupingFlag), named: name)
        let needsFormat = named.unescaped || (kept != nil && kept != readsBack)
        // i18next's `{{- name, number}}` around the name: `- ` first, then the format.
        let value = (named.unescaped ? unescapedMark : "") + (kept ?? "")
        let format = needsFormat ? " ctype=\"\(TextEscaping.xml(formatPrefix + value))\"" : ""
        return "<xliff:g id=\"\(TextEscaping.xml(name))\"\(format)>%\(number)\(java)</xliff:g>"
    }

    /// The conversion a named value reads back with from the Java specifier `java`: `s` is a
    /// plain value, and `d` the plain number `count`.
    private static func readBack(_ java: String, named name: String) -> String? {
        if java == "s" || (java == "d" && name == "count") { return nil }
        return java
    }

    /// The Java specifier closest to a printf conversion (`lld` → `d`, `@` → `s`); `s` when
    /// there is none.
    static func javaSpecifier(_ conversion: String) -> String {
        guard let last = conversion.unicodeScalars.last else { return "s" }
        var body = String(String.UnicodeScalarView(conversion.unicodeScalars.dropLast().filter { !"hlqLzjt".unicodeScalars.contains($0) }))
        let letter: String
        switch last {
        case "@", "S", "p": letter = "s"
        case "i", "u", "D", "U": letter = "d"
        case "O": letter = "o"
        case "F": letter = "f"
        case "C": letter = "c"
        default: letter = String(last)
        }
        if body.unicodeScalars.contains(where: { $0 == "*" || $0 == "$" }) { body = "" }
        body = FormatConversion.specifier(body, groupingSpelled: FormatConversion.javaGroupingFlag)
        let candidate = body + letter
        let scalars = Array(("%" + candidate).unicodeScalars)
        guard let parsed = AndroidText.conversion(at: 0, in: scalars), parsed.end == scalars.count, parsed.position == nil,
            AndroidText.takesArgument(parsed.specifier, position: nil)
        else { return "s" }
        return candidate
    }

    // MARK: Reading

    /// The `tools:locale` of the file, if any, and its entries.
    static func read(_ data: Data, path: String, language: String?, issues: inout [ConversionIssue]) throws(AndroidResourceError) -> (
        locale: String?, entries: [TranslationEntry]
    ) {
        try data.withBytes { bytes throws(AndroidResourceError) in try read(bytes, path: path, language: language, issues: &issues) }
    }

    private static func read(_ bytes: UnsafeBufferPointer<UInt8>, path: String, language: String?, issues: inout [ConversionIssue])
        throws(AndroidResourceError) -> (locale: String?, entries: [TranslationEntry])
    {
        var locator = SourceLocator()
        func fail(_ offset: Int, _ message: String) -> AndroidResourceError {
            let (line, column) = locator.location(of: offset, in: bytes)
            return AndroidResourceError(Diagnostic(file: path, line: line, column: column, message: message))
        }
        var reader = PropertyListReader(bytes: bytes)
        let root: XMLElement
        do { root = try reader.parseElementDocument() } catch { throw fail(error.offset, error.message) }
        guard root.name == "resources" else { throw fail(root.offset, "expected the root element <resources>, found <\(root.name)>") }
        let locale = root.attributes.first { $0.0.hasSuffix(":locale") && root.attribute("xmlns:" + String($0.0.dropLast(":locale".count))) == toolsNamespace }?
            .1
        if let locale, !TranslationConverter.isLanguageTag(locale) {
            throw fail(root.offset, "tools:locale=\(TranslationConverter.notALanguageTag(locale))")
        }
        let reported = language ?? locale ?? "default"
        func report(_ key: String, _ reason: String, kind: String? = nil) {
            issues.append(ConversionIssue(file: path, language: reported, key: key, reason: reason, kind: kind))
        }
        var entries: [TranslationEntry] = []
        var seen: [String: Int] = [:]
        var comments: [String] = []
        for piece in root.content {
            guard case .element(let index) = piece else {
                if case .comment(let text) = piece { comments.append(trimmedComment(text)) }
                continue
            }
            let element = root.children[index]
            let comment = comments.isEmpty ? nil : comments.joined(separator: "\n")
            comments = []
            guard ["string", "plurals", "string-array"].contains(element.name) else { continue }
            guard let name = element.attribute("name"), !name.isEmpty else {
                throw fail(element.offset, "<\(element.name)> has no name; add name=\"…\" ([a-z0-9_], a letter first)")
            }
            let (key, rest) = AndroidResourceName.key(name: name, comment: comment)
            if let line = seen[key] {
                throw fail(element.offset, "the resource \(Diagnostic.quoted(name)) is defined twice (first on line \(line)); remove one")
            }
            let (line, column) = locator.location(of: element.offset, in: bytes)
            seen[key] = line
            let first = entries.count
            let shouldTranslate = element.attribute("translatable") != "false"
            let formatted = element.attribute("formatted") != "false"
            switch element.name {
            case "string":
                let message = try message(of: element, formatted: formatted, key: key, report: report, fail: fail)
                entries.append(TranslationEntry(key: key, comment: rest, value: .single(message), shouldTranslate: shouldTranslate))
            case "plurals":
                var forms: [PluralCategory: TranslationMessage] = [:]
                for item in element.children where item.name == "item" {
                    guard let quantity = item.attribute("quantity"), let category = PluralCategory(rawValue: quantity) else {
                        throw fail(
                            item.offset,
                            "<item> of <plurals name=\"\(name)\"> needs quantity=\"zero|one|two|few|many|other\", found \(item.attribute("quantity").map { Diagnostic.quoted($0) } ?? "none")"
                        )
                    }
                    if forms[category] != nil { throw fail(item.offset, "the quantity \(quantity) of <plurals name=\"\(name)\"> is given twice; remove one") }
                    forms[category] = try message(of: item, formatted: formatted, key: key, report: report, fail: fail)
                }
                if forms.isEmpty {
                    throw fail(element.offset, "<plurals name=\"\(name)\"> has no <item>; add <item quantity=\"other\">, which every language uses")
                }
                if forms[.other] == nil {
                    // aapt accepts it (Weblate and Transifex write Russian and Ukrainian this way);
                    // Android then fails only for a number no other quantity takes (1.5).
                    report(
                        key,
                        "<plurals> has no other quantity, which Android uses for numbers no other quantity takes (1.5 in ru); add <item quantity=\"other\">")
                }
                entries.append(
                    TranslationEntry(
                        key: key, comment: rest, value: .plural(forms, variable: nil, frame: nil, valueType: nil),
                        shouldTranslate: shouldTranslate))
            default:
                var index = 0
                for item in element.children where item.name == "item" {
                    let itemKey = key + "." + String(index)
                    if seen[itemKey] != nil {
                        throw fail(item.offset, "the key \(Diagnostic.quoted(itemKey)) of this <string-array> is also a <string>; rename one")
                    }
                    seen[itemKey] = seen[key]
                    let message = try message(of: item, formatted: formatted, key: itemKey, report: report, fail: fail)
                    entries.append(TranslationEntry(key: itemKey, comment: index == 0 ? rest : nil, value: .single(message), shouldTranslate: shouldTranslate))
                    index += 1
                }
            }
            // Found for the duplicate check anyway, so every reading gets it.
            for added in first..<entries.count { entries[added].location = SourceLocation(file: path, line: line, column: column) }
        }
        return (locale, entries)
    }

    private static func trimmedComment(_ text: String) -> String {
        var text = Substring(text)
        if text.hasPrefix(" ") { text = text.dropFirst() }
        if text.hasSuffix(" ") { text = text.dropLast() }
        return String(text)
    }

    /// An `<xliff:g>` around an argument: its `id` names it, its `ctype="x-format-…"` says
    /// i18next's format (envtool writes them so).
    private typealias Group = (id: String?, format: String?)

    /// The text and markup of `element` into `reader`, as aapt reads them, and the `<xliff:g>`
    /// groups around its parts. Recursion is bounded: the XML reader refuses nesting deeper than
    /// its maximum depth.
    private static func readContent(of element: XMLElement, into reader: inout AndroidText.Reader, groups: inout [Group]) {
        for piece in element.content {
            switch piece {
            case .text(let text), .cdata(let text): reader.read(text)
            case .comment: break
            case .element(let index):
                let child = element.children[index]
                if child.name == "xliff:g" || child.name.hasSuffix(":g") {
                    let outer = reader.group
                    var format = child.attribute("ctype").flatMap { $0.hasPrefix(formatPrefix) ? String($0.dropFirst(formatPrefix.count)) : nil }
                    if format?.isEmpty == true { format = nil }
                    groups.append((child.attribute("id"), format))
                    reader.group = groups.count - 1
                    readContent(of: child, into: &reader, groups: &groups)
                    reader.group = outer
                } else {
                    var tag = "<" + child.name
                    for (name, value) in child.attributes { tag += " " + name + "=\"" + TextEscaping.xml(value) + "\"" }
                    if child.content.isEmpty {
                        reader.readMarkup(tag + "/>")
                    } else {
                        reader.readMarkup(tag + ">")
                        readContent(of: child, into: &reader, groups: &groups)
                        reader.readMarkup("</" + child.name + ">")
                    }
                }
            }
        }
    }

    /// The argument of Java's conversion `specifier`, named and formatted by the `<xliff:g>`
    /// around it, if any.
    private static func placeholder(position: Int?, specifier javaSpecifier: String, in group: Group?) -> TranslationPlaceholder {
        // Java's grouping flag `,` is printf's `'` in the model, as every other format writes it.
        let specifier = FormatConversion.specifier(javaSpecifier, groupingSpelled: FormatConversion.groupingFlag)
        var placeholder = TranslationPlaceholder(position: position, conversion: specifier)
        guard let (id, format) = group else { return placeholder }
        if let id, !id.isEmpty {
            placeholder.name = id
            placeholder.conversion = readBack(specifier, named: id)
        }
        if var format {
            if format.hasPrefix(unescapedMark) {
                placeholder.unescaped = true
                format.removeFirst(unescapedMark.count)
            }
            if format.isEmpty {
                // `- ` alone: the conversion is the one Java's says.
            } else if PlaceholderSyntax.isPrintfSpecifier(format) {
                placeholder.conversion = format
            } else {
                placeholder.format = format
                placeholder.conversion = nil
            }
        }
        return placeholder
    }

    /// The message of a `<string>` or `<item>`: its text as aapt reads it, `<xliff:g>` naming the
    /// argument inside, inline markup (`<b>`, `<i>`, `<u>`, `<font>`…) as markup pieces, which
    /// only Android writes back as markup.
    private static func message(
        of element: XMLElement, formatted: Bool, key: String,
        report: (_ key: String, _ reason: String, _ kind: String?) -> Void,
        fail: (Int, String) -> AndroidResourceError
    ) throws(AndroidResourceError) -> TranslationMessage {
        var reader = AndroidText.Reader()
        var groups: [Group] = []
        readContent(of: element, into: &reader, groups: &groups)
        if reader.bareApostrophe {
            report(key, "an apostrophe not preceded by \\ is refused by aapt; write \\' (or put the text in double quotes)", nil)
        }
        if !reader.droppedEscapes.isEmpty {
            report(
                key,
                "aapt drops an unknown escape with its character (\(reader.droppedEscapes.joined(separator: ", "))); read as aapt compiles it, without them",
                "aapt drops an unknown escape with its character; read as aapt compiles it, without them")
        }
        if reader.startsWithReference {
            report(key, "a value starting with @ or ? is a reference to another resource in Android; read as its text", nil)
        }
        var message = TranslationMessage()
        let runs = reader.runs
        let isFormat = formatted && runs.contains { !$0.isMarkup && AndroidText.hasConversion($0.text) }
        var placeholdersInGroup: [Int: Int] = [:]
        for run in runs {
            if run.isMarkup { message.append(.markup(run.text)); continue }
            guard isFormat else { message.append(.text(run.text)); continue }
            let scalars = Array(run.text.unicodeScalars)
            var literal = ""
            var index = 0
            while index < scalars.count {
                guard scalars[index] == "%", let found = AndroidText.conversion(at: index, in: scalars) else {
                    // Up to the next `%` at once.
                    var next = index + 1
                    while next < scalars.count, scalars[next] != "%" { next += 1 }
                    literal += String(encoding: scalars[index..<next])
                    index = next
                    continue
                }
                let start = index
                index = found.end
                if found.specifier == "%" { literal += "%"; continue }
                if found.specifier == "n" { literal += "\n"; continue }
                if !AndroidText.takesArgument(found.specifier, position: found.position) {
                    literal += String(encoding: scalars[start..<found.end])
                    continue
                }
                message.append(.text(literal))
                literal = ""
                if let group = run.group { placeholdersInGroup[group, default: 0] += 1 }
                message.append(.placeholder(placeholder(position: found.position, specifier: found.specifier, in: run.group.map { groups[$0] })))
            }
            message.append(.text(literal))
        }
        for (index, group) in groups.enumerated() where placeholdersInGroup[index, default: 0] == 0 {
            report(
                key, "<xliff:g\(group.id.map { " id=\"\($0)\"" } ?? "")> around text (no argument) is not kept; its text is",
                "<xliff:g> around text (no argument) is not kept; its text is")
        }
        return message
    }
}
