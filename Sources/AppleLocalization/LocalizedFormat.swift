import CLDRPlurals
import PrintfFormat

/// A localized format string and the plural variables it references with `%#@name@`.
///
/// A `.stringsdict` entry is one (`NSStringLocalizedFormatKey` and its variables), a catalog
/// string with substitutions is one, and a plain `.strings` value is one without variables.
public struct LocalizedFormat: Sendable, Hashable {
    /// The format, with printf conversions and `%#@name@` references.
    public var format: String { string.text }
    /// The variables by name.
    public let variables: [String: PluralVariable]
    /// Where the format is defined.
    public let location: SourceLocation?
    /// The format split once, when the table is read, rather than on every lookup.
    package let string: FormatString

    /// A format with its variables.
    public init(format: String, variables: [String: PluralVariable] = [:], location: SourceLocation? = nil) {
        self.init(string: FormatString(format), variables: variables, location: location)
    }

    /// A format already split (a catalog unit keeps its own).
    init(string: FormatString, variables: [String: PluralVariable], location: SourceLocation?) {
        self.string = string
        self.variables = variables
        self.location = location
    }

    /// Equal when the text and variables are, wherever they are defined.
    public static func == (lhs: LocalizedFormat, rhs: LocalizedFormat) -> Bool {
        lhs.string == rhs.string && lhs.variables == rhs.variables
    }

    /// The text for `arguments`, plural forms chosen with `rules`.
    func format(_ arguments: [FormatArgument], rules: PluralRules) -> String {
        string.format(arguments, variables: variables) { variable, argument in
            variable.formStrings[variable.category(for: argument, rules: rules)]
        }
    }

    /// The arguments the format and its variables read.
    package var signature: FormatSignature { string.signature(variables: variables) }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(string)
        hasher.combine(variables)
    }
}
