import PrintfFormat

/// Matching a table's keys against a key made from an interpolated literal whose value types
/// are unknown (``KeyUsage/keyPieces``).
enum KeyPieces {
    /// Whether `defined` (a table's key) is what ``pieces`` allow: the same text, with any one
    /// printf conversion in each place of an interpolation.
    static func matches(_ defined: String, pieces: [String]) -> Bool {
        let text = Array(defined.unicodeScalars)
        var index = 0
        for (number, piece) in pieces.enumerated() {
            let scalars = Array(piece.unicodeScalars)
            guard text.count - index >= scalars.count, text[index..<(index + scalars.count)].elementsEqual(scalars) else { return false }
            index += scalars.count
            if number == pieces.count - 1 { return index == text.count }
            guard index < text.count, text[index] == "%", case (.conversion, let end) = FormatString.token(at: index, in: text) else { return false }
            index = end
        }
        return false
    }
}
