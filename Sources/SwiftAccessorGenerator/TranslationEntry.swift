/// One generated L10n accessor: a key of the development language's translations, the
/// parameters its placeholders and plural forms ask for, and its text for the doc comment.
struct TranslationEntry: Sendable {
    /// Where the key is translated at run time.
    enum Source: Sendable, Equatable {
        /// i18next resources; `key` includes `ns:` for a namespace other than the default one.
        case i18next
        /// An Apple `.strings` table.
        case strings(table: String)
    }

    /// A Swift parameter and what it becomes at run time.
    struct Parameter: Sendable, Equatable {
        enum Kind: Sendable, Equatable { case string, int, double, character }
        /// The i18next variable (`name`, `count`), or `nil` for a positional `.strings` argument.
        var variable: String?
        var kind: Kind
    }

    var source: Source
    /// The key passed to `translate` / `localizedString`.
    var key: String
    /// The namespaces and name in `L10n` (`["app", "welcome"]`).
    var path: [String]
    var parameters: [Parameter]
    /// An i18next plural group read with `ordinal: true` (`place_ordinal_one`, …).
    var isOrdinal = false
    /// The development-language text, one line per plural form (`one: {{count}} item`).
    var documentation: [String]
    /// The file and line the key is defined at, for diagnostics.
    var file: String
    var line: Int?
}
