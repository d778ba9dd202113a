import CLDRPlurals
import PrintfFormat

/// Formats a localized string the way Foundation formats a `.stringsdict` entry: each
/// `%#@name@` becomes the plural form its number chooses, then printf conversions (`%d`, `%lld`,
/// `%@`, `%1$@`, `%.2f`, `%%`) take the arguments.
///
/// A thin front to `FormatString` (package API), which holds the grammar, the binding rules and
/// the deliberate divergences from Foundation: nothing here can crash, a missing argument leaves
/// its conversion in the text, and widths and precisions are clamped.
public enum AppleStringFormatter {
    /// Formats `format` with `arguments`, choosing plural forms with `rules`.
    public static func format(_ format: LocalizedFormat, rules: PluralRules, arguments: [any CustomStringConvertible & Sendable]) -> String {
        format.format(arguments.map(FormatArgument.init), rules: rules)
    }

    /// Formats a plain string (a `.strings` value) with printf conversions only.
    public static func format(_ text: String, arguments: [any CustomStringConvertible & Sendable]) -> String {
        FormatString(text).format(arguments)
    }
}
