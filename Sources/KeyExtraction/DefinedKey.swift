/// A key that a table or resource file defines, with where it is written (for `--unused`).
package struct DefinedKey: Sendable, Hashable {
    /// The key: for i18next the flattened path (`app.title`, `cart.items_one`).
    package let key: String
    /// The file that defines it.
    package let file: String
    /// Its 1-based line, when the format's reader knows it.
    package let line: Int?
    /// Its 1-based column in Unicode scalars, when known.
    package let column: Int?
}
