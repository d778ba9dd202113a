import CLDRPlurals

extension TranslationEntry {
    /// The end of an ordinal plural's key in i18next (`place_ordinal`), before the form's
    /// category (`place_ordinal_two`).
    static let ordinalSuffix = "_ordinal"

    /// `key` split at its last `_` when a plural category follows (`found_zero`: `found` and
    /// `zero`). The bytes are searched, not the Characters: every entry of a table is asked when
    /// forms are carried, and a Character search from the end was 40% of converting a large `.po` set.
    static func categorySuffix(of key: String) -> (base: Substring, category: PluralCategory)? {
        let utf8 = key.utf8
        guard let underscore = utf8.lastIndex(of: UInt8(ascii: "_")) else { return nil }
        let start = utf8.index(after: underscore)
        // `other`, the longest category, has five letters.
        guard utf8.distance(from: start, to: utf8.endIndex) <= 5, let category = PluralCategory(rawValue: String(key[start...])) else { return nil }
        return (key[..<underscore], category)
    }
}

/// Plural forms a format cannot hold, carried as texts of their own under i18next's keys and read
/// back into the plural, so that X → that format → X gives them back: ordinals everywhere but
/// i18next, and forms outside the language's rules in gettext.
extension TranslationConverter {
    /// Joins what the files of `format` carry as texts of their own (``splittingOrdinals(_:for:destination:issues:)``,
    /// ``splittingFormsOutsideRules(_:for:destination:issues:)``) back into their plurals.
    mutating func joinCarriedForms(readBy format: any TranslationFileFormat) {
        if !format.holdsOrdinals { tables = tables.map(Self.joiningOrdinals) }
        if !format.holdsFormsOutsideRules { tables = tables.map(Self.joiningFormsOutsideRules) }
    }
}

extension TranslationConverter {
    /// The one report of a plural whose forms `categories` are written as texts of their own
    /// under i18next's keys (`place_ordinal_two`, `found_zero`): `what` says why, `kind` says it
    /// for every key of the kind (`what` when it says nothing particular to the key), and `then`
    /// follows the keys.
    fileprivate static func carried(
        _ categories: [PluralCategory], of entry: TranslationEntry, language: String, destination: String,
        what: String, kind: String? = nil, keysOfTheKind: String, then: String
    ) -> ConversionIssue {
        let texts = categories.map { entry.key + "_" + $0.rawValue }.joined(separator: ", ")
        let carried = categories.count == 1 ? "a text of its own" : "texts of their own"
        return ConversionIssue(
            file: destination, language: language, key: entry.key,
            reason: "\(what) \(carried) (\(texts)), as i18next names it and reads it back\(then)",
            kind: "\(kind ?? what) texts of their own (\(keysOfTheKind)), as i18next names it and reads it back\(then)")
    }
}

/// Ordinal plurals (`1st`, `2nd`, `3rd`) in the formats that have none: only i18next chooses a
/// form by CLDR's ordinal rules, and a cardinal plural chooses the wrong one ("22th"). So an
/// ordinal is never written as a plural there: each form is a text of its own under i18next's
/// key (`place_ordinal_one`, `place_ordinal_two`…), which the app picks by the ordinal rules, and
/// texts named so are read back as the ordinal, so X → i18next gives it back exactly.
extension TranslationConverter {
    /// `table` with each ordinal plural written as one text per form, reported once per key.
    static func splittingOrdinals(
        _ table: inout TranslationTable, for format: any TranslationFileFormat,
        destination: String, issues: inout [ConversionIssue]
    ) {
        for (language, entries) in table.languages where entries.contains(where: { $0.pluralKind == .ordinal && $0.isPlural }) {
            var split: [TranslationEntry] = []
            split.reserveCapacity(entries.count + 8)
            for entry in entries {
                guard entry.pluralKind == .ordinal, case .plural(let forms, _, _, _) = entry.value else {
                    split.append(entry)
                    continue
                }
                let categories = PluralCategory.allCases.filter { forms[$0] != nil }
                for (index, category) in categories.enumerated() {
                    guard let form = forms[category] else { continue }
                    var text = entry
                    text.key = entry.key + "_" + category.rawValue
                    text.value = .single(form)
                    text.pluralKind = .cardinal
                    text.textWithoutCount = nil
                    text.pluralID = nil
                    if index > 0 { text.comment = nil }
                    split.append(text)
                }
                issues.append(
                    carried(
                        categories, of: entry, language: language, destination: destination,
                        what: "an ordinal plural (1st, 2nd, 3rd) has no place in \(format.name), whose plurals are cardinal; its forms are",
                        keysOfTheKind: "key_ordinal_one, …", then: ": the app picks the form by the language's ordinal rules"))
            }
            table.languages[language] = split
        }
    }

    /// `table` with the texts `X_ordinal_<category>` of a language (as ``splittingOrdinals(_:for:destination:issues:)``
    /// writes them) joined into the ordinal plural `X_ordinal`, where no key `X_ordinal` is there.
    static func joiningOrdinals(_ table: TranslationTable) -> TranslationTable {
        var table = table
        for (language, entries) in table.languages where entries.contains(where: { ordinalForm(of: $0) != nil }) {
            let keys = Set(entries.lazy.filter { $0.context == nil }.map(\.key))
            var forms: [String: [PluralCategory: TranslationMessage]] = [:]
            var members: [String: [TranslationEntry]] = [:]
            for entry in entries {
                guard let (base, category) = ordinalForm(of: entry), !keys.contains(base), case .single(let message) = entry.value,
                    forms[base]?[category] == nil
                else { continue }
                forms[base, default: [:]][category] = message
                members[base, default: []].append(entry)
            }
            var joined: [TranslationEntry] = []
            joined.reserveCapacity(entries.count)
            for entry in entries {
                guard let (base, _) = ordinalForm(of: entry), let parts = members[base] else {
                    joined.append(entry)
                    continue
                }
                guard parts.first?.key == entry.key else {
                    if !parts.contains(where: { $0.key == entry.key }) { joined.append(entry) }
                    continue
                }
                let states = parts.map(\.state)
                var plural = TranslationEntry(
                    key: base, comment: parts.compactMap(\.comment).first,
                    value: .plural(forms[base] ?? [:], variable: nil, frame: nil, valueType: nil),
                    state: states.contains(.new) ? .new : states.contains(.needsReview) ? .needsReview : .translated,
                    shouldTranslate: parts.allSatisfy(\.shouldTranslate))
                plural.pluralKind = .ordinal
                joined.append(plural)
            }
            table.languages[language] = joined
        }
        return table
    }

    /// `("place_ordinal", .two)` for the text `place_ordinal_two` with no context.
    private static func ordinalForm(of entry: TranslationEntry) -> (base: String, category: PluralCategory)? {
        guard entry.context == nil, case .single = entry.value, let (base, category) = TranslationEntry.categorySuffix(of: entry.key),
            base.hasSuffix(TranslationEntry.ordinalSuffix), base.count > TranslationEntry.ordinalSuffix.count
        else { return nil }
        return (String(base), category)
    }
}

/// Plural forms the language's CLDR rules never choose (English `zero`, which Android apps write
/// and aapt keeps, and which i18next uses for a count of 0 in any language) in a format whose
/// plurals are only the language's forms (gettext: a `msgstr[n]` for each form of `Plural-Forms`).
/// Such a form is a text of its own under i18next's key (`items_zero`), read back into the
/// plural, as ordinals are: gettext never shows it, and nothing is lost on the way back.
extension TranslationConverter {
    /// `table` with each cardinal plural's forms outside its language's rules written as texts of
    /// their own, reported once per key. A form whose key another entry already has stays, for
    /// the writer to report.
    static func splittingFormsOutsideRules(
        _ table: inout TranslationTable, for format: any TranslationFileFormat,
        destination: String, issues: inout [ConversionIssue]
    ) {
        for language in Array(table.languages.keys) {
            let rules = Set(PluralRules(locale: language, kind: .cardinal).categories)
            func outside(_ entry: TranslationEntry) -> [PluralCategory] {
                guard entry.pluralKind == .cardinal, case .plural(let forms, _, _, _) = entry.value else { return [] }
                return PluralCategory.allCases.filter { forms[$0] != nil && !rules.contains($0) }
            }
            guard let entries = table.languages[language], entries.contains(where: { !outside($0).isEmpty }) else { continue }
            let keys = Set(entries.lazy.map { [$0.key, $0.context] })
            var split: [TranslationEntry] = []
            split.reserveCapacity(entries.count + 8)
            for entry in entries {
                let categories = outside(entry).filter { !keys.contains([entry.key + "_" + $0.rawValue, entry.context]) }
                guard !categories.isEmpty, case .plural(var forms, let variable, let frame, let valueType) = entry.value,
                    // A plural of such forms only (Android's zero alone) stays one, for the writer.
                    forms.keys.contains(where: rules.contains)
                else {
                    split.append(entry)
                    continue
                }
                let expanded = entry.expandedForms
                let number = valueType ?? expanded.representative.flatMap(AppleFormatsConversion.numericType)
                for category in categories { forms[category] = nil }
                var plural = entry
                plural.value = .plural(forms, variable: variable, frame: frame, valueType: valueType)
                split.append(plural)
                for category in categories {
                    guard let form = expanded[category] else { continue }
                    var text = TranslationEntry(
                        key: entry.key + "_" + category.rawValue, context: entry.context,
                        comment: carriedFormComment(category, of: entry.key), value: .single(namingPluralNumber(in: form, conversion: number)),
                        state: entry.state,
                        shouldTranslate: entry.shouldTranslate)
                    text.location = entry.location
                    split.append(text)
                }
                let names = categories.map(\.rawValue).joined(separator: ", ")
                issues.append(
                    carried(
                        categories, of: entry, language: language, destination: destination,
                        what: "the \(names) form is not one of \(language)'s plural forms, the only forms \(format.name) has; carried as",
                        kind: "a form outside the language's plural rules (English zero) has no place in \(format.name); carried as",
                        keysOfTheKind: "key_zero", then: " into the plural (\(format.name) never shows it)"))
            }
            table.languages[language] = split
        }
    }

    /// `form` with the argument that prints the plural's number named `count`, as every format
    /// names it inside the plural, its position kept: a text of its own is no plural form, and
    /// would otherwise name it `arg1`, which `t(key, { count })` never fills.
    private static func namingPluralNumber(in form: TranslationMessage, conversion: String?) -> TranslationMessage {
        guard let slot = PlaceholderSyntax.pluralNumberSlot(in: form, conversion: conversion) else { return form }
        var index = 0
        return TranslationMessage(
            form.pieces.map { piece in
                guard case .placeholder(var placeholder) = piece, placeholder.name == nil, placeholder.conversion?.hasPrefix("#@") != true else {
                    return piece
                }
                index += 1
                guard (placeholder.position ?? index) == slot else { return piece }
                placeholder.name = "count"
                return .placeholder(placeholder)
            })
    }

    /// The comment of a form carried as a text of its own: what the translator sees beside it, and
    /// what tells it from a key of that name when read back.
    static func carriedFormComment(_ category: PluralCategory, of key: String) -> String {
        "The \(category.rawValue) form of the plural \(key), which this language's plural rules never choose: kept for the formats that show it (Android, i18next)."
    }

    /// `table` with the texts `X_<category>` that ``splittingFormsOutsideRules(_:for:destination:issues:)``
    /// writes joined back into the plural `X` of the same context: only a category the language's
    /// rules never choose, which `X` lacks, from a text with the comment that split gives it and
    /// `X`'s state. Any other text is a key of its own, kept as read (``TranslationCoverage``
    /// counts an untranslated one, as a translator `.po` lists it in every language, as part of
    /// the plural).
    static func joiningFormsOutsideRules(_ table: TranslationTable) -> TranslationTable {
        var table = table
        for (language, entries) in table.languages {
            let rules = Set(PluralRules(locale: language, kind: .cardinal).categories)
            func carried(_ entry: TranslationEntry) -> (base: String, category: PluralCategory)? {
                // The comment first: only a carried form has one of this kind.
                guard case .single = entry.value, entry.comment != nil, let (found, category) = TranslationEntry.categorySuffix(of: entry.key),
                    !rules.contains(category), ordinalForm(of: entry) == nil
                else { return nil }
                let base = String(found)
                guard entry.comment == carriedFormComment(category, of: base) else { return nil }
                return (base, category)
            }
            guard entries.contains(where: { carried($0) != nil }) else { continue }
            var plurals: [[String?]: Int] = [:]
            for (index, entry) in entries.enumerated() where entry.pluralKind == .cardinal && entry.isPlural {
                plurals[[entry.key, entry.context]] = index
            }
            var joined = entries
            var taken = Set<Int>()
            for (index, entry) in entries.enumerated() {
                guard let (base, category) = carried(entry), let position = plurals[[base, entry.context]],
                    case .plural(var forms, let variable, let frame, let valueType) = joined[position].value, forms[category] == nil,
                    joined[position].shouldTranslate == entry.shouldTranslate, case .single(let message) = entry.value
                else { continue }
                // A text whose state differs stays a key of its own: joined, the plural's state
                // would change, and `.po` → `.po` would rewrite both messages.
                guard joined[position].state == entry.state else { continue }
                forms[category] = message
                joined[position].value = .plural(forms, variable: variable, frame: frame, valueType: valueType)
                taken.insert(index)
            }
            guard !taken.isEmpty else { continue }
            table.languages[language] = joined.indices.filter { !taken.contains($0) }.map { joined[$0] }
        }
        return table
    }
}
