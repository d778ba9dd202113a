import Foundation
import Testing

@testable import CLDRPlurals

/// Every sample number CLDR lists with each rule (extracted by scripts/generate-plural-rules)
/// must fall in that rule's category, for every language.
@Suite("CLDR plural rules")
struct PluralRulesTests {
    struct Sample: Sendable, CustomTestStringConvertible {
        let kind: PluralRules.Kind
        let locale: String
        let categories: [String: [String]]
        var testDescription: String { "\(kind == .cardinal ? "cardinal" : "ordinal") \(locale)" }
    }

    static let samples: [Sample] = {
        guard let url = Bundle.module.url(forResource: "Fixtures/cldr-plural-samples", withExtension: "json"),
            let data = try? Data(contentsOf: url),
            let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return [] }
        var result: [Sample] = []
        for (kindName, kind) in [("cardinal", PluralRules.Kind.cardinal), ("ordinal", .ordinal)] {
            guard let locales = root[kindName] as? [String: Any] else { continue }
            for (locale, value) in locales.sorted(by: { $0.key < $1.key }) {
                guard let categories = value as? [String: Any] else { continue }
                var map: [String: [String]] = [:]
                for (category, list) in categories {
                    if let values = list as? [Any] { map[category] = values.compactMap { $0 as? String } }
                }
                result.append(Sample(kind: kind, locale: locale, categories: map))
            }
        }
        return result
    }()

    @Test("samples for every CLDR language are present")
    func coverage() {
        #expect(Self.samples.filter { $0.kind == .cardinal }.count > 200)
        #expect(Self.samples.filter { $0.kind == .ordinal }.count > 100)
    }

    @Test("each sample falls in its category", arguments: samples)
    func sampleCategories(sample: Sample) {
        let rules = PluralRules(locale: sample.locale, kind: sample.kind)
        for (category, numbers) in sample.categories {
            for number in numbers {
                guard let operands = PluralOperands(sample: number) else {
                    Issue.record("unparseable sample \(number)")
                    continue
                }
                #expect(rules.category(for: operands).rawValue == category, "\(sample.locale) \(number)")
            }
            #expect(rules.categories.map(\.rawValue).contains(category))
        }
    }

    @Test(
        "operands follow UTS #35",
        arguments: [
            ("1", 1.0, 1, 0, 0, 0, 0), ("1.50", 1.5, 1, 2, 1, 50, 5), ("0.0", 0, 0, 1, 0, 0, 0), ("1c6", 1_000_000, 1_000_000, 0, 0, 0, 0),
        ] as [(String, Double, Int, Int, Int, Int, Int)])
    func operands(text: String, n: Double, i: Int, v: Int, w: Int, f: Int, t: Int) throws {
        let operands = try #require(PluralOperands(sample: text))
        #expect(operands.n == n)
        let integers: [Int] = [operands.i, operands.v, operands.w, operands.f, operands.t]
        #expect(integers == [i, v, w, f, t])
    }

    @Test("numbers are seen as Intl.PluralRules sees them: at most three fraction digits")
    func jsNumbers() {
        #expect(PluralOperands(1.0).v == 0)
        #expect(PluralOperands(0.0001).n == 0)
        #expect(PluralOperands(1.5).v == 1)
        #expect(PluralRules(locale: "en", kind: .cardinal).category(for: -1) == .one)
    }

    @Test("the rules are CLDR 41 with the changes of later releases: Hebrew has no many (42), Romanian 101 is few (44)")
    func laterReleases() {
        let romanian = PluralRules(locale: "ro", kind: .cardinal)
        #expect(
            [0, 1, 2, 19, 20, 100, 101, 119, 120, 201, 1001].map { romanian.category(for: $0) }
                == [.few, .one, .few, .few, .other, .other, .few, .few, .other, .few, .few])
        #expect(PluralRules(locale: "mo", kind: .cardinal).category(for: 101) == .few)
        #expect(!PluralRules(locale: "he", kind: .cardinal).categories.contains(.many))
    }

    @Test("locales resolve like Intl: region, then language, then English")
    func localeResolution() {
        #expect(PluralRules(locale: "pt-PT", kind: .cardinal).category(for: 0) == .other)
        #expect(PluralRules(locale: "pt-BR", kind: .cardinal).category(for: 0) == .one)
        #expect(PluralRules(locale: "ru_RU", kind: .cardinal).category(for: 5) == .many)
        #expect(PluralRules(locale: "xx", kind: .cardinal).categories == [.one, .other])
    }

    @Test("the locale tables are sorted, so that the binary search finds every locale and nothing else")
    func tablesSorted() {
        for table in [PluralRules.cardinalRuleSets, PluralRules.ordinalRuleSets] {
            #expect(zip(table, table.dropFirst()).allSatisfy { $0.key < $1.key })
            for (locale, ruleSet) in table {
                #expect(PluralRules.ruleSet(of: locale, in: table) == ruleSet, "\(locale)")
                #expect(PluralRules.ruleSet(of: locale + "~", in: table) == nil)
            }
            #expect(PluralRules.ruleSet(of: "", in: table) == nil)
            #expect(PluralRules.ruleSet(of: "zzzz", in: table) == nil)
        }
    }
}
