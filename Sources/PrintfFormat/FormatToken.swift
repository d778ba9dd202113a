/// One piece of an Apple format string: literal text, `%%`, a printf conversion, or a
/// `%#@name@` reference to a plural variable. ``FormatString`` produces them.
package enum FormatToken: Sendable, Hashable {
    /// Text copied as is.
    case text(String)
    /// `%%`, a literal percent sign.
    case percent
    /// A conversion such as `%d`, `%1$@`, `%.2f` or `%*d`.
    case conversion(FormatConversion)
    /// `%#@name@` or `%1$#@name@`: the text of a plural variable goes here.
    case variable(name: String, position: Int?, source: String)
    /// A `%` that starts nothing valid (`%` at the end, `%y`, `%0$@`, `%n`); copied as is.
    case malformed(String)
}
