#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A parsed JSON value, as written: objects keep their members in order, integers stay integers.
///
/// Consumers turn it into their own model (`JSONValue` in EnvironmentKit, `I18nValue` in I18Next).
public enum JSONNode: Sendable {
    case null
    case bool(Bool)
    /// A number written without fraction or exponent that fits in `Int`.
    case integer(Int)
    case number(Double)
    case string(String)
    case array([JSONNode])
    /// Members in file order; keys are distinct by code units.
    case object([(key: String, value: JSONNode)])

    /// A string compared and hashed by its UTF-8 code units, not by Unicode canonical equivalence
    /// as `String` is: JSON (and JavaScript) keys `"café"` in NFC and NFD are different keys.
    public struct ExactKey: Hashable, Sendable, CustomStringConvertible {
        /// The key.
        public let string: String

        /// Wraps `string`.
        public init(_ string: String) {
            self.string = string
        }

        public static func == (lhs: ExactKey, rhs: ExactKey) -> Bool {
            var a = lhs.string, b = rhs.string
            if let equal = a.withUTF8({ x in b.withUTF8 { y in x.count == y.count && (x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0) } }) as Bool? {
                return equal
            }
            return false
        }

        public func hash(into hasher: inout Hasher) {
            var copy = string
            copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }

        public var description: String { string }
    }
}
