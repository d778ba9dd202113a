/// Turns a byte offset into a line and column.
///
/// The parser records byte offsets only; line and column are computed when a diagnostic is
/// made, which keeps position tracking off the hot path of parsing valid files.
struct SourceLocator {
    /// Returns the 1-based line and column (in Unicode scalars) of `offset` in UTF-8 `bytes`.
    /// `\n`, `\r\n` and a lone `\r` each end a line.
    static func location(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        var index = 0
        let end = min(offset, bytes.count)
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte == UInt8(ascii: "\r") {
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") {
                    index += 1
                    if index >= end { break }
                }
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        return (line, column)
    }
}

/// A ``SourceLocator`` that continues from the last offset it located, so that many warnings in
/// file order cost one pass over the file rather than one pass each.
struct IncrementalLocator {
    private var offset = 0
    private var line = 1
    private var column = 1

    mutating func location(of target: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        if target < offset {
            return SourceLocator.location(of: target, in: bytes)
        }
        var index = offset
        let end = min(target, bytes.count)
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\r") && (index + 1 >= bytes.count || bytes[index + 1] != UInt8(ascii: "\n"))) {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 && byte != UInt8(ascii: "\r") {
                column += 1
            }
            index += 1
        }
        offset = end
        return (line, column)
    }
}
