/// A reader of SSH's wire encoding (RFC 4251 §5): big-endian `uint32`s, and strings and
/// mpints each after a `uint32` length. Every read is bounded by the bytes; a short or
/// overlong field gives `nil`, never a trap.
struct SSHWireReader {
    private let bytes: UnsafeRawBufferPointer
    private var offset = 0

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// Whether every byte has been read.
    var isAtEnd: Bool { offset == bytes.count }

    /// The bytes not read yet.
    var remaining: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: bytes[offset...]) }

    mutating func uint32() -> UInt32? {
        guard bytes.count - offset >= 4 else { return nil }
        var value: UInt32 = 0
        for index in offset..<offset + 4 { value = value << 8 | UInt32(bytes[index]) }
        offset += 4
        return value
    }

    /// A string's bytes, in place (valid while the buffer is).
    mutating func string() -> UnsafeRawBufferPointer? {
        let start = offset
        guard let length = uint32(), Int(length) <= bytes.count - offset else {
            offset = start
            return nil
        }
        defer { offset += Int(length) }
        return UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + Int(length)])
    }

    /// A string that must be `expected` (a key type, a magic name).
    mutating func string(equalTo expected: String) -> Bool {
        guard let field = string() else { return false }
        return field.elementsEqual(expected.utf8)
    }

    /// A non-negative mpint's magnitude, big-endian without leading zeros, in place; `nil` for a
    /// negative one (its high bit set without a leading zero byte) or a short read.
    mutating func positiveInteger() -> UnsafeRawBufferPointer? {
        guard let field = string() else { return nil }
        if let first = field.first, first & 0x80 != 0 { return nil }
        var start = 0
        while start < field.count, field[start] == 0 { start += 1 }
        return UnsafeRawBufferPointer(rebasing: field[start...])
    }
}
