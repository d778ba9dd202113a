/// A key that a table or resource file defines, with where it is written (for `--unused`).
public struct DefinedKey: Sendable, Hashable {
    /// The key: for i18next the flattened path (`app.title`, `cart.items_one`).
    public let key: String
    /// The file that defines it.
    public let file: String
    /// Its 1-based line, when the format's reader knows it.
    public let line: Int?
    /// Its 1-based column in Unicode scalars, when known.
    public let column: Int?
}
