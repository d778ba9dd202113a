import AppleLocalization
import EnvironmentKit
import Foundation
import Testing

@testable import SwiftAccessorGenerator

/// Issue #22, item 1: every printf conversion Apple documents gives one answer whichever path
/// reaches it — a `.strings` table lookup, `localizedString`'s default value (the formatter of
/// i18next strings too), and the accessor generator's parameter types — because all three use
/// the one `FormatString`. Expected texts are Foundation's `String(format:)` except where
/// `FormatString` documents a divergence (marked "kept as written").
@Suite("One Apple format grammar on every path")
struct FormatStringAgreementTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let format: String
        let arguments: [any CustomStringConvertible & Sendable]
        let expected: String
        /// The generated accessor's parameter types.
        let parameters: [String]
        var testDescription: String { "\(format) \(arguments)" }

        init(_ format: String, _ arguments: [any CustomStringConvertible & Sendable], _ expected: String, _ parameters: [String]) {
            self.format = format
            self.arguments = arguments
            self.expected = expected
            self.parameters = parameters
        }
    }

    static let cases: [Case] = [
        // Objects: the description; width, precision and flags do not apply.
        Case("%@", ["ab"], "ab", ["String"]),
        Case("%@", [2.0], "2", ["String"]),
        Case("%5@|%-5@|%.1@", ["ab", "cd", "abc"], "ab|cd|abc", ["String", "String", "String"]),
        // Integers: an int without a length modifier, narrowed as C narrows it.
        Case("%d %i", [42, -7], "42 -7", ["Int", "Int"]),
        Case("%d", [4_294_967_297], "1", ["Int"]),
        Case("%hd|%hhd", [70_000, 300], "4464|44", ["Int", "Int"]),
        Case(
            "%ld %lld %qd %zd %jd %td", [4_294_967_297, 4_294_967_297, 4_294_967_297, 4_294_967_297, 4_294_967_297, 4_294_967_297],
            "4294967297 4294967297 4294967297 4294967297 4294967297 4294967297", ["Int", "Int", "Int", "Int", "Int", "Int"]),
        Case("%u|%lu", [-1, -1], "4294967295|18446744073709551615", ["Int", "Int"]),
        Case("%x %X %o|%llx", [-1, -1, -1, -1], "ffffffff FFFFFFFF 37777777777|ffffffffffffffff", ["Int", "Int", "Int", "Int"]),
        Case("%x %X %o", [255, 255, 8], "ff FF 10", ["Int", "Int", "Int"]),
        Case("%#x %#o", [255, 8], "0xff 010", ["Int", "Int"]),
        Case("%D %U %O", [65, 65, 8], "65 65 10", ["Int", "Int", "Int"]),
        Case("%lD", [4_294_967_297], "4294967297", ["Int"]),
        // Floating point, in the C locale.
        Case("%f|%.2f|%.f", [3.5, 3.14159, 2.5], "3.500000|3.14|2", ["Double", "Double", "Double"]),
        Case("%e|%E", [1234.5, 1234.5], "1.234500e+03|1.234500E+03", ["Double", "Double"]),
        Case("%g|%G", [0.0001, 1e-10], "0.0001|1E-10", ["Double", "Double"]),
        Case("%F|%a|%A", [Double.infinity, 1.0, 1.0], "INF|0x1p+0|0X1P+0", ["Double", "Double", "Double"]),
        // Characters: %c an int narrowed to 8 bits (Latin-1), %C a UTF-16 unit; a Character prints itself.
        Case("%c", [65], "A", ["Character"]),
        Case("%c|%c|", [233, 0x1F600], "é||", ["Character", "Character"]),
        Case("%5c|%-3c|", [65, 65], "    A|A  |", ["Character", "Character"]),
        Case("%lc", [65], "A", ["Character"]),
        Case("%c", [Character("é")], "é", ["Character"]),
        Case("%C|%C|%C", [65, 0x1F600, 0xD800], "A|\u{F600}|\u{FFFD}", ["Character", "Character", "Character"]),
        Case("%5C|", [65], "A|", ["Character"]),
        // C strings: precision then width, in UTF-8 bytes (%s) or UTF-16 units (%S), whole characters only.
        Case("%s|%5s|%.1s|%-5s|", ["abc", "abc", "abc", "abc"], "abc|  abc|a|abc  |", ["String", "String", "String", "String"]),
        Case("%5s|%.1s|%05s", ["é", "é", "x"], "   é||    x", ["String", "String", "String"]),
        Case("%S|%5S|%.1S|%.2S", ["abc", "é", "😀", "😀"], "abc|    é||😀", ["String", "String", "String", "String"]),
        // Pointers and percent signs.
        Case("%p %@", [255, "x"], "0xff x", ["Int", "String"]),
        Case("%d%% of 100%%", [5], "5% of 100%", ["Int"]),
        // Flags, widths and precisions.
        Case("%+d|% d|%05d|%-5d|%+.1f", [5, 5, -42, 42, 2.25], "+5| 5|-0042|42   |+2.2", ["Int", "Int", "Int", "Int", "Double"]),
        Case("%5d|%.3d|%8.3f", [42, 7, 3.14159], "   42|007|   3.142", ["Int", "Int", "Double"]),
        // `*` reads the width or precision from the argument before the value.
        Case("%*d|", [5, 42], "   42|", ["Int", "Int"]),
        Case("%*d|%-*d|", [-4, 7, 3, 8], "7   |8  |", ["Int", "Int", "Int", "Int"]),
        Case("%.*f|%.*f", [2, 3.14159, -1, 2.5], "3.14|2.500000", ["Int", "Double", "Int", "Double"]),
        Case("%1$*2$d|", [42, 5], "   42|", ["Int", "Int"]),
        // Positions: unnumbered conversions keep their own count.
        Case("%2$@ %1$@", ["a", "b"], "b a", ["String", "String"]),
        Case("%1$@ %@", ["a", "b"], "a a", ["String"]),
        Case("Read by %1$@ and %2$d others", ["Ana", 3], "Read by Ana and 3 others", ["String", "Int"]),
        Case("%2$d %1$c", [65, 7], "7 A", ["Character", "Int"]),
        // Kept as written: a missing argument, a malformed `%…`, a position outside 1…127.
        Case("%d and %d", [1], "1 and %d", ["Int", "Int"]),
        Case("%y %@ %n %", ["a", 1], "%y a %n %", ["String"]),
        Case("%0$@ %128$@ %1$@", ["a"], "%0$@ %128$@ a", ["String"]),
        Case("%5%|%'d", [1_234_567], "%5%|1234567", ["Int"]),
        // Text arguments are read as numbers; text that is not one prints as is.
        Case("%d|%.1f|%x|%c", ["12", "2.25", "255", "65"], "12|2.2|ff|A", ["Int", "Double", "Int", "Character"]),
        Case("%d", ["x"], "x", ["Int"]),
    ]

    @Test("the table lookup, localizedString's default value and the generator agree", arguments: cases)
    func agreement(_ example: Case) throws {
        let directory = NSTemporaryDirectory() + "envtool-formatstring-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/en.lproj", withIntermediateDirectories: true)
        try Data("\"k\" = \"\(example.format)\";\n".utf8).write(to: URL(fileURLWithPath: directory + "/en.lproj/Localizable.strings"))
        try Data(#"{"languages": ["en"], "configurations": {"Debug": {"x": 1}}}"#.utf8)
            .write(to: URL(fileURLWithPath: directory + "/environments.json"))

        // (a) The Apple table lookup.
        let lookup = AppleStringsLookup(directory: directory)
        let match = lookup.string(forKey: "k", table: "Localizable", languageChain: ["en", "base"], arguments: example.arguments)
        #expect(match?.text == example.expected)

        // (b) localizedString's default value, formatted as i18next strings are.
        let environment = try AppEnvironment(
            contentsOf: directory + "/environments.json",
            options: .init(environment: ["LANG": "en_US"], persistsLanguage: false))
        #expect(environment.localizedString("absent", defaultValue: example.format, arguments: example.arguments) == example.expected)

        // (c) The generator's parameters for the same table.
        var reader = AppleTableEntries()
        reader.read(directory: directory, language: "en")
        let parameters = reader.entries.first?.parameters.map { parameter in
            switch parameter.kind {
            case .string: "String"
            case .int: "Int"
            case .double: "Double"
            case .character: "Character"
            }
        }
        #expect(parameters == example.parameters)
    }
}
