import CLDRPlurals
import PrintfFormat

/// A plural variable of a localized format: the text that replaces `%#@name@`, one form per CLDR
/// plural category, chosen by the number in the variable's argument.
///
/// In a `.stringsdict` it is the dictionary named by the variable (`NSStringPluralRuleType`); in
/// a String Catalog it is a substitution, or the plural variation of the whole string.
public struct PluralVariable: Sendable, Hashable, FormatVariable {
    /// The name in `%#@name@`.
    public let name: String
    /// The 1-based argument that chooses the form when the file says so (a catalog's `argNum`);
    /// otherwise the argument is the one `%#@name@` stands at in the format.
    public let argumentNumber: Int?
    /// The printf conversion of the number without `%` (`d`, `lld`, `f`): how it is read.
    public let valueType: String?
    /// The forms by category; `other` is always present (parsers refuse a variable without it).
    public let forms: [PluralCategory: String]
    /// Where the variable is defined.
    public let location: SourceLocation?
    /// Where each form is defined, for diagnostics.
    public let formLocations: [PluralCategory: SourceLocation]
    /// The forms split once, when the table is read.
    let formStrings: [PluralCategory: FormatString]
    /// ``valueType`` read once; `nil` without one or when it is not a conversion.
    package let valueArgumentType: FormatArgumentType?

    /// A variable; `forms` must contain `.other`.
    public init(
        name: String, argumentNumber: Int? = nil, valueType: String? = nil, forms: [PluralCategory: String],
        location: SourceLocation? = nil, formLocations: [PluralCategory: SourceLocation] = [:]
    ) {
        self.name = name
        self.argumentNumber = argumentNumber
        self.valueType = valueType
        self.forms = forms
        self.location = location
        self.formLocations = formLocations
        formStrings = forms.mapValues(FormatString.init)
        valueArgumentType = valueType.flatMap(FormatArgumentType.init(valueType:))
    }

    /// The form for `operands` in a language with `rules`: Apple uses `zero` for 0 whenever the
    /// variable has one, in every language (CLDR gives `zero` to few); otherwise the CLDR
    /// category's form, or `other` when the variable lacks that category.
    public func form(for operands: PluralOperands, rules: PluralRules) -> String {
        forms[category(for: operands, rules: rules)] ?? ""
    }

    /// The category whose form ``form(for:rules:)`` shows: one the variable has.
    func category(for operands: PluralOperands, rules: PluralRules) -> PluralCategory {
        if operands.n == 0, forms[.zero] != nil { return .zero }
        let category = rules.category(for: operands)
        return forms[category] != nil ? category : .other
    }

    /// The forms in CLDR's order of categories.
    package var orderedForms: [FormatString] {
        formStrings.sorted { $0.key.order < $1.key.order }.map(\.value)
    }

    /// The category chosen by `argument` (`other` when it is missing or not a number).
    func category(for argument: FormatArgument?, rules: PluralRules) -> PluralCategory {
        guard let argument, let operands = argument.pluralNumber(as: valueArgumentType).map(PluralOperands.init) else { return .other }
        return category(for: operands, rules: rules)
    }

    /// Equal when the name, argument, value type and forms are, wherever they are defined.
    public static func == (lhs: PluralVariable, rhs: PluralVariable) -> Bool {
        lhs.name == rhs.name && lhs.argumentNumber == rhs.argumentNumber && lhs.valueType == rhs.valueType && lhs.forms == rhs.forms
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(forms)
    }
}
