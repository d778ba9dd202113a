/// UTF-8 well-formedness on raw bytes, for parsers that keep byte ranges and make a `String` only
/// when one is asked for: they must still refuse invalid text where the file is read, as
/// `String(validating:)` would, without paying for a `String` per value.
///
/// `public`, with an `@inlinable` sequence check, for the reason ``WordScan`` gives.
public enum UTF8Validation {
    /// The length of the well-formed sequence of two to four bytes at `offset` (Unicode Table 3-7:
    /// no overlong forms, no surrogates, nothing past U+10FFFF), or `nil` when the bytes there
    /// are not one. ASCII bytes are the caller's to skip.
    @inlinable @inline(__always)
    public static func multibyteSequenceLength(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let count: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch bytes[offset] {
        case 0xC2...0xDF: count = 2
        case 0xE0: count = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: count = 3
        case 0xED: count = 3; high = 0x9F
        case 0xF0: count = 4; low = 0x90
        case 0xF1...0xF3: count = 4
        case 0xF4: count = 4; high = 0x8F
        default: return nil
        }
        guard count <= bytes.count - offset else { return nil }
        let second = bytes[offset + 1]
        guard second >= low, second <= high else { return nil }
        for next in 2..<max(2, count) where bytes[offset + next] & 0xC0 != 0x80 { return nil }
        return count
    }

    /// The offset of the first byte that does not begin a well-formed sequence, or `nil` when all
    /// of `bytes` is valid UTF-8.
    ///
    /// ASCII, most of any localization file, is checked eight bytes a step.
    public static func firstInvalidOffset(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        var offset = 0
        while offset < bytes.count {
            if bytes.count - offset >= 8,
                raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                offset += 8
                continue
            }
            if bytes[offset] < 0x80 {
                offset += 1
                continue
            }
            guard let length = multibyteSequenceLength(at: offset, in: bytes) else { return offset }
            offset += length
        }
        return nil
    }
}
