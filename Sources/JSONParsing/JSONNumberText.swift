/// Decimal number text compared by value, so the parser can tell whether a `Double` keeps a literal,
/// and the one rule that tells which Swift type holds a number exactly (``JSONValue/exactValue``).
enum JSONNumberText {
    /// The number `literal` (valid JSON number grammar) in the type that holds it exactly:
    /// `.integer` for an integer within `Int`, `.number` when the nearest `Double` is the same
    /// decimal value (and `-0`), else `.numberLiteral`. The scan's counts are passed in by the
    /// parser, which has them already; ``value(_:)`` counts them itself.
    static func value(
        _ literal: UnsafeBufferPointer<UInt8>, negative: Bool, magnitude: UInt64, digits: Int, significant: Int, isInteger: Bool
    ) -> JSONValue {
        if isInteger {
            if digits <= 18 {
                // |magnitude| < 10^18 < 2^63: both signs fit, and only -0 needs a Double.
                if negative && magnitude == 0 { return .number(-0.0) }
                return .integer(negative ? -Int(magnitude) : Int(magnitude))
            }
            if let integer = Int(String(decoding: literal, as: UTF8.self)) { return .integer(integer) }
            return .numberLiteral(String(decoding: literal, as: UTF8.self))
        }
        let text = String(decoding: literal, as: UTF8.self)
        guard let double = Double(text) else { return .numberLiteral(text) }
        // Up to 15 significant digits always survive the trip through a normal Double (DBL_DIG).
        if significant <= 15 && (double.isNormal || (double == 0 && significant == 0)) { return .number(double) }
        if double.isFinite, double != 0 || significant == 0, sameValue(literal, double) { return .number(double) }
        return .numberLiteral(text)
    }

    /// ``value(_:negative:magnitude:digits:significant:isInteger:)`` for a literal the parser has
    /// already checked.
    static func value(_ literal: UnsafeBufferPointer<UInt8>) -> JSONValue {
        var index = 0
        let negative = index < literal.count && literal[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var magnitude: UInt64 = 0
        var digits = 0
        var significant = 0
        var isInteger = true
        var inFraction = false
        while index < literal.count {
            let byte = literal[index]
            if byte == UInt8(ascii: ".") {
                isInteger = false
                inFraction = true
            } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                let digit = byte &- UInt8(ascii: "0")
                if !inFraction {
                    if digits < 18 { magnitude = magnitude &* 10 &+ UInt64(digit) }
                    digits += 1
                }
                if significant > 0 || digit != 0 { significant += 1 }
            } else {
                // The exponent: the digits after it do not count as significant.
                isInteger = false
                break
            }
            index += 1
        }
        return value(literal, negative: negative, magnitude: magnitude, digits: digits, significant: significant, isInteger: isInteger)
    }

    /// Whether `literal` is exactly the text the writer gives `double` (its shortest form).
    static func isShortest(_ literal: UnsafeBufferPointer<UInt8>, of double: Double) -> Bool {
        var written = double.description
        return written.withUTF8 { $0.elementsEqual(literal) }
    }

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
