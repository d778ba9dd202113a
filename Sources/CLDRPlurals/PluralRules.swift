/// CLDR plural rules, cardinal and ordinal, for every CLDR locale. The rules themselves are
/// generated from CLDR's data by `scripts/generate-plural-rules` (`PluralRules+CLDR.swift`).
public struct PluralRules: Sendable, Hashable {
    /// Cardinal (`1 apple`, `2 apples`) or ordinal (`1st`, `2nd`).
    public enum Kind: Sendable, Hashable {
        case cardinal, ordinal
    }

    private let kind: Kind
    private let ruleSet: Int

    /// The rules for `locale` (`en`, `pt-PT`, `zh_Hant`), found as `Intl.PluralRules` finds
    /// them: the whole tag, then language and region, then the language; else English, which is
    /// what JavaScript falls back to for a locale it does not know.
    public init(locale: String, kind: Kind) {
        self.kind = kind
        let table = kind == .cardinal ? Self.cardinalRuleSets : Self.ordinalRuleSets
        let parts = locale.replacing("_", with: "-").split(separator: "-").map(String.init)
        var candidates: [String] = []
        if let language = parts.first?.lowercased() {
            // Joined by hand: `joined(separator:)` is generic here and costs the first `t` a
            // scan of every conformance record of the binary.
            var whole = language
            for part in parts.dropFirst() {
                whole += "_"
                whole += part
            }
            candidates.append(whole)
            if let region = parts.dropFirst().first(where: { $0.count == 2 || ($0.count == 3 && $0.allSatisfy(\.isNumber)) }) {
                candidates.append(language + "_" + region.uppercased())
            }
            candidates.append(language)
        }
        ruleSet = candidates.lazy.compactMap { Self.ruleSet(of: $0, in: table) }.first ?? Self.ruleSet(of: "en", in: table)!
    }

    /// The rule set of `locale` in `table`, which is sorted by locale.
    static func ruleSet(of locale: String, in table: KeyValuePairs<String, Int>) -> Int? {
        var low = 0
        var high = table.count
        while low < high {
            let middle = (low + high) / 2
            if table[middle].key < locale { low = middle + 1 } else { high = middle }
        }
        return low < table.count && table[low].key == locale ? table[low].value : nil
    }

    /// The category of `operands`.
    public func category(for operands: PluralOperands) -> PluralCategory {
        kind == .cardinal ? Self.cardinal(ruleSet, operands) : Self.ordinal(ruleSet, operands)
    }

    /// The category of a number, with JavaScript's `Intl.PluralRules` formatting.
    public func category(for value: Double) -> PluralCategory {
        // ICU (and so Intl.PluralRules) gives "other" for NaN and ±Infinity in every language.
        guard value.isFinite else { return .other }
        return category(for: PluralOperands(value))
    }

    /// The categories the locale uses, in i18next's order (zero, one, two, few, many, other).
    public var categories: [PluralCategory] {
        kind == .cardinal ? Self.cardinalCategories[ruleSet] : Self.ordinalCategories[ruleSet]
    }

    /// The rules as a gettext `Plural-Forms` expression over the integer `n` (C syntax), giving
    /// the index of the category in ``categories``; generated from the same CLDR rules, so a
    /// `.po` can be written for every CLDR language. `nil` for ordinal rules, which gettext has not.
    package var gettextExpression: String? {
        kind == .cardinal ? Self.cardinalGettextExpressions[ruleSet] : nil
    }
}
