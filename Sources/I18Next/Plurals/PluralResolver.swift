import Synchronization

/// i18next's plural suffixes (`_one`, `_ordinal_two`) from CLDR rules, with the rules of each
/// language code looked up once and cached.
final class PluralResolver: Sendable {
    private let separator: String
    private let legacySuffixes: Bool
    private let cache = Mutex<[String: PluralRules]>([:])

    /// - Parameter legacySuffixes: `compatibilityJSON: "v3"`: `key_plural` for languages with
    ///   one singular and one plural form, else the gettext index (`key_0`, `key_1`, …).
    init(separator: String, legacySuffixes: Bool = false) {
        self.separator = separator
        self.legacySuffixes = legacySuffixes
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
        let category = rules(for: code, ordinal: ordinal).category(for: count)
        return separator + (ordinal ? "ordinal" + separator : "") + category.rawValue
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
