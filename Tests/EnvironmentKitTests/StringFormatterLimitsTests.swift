import Testing
@testable import EnvironmentKit

/// Placeholders whose numbers come from a .strings value: none may trap or build a huge string.
@Suite("format placeholders with absurd numbers")
struct StringFormatterLimitsTests {
    @Test("a position past Int's range stays as written instead of trapping on overflow")
    func hugePosition() {
        #expect(StringFormatter.format("x %99999999999999999999$@ y", ["Ada"]) == "x %99999999999999999999$@ y")
    }

    @Test("a width or precision past 4096 stays as written instead of taking GBs", arguments: ["%999999999d", "%5000d", "%.99999f"])
    func hugeWidth(placeholder: String) {
        #expect(StringFormatter.format("x \(placeholder) y", [5]) == "x \(placeholder) y")
    }

    @Test("ordinary widths still format")
    func ordinaryWidth() {
        #expect(StringFormatter.format("%4096d", [5]).count == 4096)
    }
}
