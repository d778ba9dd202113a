import JSONParsing

extension JSONValue {
    /// The integer this value is to a configuration (``Configuration/int(_:)``, the provider, and
    /// generated array accessors): an integer, or a number with no fraction within `Int`'s range.
    /// `nil` otherwise: a fraction is refused, never rounded.
    public var configurationInteger: Int? {
        switch exactValue {
        case .integer(let integer): return integer
        case .number(let double): return Int(exactly: double)
        default: return nil
        }
    }

    /// The `Double` this value is to a configuration (``Configuration/double(_:)``, the provider,
    /// and generated array accessors): a number, or the nearest `Double` to an integer or to a
    /// literal no `Double` holds exactly (`0.1`, 20 digits, `1e-400`), as `JSONDecoder` reads them.
    /// `nil` for anything else, or beyond `Double`'s range.
    public var configurationDouble: Double? {
        switch exactValue {
        case .integer(let integer): return Double(integer)
        case .number(let double): return double
        case .numberLiteral(let text): return Double(text).flatMap { $0.isFinite ? $0 : nil }
        default: return nil
        }
    }
}
