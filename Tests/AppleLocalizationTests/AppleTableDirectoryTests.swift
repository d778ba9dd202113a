import Testing

@testable import AppleLocalization

@Suite("One discovery of a directory's Apple tables, one language key")
struct AppleTableDirectoryTests {
    /// Base.lproj, flat EN.strings beside en.lproj, pt_BR and pt-BR folders, catalogs in
    /// subfolders and in hidden folders.
    static func tree() -> TemporaryDirectory {
        let directory = TemporaryDirectory()
        directory.write("Base.lproj/Localizable.strings", "\"k\" = \"base\";")
        directory.write("Base.lproj/Main.strings", "\"title\" = \"Main\";")
        directory.write("en.lproj/Localizable.strings", "\"k\" = \"lproj\";")
        directory.write("en.lproj/Plurals.stringsdict", stringsdict(forms: [("one", "%d item"), ("other", "%d items")]))
        directory.write("EN.strings", "\"k\" = \"flat\";")
        directory.write("FR.strings", "\"k\" = \"flat fr\";")
        directory.write("fr.strings", "\"k\" = \"second flat fr\";")
        directory.write("pt_BR.lproj/Localizable.strings", "\"k\" = \"pt_BR\";")
        directory.write("pt-BR.lproj/Other.strings", "\"k\" = \"pt-BR\";")
        directory.write(".strings", "\"k\" = \"no language\";")
        directory.write("Localizable.xcstrings", #"{"sourceLanguage": "en", "version": "1.0", "strings": {}}"#)
        directory.write("Resources/Deep/Shop.xcstrings", #"{"sourceLanguage": "en", "version": "1.0", "strings": {}}"#)
        directory.write(".hidden/Hidden.xcstrings", #"{"sourceLanguage": "en", "version": "1.0", "strings": {}}"#)
        directory.write("Resources/.git/Secret.xcstrings", #"{"sourceLanguage": "en", "version": "1.0", "strings": {}}"#)
        return directory
    }

    @Test(
        "language keys are lowercased with _ as -: Base is base, pt_BR is pt-br",
        arguments: [
            ("Base", "base"), ("pt_BR", "pt-br"), ("pt-BR", "pt-br"), ("EN", "en"), ("zh-Hant_TW", "zh-hant-tw"), ("es-419", "es-419"),
        ])
    func languageKey(name: String, key: String) {
        #expect(AppleTableDirectory.languageKey(name) == key)
    }

    @Test("the fallback chain: the language, without region, the development language, base")
    func fallbackChain() {
        #expect(AppleTableDirectory.fallbackChain("pt_BR", developmentLanguage: "en") == ["pt-br", "pt", "en", "base"])
        #expect(AppleTableDirectory.fallbackChain("zh-Hant-TW") == ["zh-hant-tw", "zh", "base"])
        #expect(AppleTableDirectory.fallbackChain("en", developmentLanguage: "EN") == ["en", "base"])
    }

    @Test("a tree: .lproj folders by language key, flat files as Localizable, catalogs below but not in hidden folders")
    func discovery() {
        let directory = Self.tree()
        let tables = AppleTableDirectory(directory: directory.path)
        let root = directory.path
        #expect(tables.tables == ["Localizable", "Main", "Other", "Plurals", "Shop"])
        #expect(tables.catalogs == ["Localizable": root + "/Localizable.xcstrings", "Shop": root + "/Resources/Deep/Shop.xcstrings"])
        #expect(tables.stringsTables(language: "Base") == ["Localizable", "Main"])
        // An .lproj table wins over the flat file of its language; of two flat files, the first by name.
        #expect(tables.strings(language: "en", table: "Localizable") == root + "/en.lproj/Localizable.strings")
        #expect(tables.strings(language: "fr", table: "Localizable") == root + "/FR.strings")
        #expect(tables.stringsdict(language: "EN", table: "Plurals") == root + "/en.lproj/Plurals.stringsdict")
        // pt_BR and pt-BR are one language.
        #expect(tables.stringsTables(language: "pt-BR") == ["Localizable", "Other"])
        #expect(tables.strings(language: "pt_br", table: "Other") == root + "/pt-BR.lproj/Other.strings")
        #expect(tables.languages(table: "Localizable") == ["base", "en", "fr", "pt-br"])
        #expect(tables.files[""] == nil)
        #expect(!tables.allFiles.contains { $0.contains("Hidden") || $0.contains("Secret") || $0.hasSuffix("/.strings") })
        #expect(tables.allFiles.count == 9)
        #expect(tables.diagnostics.isEmpty)
    }

    @Test("without the catalog search only the directory and its .lproj folders are listed")
    func withoutCatalogs() {
        let directory = Self.tree()
        let tables = AppleTableDirectory(directory: directory.path, searchingCatalogs: false)
        #expect(tables.catalogs.isEmpty)
        #expect(tables.tables == ["Localizable", "Main", "Other", "Plurals"])
    }

    @Test("the lookup and the lint read the tables the directory lists")
    func lookupAndLintAgree() {
        let directory = Self.tree()
        let tables = AppleTableDirectory(directory: directory.path)
        let lookup = AppleStringsLookup(directory: directory.path)
        let linter = AppleStringsLinter(lookup: lookup, developmentLanguage: "en")
        #expect(lookup.tables == tables.tables)
        #expect(lookup.allFiles == tables.allFiles)
        #expect(linter.lookup.tables == tables.tables)
        #expect(lookup.string(forKey: "k", table: "Localizable", languageChain: ["pt-br"])?.text == "pt_BR")
        #expect(lookup.string(forKey: "k", table: "Localizable", languageChain: ["fr"])?.text == "flat fr")
        #expect(lookup.string(forKey: "k", table: "Localizable", languageChain: ["de", "base"])?.text == "base")
    }

    @Test("a missing directory has no tables")
    func missing() {
        let tables = AppleTableDirectory(directory: "/nonexistent/dir")
        #expect(tables.tables.isEmpty && tables.allFiles.isEmpty && tables.diagnostics.isEmpty)
    }
}
