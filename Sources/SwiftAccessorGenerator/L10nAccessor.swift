/// One accessor of the generated translations namespace (`L10n.cart.items(count:)`): its member
/// path below the namespace and the key it looks up.
package struct L10nAccessor: Sendable, Hashable {
    /// The Swift member names below the namespace, as generated (`["cart", "items"]`).
    package var members: [String]
    /// The Apple table the key is in, or `nil` for an i18next key.
    package var table: String?
    /// The key: an Apple table's key, or an i18next key (`ns:key` outside the default namespace).
    package var key: String
}
