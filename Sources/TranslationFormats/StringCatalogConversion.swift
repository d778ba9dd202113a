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
enum StringCatalogConversion {
    static func write(_ table: TranslationTable, sourceLanguage: String, issues: inout [ConversionIssue], path: String) -> Data {
        let orders = AppleFormatsConversion.argumentOrders(table)
        var keys: [String] = []
        var byKey: [String: JSONObject] = [:]
        var comments: [String: String] = [:]
        for language in table.languageOrder {
            var collected = ConversionIssues(file: path, language: language)
            for entry in table.languages[language] ?? [] {
                let key = AppleFormatsConversion.contextKey(entry, &collected)
                if byKey[key] == nil { keys.append(key); byKey[key] = JSONObject() }
                if let comment = entry.comment, comments[key] == nil { comments[key] = comment }
                let order = orders[entry.key] ?? []
                let state = JSONValue.string(entry.state.rawValue)
                func unit(_ message: TranslationMessage) -> JSONValue {
                    let text = PlaceholderSyntax.renderApple(message, order: order, pluralNumber: true, key: entry.key, issues: &collected)
                    return .object(["stringUnit": .object(["state": state, "value": .string(text)])])
                }
                func plural(_ forms: [PluralCategory: TranslationMessage]) -> JSONValue {
                    var object = JSONObject()
                    for category in PluralCategory.allCases { if let form = forms[category] { object[category.rawValue] = unit(form) } }
                    return .object(["plural": .object(object)])
                }
                var localization = JSONObject()
                switch entry.value {
                case .single(let message):
                    localization = ["stringUnit": unit(message)["stringUnit"] ?? .null]
                case .plural(let forms, let variable, let frame, let valueType):
                    if let frame, let variable, frame.pieces.count > 1 {
                        localization["stringUnit"] = unit(frame)["stringUnit"]
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
        for key in keys.sorted() {
            var item = JSONObject()
            if let comment = comments[key] { item["comment"] = .string(comment) }
            item["extractionState"] = .string("manual")
            if case .object(let localizations)? = byKey[key]?["localizations"] {
                item["localizations"] = .object(JSONObject(localizations.members.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }))
            }
            strings[key] = .object(item)
        }
        let root: JSONObject = ["sourceLanguage": .string(sourceLanguage), "strings": .object(strings), "version": .string("1.0")]
        return Data((JSONValue.object(root).jsonText(layout: .xcode) + "\n").utf8)
    }
}

private extension JSONValue {
    subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }
}
