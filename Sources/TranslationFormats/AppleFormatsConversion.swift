import CLDRPlurals
import Platform
import PrintfFormat
import StringsFile

#if canImport(FoundationEssentials)
import AppleLocalization
import FoundationEssentials
#else
import Foundation
#endif

/// `.strings`, `.stringsdict` and `.xcstrings` read into the neutral model from the parsed files
/// of this library, so conversion reads exactly what lookups read.
enum AppleFormatsConversion {
    // MARK: Reading

    /// The entries of one language's `.strings` and `.stringsdict`; with `positions`, the
    /// `.strings` entries located (``TranslationEntry/location``).
    static func entries(
        strings: StringsFile?, stringsdict: StringsDictFile?, language: String, positions: Bool = false,
        issues: inout [ConversionIssue]
    ) -> [TranslationEntry] {
        var entries: [TranslationEntry] = []
        var seen: Set<String> = []
        if let stringsdict {
            for key in stringsdict.keys {
                guard let format = stringsdict[key] else { continue }
                if let entry = entry(
                    key: key, format: format, file: stringsdict.path, language: language, comment: stringsdict.comment(forKey: key), issues: &issues)
                {
                    entries.append(PlaceholderNames.applying(to: entry))
                    seen.insert(key)
                }
            }
        }
        if let strings {
            let locations = positions ? strings.keyLocations() : [:]
            for key in strings.keys where !seen.contains(key) {
                guard let value = strings[key] else { continue }
                var entry = TranslationEntry(key: key, comment: strings.comment(forKey: key), value: .single(PlaceholderSyntax.parseApple(value)))
                entry.location = locations[key].map { SourceLocation(file: strings.path, line: $0.line, column: $0.column) }
                entries.append(PlaceholderNames.applying(to: entry))
            }
        }
        return entries
    }

    /// A `.stringsdict` entry or a catalog text with substitutions: one plural variable at most.
    private static func entry(
        key: String, format: LocalizedFormat, file: String, language: String,
        comment: String? = nil, state: TranslationEntry.State = .translated,
        issues: inout [ConversionIssue]
    ) -> TranslationEntry? {
        let frame = PlaceholderSyntax.parseApple(format.format)
        let referenced = frame.placeholders.compactMap { placeholder -> String? in
            guard let conversion = placeholder.conversion, conversion.hasPrefix("#@") else { return nil }
            return String(conversion.dropFirst(2).dropLast())
        }
        guard let name = referenced.first, let variable = format.variables[name] else {
            return TranslationEntry(key: key, comment: comment, value: .single(frame), state: state)
        }
        if Set(referenced).count > 1 {
            issues.append(
                ConversionIssue(
                    file: file, language: language, key: key,
                    reason:
                        "\(Set(referenced).count) plural variables in one string (\(referenced.map { "%#@\($0)@" }.joined(separator: ", "))) cannot be converted; only one is supported. Not converted",
                    kind: "several plural variables in one string cannot be converted; only one is supported. Not converted"
                ))
            return nil
        }
        var valueType = variable.valueType
        if let specifier = valueType, FormatArgumentType(valueType: specifier) == nil {
            // Xcode takes any text there; no other format has a place for it.
            issues.append(
                ConversionIssue(
                    file: file, language: language, key: key,
                    reason: "\"formatSpecifier\" \"\(specifier)\" of %#@\(name)@ is not a printf conversion; kept only in .xcstrings",
                    kind: "a \"formatSpecifier\" that is not a printf conversion is kept only in .xcstrings", keptBy: "xcstrings"))
            valueType = nil
        }
        let forms = variable.forms.mapValues { form in
            PlaceholderSyntax.parseApple(valueType.map { form.replacing("%arg", with: "%" + $0) } ?? form)
        }
        return TranslationEntry(key: key, comment: comment, value: .plural(forms, variable: name, frame: frame, valueType: valueType), state: state)
    }

    static func table(catalog: StringCatalog, issues: inout [ConversionIssue]) -> TranslationTable {
        var table = TranslationTable(name: catalog.table, sourceLanguage: catalog.sourceLanguage)
        // Another format has no place for the catalog's version: a catalog written from it is
        // version 1.0 (issue #35).
        if let version = catalog.version, version != "1.0" {
            issues.append(
                ConversionIssue(
                    file: catalog.path, language: catalog.sourceLanguage, key: "",
                    reason: "the catalog's version \(version) is kept only in .xcstrings; a catalog written from another format is version 1.0",
                    keptBy: "xcstrings"))
        }
        for key in catalog.keys {
            guard let item = catalog[key] else { continue }
            // Another format has no place for it, and a catalog written from one gives the key
            // none: Xcode's default (the key is found in the code, or becomes stale).
            if let extractionState = item.extractionState {
                issues.append(
                    ConversionIssue(
                        file: catalog.path, language: catalog.sourceLanguage, key: key,
                        reason: "extractionState \"\(extractionState)\" is kept only in .xcstrings",
                        kind: "extractionState (\"manual\", \"stale\"…) is kept only in .xcstrings", keptBy: "xcstrings"))
            }
            if item.isCommentAutoGenerated, item.comment != nil {
                issues.append(
                    ConversionIssue(
                        file: catalog.path, language: catalog.sourceLanguage, key: key,
                        reason: "isCommentAutoGenerated is kept only in .xcstrings: read back, the comment is taken for a person's",
                        keptBy: "xcstrings"))
            }
            if item.localizations.isEmpty {
                issues.append(
                    ConversionIssue(
                        file: catalog.path, language: catalog.sourceLanguage, key: key,
                        reason: "the key has no text in any language yet; it is kept only in .xcstrings", keptBy: "xcstrings"))
            }
            for (language, localization) in item.localizations.sorted(by: { $0.key < $1.key }) {
                var value = localization.value
                if case .device(let devices, _) = value {
                    issues.append(
                        ConversionIssue(
                            file: catalog.path, language: language, key: key,
                            reason:
                                "device variations (\(devices.keys.sorted().joined(separator: ", "))) cannot be converted; the \"other\" device (or the first) is used",
                            kind: "device variations cannot be converted; the \"other\" device (or the first) is used",
                            keptBy: "xcstrings"))
                    guard let chosen = devices["other"] ?? devices.sorted(by: { $0.key < $1.key }).first?.value else { continue }
                    value = chosen
                }
                let converted: TranslationEntry?
                switch value {
                case .unit(let unit):
                    converted = entry(
                        key: key, format: LocalizedFormat(format: unit.value, variables: localization.substitutions),
                        file: catalog.path, language: language, comment: item.comment, state: state(unit.state), issues: &issues)
                case .plural(let forms, _):
                    var messages: [PluralCategory: TranslationMessage] = [:]
                    var states: [TranslationEntry.State] = []
                    for (category, form) in forms {
                        guard case .unit(let unit) = form else {
                            issues.append(
                                ConversionIssue(
                                    file: catalog.path, language: language, key: key,
                                    reason: "the \(category.rawValue) form varies again; only plain forms are converted. Not converted",
                                    kind: "a plural form varies again; only plain forms are converted. Not converted", keptBy: "xcstrings"))
                            continue
                        }
                        messages[category] = PlaceholderSyntax.parseApple(unit.value)
                        states.append(state(unit.state))
                    }
                    converted =
                        messages[.other] == nil
                        ? nil
                        : TranslationEntry(
                            key: key, comment: item.comment,
                            value: .plural(messages, variable: nil, frame: nil, valueType: nil),
                            state: states.contains(.new) ? .new : states.contains(.needsReview) ? .needsReview : .translated)
                case .device:
                    issues.append(
                        ConversionIssue(
                            file: catalog.path, language: language, key: key, reason: "nested device variations cannot be converted", keptBy: "xcstrings"))
                    converted = nil
                }
                if var converted {
                    converted.shouldTranslate = item.shouldTranslate
                    converted.location = item.location
                    table.languages[language, default: []].append(PlaceholderNames.applying(to: converted))
                }
            }
        }
        return table
    }

    private static func state(_ state: CatalogStringUnit.State) -> TranslationEntry.State {
        switch state {
        case .translated: .translated
        case .needsReview: .needsReview
        case .new, .stale: .new
        }
    }

    // MARK: Writing

    /// The argument names of each key, in the order of the first language that has it (the
    /// source language, first in the table): the arguments the app passes. A translation's own
    /// names are not added after them: numbered past the source's, a renamed `ITEM_INDEX` would
    /// be `%3$s` in a text whose app passes two (``PlaceholderSyntax/position(of:in:message:)``
    /// places it among its message's names instead).
    static func argumentOrders(_ table: TranslationTable) -> [String: [String]] {
        var orders: [String: [String]] = [:]
        for language in table.languageOrder {
            for entry in table.languages[language] ?? [] where orders[entry.key] == nil {
                let messages = PluralCategory.allCases.reversed().compactMap { entry.expandedForms[$0] }
                orders[entry.key] = PlaceholderSyntax.argumentOrder(messages)
            }
        }
        return orders
    }

    static func writeStrings(_ entries: [TranslationEntry], orders: [String: [String]], issues: inout ConversionIssues) -> Data? {
        var lines: [String] = []
        for entry in entries {
            guard case .single(let message) = entry.value else { continue }
            let key = contextKey(entry, &issues)
            if let comment = PlaceholderNames.comment(entry.comment, order: orders[entry.key] ?? [], naming: entry) {
                if comment.containsBytes("*/") { issues.report(entry.key, "the comment holds \"*/\", which would end it; written as \"* /\"") }
                lines.append("/* " + comment.replacingBytes("*/", with: "* /") + " */")
            }
            if entry.state != .translated { issues.report(entry.key, ".strings have no translation state; \(entry.state.rawValue) is not written") }
            let text = PlaceholderSyntax.renderApple(message, order: orders[entry.key] ?? [], pluralNumber: false, key: entry.key, issues: &issues)
            lines.append("\"\(TextEscaping.quoted(key, for: .strings))\" = \"\(TextEscaping.quoted(text, for: .strings))\";")
        }
        // A language without entries (the source of a catalog whose keys are their own text) is
        // an empty .strings: its folder says the language is there. Only plurals: no .strings.
        if lines.isEmpty { return entries.isEmpty ? Data() : nil }
        return Data((lines.joined(separator: "\n") + "\n").utf8)
    }

    static func writeStringsdict(_ entries: [TranslationEntry], orders: [String: [String]], issues: inout ConversionIssues) -> Data? {
        var body = ""
        for entry in entries {
            guard case .plural(let forms, let variable, let frame, let valueType) = entry.value else { continue }
            let key = contextKey(entry, &issues)
            if entry.state != .translated { issues.report(entry.key, ".stringsdict has no translation state; \(entry.state.rawValue) is not written") }
            let order = orders[entry.key] ?? []
            let rendered = forms.mapValues {
                PlaceholderSyntax.renderApple($0, order: order, pluralNumber: true, formatted: true, key: entry.key, issues: &issues)
            }
            let name = variable ?? "count"
            let format: String
            if let frame {
                format = PlaceholderSyntax.renderApple(frame, order: order, pluralNumber: true, formatted: true, key: entry.key, issues: &issues)
            } else {
                // The variable takes the argument its number is: positional when the forms are.
                let position = order.count > 1 ? (order.firstIndex(of: "count").map { "\($0 + 1)$" } ?? "") : ""
                format = "%" + position + "#@" + name + "@"
            }
            let type = valueType ?? rendered[.other].flatMap { numericType(PlaceholderSyntax.parseApple($0)) } ?? "lld"
            // Above the key, where the reader finds it again, with the Placeholders: line.
            let comment = PlaceholderNames.comment(entry.comment, order: order, naming: entry)
            if [key, format, name, comment ?? ""].contains(where: TextEscaping.losesCharactersInXML)
                || rendered.values.contains(where: TextEscaping.losesCharactersInXML)
            {
                issues.report(entry.key, TextEscaping.xmlLossReason)
            }
            if let comment {
                if comment.containsBytes("--") { issues.report(entry.key, "an XML comment cannot hold \"--\"; written as \"- -\"") }
                body += "\t<!-- \(TextEscaping.xmlComment(comment)) -->\n"
            }
            body += "\t<key>\(TextEscaping.xml(key))</key>\n\t<dict>\n"
            body += "\t\t<key>NSStringLocalizedFormatKey</key>\n\t\t<string>\(TextEscaping.xml(format))</string>\n"
            body += "\t\t<key>\(TextEscaping.xml(name))</key>\n\t\t<dict>\n"
            body += "\t\t\t<key>NSStringFormatSpecTypeKey</key>\n\t\t\t<string>NSStringPluralRuleType</string>\n"
            body += "\t\t\t<key>NSStringFormatValueTypeKey</key>\n\t\t\t<string>\(TextEscaping.xml(type))</string>\n"
            for category in PluralCategory.allCases {
                guard let text = rendered[category] else { continue }
                body += "\t\t\t<key>\(category.rawValue)</key>\n\t\t\t<string>\(TextEscaping.xml(text))</string>\n"
            }
            body += "\t\t</dict>\n\t</dict>\n"
        }
        guard !body.isEmpty else { return nil }
        return Data(
            ("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>

            """ + body + "</dict>\n</plist>\n").utf8)
    }

    static func numericType(_ message: TranslationMessage) -> String? {
        message.placeholders.first { $0.isNumeric }?.conversion
    }

    /// Apple formats have no context: it becomes part of the key, and is reported.
    static func contextKey(_ entry: TranslationEntry, _ issues: inout ConversionIssues) -> String {
        guard entry.context != nil else { return entry.key }
        issues.report(
            entry.key, "Apple formats have no context; written as the key \"\(entry.foldedKey)\"",
            kind: "Apple formats have no context; each is written as the key, _ and the context")
        return entry.foldedKey
    }
}
