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
            var low = 0, high = checkpoints.count - 1
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
            let byte = bytes[index]
            if byte == 0x0A || (byte == 0x0D && (index + 1 >= bytes.count || bytes[index + 1] != 0x0A)) {
                line += 1
                column = 1
            } else if byte != 0x0D && byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        offset = end
        return (line, column)
    }

    /// The line and column of byte `offset` in UTF-8 `bytes`, for a single diagnostic.
    public static func location(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        var locator = SourceLocator()
        return locator.location(of: offset, in: bytes)
    }
}
