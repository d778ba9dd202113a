/// A CLDR plural category; i18next appends it to keys (`item_one`, `item_other`).
public enum PluralCategory: String, Sendable, CaseIterable {
    case zero, one, two, few, many, other
}
