import Testing

@testable import AppleLocalization

@Suite("The lint's grouping of a table's definitions, linear in the table")
struct LintDefinitionsTests {
    static func definition(_ language: String, _ format: AppleStringsLookup.Format, _ text: String) -> LintDefinition {
        LintDefinition(language: language, format: format, content: .text(text), location: SourceLocation(file: "f", line: 1, column: 1))
    }

    @Test("keys in the order first added; each key's definitions together, catalog, stringsdict, strings, then as added")
    func grouping() {
        var definitions = LintDefinitions()
        // As the linter adds them: the catalog, then per language the .stringsdict and the .strings.
        definitions.add("b", Self.definition("en", .catalog, "b-catalog"))
        definitions.add("a", Self.definition("en", .strings, "a-en-strings"))
        definitions.add("b", Self.definition("en", .strings, "b-en-strings"))
        definitions.add("a", Self.definition("ru", .stringsdict, "a-ru-stringsdict"))
        definitions.add("a", Self.definition("ru", .strings, "a-ru-strings"))
        definitions.add("c", Self.definition("ru", .strings, "c-ru-strings"))
        definitions.group()
        #expect(definitions.keys == ["b", "a", "c"])
        func texts(_ index: Int) -> [String] {
            definitions[keyAt: index].map { if case .text(let text) = $0.content { text } else { "?" } }
        }
        #expect(texts(0) == ["b-catalog", "b-en-strings"])
        #expect(texts(1) == ["a-ru-stringsdict", "a-en-strings", "a-ru-strings"])
        #expect(texts(2) == ["c-ru-strings"])
        #expect(definitions.all.count == 6)
    }

    @Test("the languages checked are those with a definition, but Base, and those listed; a set as small as they are")
    func offeredLanguages() {
        // 100,000 definitions in two languages: the set made from their flattened list kept room for
        // all of them, and copying it for every key made the lint of a directory quadratic.
        let many = (0..<100_000).map { Self.definition($0.isMultiple(of: 2) ? "en" : "ru", .strings, "v") } + [Self.definition("base", .strings, "v")]
        let offered = AppleStringsLinter.offeredLanguages(many, listed: ["fr"])
        #expect(offered == ["en", "ru", "fr"])
        #expect(offered.capacity < 100)
    }

    @Test("the languages a key lacks: one merge of two sorted lists")
    func sortedDifference() {
        #expect(AppleStringsLinter.sortedDifference(["ca", "en", "es", "ru"], ["en", "ru"]) == ["ca", "es"])
        #expect(AppleStringsLinter.sortedDifference(["en"], ["base", "en"]) == [])
        #expect(AppleStringsLinter.sortedDifference(["en", "fr"], []) == ["en", "fr"])
    }

    @Test("a key's definitions by language: languages sorted, each in lookup order")
    func byLanguage() {
        let all = [
            Self.definition("ru", .catalog, "1"), Self.definition("en", .stringsdict, "2"),
            Self.definition("ru", .strings, "3"), Self.definition("en", .strings, "4"),
        ][...]
        let groups = AppleStringsLinter.byLanguage(all)
        #expect(groups.map(\.language) == ["en", "ru"])
        #expect(groups.map(\.first) == [1, 0])
        #expect(groups.map { Array($0.offsets) } == [[1, 3], [0, 2]])
    }
}
