import AppleLocalization
import Foundation
import Testing

/// Lookups parse a catalog's entries one by one (issue #12); these pin what that keeps and changes.
@Suite("Lazy catalog lookups")
struct LazyCatalogLookupTests {
    static let catalog = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "good" : {
              "localizations" : {
                "ru" : { "variations" : { "plural" : {
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld файл" } },
                  "few" : { "stringUnit" : { "state" : "translated", "value" : "%lld файла" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld файлов" } }
                } } }
              }
            },
            "bad" : {
              "localizations" : {
                "ru" : { "stringUnit" : { "state" : "done", "value" : "плохо" } }
              }
            }
          },
          "version" : "1.0"
        }
        """

    /// The error a whole parse of `text` reports.
    static func wholeParseError(_ text: String, path: String) -> String? {
        do {
            _ = try StringCatalog(data: Data(text.utf8), path: path)
            return nil
        } catch {
            return error.diagnostic.description
        }
    }

    @Test("a broken entry hides only itself, with the whole parse's error and position")
    func brokenEntry() throws {
        let directory = TemporaryDirectory()
        let path = directory.write("Localizable.xcstrings", Self.catalog)
        let lookup = AppleStringsLookup(directory: directory.path)
        #expect(lookup.string(forKey: "good", table: "Localizable", languageChain: ["ru"], arguments: [3])?.text == "3 файла")
        #expect(lookup.errors(forKey: "good", table: "Localizable").isEmpty)
        #expect(lookup.string(forKey: "bad", table: "Localizable", languageChain: ["ru"]) == nil)
        let expected = try #require(Self.wholeParseError(Self.catalog, path: path))
        #expect(expected.contains(":15:45:"), "the state of \"bad\" is at 15:45: \(expected)")
        #expect(lookup.errors(forKey: "bad", table: "Localizable").map(\.description) == [expected])
        // Lint and diagnostics still parse every entry.
        #expect(lookup.diagnostics().map(\.description) == [expected])
    }

    @Test(
        "a catalog that is not well formed reports the whole parse's error for any key",
        arguments: [
            #"{"sourceLanguage": "en", "strings": {"k": {}},}"#,
            #"{"strings": {}}"#,
            #"{"sourceLanguage": 1, "strings": {}}"#,
            #"{"sourceLanguage": "en", "version": 1, "strings": {}}"#,
            #"{"sourceLanguage": "en", "strings": {"k": "text"}}"#,
        ])
    func malformed(_ text: String) throws {
        let directory = TemporaryDirectory()
        let path = directory.write("Localizable.xcstrings", text)
        let lookup = AppleStringsLookup(directory: directory.path)
        let expected = try #require(Self.wholeParseError(text, path: path))
        #expect(lookup.string(forKey: "k", table: "Localizable", languageChain: ["en"]) == nil)
        #expect(lookup.errors(forKey: "k", table: "Localizable").map(\.description) == [expected])
    }

    @Test("keys the validator is unsure of (escapes) are still found")
    func escapedKeys() {
        let directory = TemporaryDirectory()
        directory.write(
            "Localizable.xcstrings",
            #"""
            {"sourceLanguage": "en", "strings": {"a\u0062": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "AB"}}}},
             "plain": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "P"}}}}}}
            """#)
        let lookup = AppleStringsLookup(directory: directory.path)
        #expect(lookup.string(forKey: "ab", table: "Localizable", languageChain: ["en"])?.text == "AB")
        #expect(lookup.string(forKey: "plain", table: "Localizable", languageChain: ["en"])?.text == "P")
        #expect(lookup.errors(forKey: "plain", table: "Localizable").isEmpty)
    }
}
