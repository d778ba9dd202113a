/// A key that sources use and the development language does not define.
package struct MissingKey: Sendable, Hashable {
    /// The first use, in file order (the one reported).
    package let usage: KeyUsage
    /// How many places use it.
    package let uses: Int
    /// The first literal default value among its uses, written by `--write`.
    package let defaultValue: String?
    /// The first literal comment among its uses, written by `--write` to a catalog.
    package let comment: String?

    /// A missing key first used at `usage`.
    package init(usage: KeyUsage, uses: Int, defaultValue: String?, comment: String?) {
        self.usage = usage
        self.uses = uses
        self.defaultValue = defaultValue
        self.comment = comment
    }

    /// Which system resolves the key.
    package var system: KeyUsage.System { usage.system }
    /// The key.
    package var key: String { usage.key }
    /// The Apple table or i18next namespace.
    package var table: String { usage.table }
}
