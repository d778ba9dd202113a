import PrintfFormat

/// A translated text in a String Catalog (`"stringUnit": {"state": "translated", "value": "…"}`).
public struct CatalogStringUnit: Sendable, Hashable {
    /// How far the translation is, as Xcode records it. Lookups use a unit in every state, as
    /// Xcode compiles every unit into the app (an English label still in state `new` is shown,
    /// not its key); the lint reports the states as translation status.
    public enum State: String, Sendable, Hashable, CaseIterable {
        /// Translated and reviewed.
        case translated
        /// Translated, but the source changed or a reviewer asked for a look.
        case needsReview = "needs_review"
        /// Not translated yet (often the source text itself, just extracted).
        case new
        /// The source string is gone from the code.
        case stale
    }

    /// The state; a unit without one counts as translated, as Xcode reads it.
    public let state: State
    /// The text, a format with printf conversions and `%#@name@` references.
    public let value: String
    /// Where the unit is defined.
    public let location: SourceLocation?
    /// The value split once, when the catalog is read.
    package let string: FormatString

    /// A unit.
    public init(state: State, value: String, location: SourceLocation? = nil) {
        self.state = state
        self.value = value
        self.location = location
        string = FormatString(value)
    }

    /// Equal when state and value are, wherever they are defined.
    public static func == (lhs: CatalogStringUnit, rhs: CatalogStringUnit) -> Bool {
        lhs.state == rhs.state && lhs.value == rhs.value
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(state)
        hasher.combine(value)
    }
}
