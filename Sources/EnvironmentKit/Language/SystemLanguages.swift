/// The user's preferred languages on Linux, read from the environment by gettext's rules.
///
/// - The locale for messages is the first non-empty of `LC_ALL`, `LC_MESSAGES`, `LANG`.
/// - If that locale is `C` or `POSIX` (or none is set, which means `C`), there is no preference,
///   and `LANGUAGE` is ignored, as gettext ignores it.
/// - Otherwise the colon-separated `LANGUAGE` list comes first, then the locale itself.
/// - Codeset and modifier are stripped (`es_ES.UTF-8@euro` → `es-ES`); the modifiers `@latin`
///   and `@cyrillic` become scripts (`sr_RS@latin` → `sr-Latn-RS`).
public enum SystemLanguages {
    /// The preferred languages in priority order, duplicates removed.
    ///
    /// - Parameter environment: The process environment (by default this process's).
    public static func preferred(environment: [String: String]) -> [LanguageTag] {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? "C"
        guard let localeTag = tag(fromPOSIXLocale: locale) else { return [] }
        var result: [LanguageTag] = []
        for entry in (environment["LANGUAGE"] ?? "").split(separator: ":") {
            if let tag = tag(fromPOSIXLocale: String(entry)), !result.contains(tag) { result.append(tag) }
        }
        if !result.contains(localeTag) { result.append(localeTag) }
        return result
    }

    /// Converts a POSIX locale name (`language[_territory][.codeset][@modifier]`) to a language tag;
    /// `nil` for `C`, `POSIX` and anything that is not a language.
    public static func tag(fromPOSIXLocale name: String) -> LanguageTag? {
        var base = Substring(name)
        var modifier: Substring? = nil
        if let at = base.firstIndex(of: "@") {
            modifier = base[base.index(after: at)...]
            base = base[..<at]
        }
        if let dot = base.firstIndex(of: ".") { base = base[..<dot] }
        if base.isEmpty || base == "C" || base == "POSIX" { return nil }
        var parts = base.split(separator: "_", maxSplits: 1).map(String.init)
        switch modifier?.lowercased() {
        case "latin": parts.insert("Latn", at: 1)
        case "cyrillic": parts.insert("Cyrl", at: 1)
        default: break
        }
        return LanguageTag(parts.joined(separator: "-"))
    }
}
