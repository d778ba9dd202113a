import Foundation
import Testing

@Suite("envtool: languages and .strings")
struct LanguageCommandTests {
    @Test("language follows the system, and a saved choice wins at the next start of any process")
    func languageFlow() throws {
        let workspace = try Workspace()
        let system = try workspace.run(["language"], environment: ["LANG": "es_MX.UTF-8"])
        #expect(system.stdout == "es\nsource: system (preferred: es-MX)\n")
        let fallback = try workspace.run(["language"], environment: ["LANG": "de_DE.UTF-8"])
        #expect(fallback.stdout.hasPrefix("en\nsource: fallback (none of de-DE is supported"))
        let gettext = try workspace.run(["language"], environment: ["LANGUAGE": "fr:ca", "LANG": "de_DE.UTF-8"])
        #expect(gettext.stdout.hasPrefix("ca\n"))

        let set = try workspace.run(["set-language", "CA"], environment: ["LANG": "es_ES.UTF-8"])
        #expect(set.status == 0)
        #expect(set.stdout == "ca\n")
        let saved = try workspace.run(["language"], environment: ["LANG": "es_ES.UTF-8"])
        #expect(saved.stdout.hasPrefix("ca\nsource: saved choice ("))
        #expect(saved.stdout.contains("config/envtool/com.example.envtool-demo/preferences.json"))
        #expect(try workspace.run(["languages"]).stdout == "  en\n  es\n* ca\n")

        let reset = try workspace.run(["reset-language"], environment: ["LANG": "es_ES.UTF-8"])
        #expect(reset.stdout == "es\n")
        #expect(try workspace.run(["language"], environment: ["LANG": "es_ES.UTF-8"]).stdout.hasPrefix("es\nsource: system"))
    }

    @Test("an unsupported language exits 69 and writes nothing")
    func unsupported() throws {
        let workspace = try Workspace()
        #expect(try workspace.run(["set-language", "es"]).status == 0)
        let prefs = "config/envtool/com.example.envtool-demo/preferences.json"
        let before = workspace.read(prefs)
        let result = try workspace.run(["set-language", "fr"])
        #expect(result.status == 69)
        #expect(result.stderr.contains("\"fr\" is not a supported language; choose one of en, es, ca"))
        #expect(workspace.read(prefs) == before)
    }

    @Test("a corrupt preferences file is a warning, not a crash, and set-language repairs it")
    func corruptPreferences() throws {
        let workspace = try Workspace()
        try workspace.write("config/envtool/com.example.envtool-demo/preferences.json", "\u{0}\u{1}garbage")
        let result = try workspace.run(["language"], environment: ["LANG": "ca_ES.UTF-8"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("ca\n"))
        #expect(result.stderr.contains("preferences.json:1:1: warning:"))
        #expect(try workspace.run(["set-language", "es"]).status == 0)
        let after = try workspace.run(["language"])
        #expect(after.stdout.hasPrefix("es\n"))
        #expect(after.stderr.isEmpty)
    }

    @Test("--app-id and ENVTOOL_APP_ID keep choices apart")
    func appID() throws {
        let workspace = try Workspace()
        #expect(try workspace.run(["set-language", "es", "--app-id", "one"]).status == 0)
        #expect(try workspace.run(["language", "--app-id", "one"]).stdout.hasPrefix("es\n"))
        #expect(try workspace.run(["language"], environment: ["ENVTOOL_APP_ID": "two"]).stdout.hasPrefix("en\n"))
        #expect(try workspace.run(["language", "--app-id", "../x"]).status == 65)
    }

    @Test("localize applies arguments and follows the current language")
    func localize() throws {
        let workspace = try Workspace()
        #expect(try workspace.run(["localize", "greeting", "Ada"]).stdout == "Hello, Ada!\n")
        #expect(try workspace.run(["localize", "items_in_cart", "3", "-l", "es"]).stdout == "Tienes 3 artículos en tu carrito.\n")
        #expect(try workspace.run(["set-language", "ca"]).status == 0)
        #expect(try workspace.run(["localize", "transfer", "5 €", "Pau"]).stdout == "Envia 5 € a Pau\n")
        #expect(try workspace.run(["localize", "OK", "-l", "en"]).stdout == "OK\n")
        let missing = try workspace.run(["localize", "nope"])
        #expect(missing.status == 68)
        #expect(missing.stderr.contains("no table \"Localizable\" has the key \"nope\""))
        #expect(try workspace.run(["localize", "greeting", "-l", "fr"]).status == 69)
    }

    @Test("strings dump prints the table as JSON in file order")
    func dump() throws {
        let workspace = try Workspace()
        let result = try workspace.run(["strings", "dump", "environments/es.lproj/Localizable.strings"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("{\n  \"welcome_title\": \"¡Bienvenido!\",\n  \"greeting\": \"¡Hola, %@!\","))
        let decoded = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: String]
        #expect(decoded?["OK"] == "Vale")
    }

    @Test("strings lint prints compiler-style diagnostics; errors exit 65, warnings alone 0, unreadable 66")
    func lint() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write("good.strings", "\"a\" = \"\\u00e9\";\n\"a\" = \"b\";\n")
        try workspace.write("bad.strings", "\"a\" = \"b\";\n/* open")
        let warningsOnly = try workspace.run(["strings", "lint", "good.strings"])
        #expect(warningsOnly.status == 0)
        #expect(warningsOnly.stderr == """
            good.strings:1:8: warning: '\\u' is not an escape in strings files and stands for 'u'; write '\\U' followed by four hex digits for a Unicode character
            good.strings:2:1: warning: duplicate key "a" (first defined on line 1); the last value wins

            """)
        let bad = try workspace.run(["strings", "lint", "good.strings", "bad.strings"])
        #expect(bad.status == 65)
        #expect(bad.stderr.contains("bad.strings:2:1: error: unterminated comment; close it with '*/'"))
        let unreadable = try workspace.run(["strings", "lint", "missing.strings"])
        #expect(unreadable.status == 66)
        #expect(unreadable.stderr.contains("missing.strings:1:1: error: cannot read file"))
    }

    @Test("many processes running set-language at once never corrupt the preferences file")
    func concurrentWriters() async throws {
        let workspace = try Workspace()
        let languages = ["en", "es", "ca"]
        let statuses = try await withThrowingTaskGroup(of: Int32.self) { group in
            for index in 0..<24 {
                group.addTask {
                    try workspace.run(["set-language", languages[index % 3]]).status
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses.count == 24)
        #expect(statuses.allSatisfy { $0 == 0 })
        let data = try #require(workspace.read("config/envtool/com.example.envtool-demo/preferences.json"))
        let object = try JSONSerialization.jsonObject(with: data) as? [String: String]
        #expect(languages.contains(object?["language"] ?? ""))
        let directory = workspace.path + "/config/envtool/com.example.envtool-demo"
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["preferences.json", "preferences.lock"])
        let result = try workspace.run(["language"])
        #expect(result.stderr.isEmpty)
    }
}
