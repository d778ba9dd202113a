#if canImport(FoundationEssentials)
import AppleLocalization
import FoundationEssentials
#else
import Foundation
#endif
import CLDRPlurals
import JSONParsing

/// Writes a ``TranslationTable`` as a String Catalog (`.xcstrings`), as Xcode would: plural
/// variations for whole-string plurals, a substitution when the plural sits inside a larger text.
///
/// A table read from a catalog is written back from that catalog (``OriginalDocument``): every
/// key, field and localization the model still holds unchanged is written as it was read, so a
/// catalog converted to a catalog is the same JSON, field for field.
enum StringCatalogConversion {
    static func write(_ table: TranslationTable, sourceLanguage: String, issues: inout [ConversionIssue], path: String) -> Data {
        let original = table.original?.format == "xcstrings" ? table.original : nil
        var originalStrings = JSONObject()
        if case .object(let root)? = original?.document, case .object(let strings)? = root["strings"] { originalStrings = strings }
        let orders = AppleFormatsConversion.argumentOrders(table)
        var keys: [String] = []
        var byKey: [String: JSONObject] = [:]
        var comments: [String: String] = [:]
        for language in table.languageOrder {
            var collected = ConversionIssues(file: path, language: language)
            for entry in table.languages[language] ?? [] {
                if entry.context == nil, let original, original.isUnchanged(entry, language: language),
                   case .object(let item)? = originalStrings[entry.key], case .object(let localizations)? = item["localizations"],
                   let localization = localizations[language] {
                    // As read: the model holds nothing the catalog's own JSON does not.
                    if byKey[entry.key] == nil { keys.append(entry.key); byKey[entry.key] = JSONObject() }
                    if let comment = PlaceholderNames.comment(entry.comment, order: orders[entry.key] ?? [], plural: entry.isPlural), comments[entry.key] == nil {
                        comments[entry.key] = comment
                    }
                    var localized: JSONObject
                    if case .object(let existing)? = byKey[entry.key]?["localizations"] { localized = existing } else { localized = JSONObject() }
                    localized[language] = localization
                    byKey[entry.key]?["localizations"] = .object(localized)
                    continue
                }
                let key = AppleFormatsConversion.contextKey(entry, &collected)
                if byKey[key] == nil { keys.append(key); byKey[key] = JSONObject() }
                let order = orders[entry.key] ?? []
                if let comment = PlaceholderNames.comment(entry.comment, order: order, plural: entry.isPlural), comments[key] == nil { comments[key] = comment }
                let state = JSONValue.string(entry.state.rawValue)
                func unit(_ message: TranslationMessage, formatted: Bool = false) -> JSONValue {
                    let text = PlaceholderSyntax.renderApple(message, order: order, pluralNumber: true, formatted: formatted, key: entry.key, issues: &collected)
                    return .object(["stringUnit": .object(["state": state, "value": .string(text)])])
                }
                func plural(_ forms: [PluralCategory: TranslationMessage]) -> JSONValue {
                    var object = JSONObject()
                    for category in PluralCategory.allCases { if let form = forms[category] { object[category.rawValue] = unit(form, formatted: true) } }
                    return .object(["plural": .object(object)])
                }
                var localization = JSONObject()
                switch entry.value {
                case .single(let message):
                    localization = ["stringUnit": unit(message)["stringUnit"] ?? .null]
                case .plural(let forms, let variable, let frame, let valueType):
                    if let frame, let variable, frame.pieces.count > 1 {
                        localization["stringUnit"] = unit(frame, formatted: true)["stringUnit"]
                        var substitution = JSONObject()
                        if let position = frame.placeholders.first(where: { $0.conversion == "#@" + variable + "@" })?.position {
                            substitution["argNum"] = .integer(position)
                        }
                        substitution["formatSpecifier"] = .string(valueType ?? "lld")
                        substitution["variations"] = plural(forms)
                        localization["substitutions"] = .object([variable: .object(substitution)])
                    } else {
                        localization["variations"] = plural(forms)
                    }
                }
                var item = byKey[key] ?? JSONObject()
                var localizations: JSONObject
                if case .object(let existing)? = item["localizations"] { localizations = existing } else { localizations = JSONObject() }
                localizations[language] = .object(localization)
                item["localizations"] = .object(localizations)
                byKey[key] = item
            }
            issues += collected.all
        }
        var strings = JSONObject()
        // The catalog's own keys in its order (Xcode's), then the new ones, sorted as Xcode sorts.
        let known = Set(originalStrings.keys)
        var order = originalStrings.keys + keys.filter { !known.contains($0) }.sorted()
        if originalStrings.keys == originalStrings.keys.sorted() { order.sort() }
        for key in order {
            var item: JSONObject
            if case .object(let read)? = originalStrings[key] {
                // Every field as read (extractionState, isCommentAutoGenerated, shouldTranslate,
                // a key with no text yet); the comment and the localizations the model changed are its own.
                item = read
                if let comment = comments[key], item["comment"] != .string(comment) { item["comment"] = .string(comment) }
            } else {
                item = JSONObject()
                if let comment = comments[key] { item["comment"] = .string(comment) }
                item["extractionState"] = .string("manual")
            }
            if case .object(let localizations)? = byKey[key]?["localizations"] {
                var merged: JSONObject
                if case .object(let read)? = item["localizations"] { merged = read } else { merged = JSONObject() }
                for (language, localization) in localizations.members { merged[language] = localization }
                item["localizations"] = .object(JSONObject(merged.members.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }))
            }
            strings[key] = .object(item)
        }
        var root: JSONObject
        if case .object(let read)? = original?.document { root = read } else { root = ["sourceLanguage": .null, "strings": .null, "version": .string("1.0")] }
        root["sourceLanguage"] = .string(sourceLanguage)
        root["strings"] = .object(strings)
        return Data((JSONValue.object(root).jsonText(layout: .xcode) + "\n").utf8)
    }
}

private extension JSONValue {
    subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }
}
