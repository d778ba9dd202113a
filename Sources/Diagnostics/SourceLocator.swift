/// Turns byte offsets into the 1-based line and column (in Unicode scalars) editors show.
///
/// Parsers record byte offsets only; the line and column are computed when a diagnostic is made,
/// which keeps position tracking off the hot path of parsing valid files. `\n`, `\r\n` and a lone
/// `\r` each end a line. A locator continues from the last offset it located, so many diagnostics
/// in file order cost one pass over the file rather than one pass each.
public struct SourceLocator {
    private var offset = 0
    private var line = 1
    private var column = 1

    /// A locator at the start of a file.
    public init() {}

    /// The line and column of byte `target` in UTF-8 `bytes` (an offset past the end is the end).
    public mutating func location(of target: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        if target < offset { self = SourceLocator() }
        var index = offset
        let end = max(0, min(target, bytes.count))
        while index < end {
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
