import Foundation
import Testing

/// One rule tells the source language in every command (docs/source-language.md): the same
/// catalog and resources give the same answer through convert, pseudo, status, lint and extract.
@Suite("The source language: one rule through convert, pseudo, status, lint and extract")
struct SourceLanguageCommandTests {
    /// A catalog that records `de`, with de, en and fr texts; i18next resources in de, en and fr
    /// whose fr text reads another variable; environments.json declaring `document` when given.
    static func workspace(document: String? = nil) throws -> Workspace {
        let workspace = try Workspace(copySample: false)
        try workspace.write(
            "app/Localizable.xcstrings",
            """
            {"sourceLanguage": "de", "version": "1.0", "strings": {
              "greeting": {"localizations": {
                "de": {"stringUnit": {"state": "translated", "value": "Hallo"}},
                "en": {"stringUnit": {"state": "translated", "value": "Hello"}},
                "fr": {"stringUnit": {"state": "translated", "value": "Bonjour"}}}}
            }}
            """)
        try workspace.write("locales/de/translation.json", #"{"hi": "Hallo {{name}}"}"#)
        try workspace.write("locales/en/translation.json", #"{"hi": "Hello {{name}}"}"#)
        try workspace.write("locales/fr/translation.json", #"{"hi": "Salut {{nom}}"}"#)
        if let document {
            let languages = ([document] + (document == "en" ? [] : ["en"])).map { "\"\($0)\"" }.joined(separator: ", ")
            try workspace.write("environments/environments.json", #"{"languages": [\#(languages)], "configurations": {"Debug": {}}}"#)
        }
        return workspace
    }

    static func sourceLanguage(ofCatalog data: Data?) throws -> String? {
        let object = try JSONSerialization.jsonObject(with: data ?? Data()) as? [String: Any]
        return object?["sourceLanguage"] as? String
    }

    @Test("convert: --source-language, then the document, then the catalog's own; a declared language that differs is a warning naming both")
    func convert() throws {
        let plain = try Self.workspace()
        #expect(try plain.run(["i18n", "convert", "--from", "app/Localizable.xcstrings", "--to", "out/Localizable.xcstrings"]).status == 0)
        #expect(try Self.sourceLanguage(ofCatalog: plain.read("out/Localizable.xcstrings")) == "de")

        let flagged = try plain.run(["i18n", "convert", "--from", "app/Localizable.xcstrings", "--to", "flag/Localizable.xcstrings", "--source-language", "en"])
        #expect(flagged.status == 0, "\(flagged.stderr)")
        #expect(flagged.stderr.contains("records the source language de; en (from --source-language) is used instead"), "\(flagged.stderr)")
        #expect(try Self.sourceLanguage(ofCatalog: plain.read("flag/Localizable.xcstrings")) == "en")

        let documented = try Self.workspace(document: "fr")
        let result = try documented.run(["i18n", "convert", "--from", "app/Localizable.xcstrings", "--to", "out/Localizable.xcstrings"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("fr (from environments/environments.json) is used instead"), "\(result.stderr)")
        #expect(try Self.sourceLanguage(ofCatalog: documented.read("out/Localizable.xcstrings")) == "fr")
        // The flag beats the document.
        #expect(
            try documented.run(["i18n", "convert", "--from", "app/Localizable.xcstrings", "--to", "both/Localizable.xcstrings", "--source-language", "en"])
                .status == 0)
        #expect(try Self.sourceLanguage(ofCatalog: documented.read("both/Localizable.xcstrings")) == "en")
    }

    @Test("pseudo: the pseudo-locale is made from the language the rule tells")
    func pseudo() throws {
        let workspace = try Self.workspace(document: "fr")
        for (arguments, expected) in [([], "[Ɓóñĵóúŕ"), (["--source-language", "en"], "[Ĥéĺĺó"), (["--source-language", "de"], "[Ĥáĺĺó")] {
            let folder = "pseudo-\(arguments.last ?? "document")"
            let result = try workspace.run(["i18n", "pseudo", "--from", "app/Localizable.xcstrings", "--to", folder] + arguments)
            #expect(result.status == 0, "\(result.stderr)")
            let text = String(decoding: workspace.read(folder + "/Localizable.xcstrings") ?? Data(), as: UTF8.self)
            #expect(text.contains(expected), "\(arguments): \(text)")
        }
    }

    @Test("status: the table's source language is the rule's, in text and JSON")
    func status() throws {
        func source(_ workspace: Workspace, _ arguments: [String]) throws -> [String] {
            let result = try workspace.run(["i18n", "status", "app", "locales", "--format", "json"] + arguments)
            #expect(result.status == 0, "\(result.stderr)")
            let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            return (object?["tables"] as? [[String: Any]] ?? []).compactMap { $0["sourceLanguage"] as? String }
        }
        #expect(try source(try Self.workspace(), []) == ["de", "en"])
        #expect(try source(try Self.workspace(), ["--source-language", "fr"]) == ["fr", "fr"])
        #expect(try source(try Self.workspace(document: "fr"), []) == ["fr", "fr"])
        #expect(try source(try Self.workspace(document: "fr"), ["--source-language", "en"]) == ["en", "en"])
    }

    @Test("lint: variables are compared with the rule's language; without one it asks (exit 64); --reference still works")
    func lint() throws {
        let workspace = try Self.workspace()
        let english = try workspace.run(["i18n", "lint", "locales"])
        #expect(english.stdout.contains(#"lacks {{name}}, which en reads; reads {{nom}}, which en does not (at hi)"#), "\(english.stdout)")
        let german = try workspace.run(["i18n", "lint", "locales", "--source-language", "de"])
        #expect(german.stdout.contains(#"lacks {{name}}, which de reads; reads {{nom}}, which de does not (at hi)"#), "\(german.stdout)")
        #expect(try workspace.run(["i18n", "lint", "locales", "--reference", "de"]).stdout == german.stdout)
        let documented = try Self.workspace(document: "fr")
        let french = try documented.run(["i18n", "lint", "locales"])
        #expect(french.stdout.contains(#"lacks {{nom}}, which fr reads; reads {{name}}, which fr does not (at hi)"#), "\(french.stdout)")

        let unknown = try Workspace(copySample: false)
        try unknown.write("locales/de/translation.json", #"{"hi": "Hallo"}"#)
        try unknown.write("locales/fr/translation.json", #"{"hi": "Salut"}"#)
        let asked = try unknown.run(["i18n", "lint", "locales"])
        #expect(asked.status == 64, "\(asked.stdout)\(asked.stderr)")
        #expect(asked.stderr.contains("it has de, fr; pass --source-language"), "\(asked.stderr)")
    }

    #if Extract
    @Test("extract: the development language is the rule's: the catalog's own, else --source-language or the document, named in each finding")
    func extract() throws {
        let workspace = try Self.workspace()
        try workspace.write("Sources/App.swift", #"func f() { _ = String(localized: "missing.key") }"# + "\n")
        func finding(_ arguments: [String], in workspace: Workspace) throws -> String {
            let result = try workspace.run(["i18n", "extract", "--tables", "app", "Sources"] + arguments)
            #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
            return result.stdout
        }
        #expect(try finding([], in: workspace).contains("is not in the table Localizable for de"))
        let flagged = try finding(["--source-language", "fr"], in: workspace)
        #expect(flagged.contains("is not in the table Localizable for fr"), "\(flagged)")
        #expect(flagged.contains("records the source language de; fr (from --source-language) is used instead"), "\(flagged)")
        #expect(try finding(["--development-language", "fr"], in: workspace).contains("for fr"))
        let documented = try Self.workspace(document: "en")
        try documented.write("Sources/App.swift", #"func f() { _ = String(localized: "missing.key") }"# + "\n")
        #expect(try finding(["-e", "environments/environments.json"], in: documented).contains("is not in the table Localizable for en"))
    }
    #endif
}
