/// One key of a String Catalog with its localizations.
public struct CatalogEntry: Sendable {
    /// The key (for strings extracted from code, also the source text).
    public let key: String
    /// `false` for strings marked "Don't Translate"; they are never reported as untranslated.
    public let shouldTranslate: Bool
    /// How Xcode found the key (`manual`, `extracted_with_value`, `stale`, …), if recorded.
    public let extractionState: String?
    /// The comment for translators, if any.
    public let comment: String?
    /// The localizations by language as written in the catalog.
    public let localizations: [String: CatalogLocalization]
    /// Where the entry is defined.
    public let location: SourceLocation?

    /// An entry.
    public init(
        key: String, shouldTranslate: Bool = true, extractionState: String? = nil, comment: String? = nil,
        localizations: [String: CatalogLocalization], location: SourceLocation? = nil
    ) {
        self.key = key
        self.shouldTranslate = shouldTranslate
        self.extractionState = extractionState
        self.comment = comment
        self.localizations = localizations
        self.location = location
    }

    /// The localization for `language` compared case-insensitively (`zh-hans` finds `zh-Hans`).
    public func localization(for language: String) -> CatalogLocalization? {
        if let exact = localizations[language] { return exact }
        let wanted = AppleTableDirectory.languageKey(language)
        return localizations.first { AppleTableDirectory.languageKey($0.key) == wanted }?.value
    }
}
