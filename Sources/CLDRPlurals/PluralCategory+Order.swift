extension PluralCategory {
    /// CLDR's order: zero, one, two, few, many, other.
    package var order: Int { PluralCategory.allCases.firstIndex(of: self) ?? 0 }
}
