import Synchronization

/// i18next's plural suffixes (`_one`, `_ordinal_two`) from CLDR rules, with the rules of each
/// language code looked up once and cached.
final class PluralResolver: Sendable {
    private let separator: String
    private let cache = Mutex<[String: PluralRules]>([:])

    init(separator: String) {
        self.separator = separator
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
        let category = rules(for: code, ordinal: ordinal).category(for: count)
        return separator + (ordinal ? "ordinal" + separator : "") + category.rawValue
    }

    func suffixes(for code: String?, ordinal: Bool) -> [String] {
        rules(for: code, ordinal: ordinal).categories.map { separator + (ordinal ? "ordinal" + separator : "") + $0.rawValue }
    }
}
