import Testing

@testable import TranslationFormats

/// The `Placeholders:` comment line (``PlaceholderNames``): what it carries, and what it reads.
@Suite("the Placeholders: line carries names, dashes and formats, and reads the lines envtool wrote before")
struct PlaceholderNamesTests {
    static func entry(_ apple: String, comment: String?) -> TranslationEntry {
        TranslationEntry(key: "k", comment: comment, value: .single(PlaceholderSyntax.parseApple(apple)))
    }

    static func i18next(_ entry: TranslationEntry) -> String {
        guard case .single(let message) = entry.value else { return "" }
        var issues = ConversionIssues(file: "", language: "")
        return PlaceholderSyntax.renderI18Next(message, pluralNumber: nil, key: entry.key, issues: &issues)
    }

    @Test("a line envtool wrote before dashes and formats were carried reads as it did")
    func oldLine() {
        let (arguments, comment) = PlaceholderNames.read("Where it appears\nPlaceholders: 1 = {{name}}, 2 = {{total}}")
        #expect(arguments.map(\.position) == [1, 2] && arguments.map(\.placeholder.name) == ["name", "total"])
        #expect(comment == "Where it appears")
    }

    @Test("a format's options may hold commas; the dash and the format come back on the argument")
    func formatsWithOptions() {
        let line = "Placeholders: 1 = {{value, number(minimumFractionDigits: 2, maximumFractionDigits: 3)}}, 2 = {{- html}}, 3 = {{d, datetime}}"
        let named = PlaceholderNames.applying(to: Self.entry("%1$@ · %2$@ · %3$@", comment: line))
        #expect(Self.i18next(named) == "{{value, number(minimumFractionDigits: 2, maximumFractionDigits: 3)}} · {{- html}} · {{d, datetime}}")
        #expect(named.comment == nil)
    }

    @Test("a translation that reorders its arguments gets its own names in its own order")
    func reordered() {
        let named = PlaceholderNames.applying(to: Self.entry("Mover a %2$@ el archivo %1$@", comment: "Placeholders: 1 = {{file}}, 2 = {{folder}}"))
        #expect(Self.i18next(named) == "Mover a {{folder}} el archivo {{file}}")
    }

    @Test(
        "a line not as envtool writes it, or one that leaves an argument unnamed, stays part of the comment",
        arguments: ["Placeholders: 1 = {{ name }}", "Placeholders: one = {{name}}", "Placeholders: 1 = {{name}},2 = {{b}}", "Placeholders: 2 = {{b}}"])
    func notALine(comment: String) {
        let entry = Self.entry("%1$@ and %2$@", comment: comment)
        #expect(PlaceholderNames.applying(to: entry) == entry)
    }

    @Test("gettext names its arguments: the line gives a named one its dash and format, and is written only for them")
    func gettext() throws {
        var entry = TranslationEntry(key: "k", value: .single(PlaceholderSyntax.parseI18Next("{{- html}} for {{name}} at {{price, currency(EUR)}}")))
        let comment = try #require(PlaceholderNames.comment(namedArgumentsOf: entry))
        #expect(comment == "Placeholders: 1 = {{- html}}, 2 = {{name}}, 3 = {{price, currency(EUR)}}")
        entry.comment = comment
        var issues = ConversionIssues(file: "", language: "")
        guard case .single(let message) = entry.value else { return }
        let po = TranslationEntry(
            key: "k", comment: comment,
            value: .single(PlaceholderSyntax.parseGettext(PlaceholderSyntax.renderGettext(message, pluralNumber: nil, key: "k", issues: &issues))))
        #expect(Self.i18next(PlaceholderNames.applying(to: po, namesNative: true)) == "{{- html}} for {{name}} at {{price, currency(EUR)}}")
        #expect(issues.all.isEmpty, "\(issues.all)")
        let plain = TranslationEntry(key: "k", comment: "Shown once", value: .single(PlaceholderSyntax.parseI18Next("Hi {{name}}")))
        #expect(PlaceholderNames.comment(namedArgumentsOf: plain) == "Shown once")
    }
}
