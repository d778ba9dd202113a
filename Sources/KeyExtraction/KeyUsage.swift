import AppleLocalization
import I18Next

/// One place in a Swift source that asks for a localized string by a literal key.
///
/// Made by ``SwiftKeyExtractor`` from calls such as `NSLocalizedString("key", comment: "…")`,
/// `String(localized: "key")`, `Text("key")`, `localizedString("key")` or `t("key")`, and compared
/// with the tables and resources by ``KeyComparison``.
package struct KeyUsage: Sendable, Hashable {
    /// Which localization system resolves the key.
    package enum System: String, Sendable, Hashable {
        /// Apple's tables: `.xcstrings`, `.stringsdict`, `.strings` (and envtool's `localizedString`).
        case apple
        /// i18next resources, `<locales>/<lng>/<ns>.json` (envtool's `t`/`translate`).
        case i18next
    }

    /// Which system resolves the key.
    package var system: System
    /// The key, escapes resolved, as the compiled program sees it.
    package var key: String
    /// The Apple table (`Localizable` unless `tableName:`/`table:`), or the i18next namespace
    /// (`translation` unless `ns:key` or `"ns": "…"`).
    package var table: String
    /// The comment for translators (`comment:`), when it is a literal.
    package var comment: String?
    /// The development-language text (`value:`, `defaultValue:`, i18next `"defaultValue"`), when it is a literal.
    package var defaultValue: String?
    /// Whether an i18next call passes `"context"`, so `key_<context>` entries are its keys too.
    package var hasContext: Bool
    /// Whether the call names its table or namespace. An i18next key whose call does not
    /// (`t("key")`) is looked up in the resources' default namespace, which ``KeyComparison``
    /// takes from them; ``table`` says `translation` until then.
    package var namesTable: Bool
    /// The call's name as written (`NSLocalizedString`, `String(localized:)`, `Text`, `t`), for messages.
    package var form: String
    /// The source file, as found from the paths given.
    package var file: String
    /// The 1-based line of the key literal.
    package var line: Int
    /// The 1-based column of the key literal, in Unicode scalars.
    package var column: Int
    /// For a key made from an interpolated literal whose value types the syntax does not tell
    /// (`"Hello \(name)"`), the text around each interpolation: a table key with any format
    /// specifier in those places is this key (see ``KeyComparison/resolved(_:)``).
    package var keyPieces: [String]? = nil

    /// A usage.
    package init(
        system: System, key: String, table: String, comment: String? = nil, defaultValue: String? = nil,
        hasContext: Bool = false, namesTable: Bool = true, form: String, file: String, line: Int, column: Int
    ) {
        self.system = system
        self.key = key
        self.table = table
        self.comment = comment
        self.defaultValue = defaultValue
        self.hasContext = hasContext
        self.namesTable = namesTable
        self.form = form
        self.file = file
        self.line = line
        self.column = column
    }

    /// The table Apple's APIs use when none is named.
    package static let defaultTable = AppleTableDirectory.defaultTable
    /// The namespace i18next uses when none is named and its options do not say (`defaultNS`).
    package static let defaultNamespace = I18NextOptions.standardNamespace
}
