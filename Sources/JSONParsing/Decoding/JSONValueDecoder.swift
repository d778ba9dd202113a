#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Decodes `Decodable` types straight from a ``JSONValue`` tree, with no detour through text.
///
/// It reads what `JSONDecoder` (default strategies) reads, and sees what the tree keeps:
/// keys are matched by code units, so two members whose keys differ only in Unicode
/// normalization reach two differently spelled coding keys, and decoding them into one
/// `[String: …]` (where they would collapse into one) is an error instead of a lost value.
/// Numbers that do not fit the requested type are errors, never rounded or wrapped.
///
/// Errors are `DecodingError`s whose coding path leads to the value; ``JSONPath/init(codingPath:)``
/// turns it into a ``JSONPath`` to locate it in the text.
public struct JSONValueDecoder: Sendable {
    /// Creates a decoder.
    public init() {}

    /// Decodes `type` from `value`.
    ///
    /// - Throws: `DecodingError` naming the coding path and what was found.
    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try ValueDecoder(value: value, codingPath: []).unbox(value, as: type, path: [])
    }
}
