import AppleLocalization
import I18Next
import Testing

@Suite("AppleStringFormatter")
struct AppleStringFormatterTests {
    static func variable(_ forms: [PluralCategory: String], valueType: String? = "d") -> LocalizedFormat {
        LocalizedFormat(format: "%#@n@", variables: ["n": PluralVariable(name: "n", valueType: valueType, forms: forms)])
    }

    static let all: [PluralCategory: String] = [
        .zero: "zero %d", .one: "one %d", .two: "two %d", .few: "few %d", .many: "many %d", .other: "other %d",
    ]
    static let withoutZero: [PluralCategory: String] = all.filter { $0.key != .zero }

    struct Case: Sendable, CustomTestStringConvertible {
        let language: String
        let number: Double
        let withZero: String
        let withoutZero: String
        var testDescription: String { "\(language) \(number)" }
    }

    static let cases: [Case] = [
        Case(language: "en", number: 0, withZero: "zero 0", withoutZero: "other 0"),
        Case(language: "en", number: 1, withZero: "one 1", withoutZero: "one 1"),
        Case(language: "en", number: 2, withZero: "other 2", withoutZero: "other 2"),
        Case(language: "en", number: 101, withZero: "other 101", withoutZero: "other 101"),
        Case(language: "ru", number: 0, withZero: "zero 0", withoutZero: "many 0"),
        Case(language: "ru", number: 1, withZero: "one 1", withoutZero: "one 1"),
        Case(language: "ru", number: 2, withZero: "few 2", withoutZero: "few 2"),
        Case(language: "ru", number: 4, withZero: "few 4", withoutZero: "few 4"),
        Case(language: "ru", number: 5, withZero: "many 5", withoutZero: "many 5"),
        Case(language: "ru", number: 11, withZero: "many 11", withoutZero: "many 11"),
        Case(language: "ru", number: 21, withZero: "one 21", withoutZero: "one 21"),
        Case(language: "ru", number: 22, withZero: "few 22", withoutZero: "few 22"),
        Case(language: "ru", number: 111, withZero: "many 111", withoutZero: "many 111"),
        Case(language: "pl", number: 0, withZero: "zero 0", withoutZero: "many 0"),
        Case(language: "pl", number: 1, withZero: "one 1", withoutZero: "one 1"),
        Case(language: "pl", number: 3, withZero: "few 3", withoutZero: "few 3"),
        Case(language: "pl", number: 12, withZero: "many 12", withoutZero: "many 12"),
        Case(language: "pl", number: 21, withZero: "many 21", withoutZero: "many 21"),
        Case(language: "pl", number: 24, withZero: "few 24", withoutZero: "few 24"),
        Case(language: "ar", number: 0, withZero: "zero 0", withoutZero: "other 0"),
        Case(language: "ar", number: 1, withZero: "one 1", withoutZero: "one 1"),
        Case(language: "ar", number: 2, withZero: "two 2", withoutZero: "two 2"),
        Case(language: "ar", number: 3, withZero: "few 3", withoutZero: "few 3"),
        Case(language: "ar", number: 10, withZero: "few 10", withoutZero: "few 10"),
        Case(language: "ar", number: 11, withZero: "many 11", withoutZero: "many 11"),
        Case(language: "ar", number: 99, withZero: "many 99", withoutZero: "many 99"),
        Case(language: "ar", number: 100, withZero: "other 100", withoutZero: "other 100"),
        Case(language: "ar", number: 103, withZero: "few 103", withoutZero: "few 103"),
    ]

    @Test("plural forms follow CLDR, and Apple's zero form wins for 0 in every language", arguments: cases)
    func pluralSelection(_ example: Case) {
        let rules = PluralRules(locale: example.language, kind: .cardinal)
        #expect(AppleStringFormatter.format(Self.variable(Self.all), rules: rules, arguments: [Int(example.number)]) == example.withZero)
        #expect(AppleStringFormatter.format(Self.variable(Self.withoutZero), rules: rules, arguments: [Int(example.number)]) == example.withoutZero)
    }

    @Test("arabic zero is CLDR's own category: without a zero form, 0 shows other")
    func arabicZero() {
        let rules = PluralRules(locale: "ar", kind: .cardinal)
        #expect(AppleStringFormatter.format(Self.variable(Self.withoutZero), rules: rules, arguments: [0]) == "other 0")
        #expect(rules.category(for: 0) == .zero)
    }

    @Test("a category the variable lacks shows other; a missing or non-numeric argument shows other")
    func fallbackToOther() {
        let rules = PluralRules(locale: "ru", kind: .cardinal)
        let onlyOther = Self.variable([.one: "one %d", .other: "other %d"])
        #expect(AppleStringFormatter.format(onlyOther, rules: rules, arguments: [5]) == "other 5")
        #expect(AppleStringFormatter.format(onlyOther, rules: rules, arguments: []) == "other %d")
        #expect(AppleStringFormatter.format(onlyOther, rules: rules, arguments: ["many"]) == "other many")
    }

    @Test("numbers given as text (from the command line) choose forms like numbers")
    func textArguments() {
        let rules = PluralRules(locale: "ru", kind: .cardinal)
        #expect(AppleStringFormatter.format(Self.variable(Self.withoutZero), rules: rules, arguments: ["22"]) == "few 22")
    }

    @Test("several variables each take their own argument")
    func multipleVariables() {
        let format = LocalizedFormat(
            format: "%#@files@ in %#@folders@",
            variables: [
                "files": PluralVariable(name: "files", valueType: "d", forms: [.one: "%d file", .other: "%d files"]),
                "folders": PluralVariable(name: "folders", valueType: "d", forms: [.one: "one folder", .other: "%d folders"]),
            ])
        let en = PluralRules(locale: "en", kind: .cardinal)
        #expect(AppleStringFormatter.format(format, rules: en, arguments: [3, 1]) == "3 files in one folder")
        #expect(AppleStringFormatter.format(format, rules: en, arguments: [1, 4]) == "1 file in 4 folders")
    }

    @Test("positional variables and conversions take the argument they name")
    func positional() {
        let format = LocalizedFormat(
            format: "%2$#@files@ — %1$@",
            variables: [
                "files": PluralVariable(name: "files", valueType: "lld", forms: [.zero: "no files", .one: "%lld file", .other: "%lld files"])
            ])
        let en = PluralRules(locale: "en", kind: .cardinal)
        #expect(AppleStringFormatter.format(format, rules: en, arguments: ["Ana", 0]) == "no files — Ana")
        #expect(AppleStringFormatter.format(format, rules: en, arguments: ["Ana", 1]) == "1 file — Ana")
        #expect(AppleStringFormatter.format(format, rules: en, arguments: ["Ana", 7]) == "7 files — Ana")
    }

    @Test("a form may name another argument by position")
    func formWithOtherArgument() {
        let format = LocalizedFormat(
            format: "%1$#@files@",
            variables: [
                "files": PluralVariable(name: "files", valueType: "d", forms: [.one: "%2$@ has one file", .other: "%2$@ has %d files"])
            ])
        let en = PluralRules(locale: "en", kind: .cardinal)
        #expect(AppleStringFormatter.format(format, rules: en, arguments: [1, "Ana"]) == "Ana has one file")
        #expect(AppleStringFormatter.format(format, rules: en, arguments: [4, "Ana"]) == "Ana has 4 files")
    }

    @Test("value types: integer types truncate before choosing, floating-point types keep the fraction")
    func valueTypes() {
        let en = PluralRules(locale: "en", kind: .cardinal)
        let integer = Self.variable([.one: "one", .other: "other"], valueType: "d")
        let floating = Self.variable([.one: "one %.1f", .other: "other %.1f"], valueType: "f")
        #expect(AppleStringFormatter.format(integer, rules: en, arguments: [1.7]) == "one")
        #expect(AppleStringFormatter.format(floating, rules: en, arguments: [1.5]) == "other 1.5")
        #expect(AppleStringFormatter.format(floating, rules: en, arguments: [1.0]) == "one 1.0")
        let ru = PluralRules(locale: "ru", kind: .cardinal)
        let russian = Self.variable(Self.withoutZero, valueType: "f")
        #expect(AppleStringFormatter.format(russian, rules: ru, arguments: [2.5]) == "other 2")
    }

    @Test("a reference to an unknown variable and self-reference stay visible without looping")
    func unknownAndRecursiveVariables() {
        let en = PluralRules(locale: "en", kind: .cardinal)
        let unknown = LocalizedFormat(format: "%#@missing@ left")
        #expect(AppleStringFormatter.format(unknown, rules: en, arguments: [1]) == "%#@missing@ left")
        let loop = LocalizedFormat(format: "%#@a@", variables: ["a": PluralVariable(name: "a", forms: [.other: "x%#@a@"])])
        #expect(AppleStringFormatter.format(loop, rules: en, arguments: [1]) == "xxxxxxxx%#@a@")
    }
}
