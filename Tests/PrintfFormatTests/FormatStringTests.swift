import PrintfFormat
import Testing

/// `FormatString` on templates from untrusted translation files (issue #9): every number in a
/// conversion is bounded and nothing traps; and the grammar's pieces other code builds on.
@Suite("FormatString")
struct FormatStringTests {
    static let limit = FormatConversion.maximumWidth

    func format(_ text: String, _ arguments: [any CustomStringConvertible & Sendable]) -> String {
        FormatString(text).format(arguments)
    }

    @Test("text between conversions, in any script, is kept whole and exact; each conversion keeps its source")
    func literalRuns() {
        let tokens = FormatString("Café %@ — 🎉 %1$lld€%%ñ%#@n@ %é").tokens
        guard tokens.count == 10, case .conversion(let first) = tokens[1], case .conversion(let second) = tokens[3] else {
            Issue.record("\(tokens)")
            return
        }
        #expect(tokens[0] == .text("Café "))
        #expect(first.source == "%@")
        #expect(tokens[2] == .text(" — 🎉 "))
        #expect(second.source == "%1$lld")
        #expect(tokens[4] == .text("€"))
        #expect(tokens[5] == .percent)
        #expect(tokens[6] == .text("ñ"))
        #expect(tokens[7] == .variable(name: "n", position: nil, source: "%#@n@"))
        #expect(tokens[8] == .text(" "))
        #expect(tokens[9] == .malformed("%é"))
        #expect(FormatString("%é").tokens == [.malformed("%é")])
        #expect(FormatString("ü%").tokens == [.text("ü"), .malformed("%")])
    }

    @Test(
        "printf conversions",
        arguments: [
            ("%d items", [3] as [any CustomStringConvertible & Sendable], "3 items"),
            ("%lld items", [9_000_000_000], "9000000000 items"),
            ("Hello, %@!", ["Ana"], "Hello, Ana!"),
            ("%2$@ then %1$@", ["a", "b"], "b then a"),
            ("%.2f%%", [3.14159], "3.14%"),
            ("%5d|%-5d|%05d", [42, 42, 42], "   42|42   |00042"),
            ("%x %X %o %u", [255, 255, 8, 7], "ff FF 10 7"),
            ("%e", [1234.5], "1.234500e+03"),
            ("%c", [65], "A"),
            // Foundation ignores width and precision for %@ (they apply to %s).
            ("%10@|%-4s|", ["ab", "c"], "ab|c   |"),
            ("%.3@|%.3s", ["abcdef", "abcdef"], "abcdef|abc"),
            ("%d and %d", [1], "1 and %d"),
            ("100%", [], "100%"),
            ("%y %", [1], "%y %"),
            ("%d", ["not a number"], "not a number"),
            ("%d", [Double.infinity], "inf"),
            // %d reads a 32-bit int, as Foundation does: the clamped Int.max narrows to -1.
            ("%d", [1e300], "-1"),
            ("%lld", [1e300], "9223372036854775807"),
        ])
    func printf(_ format: String, _ arguments: [any CustomStringConvertible & Sendable], _ expected: String) {
        #expect(self.format(format, arguments) == expected)
    }

    @Test("huge widths and precisions are clamped instead of trapping or allocating gigabytes")
    func hugeWidths() {
        let text = format("%99999999999d|%.99999999999f|%99999999999999999999@", [1, 2.0, "x"])
        #expect(text.count < 4_000)
        #expect(text.hasSuffix("x"))
        #expect(format("%99999999999999999999$d", [1]) == "%99999999999999999999$d")
    }

    @Test("a width of 2^31 or more is clamped to the maximum field length", arguments: ["2147483648", "4294967296", "99999999999999999999999"])
    func hugeWidthIsClamped(width: String) {
        let result = format("%\(width)d", [7])
        #expect(result.count == Self.limit)
        #expect(result.hasSuffix(" 7"))
    }

    @Test("a precision of 2^31 or more is clamped to the maximum field length")
    func hugePrecisionIsClamped() {
        #expect(format("%.2147483648f", [1.5]) == "1." + "5" + String(repeating: "0", count: Self.limit - 1))
        #expect(format("%.99999999999999999999e", [2.0]).count == Self.limit + "2.e+00".count)
        #expect(format("%.*f", [99_999_999_999, 1.5]).count == Self.limit + 2)
    }

    @Test("%999999999d and %*d with a huge argument write at most the maximum field length")
    func largeWidthWritesBoundedOutput() {
        #expect(format("[%999999999d]", [42]).count == Self.limit + 2)
        #expect(format("[%*d]", [Int.max, 42]).count == Self.limit + 2)
        #expect(format("[%*d]", [Int.min, 42]).count == Self.limit + 2)
    }

    @Test("%.999999999f writes at most the maximum field length of digits")
    func largePrecisionWritesBoundedOutput() {
        let result = format("%.999999999f", [1e308])
        #expect(result.count == 309 + 1 + Self.limit)
        #expect(
            result.hasPrefix(
                "100000000000000001097906362944045541740492309677311846336810682903157585404911491537163328978494688899061249669721172515611590283743140088328307009198146046031271664502933027185697489699588559043338384466165001178426897626212945177628091195786707458122783970171784415105291802893207873272974885715430223118336.000"
            ))
    }

    @Test("a width or precision below the limit is applied as written")
    func smallFieldsAreExact() {
        #expect(format("%05.1f|%x|%-4d|%+d", [3.14159, 255, 7, 5]) == "003.1|ff|7   |+5")
        #expect(format("%1024d", [1]).count == 1024)
    }

    @Test(
        "a position that overflows Int or passes 127 leaves the conversion as written",
        arguments: [
            "%99999999999999999999$@", "%9223372036854775808$d", "%18446744073709551617$@", "%128$@", "%*128$d", "%.*0$f",
        ])
    func overflowingPositionIsLiteral(template: String) {
        #expect(format(template, ["x", 1, 2.0]) == template)
        #expect(FormatString(template).signature().argumentCount == 0)
    }

    @Test("position 0 and positions past the arguments leave the conversion as written")
    func outOfRangePositionIsLiteral() {
        #expect(format("%0$@ %3$@ %2$@", ["a", "b"]) == "%0$@ %3$@ b")
        #expect(format("%*d|%.*f", [5]) == "%*d|%.*f")
    }

    @Test("a malformed conversion is left as written")
    func malformedSpecIsLiteral() {
        #expect(format("%5.2.3f", [1.0]) == "%5.2.3f")
        #expect(format("%--++  ##00d", [3]) == "+3")
        #expect(format("%lhd|%hhhd|%Lq", [1, 2, 3]) == "%lhd|%hhhd|%Lq")
        #expect(FormatString("%lhd %y %n").signature().malformed == ["%lh", "%y", "%n"])
    }

    @Test("the grouping flag ' is accepted and ignored, as Foundation does not apply it")
    func groupingFlagIsIgnored() {
        #expect(format("%'d|%'.2f", [1234567, 2.5]) == "1234567|2.50")
    }

    @Test(
        "value types read as the conversion they name",
        arguments: [
            ("d", FormatArgumentType.int(bits: 32)), ("lld", .int(bits: 64)), ("hd", .int(bits: 16)), ("D", .int(bits: 32)),
            ("u", .uint(bits: 32)), ("O", .uint(bits: 32)), ("lu", .uint(bits: 64)), (".2f", .double), ("@", .object),
            ("c", .char), ("C", .unichar), ("s", .cString), ("S", .unicharString), ("p", .pointer),
        ])
    func valueTypes(_ valueType: String, _ expected: FormatArgumentType) {
        #expect(FormatArgumentType(valueType: valueType) == expected)
    }

    @Test("a value type that is not exactly one conversion is refused", arguments: ["", "%d", "1$d", "dd", "y", "#@x@", "zzd", "n"])
    func badValueTypes(_ valueType: String) {
        #expect(FormatArgumentType(valueType: valueType) == nil)
    }

    @Test("numeric types are the integer and floating-point ones, D U O included")
    func numericTypes() {
        for valueType in ["d", "i", "D", "u", "U", "o", "O", "x", "X", "lld", "f", "e", "g", "a"] {
            #expect(FormatArgumentType(valueType: valueType)?.isNumeric == true, "\(valueType)")
        }
        for valueType in ["@", "c", "C", "s", "S", "p"] {
            #expect(FormatArgumentType(valueType: valueType)?.isNumeric == false, "\(valueType)")
        }
    }

    @Test("one conversion is read at an index, with where it ends")
    func tokenAtIndex() {
        let scalars = Array("x %1$-*2$.3lld y %(name)s".unicodeScalars)
        let (token, end) = FormatString.token(at: 2, in: scalars)
        guard case .conversion(let conversion) = token else { Issue.record("not a conversion: \(token)"); return }
        #expect(conversion.position == 1)
        #expect(conversion.specifier == "-*2$.3lld")
        #expect(conversion.source == "%1$-*2$.3lld")
        #expect(end == 14)
        #expect(FormatString.token(at: 17, in: scalars).0 == .malformed("%("))
    }

    @Test("the signature binds * before the value and counts plural arguments")
    func signature() {
        let signature = FormatString("%*d %@ %2$.*3$f").signature()
        #expect(signature.types == [1: [.int(bits: 32)], 2: [.int(bits: 32), .double], 3: [.object, .int(bits: 32)]])
        #expect(signature.argumentCount == 3)
        let variable = Variable(valueType: "lld", forms: ["%lld file", "%lld files in %2$@"])
        let plural = FormatString("%#@n@").signature(variables: ["n": variable])
        #expect(plural.counted == [1])
        #expect(plural.types[1] == [.int(bits: 64)])
        #expect(plural.types[2] == [.object])
    }

    @Test("a whole-string plural counts the first numeric argument, by the formatter's binding")
    func pluralSelector() {
        #expect(FormatString("%@ has %lld files").pluralSelector == (2, .int(bits: 64)))
        #expect(FormatString("%*d").pluralSelector == (2, .int(bits: 32)))
        #expect(FormatString("%#@x@ %D").pluralSelector == (2, .int(bits: 32)))
        #expect(FormatString("%@ %@").pluralSelector == (1, nil))
        #expect(FormatString("none").pluralSelector == (1, nil))
    }
}

/// A plural variable as the grammar sees one: an argument, a value type and forms.
private struct Variable: FormatVariable {
    var argumentNumber: Int? = nil
    var valueType: String?
    var orderedForms: [FormatString]
    var valueArgumentType: FormatArgumentType? { valueType.flatMap(FormatArgumentType.init(valueType:)) }

    init(valueType: String?, forms: [String]) {
        self.valueType = valueType
        orderedForms = forms.map(FormatString.init)
    }
}
