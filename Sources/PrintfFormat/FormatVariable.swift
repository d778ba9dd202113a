/// What a `%#@name@` reference expands to: a plural variable, whose forms the format's owner
/// chooses between (Apple's tables choose by CLDR rules). The grammar binds its argument and
/// walks the chosen forms; it knows no plural rules.
package protocol FormatVariable: Sendable {
    /// The 1-based argument that chooses the form when the variable names one; otherwise the
    /// reference's position, or the argument it is bound to, or the next one.
    var argumentNumber: Int? { get }
    /// The conversion of the number without `%` (`lld`), for signatures.
    var valueType: String? { get }
    /// ``valueType`` read; `nil` without one or when it is not a conversion.
    var valueArgumentType: FormatArgumentType? { get }
    /// Every form in one fixed order: a signature reads them all.
    var orderedForms: [FormatString] { get }
}
