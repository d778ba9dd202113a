/// Matching a table's keys against a key made from an interpolated literal whose value types
/// are unknown (``KeyUsage/keyPieces``).
enum KeyPieces {
    /// Whether `defined` (a table's key) is what ``pieces`` allow: the same text, with any one
    /// format specifier in each place of an interpolation.
    static func matches(_ defined: String, pieces: [String]) -> Bool {
        let text = Array(defined.utf8)
        var index = 0
        for (number, piece) in pieces.enumerated() {
            let bytes = Array(piece.utf8)
            guard text.count - index >= bytes.count, Array(text[index..<(index + bytes.count)]) == bytes else { return false }
            index += bytes.count
            if number == pieces.count - 1 { return index == text.count }
            guard let end = specifierEnd(text, from: index) else { return false }
            index = end
        }
        return false
    }

    /// Where the printf conversion starting at `start` (`%`, position, flags, width, precision,
    /// length, conversion) ends, or `nil` when there is none.
    private static func specifierEnd(_ text: [UInt8], from start: Int) -> Int? {
        guard start < text.count, text[start] == UInt8(ascii: "%") else { return nil }
        var index = start + 1
        let allowed = Array("0123456789$-+ #.'hlqLztj".utf8)
        while index < text.count, allowed.contains(text[index]) { index += 1 }
        guard index < text.count, Array("@dDiuUxXoOfFeEgGaAcCsSp".utf8).contains(text[index]) else { return nil }
        return index + 1
    }
}
