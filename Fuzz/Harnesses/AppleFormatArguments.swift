/// The format arguments the Apple-format harnesses pass: parts of the input read as integers,
/// doubles or text, plus the numbers where plural choice and printf conversions part ways.
enum AppleFormatArguments {
    /// Values every input is formatted with besides its own: plural boundaries, extremes, non-finite.
    static let fixed: [any CustomStringConvertible & Sendable] = [0, 1, 2, 5, 21, -1, Int.max, Int.min, 1.5, -0.0, Double.nan, Double.infinity, 1e308, "text"]

    /// `parts` read as `Int`, else `Double`, else text.
    static func parse(_ parts: some Sequence<[UInt8]>) -> [any CustomStringConvertible & Sendable] {
        parts.map { bytes in
            let text = String(decoding: bytes, as: UTF8.self)
            if let integer = Int(text) { return integer }
            if let double = Double(text) { return double }
            return text
        }
    }
}
