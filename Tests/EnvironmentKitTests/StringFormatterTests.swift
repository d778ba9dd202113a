import Testing
@testable import Environments
@testable import EnvironmentKit

/// The `.strings` printf formatter on templates from untrusted translation files (issue #9):
/// every number in a conversion is bounded, and nothing traps.
@Suite("String formatter limits")
struct StringFormatterTests {
    static let limit = StringFormatter.maximumFieldLength

    @Test("a width of 2^31 or more is clamped to the maximum field length", arguments: ["2147483648", "4294967296", "99999999999999999999999"])
    func hugeWidthIsClamped(width: String) {
        let result = StringFormatter.format("%\(width)d", [7])
        #expect(result.count == Self.limit)
        #expect(result.hasSuffix(" 7"))
    }

    @Test("a precision of 2^31 or more is clamped to the maximum field length")
    func hugePrecisionIsClamped() {
        let result = StringFormatter.format("%.2147483648f", [1.5])
        #expect(result == "1." + "5" + String(repeating: "0", count: Self.limit - 1))
        #expect(StringFormatter.format("%.99999999999999999999e", [2.0]).count == Self.limit + "2.e+00".count)
    }

    @Test("%999999999d writes at most the maximum field length, not a gigabyte")
    func largeWidthWritesBoundedOutput() {
        let result = StringFormatter.format("[%999999999d]", [42])
        #expect(result.count == Self.limit + 2)
        #expect(result.hasSuffix("42]"))
    }

    @Test("%.999999999f writes at most the maximum field length of digits")
    func largePrecisionWritesBoundedOutput() {
        let result = StringFormatter.format("%.999999999f", [1e308])
        #expect(result.count == 309 + 1 + Self.limit)
        #expect(result.hasPrefix("100000000000000001097906362944045541740492309677311846336810682903157585404911491537163328978494688899061249669721172515611590283743140088328307009198146046031271664502933027185697489699588559043338384466165001178426897626212945177628091195786707458122783970171784415105291802893207873272974885715430223118336.000"))
    }

    @Test("a width or precision below the limit is applied as written")
    func smallFieldsAreExact() {
        #expect(StringFormatter.format("%05.1f|%x|%-4d|%+d", [3.14159, 255, 7, 5]) == "003.1|ff|7   |+5")
        #expect(StringFormatter.format("%1024d", [1]).count == 1024)
    }

    @Test("a position that overflows Int leaves the conversion as written", arguments: [
        "%99999999999999999999$@", "%9223372036854775808$d", "%18446744073709551617$@",
    ])
    func overflowingPositionIsLiteral(template: String) {
        #expect(StringFormatter.format(template, ["x"]) == template)
    }

    @Test("position 0 and positions past the arguments leave the conversion as written")
    func outOfRangePositionIsLiteral() {
        #expect(StringFormatter.format("%0$@ %3$@ %2$@", ["a", "b"]) == "%0$@ %3$@ b")
    }

    @Test("a malformed conversion is left as written instead of reaching String(format:)")
    func malformedSpecIsLiteral() {
        #expect(StringFormatter.format("%5.2.3f", [1.0]) == "%5.2.3f")
        #expect(StringFormatter.format("%--++  ##00d", [3]) == "+3")
    }

    @Test("the grouping flag ' is accepted and ignored, as Foundation does not apply it")
    func groupingFlagIsIgnored() {
        #expect(StringFormatter.format("%'d|%'.2f", [1234567, 2.5]) == "1234567|2.50")
    }
}
