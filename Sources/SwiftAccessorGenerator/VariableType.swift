/// The Swift type generated for a variable, inferred from its values in every configuration.
package indirect enum VariableType: Equatable, Sendable {
    case bool
    case int
    case double
    case string
    /// A string that is an absolute URL in every configuration.
    case url
    /// Values of different JSON types (or numbers beyond `Double`): the JSON value itself.
    case json
    /// An array whose elements are all of one scalar type (`[String]`); otherwise `[JSONValue]`.
    case array(VariableType)
    /// An object in every configuration: a nested type with one property per member.
    case object([Member])

    /// One property of a generated type.
    package struct Member: Equatable, Sendable {
        /// The key as written in the document.
        package var key: String
        /// The dotted path `Configuration` reads it by (`api.timeout`).
        package var path: String
        /// The keys from the configuration down to it (`["api", "timeout"]`), to locate it.
        package var keys: [String] = []
        package var type: VariableType
        /// Missing or `null` in some configuration.
        package var isOptional: Bool
        /// The configurations that hold a value (not missing, not `null`).
        package var configurations: [String]
    }
}
