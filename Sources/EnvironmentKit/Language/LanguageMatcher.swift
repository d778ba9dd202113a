/// Chooses the app's language from the user's preferred languages, the way Apple's
/// localization matching does (`Bundle.preferredLocalizations(from:forPreferences:)`).
///
/// For each preferred language in order, the first that matches anything wins:
/// 1. a supported tag equal to it (ignoring case);
/// 2. a supported tag of the same language and script (scripts implied by likely subtags, so
///    `zh-TW` finds `zh-Hant` and `zh-CN` finds `zh-Hans`), preferring the same region, then no
///    region, then another region (so a `pt-PT` user gets `pt` before `pt-BR`).
///
/// With no match, the first supported language (the development language) is used.
public enum LanguageMatcher {
    /// The best supported language for `preferred`, or `nil` when none of them matches.
    public static func bestMatch(preferred: [LanguageTag], supported: [LanguageTag]) -> LanguageTag? {
        for wanted in preferred {
            if let exact = supported.first(where: { $0.identifier.lowercased() == wanted.identifier.lowercased() }) {
                return exact
            }
            var best: (rank: Int, tag: LanguageTag)? = nil
            for candidate in supported where candidate.language == wanted.language {
                guard candidate.likelyScript == wanted.likelyScript else { continue }
                let rank: Int
                if candidate.region == wanted.region {
                    rank = 0
                } else if candidate.region == nil {
                    rank = 1
                } else {
                    rank = 2
                }
                if best == nil || rank < best!.rank { best = (rank, candidate) }
            }
            if let best { return best.tag }
        }
        return nil
    }
}
