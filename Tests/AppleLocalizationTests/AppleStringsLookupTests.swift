import AppleLocalization
import Foundation
import Testing

@Suite("AppleStringsLookup")
struct AppleStringsLookupTests {
    static let sample = AppleStringsLookup(directory: Fixtures.path("environments"))

    static func text(
        _ key: String, _ chain: [String], _ arguments: [any CustomStringConvertible & Sendable] = [], device: String = "other",
        in lookup: AppleStringsLookup = sample
    ) -> String? {
        lookup.string(forKey: key, table: "Localizable", languageChain: chain, arguments: arguments, device: device)?.text
    }

    /// A lookup over a temporary directory, which lives as long as this value.
    final class Workspace {
        let directory: TemporaryDirectory
        let lookup: AppleStringsLookup

        init(_ directory: TemporaryDirectory) {
            self.directory = directory
            lookup = AppleStringsLookup(directory: directory.path)
        }

        func match(_ key: String, _ chain: [String], _ arguments: [any CustomStringConvertible & Sendable] = []) -> AppleStringsLookup.Match? {
            withExtendedLifetime(directory) { lookup.string(forKey: key, table: "Localizable", languageChain: chain, arguments: arguments) }
        }

        func text(_ key: String, _ chain: [String], _ arguments: [any CustomStringConvertible & Sendable] = []) -> String? {
            match(key, chain, arguments)?.text
        }
    }

    @Test(
        "catalog plurals follow the app language: ru few/many, ar zero/two",
        arguments: [
            ("ru", 1, "1 файл"), ("ru", 3, "3 файла"), ("ru", 5, "5 файлов"), ("ru", 21, "21 файл"), ("ru", 0, "0 файлов"),
            ("ar", 0, "لا توجد ملفات"), ("ar", 1, "ملف واحد"), ("ar", 2, "ملفان"), ("ar", 4, "4 ملفات"), ("ar", 11, "11 ملفًا"), ("ar", 100, "100 ملف"),
            ("en", 1, "1 file"), ("en", 0, "0 files"), ("es", 1_000_000, "1000000 de archivos"), ("ca", 2, "2 fitxers"), ("ca", 1_000_000, "1000000 fitxers"),
        ])
    func catalogPlurals(_ language: String, _ count: Int, _ expected: String) {
        #expect(Self.text("files_count", [language, "en", "base"], [count]) == expected)
    }

    @Test("a .stringsdict serves a language the catalog lacks; Apple's zero form is used for 0")
    func stringsdictPlurals() throws {
        let match = try #require(Self.sample.string(forKey: "items_in_cart", table: "Localizable", languageChain: ["ru", "en"], arguments: [5]))
        #expect(match.text == "У вас в корзине 5 товаров.")
        #expect(match.format == .stringsdict)
        #expect(match.language == "ru")
        #expect(Self.text("items_in_cart", ["ru", "en"], [22]) == "У вас в корзине 22 товара.")
        #expect(Self.text("items_in_cart", ["ru", "en"], [0]) == "У вас в корзине нет товаров.")
        #expect(Self.text("items_in_cart", ["ar", "en"], [2]) == "لديك عنصران في سلتك.")
        #expect(Self.text("items_in_cart", ["es", "en"], [3]) == "Tienes 3 artículos en tu carrito.")
    }

    @Test("device variations: the device's text, else other")
    func devices() {
        #expect(Self.text("continue_hint", ["es"], device: "mac") == "Haz clic para continuar")
        #expect(Self.text("continue_hint", ["es"], device: "iphone") == "Toca para continuar")
        #expect(Self.text("continue_hint", ["es"], device: "ipad") == "Continuar")
        #expect(Self.text("continue_hint", ["ru"]) == "Продолжить")
    }

    @Test("fallback along the chain: language, then the next, else not found")
    func chain() {
        #expect(Self.text("greeting", ["ru", "en"], ["Ana"]) == "Привет, Ana!")
        #expect(Self.text("greeting", ["pt-br", "pt", "en"], ["Ana"]) == "Hello, Ana!")
        #expect(Self.text("settings.language", ["ca", "en"]) == "Idioma")
        #expect(Self.text("transfer", ["ar", "en"], ["5 €", "Ana"]) == "أرسل 5 € إلى Ana")
        #expect(Self.sample.string(forKey: "nope", table: "Localizable", languageChain: ["en"]) == nil)
        #expect(Self.sample.string(forKey: "greeting", table: "Other", languageChain: ["en"]) == nil)
    }

    /// A directory with the same key in all three formats for `ru`.
    static func overlapping(catalogState: String = "translated") -> Workspace {
        let directory = TemporaryDirectory()
        directory.write("ru.lproj/Localizable.strings", "\"k\" = \"from strings\";\n\"s\" = \"strings only\";\n")
        directory.write("ru.lproj/Localizable.stringsdict", stringsdict(format: "from stringsdict %#@n@", forms: [("other", "%d")]))
        directory.write("en.lproj/Localizable.strings", "\"k\" = \"english strings\";\n\"e\" = \"english only\";\n")
        directory.write("Base.lproj/Localizable.strings", "\"b\" = \"from Base\";\n")
        directory.write(
            "App/Resources/Localizable.xcstrings",
            """
            {"sourceLanguage": "en", "strings": {
              "k": {"localizations": {"ru": {"stringUnit": {"state": "\(catalogState)", "value": "from catalog"}}, "en": {"stringUnit": {"value": "english catalog"}}}},
              "%lld items": {},
              "fixed": {"shouldTranslate": false, "localizations": {"en": {"stringUnit": {"value": "Envtool"}}}}
            }}
            """)
        return Workspace(directory)
    }

    @Test("one order per language: .xcstrings, then .stringsdict, then .strings")
    func formatOrder() throws {
        let workspace = Self.overlapping()
        let catalogMatch = try #require(workspace.match("k", ["ru", "en"], [1]))
        #expect(catalogMatch.text == "from catalog")
        #expect(catalogMatch.format == .catalog)
        #expect(catalogMatch.file == workspace.directory.path + "/App/Resources/Localizable.xcstrings")
        #expect(workspace.match("s", ["ru", "en"])?.format == .strings)
        // Every state is used, as Xcode compiles every unit: an app's label in state `new` is shown.
        for state in ["new", "stale", "needs_review"] {
            #expect(Self.overlapping(catalogState: state).match("k", ["ru", "en"], [1])?.format == .catalog, "\(state)")
            #expect(Self.overlapping(catalogState: state).text("k", ["ru", "en"]) == "from catalog", "\(state)")
        }
    }

    @Test("the language comes before the format: a ru .strings beats an en catalog")
    func languageBeforeFormat() {
        let workspace = Self.overlapping()
        #expect(workspace.text("s", ["ru", "en"]) == "strings only")
        #expect(workspace.text("e", ["ru", "en"]) == "english only")
        #expect(workspace.text("k", ["fr", "en"]) == "english catalog")
    }

    @Test("Base serves every language; a catalog key no language has shows the source text, or the key")
    func baseAndSource() {
        let workspace = Self.overlapping()
        #expect(workspace.text("b", ["fr", "en", "base"]) == "from Base")
        #expect(workspace.text("%lld items", ["fr"], [3]) == "3 items")
        #expect(workspace.text("fixed", ["ru", "en"]) == "Envtool")
    }

    @Test("a broken file counts as empty and is reported; a second catalog for a table is reported")
    func brokenFiles() {
        let directory = TemporaryDirectory()
        directory.write("ru.lproj/Localizable.stringsdict", "<plist><dict>")
        directory.write("en.lproj/Localizable.strings", "\"k\" = \"english\";")
        directory.write("a/Localizable.xcstrings", "{\"sourceLanguage\": \"en\", \"strings\": {}}")
        directory.write("b/Localizable.xcstrings", "{\"sourceLanguage\": \"en\", \"strings\": {\"k\": {}}}")
        let workspace = Workspace(directory)
        #expect(workspace.text("k", ["ru", "en"]) == "english")
        let messages = workspace.lookup.diagnostics().map(\.description)
        #expect(
            messages.contains(
                directory.path + "/b/Localizable.xcstrings:1:1: warning: a second catalog for the table \"Localizable\"; "
                    + directory.path + "/a/Localizable.xcstrings is used, this one is ignored. Merge them or rename one"))
        #expect(messages.contains(directory.path + "/ru.lproj/Localizable.stringsdict:1:8: error: <dict> is never closed; add </dict>"))
    }

    @Test("flat <LANG>.strings files form the table Localizable; an .lproj table of the language wins")
    func flatFiles() {
        let directory = TemporaryDirectory()
        directory.write("EN.strings", "\"k\" = \"flat english\";")
        directory.write("es.strings", "\"k\" = \"flat\";")
        directory.write("es.lproj/Localizable.strings", "\"k\" = \"lproj\";")
        let workspace = Workspace(directory)
        #expect(workspace.text("k", ["en"]) == "flat english")
        #expect(workspace.text("k", ["es"]) == "lproj")
    }

    @Test("a missing directory has no tables")
    func missingDirectory() {
        let lookup = AppleStringsLookup(directory: "/nonexistent/dir")
        #expect(lookup.tables.isEmpty)
        #expect(lookup.string(forKey: "k", table: "Localizable", languageChain: ["en"]) == nil)
    }
}
