/// One language of one String Catalog entry: its value and the substitutions it references.
public struct CatalogLocalization: Sendable, Hashable {
    /// The language as the catalog writes it (`ru`, `zh-Hans`).
    public let language: String
    /// The text, or its variations.
    public let value: CatalogValue
    /// The substitutions by name (`%#@count@` → `count`), as plural variables.
    public let substitutions: [String: PluralVariable]
    /// Where the localization is defined.
    public let location: SourceLocation?

    /// A localization.
    public init(language: String, value: CatalogValue, substitutions: [String: PluralVariable] = [:], location: SourceLocation? = nil) {
        self.language = language
        self.value = value
        self.substitutions = substitutions
        self.location = location
    }

    /// Equal when language, value and substitutions are, wherever they are defined.
    public static func == (lhs: CatalogLocalization, rhs: CatalogLocalization) -> Bool {
        lhs.language == rhs.language && lhs.value == rhs.value && lhs.substitutions == rhs.substitutions
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(language)
        hasher.combine(value)
    }
}
