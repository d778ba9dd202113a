import Platform

/// Turns byte offsets into the 1-based line and column (in Unicode scalars) editors show.
///
/// Parsers record byte offsets only; the line and column are computed when a diagnostic is made,
/// which keeps position tracking off the hot path of parsing valid files. `\n`, `\r\n` and a lone
/// `\r` each end a line. A locator continues from the last offset it located, so many diagnostics
/// in file order cost one pass over the file rather than one pass each; an earlier offset resumes
/// from the nearest checkpoint it passed (one every ``checkpointInterval`` bytes), so locations
/// asked out of order (a String Catalog locates an entry after its values) stay linear overall.
public struct SourceLocator {
    private var offset = 0
    private var line = 1
    private var column = 1
    /// Positions passed so far, in increasing offset, about `checkpointInterval` bytes apart.
    private var checkpoints: [(offset: Int, line: Int, column: Int)] = [(0, 1, 1)]
    static let checkpointInterval = 4096

    /// A locator at the start of a file.
    public init() {}

    /// The line and column of byte `target` in UTF-8 `bytes` (an offset past the end is the end).
    public mutating func location(of target: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        if target < offset {
            // The last checkpoint at or before the target; checkpoints are sorted by offset.
            var low = 0
            var high = checkpoints.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if checkpoints[middle].offset <= target { low = middle } else { high = middle - 1 }
            }
            (offset, line, column) = checkpoints[low]
        }
        var index = offset
        let end = max(0, min(target, bytes.count))
        while index < end {
            // The state before byte `index`: resuming there counts that byte as this pass does.
            if index >= checkpoints[checkpoints.count - 1].offset + Self.checkpointInterval {
                checkpoints.append((index, line, column))
            }
            let chunkEnd = min(end, checkpoints[checkpoints.count - 1].offset + Self.checkpointInterval)
            index = Self.advance(from: index, to: chunkEnd, in: bytes, line: &line, column: &column)
        }
        offset = end
        return (line, column)
    }

    /// Counts the lines and columns of `bytes[start..<stop]` into `line` and `column`, and returns
    /// `stop`. Without a carriage return in the range, line feeds are found with memchr and
    /// only the last line's characters are counted, eight bytes a step; a range with one is
    /// read byte by byte (a CR alone ends a line, a CR before an LF does not).
    private static func advance(
        from start: Int, to stop: Int, in bytes: UnsafeBufferPointer<UInt8>,
        line: inout Int, column: inout Int
    ) -> Int {
        guard start < stop, let base = bytes.baseAddress else { return stop }
        if firstByte(0x0D, at: base + start, count: stop - start) == nil {
            var lineStart = start
            while lineStart < stop, let found = firstByte(0x0A, at: base + lineStart, count: stop - lineStart) {
                line += 1
                column = 1
                lineStart = found - UnsafeRawPointer(base) + 1
            }
            column += characterCount(bytes, lineStart..<stop)
            return stop
        }
        for index in start..<stop {
            let byte = bytes[index]
            if byte == 0x0A || (byte == 0x0D && (index + 1 >= bytes.count || bytes[index + 1] != 0x0A)) {
                line += 1
                column = 1
            } else if byte != 0x0D && byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return stop
    }

    /// The bytes of `range` that start a character (all but UTF-8 continuation bytes).
    ///
    /// Continuation bytes are counted in per-byte lanes, four words (32 bytes) a step, and the
    /// lanes are summed every 63 steps (before one could pass 255): without a population-count
    /// instruction in the baseline x86-64 target, counting each word's bits cost about four
    /// instructions a byte, which a String Catalog written on one line paid for every position it
    /// reported; one word a step still cost 1.5.
    private static func characterCount(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        var continuations = 0
        var index = range.lowerBound
        while range.upperBound - index >= 32 {
            var lanes: UInt64 = 0
            var steps = 0
            while steps < 63, range.upperBound - index >= 32 {
                let first =
                    WordScan.continuationFlags(WordScan.load(bytes, at: index))
                    &+ WordScan.continuationFlags(WordScan.load(bytes, at: index + 8))
                let second =
                    WordScan.continuationFlags(WordScan.load(bytes, at: index + 16))
                    &+ WordScan.continuationFlags(WordScan.load(bytes, at: index + 24))
                lanes &+= first &+ second
                index += 32
                steps += 1
            }
            continuations += WordScan.byteSum(lanes)
        }
        while index < range.upperBound {
            if bytes[index] & 0xC0 == 0x80 { continuations += 1 }
            index += 1
        }
        return range.count - continuations
    }

    /// The line and column of byte `offset` in UTF-8 `bytes`, for a single diagnostic.
    public static func location(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        var locator = SourceLocator()
        return locator.location(of: offset, in: bytes)
    }
}
