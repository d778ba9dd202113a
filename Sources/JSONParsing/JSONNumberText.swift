/// Decimal number text compared by value, so the parser can tell whether a `Double` keeps a literal.
enum JSONNumberText {
    /// Whether `literal` (JSON number grammar) and the shortest text of `double` (finite) are the same decimal value.
    static func sameValue(_ literal: UnsafeBufferPointer<UInt8>, _ double: Double) -> Bool {
        var written = double.description
        return written.withUTF8 { DecimalForm(literal) == DecimalForm($0) }
    }

    /// A decimal as sign, significant digits without leading or trailing zeros, and the power of
    /// ten of the first of them; zero has no digits. Exponents saturate instead of overflowing.
    struct DecimalForm: Equatable {
        var negative = false
        var digits: [UInt8] = []
        var exponent = 0

        init(_ text: UnsafeBufferPointer<UInt8>) {
            var index = 0
            if index < text.count, text[index] == UInt8(ascii: "-") { negative = true; index += 1 }
            var pointPosition: Int?
            var leadingZeros = 0
            var seenDigits = 0
            while index < text.count {
                let byte = text[index]
                if byte == UInt8(ascii: ".") {
                    pointPosition = seenDigits
                } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                    if digits.isEmpty && byte == UInt8(ascii: "0") {
                        leadingZeros += 1
                    } else {
                        digits.append(byte)
                    }
                    seenDigits += 1
                } else {
                    break
                }
                index += 1
            }
            // The exponent written after e/E, saturated far beyond any Double.
            var written = 0
            if index < text.count, text[index] | 0x20 == UInt8(ascii: "e") {
                index += 1
                var exponentNegative = false
                if index < text.count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") {
                    exponentNegative = text[index] == UInt8(ascii: "-")
                    index += 1
                }
                while index < text.count, text[index] >= UInt8(ascii: "0"), text[index] <= UInt8(ascii: "9") {
                    if written < 1_000_000_000 { written = written * 10 + Int(text[index] - UInt8(ascii: "0")) }
                    index += 1
                }
                if exponentNegative { written = -written }
            }
            while digits.last == UInt8(ascii: "0") { digits.removeLast() }
            if digits.isEmpty { negative = false; exponent = 0; return }
            // Position of the first significant digit relative to the decimal point.
            let point = pointPosition ?? seenDigits
            exponent = point - leadingZeros - 1 + written
        }
    }
}
