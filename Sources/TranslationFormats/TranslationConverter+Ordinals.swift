import CLDRPlurals

extension TranslationEntry {
    /// The end of an ordinal plural's key in i18next (`place_ordinal`), before the form's
    /// category (`place_ordinal_two`).
    static let ordinalSuffix = "_ordinal"
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
                let keys = categories.map { entry.key + "_" + $0.rawValue }.joined(separator: ", ")
                issues.append(
                    ConversionIssue(
                        file: destination, language: language, key: entry.key,
                        reason:
                            "an ordinal plural (1st, 2nd, 3rd) has no place in \(format.name), whose plurals are cardinal; each form is a text of its own (\(keys)), as i18next names them and reads them back: the app picks the form by the language's ordinal rules",
                        kind:
                            "an ordinal plural (1st, 2nd, 3rd) has no place in \(format.name), whose plurals are cardinal; each form is a text of its own (key_ordinal_one, …), as i18next names them and reads them back: the app picks the form by the language's ordinal rules"
                    ))
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
        guard entry.context == nil, case .single = entry.value, let underscore = entry.key.lastIndex(of: "_"),
            let category = PluralCategory(rawValue: String(entry.key[entry.key.index(after: underscore)...]))
        else { return nil }
        let base = String(entry.key[..<underscore])
        guard base.hasSuffix(TranslationEntry.ordinalSuffix), base.count > TranslationEntry.ordinalSuffix.count else { return nil }
        return (base, category)
    }
}
