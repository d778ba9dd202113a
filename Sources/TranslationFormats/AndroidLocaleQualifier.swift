/// The locale part of an Android resource folder name (`values-es`, `values-pt-rBR`,
/// `values-b+sr+Latn`) mapped to and from a BCP 47 tag (`es`, `pt-BR`, `sr-Latn`).
///
/// Android spells a locale two ways: the old `ll` or `ll-rRR` (a language of two or three letters,
/// a region of two letters), and since Android 7 `b+` followed by the BCP 47 subtags joined with
/// `+`, which is the only way to spell a script (`b+sr+Latn`), a numeric region (`b+es+419`) or a
/// variant. Writing uses the old form where it can say the tag, as Android Studio does, and `b+`
/// otherwise; reading accepts both, in any case (Android's qualifiers are case-insensitive).
enum AndroidLocaleQualifier {
    /// What the qualifiers after `values` say.
    enum Reading: Equatable {
        /// No qualifier: the default resources (`values/`).
        case defaultLanguage
        /// A locale, as a BCP 47 tag.
        case language(String)
        /// A locale spelled wrongly (`values-b+`, `values-pt-rBRA`), with why.
        case malformed(String)
        /// Qualifiers other than a locale alone (`values-night`, `values-v21`, `values-es-land`):
        /// not a translation of the strings.
        case other
    }

    /// The folder name for `language` (a BCP 47 tag, `_` accepted for `-`), or `nil` when it is
    /// not one (the converter checks every language it reads, so this is a last guard).
    static func folder(for language: String) -> String? {
        guard TranslationConverter.isLanguageTag(language), language.lowercased() != "base" else { return nil }
        let parts = language.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard let first = parts.first else { return nil }
        let languagePart = first.lowercased()
        if parts.count == 1, languagePart.count <= 3 { return "values-" + languagePart }
        if parts.count == 2, languagePart.count <= 3, parts[1].count == 2, parts[1].allSatisfy(\.isLetter) {
            return "values-" + languagePart + "-r" + parts[1].uppercased()
        }
        var folder = "values-b+" + languagePart
        for part in parts.dropFirst() {
            folder += "+"
            if part.count == 4, part.allSatisfy(\.isLetter) {
                folder += part.prefix(1).uppercased() + part.dropFirst().lowercased()
            } else if part.count == 2, part.allSatisfy(\.isLetter) {
                folder += part.uppercased()
            } else {
                folder += part.lowercased()
            }
        }
        return folder
    }

    /// What the folder name `folder` (`values-pt-rBR`) says; `nil` when it is not a `values` folder.
    static func read(folder: String) -> Reading? {
        guard folder.hasPrefix("values") else { return nil }
        let rest = folder.dropFirst("values".count)
        if rest.isEmpty { return .defaultLanguage }
        guard rest.hasPrefix("-"), rest.utf8.count <= 64 else { return rest.hasPrefix("-") ? .other : nil }
        let qualifiers = rest.dropFirst().split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard let first = qualifiers.first else { return .other }
        if first.lowercased().hasPrefix("b+") {
            guard qualifiers.count == 1 else { return .other }
            let subtags = first.dropFirst(2).split(separator: "+", omittingEmptySubsequences: false).map(String.init)
            let tag = canonical(subtags)
            guard !subtags.contains(where: \.isEmpty), TranslationConverter.isLanguageTag(tag), tag != "base",
                let firstTag = subtags.first, (2...3).contains(firstTag.count) || (5...8).contains(firstTag.count)
            else {
                return .malformed("\"\(first)\" is not a locale qualifier: after b+ come BCP 47 subtags joined by +, such as b+sr+Latn or b+es+419")
            }
            return .language(tag)
        }
        guard (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else { return .other }
        if qualifiers.count == 1 { return .language(first.lowercased()) }
        let second = qualifiers[1]
        guard second.hasPrefix("r") || second.hasPrefix("R"), qualifiers.count == 2 else { return .other }
        let region = second.dropFirst()
        guard region.count == 2, region.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            return .malformed("\"\(second)\" is not a region qualifier: write r and two letters (values-pt-rBR), or b+ and the BCP 47 tag (values-b+es+419)")
        }
        return .language(first.lowercased() + "-" + region.uppercased())
    }

    /// BCP 47's case: language lowercase, script titlecase, region uppercase, others lowercase.
    private static func canonical(_ subtags: [String]) -> String {
        var tag = ""
        for (index, subtag) in subtags.enumerated() {
            if index > 0 { tag += "-" }
            if index == 0 {
                tag += subtag.lowercased()
            } else if subtag.count == 4, subtag.allSatisfy({ $0.isASCII && $0.isLetter }) {
                tag += subtag.prefix(1).uppercased() + subtag.dropFirst().lowercased()
            } else if subtag.count == 2, subtag.allSatisfy({ $0.isASCII && $0.isLetter }) {
                tag += subtag.uppercased()
            } else {
                tag += subtag.lowercased()
            }
        }
        return tag
    }
}
