extension JSONValue {
    /// The value with a number in the Swift type that holds it exactly, whatever its spelling:
    /// `1.50` is ``number(_:)`` 1.5, `4.0` is ``number(_:)`` 4 (an integer to typed readers),
    /// `1e2` is ``number(_:)`` 100; a literal that neither `Int` nor `Double` holds exactly stays
    /// a ``numberLiteral(_:)``. Other values are returned as they are.
    ///
    /// Typed readers switch over this, writers over the value itself: a number is read by value
    /// and written as the document spells it.
    public var exactValue: JSONValue {
        guard case .numberLiteral(var text) = self else { return self }
        return text.withUTF8 { JSONNumberText.value($0) }
    }
}
