/// Reads a fuzz input in the shapes the harnesses need: NUL-separated parts for byte-level
/// targets, and a stream of bounded choices for the grammar-aware generator.
struct FuzzInput {
    private let bytes: [UInt8]
    private var position = 0

    init(_ buffer: UnsafeRawBufferPointer) {
        bytes = Array(buffer)
    }

    /// The input split at NUL bytes into at most `limit` parts (the last keeps any further NULs).
    static func parts(of buffer: UnsafeRawBufferPointer, limit: Int) -> [[UInt8]] {
        var parts: [[UInt8]] = []
        var current: [UInt8] = []
        for byte in buffer {
            if byte == 0, parts.count < limit - 1 {
                parts.append(current)
                current = []
            } else {
                current.append(byte)
            }
        }
        parts.append(current)
        return parts
    }

    /// Whether every byte has been used; choices after that are all 0, so generation ends.
    var isExhausted: Bool { position >= bytes.count }

    /// A number in `0..<count` taken from the next byte (0 once the input is used up, which
    /// makes the grammar pick its first, shortest alternative and terminate).
    mutating func choose(_ count: Int) -> Int {
        guard count > 1, position < bytes.count else { return 0 }
        defer { position += 1 }
        return Int(bytes[position]) % count
    }

    /// One of `options`.
    mutating func pick<T>(_ options: [T]) -> T {
        options[choose(options.count)]
    }

    /// A coin toss that is false once the input is used up.
    mutating func flag() -> Bool { choose(2) == 1 }

    /// A 32-bit integer from the next four bytes (missing bytes are 0).
    mutating func int32() -> Int32 {
        var value: UInt32 = 0
        for _ in 0..<4 { value = value << 8 | UInt32(choose(256)) }
        return Int32(bitPattern: value)
    }
}
