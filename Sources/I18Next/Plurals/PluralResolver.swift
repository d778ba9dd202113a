import Synchronization

/// i18next's plural suffixes (`_one`, `_ordinal_two`) from CLDR rules, with the rules of each
/// language code looked up once and cached.
final class PluralResolver: Sendable {
    private let separator: String
    private let legacySuffixes: Bool
    private let cache = Mutex<[String: PluralRules]>([:])
    /// `_one`, `_other`, … and `_ordinal_one`, …, by ``PluralCategory`` (in `allCases` order):
    /// made once, where each `t()` with a count would otherwise join two or three strings.
    private let cardinalSuffixes: [String]
    private let ordinalSuffixes: [String]

    /// - Parameter legacySuffixes: `compatibilityJSON: "v3"`: `key_plural` for languages with
    ///   one singular and one plural form, else the gettext index (`key_0`, `key_1`, …).
    init(separator: String, legacySuffixes: Bool = false) {
        self.separator = separator
        self.legacySuffixes = legacySuffixes
        cardinalSuffixes = PluralCategory.allCases.map { separator + $0.rawValue }
        ordinalSuffixes = PluralCategory.allCases.map { separator + "ordinal" + separator + $0.rawValue }
    }

    /// The rules for `code` (`dev` uses English rules, as in i18next).
    func rules(for code: String?, ordinal: Bool) -> PluralRules {
        let cleaned = code.map { $0 == "dev" ? "en" : LanguageUtils.cleaned($0) } ?? "en"
        let cacheKey = ordinal ? "o:" + cleaned : cleaned
        if let cached = cache.withLock({ $0[cacheKey] }) { return cached }
        let rules = PluralRules(locale: cleaned, kind: ordinal ? .ordinal : .cardinal)
        cache.withLock { $0[cacheKey] = rules }
        return rules
    }

    func suffix(for code: String?, count: Double, ordinal: Bool) -> String {
        if legacySuffixes { return legacySuffix(for: code, count: count) }
        return suffix(of: rules(for: code, ordinal: ordinal).category(for: count), ordinal: ordinal)
    }

    /// ``suffix(for:count:ordinal:)`` for a caller that holds the rules of `code` already
    /// (``rules(for:ordinal:)`` with the same `ordinal`), as a translator does for its languages.
    func suffix(for code: String?, rules: PluralRules, count: Double, ordinal: Bool) -> String {
        if legacySuffixes { return legacySuffix(for: code, count: count) }
        return suffix(of: rules.category(for: count), ordinal: ordinal)
    }

    private func suffix(of category: PluralCategory, ordinal: Bool) -> String {
        let position: Int
        switch category {
        case .zero: position = 0
        case .one: position = 1
        case .two: position = 2
        case .few: position = 3
        case .many: position = 4
        case .other: position = 5
        }
        return ordinal ? ordinalSuffixes[position] : cardinalSuffixes[position]
    }

    private func legacySuffix(for code: String?, count: Double) -> String {
        let cleaned = code.map { $0 == "dev" ? "en" : LanguageUtils.cleaned($0) } ?? "en"
        guard let rule = LegacyPluralRule.table[cleaned] ?? LegacyPluralRule.table[String(cleaned.split(separator: "-").first ?? "")] else { return "" }
        let index = min(rule.index(for: abs(count)), rule.numbers.count - 1)
        if rule.numbers.count == 2 && rule.numbers[0] == 1 {
            return rule.numbers[index] == 2 ? separator + "plural" : ""
        }
        return separator + String(index)
    }

    func suffixes(for code: String?, ordinal: Bool) -> [String] {
        rules(for: code, ordinal: ordinal).categories.map { separator + (ordinal ? "ordinal" + separator : "") + $0.rawValue }
    }
}
