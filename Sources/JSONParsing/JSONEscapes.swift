/// The parts of JSON's string escapes that the parser and the validator share.
enum JSONEscapes {
    /// The four hexadecimal digits of a `\uXXXX` escape at `start`, as a number; `nil` when
    /// fewer than four bytes are left or one is not a hexadecimal digit.
    @inline(__always)
    static func hex4(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> UInt32? {
        guard start >= 0, start <= bytes.count - 4 else { return nil }
        var value: UInt32 = 0
        for position in start..<(start + 4) {
            let byte = bytes[position]
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            default: return nil
            }
            value = value << 4 | digit
        }
        return value
    }
}
