/// The ASCII armor of age files (the age-encryption.org/v1 specification, as in its test vectors):
/// `-----BEGIN AGE ENCRYPTED FILE-----`, strict padded base64 in lines of 64 columns (the last
/// may be shorter), `-----END AGE ENCRYPTED FILE-----`. Lines may end with LF or CR LF, and only
/// white space may surround the armor.
enum AgeArmor {
    static let header = Array("-----BEGIN AGE ENCRYPTED FILE-----".utf8)
    static let footer = Array("-----END AGE ENCRYPTED FILE-----".utf8)
    static let columns = 64
    static let bytesPerLine = 48
    /// White space allowed before and after the armor, as age allows.
    static let maximumWhitespace = 1024

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    /// Whether the input, after leading white space, starts like armor (`-----BEGIN`). Anything
    /// else is read as a binary file.
    static func isArmored(_ reader: AgeReader) throws(AgeError) -> Bool {
        let available = try reader.fill(atLeast: maximumWhitespace + header.count)
        let bytes = reader.buffered
        var index = 0
        while index < available, index < maximumWhitespace, isWhitespace(bytes[index]) { index += 1 }
        let begin = Array("-----BEGIN".utf8)
        return available - index >= begin.count && Array(bytes[index..<index + begin.count]) == begin
    }
}
