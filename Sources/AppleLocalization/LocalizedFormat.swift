/// A localized format string and the plural variables it references with `%#@name@`.
///
/// A `.stringsdict` entry is one (`NSStringLocalizedFormatKey` and its variables), a catalog
/// string with substitutions is one, and a plain `.strings` value is one without variables.
public struct LocalizedFormat: Sendable, Hashable {
    /// The format, with printf conversions and `%#@name@` references.
    public let format: String
    /// The variables by name.
    public let variables: [String: PluralVariable]
    /// Where the format is defined.
    public let location: SourceLocation?
    /// The format split once, when the table is read, rather than on every lookup.
    let tokens: [FormatToken]

    /// A format with its variables.
    public init(format: String, variables: [String: PluralVariable] = [:], location: SourceLocation? = nil) {
        self.init(format: format, tokens: FormatToken.tokenize(format), variables: variables, location: location)
    }

    /// A format already split (a catalog unit keeps its tokens).
    init(format: String, tokens: [FormatToken], variables: [String: PluralVariable], location: SourceLocation?) {
        self.format = format
        self.tokens = tokens
        self.variables = variables
        self.location = location
    }

    /// Equal when the text and variables are, wherever they are defined.
    public static func == (lhs: LocalizedFormat, rhs: LocalizedFormat) -> Bool {
        lhs.format == rhs.format && lhs.variables == rhs.variables
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(format)
        hasher.combine(variables)
    }
}
