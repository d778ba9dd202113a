import Platform
import Testing

@Suite("Shortest round-trip digits")
struct ShortestDigitsTests {
    @Test(
        "digits and the exponent of the first, as JavaScript's ToString picks them",
        arguments: [
            (0.0, "0", 0), (1.0, "1", 0), (1500.0, "15", 3), (0.001, "1", -3), (123.45, "12345", 2), (-2.5, "25", 0),
            (1e15, "1", 15), (1234567890123456.0, "1234567890123456", 15), (1e16, "1", 16), (1e21, "1", 21),
            (1.5e-7, "15", -7), (Double.leastNonzeroMagnitude, "5", -324), (1.7976931348623157e308, "17976931348623157", 308),
            (0.1 + 0.2, "30000000000000004", -1),
        ] as [(Double, String, Int)])
    func digits(value: Double, digits: String, exponent: Int) {
        let result = shortestDigits(value)
        #expect(result.digits == digits)
        #expect(result.exponent == exponent)
    }

    @Test("the digits read back as the value")
    func roundTrip() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let value = Double(bitPattern: generator.next() & 0x7FEF_FFFF_FFFF_FFFF)
            let (digits, exponent) = shortestDigits(value)
            #expect(Double("0.\(digits)e\(exponent + 1)") == value, "\(value)")
        }
    }
}
