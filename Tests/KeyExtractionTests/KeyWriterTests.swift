import AppleLocalization
import Foundation
@testable import KeyExtraction
import Testing

@Suite("--write: keys added to catalogs and i18next files")
struct KeyWriterTests {
    static func missing(_ key: String, _ system: KeyUsage.System = .apple, form: String = "String(localized:)",
                        value: String? = nil, comment: String? = nil) -> MissingKey {
        let usage = KeyUsage(system: system, key: key, table: system == .apple ? "Localizable" : "translation",
                             comment: comment, defaultValue: value, form: form, file: "App.swift", line: 1, column: 1)
        return MissingKey(usage: usage, uses: 1, defaultValue: value, comment: comment)
    }

    /// Whether the lines of the old text appear in order in the new: the write only inserted
    /// (a member that gains a successor gains a comma, so trailing commas are not compared).
    static func onlyInserted(_ old: String, _ new: String) -> Bool {
        func lines(_ text: String) -> [Substring] {
            text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasSuffix(",") ? $0.dropLast() : $0 }
        }
        var remaining = lines(new)[...]
        for line in lines(old) {
            guard let found = remaining.firstIndex(of: line) else { return false }
            remaining = remaining[(found + 1)...]
        }
        return true
    }

    @Test("keys are added to an Xcode catalog as Xcode records them; the rest of the file is unchanged and still valid")
    func catalogRoundTrip() throws {
        let directory = TemporaryDirectory()
        let resources = try directory.copy(fixture: "Resources")
        let path = resources + "/Localizable.xcstrings"
        let before = try String(contentsOfFile: path, encoding: .utf8)
        let added = try CatalogKeyWriter.add([
            Self.missing("b.with.value", value: "With \"value\"", comment: "Shown: here"),
            Self.missing("zz.plain", form: "Text"),
            Self.missing("envtool.key", form: "localizedString"),
            Self.missing("files_count"),
        ], to: path, sourceLanguage: "fr")
        #expect(added == ["b.with.value", "zz.plain", "envtool.key"])
        let after = try String(contentsOfFile: path, encoding: .utf8)
        #expect(Self.onlyInserted(before, after))
        #expect(after.contains("\"b.with.value\" : {"))

        let catalog = try StringCatalog(contentsOf: path)
        #expect(catalog.keys == ["after.accent", "b.with.value", "envtool.key", "files_count", "stale.key", "zz.plain"])
        let withValue = try #require(catalog["b.with.value"])
        #expect(withValue.extractionState == "extracted_with_value")
        #expect(withValue.comment == "Shown: here")
        #expect(withValue.localization(for: "en")?.value == .unit(CatalogStringUnit(state: .new, value: "With \"value\"")))
        #expect(catalog["zz.plain"]?.extractionState == nil)
        #expect(catalog["envtool.key"]?.extractionState == "manual")

        let foundation = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        let strings = try #require(foundation?["strings"] as? [String: Any])
        #expect(strings.count == 6)
        #expect(foundation?["sourceLanguage"] as? String == "en")
    }

    @Test("a table without any file gets a new catalog in the development language")
    func newCatalog() throws {
        let directory = TemporaryDirectory()
        let path = directory.path + "/sub/Other.xcstrings"
        #expect(try CatalogKeyWriter.add([Self.missing("k", value: "V")], to: path, sourceLanguage: "de") == ["k"])
        let catalog = try StringCatalog(contentsOf: path)
        #expect(catalog.sourceLanguage == "de")
        #expect(catalog["k"]?.localization(for: "de")?.value == .unit(CatalogStringUnit(state: .new, value: "V")))
    }

    @Test("a catalog that does not parse is not touched")
    func malformedCatalog() {
        let directory = TemporaryDirectory()
        let path = directory.write("Localizable.xcstrings", "{\"sourceLanguage\": \"en\", \"strings\": {")
        #expect(throws: CatalogKeyWriter.Failure.self) { try CatalogKeyWriter.add([Self.missing("k")], to: path, sourceLanguage: "en") }
        #expect(directory.read("Localizable.xcstrings") == "{\"sourceLanguage\": \"en\", \"strings\": {")
    }

    @Test("keys are nested into an i18next file at their dots, after the existing ones, with the default value or the key")
    func resourceRoundTrip() throws {
        let directory = TemporaryDirectory()
        let resources = try directory.copy(fixture: "Resources")
        let path = resources + "/locales/en/translation.json"
        let result = try ResourceKeyWriter.add([
            Self.missing("app.subtitle", .i18next, value: "Sub"),
            Self.missing("brand.new.key", .i18next),
            Self.missing("orphan.child", .i18next),
            Self.missing("app.title", .i18next),
        ], to: path)
        #expect(result.added == ["app.subtitle", "brand.new.key"])
        #expect(result.skipped.count == 1)
        #expect(result.skipped.first?.message == "\"orphan.child\" was not added: \"orphan\" is already a value, not an object; rename the key or move the value")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        #expect((object["app"] as? [String: String]) == ["title": "Demo", "welcome": "Welcome", "subtitle": "Sub"])
        #expect(((object["brand"] as? [String: Any])?["new"] as? [String: String]) == ["key": "brand.new.key"])
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasSuffix("}\n"))
        let order = ["\"app\"", "\"subtitle\"", "\"cart\"", "\"orphan\"", "\"brand\""].compactMap { text.range(of: $0)?.lowerBound }
        #expect(order.count == 5 && order == order.sorted())
        let inventory = I18NextKeyInventory(directory: resources + "/locales", developmentLanguage: "en")
        #expect(inventory.defines("brand.new.key", namespace: "translation", withContext: false))
    }

    @Test("a namespace without a file gets one, in a language folder created for it")
    func newResource() throws {
        let directory = TemporaryDirectory()
        let path = directory.path + "/locales/fr/common.json"
        #expect(try ResourceKeyWriter.add([Self.missing("hi", .i18next, value: "Salut")], to: path).added == ["hi"])
        #expect(directory.read("locales/fr/common.json") == "{\n  \"hi\": \"Salut\"\n}\n")
    }
}
