import CLDRPlurals
import JSONParsing

#if canImport(FoundationEssentials)
import AppleLocalization
import FoundationEssentials
#else
import Foundation
#endif

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
        // The entry whose Placeholders: line each key's comment carries (the source language's).
        var lineEntries: [String: TranslationEntry] = [:]
        // Keys not for translators (Android's translatable="false"): `"shouldTranslate": false`.
        var doNotTranslate: Set<String> = []
        for language in table.languageOrder {
            var collected = ConversionIssues(file: path, language: language)
            for entry in table.languages[language] ?? [] {
                if entry.context == nil, let original, original.isUnchanged(entry, language: language),
                    case .object(let item)? = originalStrings[entry.key], case .object(let localizations)? = item["localizations"],
                    let localization = localizations[language]
                {
                    // As read: the model holds nothing the catalog's own JSON does not.
                    if byKey[entry.key] == nil { keys.append(entry.key); byKey[entry.key] = JSONObject() }
                    if let comment = PlaceholderNames.comment(entry.comment, order: orders[entry.key] ?? [], naming: entry), comments[entry.key] == nil {
                        comments[entry.key] = comment
                        lineEntries[entry.key] = entry
                    }
                    var localized: JSONObject
                    if case .object(let existing)? = byKey[entry.key]?["localizations"] { localized = existing } else { localized = JSONObject() }
                    localized[language] = localization
                    byKey[entry.key]?["localizations"] = .object(localized)
                    continue
                }
                let key = AppleFormatsConversion.contextKey(entry, &collected)
                if byKey[key] == nil { keys.append(key); byKey[key] = JSONObject() }
                if !entry.shouldTranslate { doNotTranslate.insert(key) }
                let order = orders[entry.key] ?? []
                if let comment = PlaceholderNames.comment(entry.comment, order: order, naming: entry) {
                    if let reference = lineEntries[key] {
                        for (own, readBack) in PlaceholderNames.respelled(entry, against: reference) {
                            collected.report(
                                entry.key,
                                "\(own) reads back as \(readBack): a catalog has one comment for the key, and its Placeholders: line is the source language's",
                                kind:
                                    "a placeholder named otherwise than in the source language reads back with the source language's name: a catalog has one comment for the key, and its Placeholders: line is the source language's"
                            )
                        }
                    } else {
                        comments[key] = comment
                        lineEntries[key] = entry
                    }
                }
                let localization = Self.localization(of: entry, order: order, issues: &collected)
                var item = byKey[key] ?? JSONObject()
                var localizations: JSONObject
                if case .object(let existing)? = item["localizations"] { localizations = existing } else { localizations = JSONObject() }
                localizations[language] = .object(localization)
                item["localizations"] = .object(localizations)
                byKey[key] = item
            }
            issues += collected.all
        }
        let strings = Self.strings(
            keys: keys, items: byKey, comments: comments, doNotTranslate: doNotTranslate, originalStrings: originalStrings)
        var root: JSONObject
        if case .object(let read)? = original?.document { root = read } else { root = ["sourceLanguage": .null, "strings": .null, "version": .string("1.0")] }
        root["sourceLanguage"] = .string(sourceLanguage)
        root["strings"] = .object(strings)
        let document = JSONValue.object(root)
        // The same document: the bytes read, however they were laid out.
        if let original, let text = original.text, document.isIdentical(to: original.document) { return Data(text) }
        // In the layout the catalog was read in, else Xcode's.
        return Data(document.jsonText(layout: original?.layout ?? .xcode).utf8)
    }

    /// The localization of `entry`, as Xcode writes one: a string unit, plural variations for a
    /// whole-string plural, or a substitution when the plural sits inside a larger text.
    private static func localization(of entry: TranslationEntry, order: [String], issues: inout ConversionIssues) -> JSONObject {
        let state = JSONValue.string(entry.state.rawValue)
        func unit(_ message: TranslationMessage, formatted: Bool = false) -> JSONValue {
            let text = PlaceholderSyntax.renderApple(
                message, order: order, pluralNumber: true, formatted: formatted, key: entry.key, issues: &issues)
            return .object(["stringUnit": .object(["state": state, "value": .string(text)])])
        }
        func plural(_ forms: [PluralCategory: TranslationMessage]) -> JSONValue {
            var object = JSONObject()
            for category in CatalogKeyOrder.sorted(forms.keys.map(\.rawValue)) {
                if let form = PluralCategory(rawValue: category).flatMap({ forms[$0] }) { object[category] = unit(form, formatted: true) }
            }
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
        return localization
    }

    /// The catalog's `strings`: its own keys in its order (Xcode's or another tool's), every field
    /// as read, the new keys placed as Xcode places them, each with the comment, the
    /// `shouldTranslate` and the localizations the model gives it.
    private static func strings(
        keys: [String], items byKey: [String: JSONObject], comments: [String: String], doNotTranslate: Set<String>,
        originalStrings: JSONObject
    ) -> JSONObject {
        var strings = JSONObject()
        // The catalog's own keys in its order (Xcode's or another tool's), the new ones placed as Xcode places them.
        let known = Set(originalStrings.keys)
        for key in CatalogKeyOrder.placing(keys.filter { !known.contains($0) }, among: originalStrings.keys) {
            var item: JSONObject
            if case .object(let read)? = originalStrings[key] {
                // Every field as read (extractionState, isCommentAutoGenerated, shouldTranslate,
                // a key with no text yet); the comment and the localizations the model changed are its own.
                item = read
                if let comment = comments[key], item["comment"] != .string(comment) { CatalogKeyOrder.set(.string(comment), forKey: "comment", in: &item) }
            } else {
                item = JSONObject()
                // No extractionState, Xcode's default: "manual" was a fact about no key the input
                // told of, and came back on every key a catalog sent through i18next had none for.
                if let comment = comments[key] { item["comment"] = .string(comment) }
            }
            if doNotTranslate.contains(key), item["shouldTranslate"] == nil { CatalogKeyOrder.set(.bool(false), forKey: "shouldTranslate", in: &item) }
            if case .object(let localizations)? = byKey[key]?["localizations"] {
                var merged: JSONObject
                if case .object(let read)? = item["localizations"] { merged = read } else { merged = JSONObject() }
                merged = CatalogKeyOrder.setting(localizations.members, in: merged)
                CatalogKeyOrder.set(.object(merged), forKey: "localizations", in: &item)
            }
            strings[key] = .object(item)
        }
        return strings
    }
}

extension JSONValue {
    fileprivate subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }
}
