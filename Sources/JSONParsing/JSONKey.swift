import Platform

/// A string compared and hashed by its UTF-8 code units, not by Unicode canonical equivalence as
/// `String` is: JSON (and JavaScript) keys `"café"` in NFC and in NFD are two different keys, and
/// a document that has both must keep both.
public struct JSONKey: Hashable, Sendable, CustomStringConvertible {
    /// The key.
    public let string: String

    /// Wraps `string`.
    @inlinable public init(_ string: String) {
        self.string = string
    }

    public static func == (lhs: JSONKey, rhs: JSONKey) -> Bool {
        codeUnitsEqual(lhs.string, rhs.string)
    }

    public func hash(into hasher: inout Hasher) {
        let hashed: Void? = string.utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        if hashed == nil {
            for byte in string.utf8 { hasher.combine(byte) }
        }
        // A terminator, as String's own hash has, so that ("ab", "c") and ("a", "bc") differ when combined.
        hasher.combine(0xFF as UInt8)
    }

    public var description: String { string }

    /// Whether `a` and `b` have the same UTF-8 code units (`==` on `String` is canonical equivalence).
    @inline(__always)
    static func codeUnitsEqual(_ a: String, _ b: String) -> Bool {
        let count = a.utf8.count
        guard count == b.utf8.count else { return false }
        let compared: Bool?? = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y in count == 0 || sameBytes(x.baseAddress!, y.baseAddress!, count: count) }
        }
        if let compared, let equal = compared { return equal }
        return a.utf8.elementsEqual(b.utf8)
    }
}
