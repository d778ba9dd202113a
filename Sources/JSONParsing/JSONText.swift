/// Turning byte offsets into the line and column editors show.
public enum JSONText {
    /// The 1-based line and column (in Unicode scalars) of byte `offset` in UTF-8 `bytes`;
    /// `\n`, `\r\n` and a lone `\r` each end a line, as editors count them.
    public static func location(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        var line = 1, column = 1
        let end = min(offset, bytes.count)
        var index = 0
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
        return (line, column)
    }
}
