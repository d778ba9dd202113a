/// A key that sources use and the development language does not define.
public struct MissingKey: Sendable, Hashable {
    /// The first use, in file order (the one reported).
    public let usage: KeyUsage
    /// How many places use it.
    public let uses: Int
    /// The first literal default value among its uses, written by `--write`.
    public let defaultValue: String?
    /// The first literal comment among its uses, written by `--write` to a catalog.
    public let comment: String?

    /// Which system resolves the key.
    public var system: KeyUsage.System { usage.system }
    /// The key.
    public var key: String { usage.key }
    /// The Apple table or i18next namespace.
    public var table: String { usage.table }
}
