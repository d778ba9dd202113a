import Foundation
import Testing

@Suite("envtool i18n lint")
struct I18nLintCommandTests {
    @Test("findings are the result: on stdout, as one JSON document with --format json")
    func findings() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write("res/en/translation.json", #"{"a": "A {{name}}", "b": "B"}"#)
        try workspace.write("res/de/translation.json", #"{"a": "A {{nom}}"}"#)
        let text = try workspace.run(["i18n", "lint", "res"])
        #expect(text.status == 0, "warnings alone exit 0")
        #expect(text.stdout.contains("res/de/translation.json"))
        #expect(text.stdout.contains("warning:"))
        let json = try workspace.run(["i18n", "lint", "res", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["errors"] as? Int == 0)
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(!findings.isEmpty && findings.allSatisfy { $0["severity"] as? String == "warning" && $0["line"] is Int })
    }

    @Test("the reference is the environments document's development language, not the language with the most keys")
    func referenceFromDocument() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write("app/environments.json", #"{"languages": ["es", "en"], "configurations": {"Debug": {}}}"#)
        try workspace.write("app/locales/en/translation.json", #"{"a": "A {{name}}", "b": "B"}"#)
        try workspace.write("app/locales/es/translation.json", #"{"a": "A {{nombre}}"}"#)
        let beside = try workspace.run(["i18n", "lint", "app/locales"])
        #expect(
            beside.stdout.contains(
                #"app/locales/en/translation.json:1:7: warning: lacks {{nombre}}, which es reads; reads {{name}}, which es does not (at a)"#),
            "\(beside.stdout)")
        let named = try workspace.run(["i18n", "lint", "app/locales", "--reference", "en"])
        #expect(named.stdout.contains(#"warning: lacks {{name}}, which en reads; reads {{nombre}}, which en does not (at a)"#), "\(named.stdout)")
        let broken = try workspace.run(["i18n", "lint", "app/locales", "-e", "missing.json"])
        #expect(broken.status == 66, "a named document that cannot be read is an error: \(broken.stderr)")
    }

    @Test("--strict makes warnings fail, for CI")
    func strict() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write("res/en/translation.json", #"{"a": "A", "b": "B"}"#)
        try workspace.write("res/de/translation.json", #"{"a": "A"}"#)
        #expect(try workspace.run(["i18n", "lint", "res"]).status == 0)
        #expect(try workspace.run(["i18n", "lint", "res", "--strict"]).status == 65)
    }

    @Test("--from-format checks the files of any format of the registry, each on its own, and help lists the formats")
    func fromFormat() throws {
        let workspace = try Workspace(copySample: false)
        let header = "msgid \"\"\nmsgstr \"\"\n\"Language: LANG\\n\"\n\"Plural-Forms: nplurals=2; plural=(n != 1);\\n\"\n\n"
        try workspace.write("po/fr/messages.po", header.replacingOccurrences(of: "LANG", with: "fr") + "msgid \"a\"\nmsgstr \"b\"\n")
        #expect(try workspace.run(["i18n", "lint", "po", "--from-format", "po"]).status == 0)
        try workspace.write(
            "po/de/messages.po", header.replacingOccurrences(of: "LANG", with: "de") + "msgid \"a\"\nmsgstr \"b\"\n\nmsgid \"a\"\nmsgstr \"c\"\n")
        let result = try workspace.run(["i18n", "lint", "po", "--from-format", "po", "--format", "json"])
        #expect(result.status == 65, "\(result.stdout) \(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.count == 1 && (findings[0]["file"] as? String)?.hasSuffix("po/de/messages.po") == true && findings[0]["line"] is Int, "\(findings)")
        let help = try workspace.run(["i18n", "lint", "--help"])
        #expect(help.stdout.contains("--from-format") && help.stdout.contains("xcstrings, strings, i18next, po, xliff"), "\(help.stdout)")
        #expect(try workspace.run(["i18n", "lint", "po", "--from-format", "csv"]).status == 64)
    }

    @Test("a directory that does not exist is unreadable input (66), with its path")
    func missingDirectory() throws {
        let result = try Workspace(copySample: false).run(["i18n", "lint", "nowhere"])
        #expect(result.status == 66)
        #expect(result.stderr.contains("nowhere: error: cannot read the resources directory: no such directory"))
    }
}

@Suite("envtool translate")
struct TranslateAliasTests {
    @Test("t also answers to translate, with the same result")
    func alias() throws {
        let workspace = try Workspace()
        let short = try workspace.run(["t", "app.welcome", "--options", #"{"name": "Ada"}"#])
        let long = try workspace.run(["translate", "app.welcome", "--options", #"{"name": "Ada"}"#])
        #expect(long.status == 0)
        #expect(long.stdout == short.stdout)
        #expect(long.stdout == "Welcome, Ada!\n")
    }

    @Test("validate checks the locales as lint does; resources without the development language are a warning, not an invalid document")
    func validateWithoutSourceResources() throws {
        let workspace = try Workspace()
        try FileManager.default.removeItem(atPath: workspace.path + "/environments/locales/en")
        let result = try workspace.run(["validate"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("warning: the source language of the translation table (i18next) is not known"), "\(result.stderr)")
        #expect(try workspace.run(["validate", "--strict"]).status == 65)
    }
}
