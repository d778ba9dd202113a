/// Byte tests on eight bytes at once, for scanners that skip long runs of ordinary text.
///
/// A parser that looks at every byte of a 20 MB catalog or of a file it locates a position in
/// spends ~10–20 instructions a byte; testing a 64-bit word for the few bytes that matter and
/// skipping it whole when none is there costs a few instructions for eight. The tests are the
/// exact "has a zero byte" forms (no false positives or negatives for whether a byte is there).
///
/// `public` and `@inlinable` rather than `package`: these must inline into the scanning loops of
/// other modules, and Swift 6.3 does not inline `package` `@inlinable` functions across modules
/// (each test was a call, measured with objdump). Platform is not a product, so nothing outside
/// the package sees them.
public enum WordScan {
    /// The eight bytes at `offset`, in memory order (byte `offset` is the lowest).
    @inlinable @inline(__always)
    public static func load(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress!).loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// `0x80` in the first zero byte of `word` (and maybe in later bytes), `0` when none is zero.
    ///
    /// Only the lowest flag is exact: a borrow out of a zero byte can flag the byte above it.
    /// Scanners therefore ask only "is there one" (`!= 0`) and "where is the first"
    /// (``firstFlaggedByte(_:)``), both exact, also for flags of several tests combined by `|`.
    @inlinable @inline(__always)
    public static func zeroFlags(_ word: UInt64) -> UInt64 {
        (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
    }

    /// `0x80` in the first byte of `word` that is `byte` (and maybe in later bytes); see ``zeroFlags(_:)``.
    @inlinable @inline(__always)
    public static func flags(_ word: UInt64, equalTo byte: UInt8) -> UInt64 {
        zeroFlags(word ^ (0x0101_0101_0101_0101 &* UInt64(byte)))
    }

    /// `0x80` in the first byte of `word` below `limit` (at most 128; maybe in later bytes too).
    @inlinable @inline(__always)
    public static func flags(_ word: UInt64, below limit: UInt8) -> UInt64 {
        (word &- 0x0101_0101_0101_0101 &* UInt64(limit)) & ~word & 0x8080_8080_8080_8080
    }

    /// `0x80` in every byte of `word` that is 0x80 or above (not ASCII), exactly.
    @inlinable @inline(__always)
    public static func nonASCIIFlags(_ word: UInt64) -> UInt64 {
        word & 0x8080_8080_8080_8080
    }

    /// The offset in its word (0–7) of the first byte that `flags` marks; `flags` must not be 0.
    @inlinable @inline(__always)
    public static func firstFlaggedByte(_ flags: UInt64) -> Int {
        flags.trailingZeroBitCount &>> 3
    }

    /// `0x01` in each byte of `word` that is a UTF-8 continuation byte (`10xxxxxx`), `0x00` in
    /// the others: per-byte counts that can be summed word by word (see ``byteSum(_:)``).
    @inlinable @inline(__always)
    public static func continuationFlags(_ word: UInt64) -> UInt64 {
        // Bit 7 set and bit 6 clear; shifting left by one brings each byte's bit 6 to its bit 7.
        ((word & ~(word << 1)) & 0x8080_8080_8080_8080) >> 7
    }

    /// The sum of the eight bytes of `word`.
    @inlinable @inline(__always)
    public static func byteSum(_ word: UInt64) -> Int {
        // Pairs of bytes into 16-bit lanes (at most 510 each), then the four lanes by one multiply.
        let pairs = (word & 0x00FF_00FF_00FF_00FF) &+ ((word >> 8) & 0x00FF_00FF_00FF_00FF)
        return Int(truncatingIfNeeded: (pairs &* 0x0001_0001_0001_0001) >> 48)
    }
}
