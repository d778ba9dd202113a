import Foundation
import Testing

@Suite("envtool: languages and .strings")
struct LanguageCommandTests {
    @Test("language follows the system, and a saved choice wins at the next start of any process")
    func languageFlow() throws {
        let workspace = try Workspace()
        let system = try workspace.run(["language", "--verbose"], environment: ["LANG": "es_MX.UTF-8"])
        #expect(system.stdout == "es\nsource: system (preferred: es-MX)\n")
        let fallback = try workspace.run(["language", "-v"], environment: ["LANG": "de_DE.UTF-8"])
        #expect(fallback.stdout.hasPrefix("en\nsource: fallback (none of de-DE is supported"))
        let gettext = try workspace.run(["language"], environment: ["LANGUAGE": "fr:ca", "LANG": "de_DE.UTF-8"])
        #expect(gettext.stdout.hasPrefix("ca\n"))

        let set = try workspace.run(["set-language", "CA"], environment: ["LANG": "es_ES.UTF-8"])
        #expect(set.status == 0)
        #expect(set.stdout == "ca\n")
        let saved = try workspace.run(["language", "--verbose"], environment: ["LANG": "es_ES.UTF-8"])
        #expect(saved.stdout.hasPrefix("ca\nsource: saved choice ("))
        #expect(saved.stdout.contains("config/envtool/com.example.envtool-demo/preferences.json"))
        #expect(try workspace.run(["languages"]).stdout == "  en\n  es\n* ca\n  ru\n  ar\n")

        let reset = try workspace.run(["reset-language"], environment: ["LANG": "es_ES.UTF-8"])
        #expect(reset.stdout == "es\n")
        #expect(try workspace.run(["language", "--verbose"], environment: ["LANG": "es_ES.UTF-8"]).stdout.hasPrefix("es\nsource: system"))
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

    @Test("a preferences.json that is a link is not read through: nothing of its target is quoted, and the system language applies (issue #33)")
    func linkedPreferences() throws {
        let workspace = try Workspace()
        try workspace.write("private.txt", "hunter2-first-word and the rest\n")
        try FileManager.default.createDirectory(atPath: workspace.path + "/config/envtool/com.example.envtool-demo", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: workspace.path + "/config/envtool/com.example.envtool-demo/preferences.json",
            withDestinationPath: workspace.path + "/private.txt")
        let result = try workspace.run(["language"], environment: ["LANG": "ca_ES.UTF-8"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("ca\n"))
        #expect(!result.stderr.contains("hunter2"), "\(result.stderr)")
        #expect(result.stderr.contains("preferences.json"), "\(result.stderr)")
    }

    @Test("--app-id and ENVTOOL_APP_ID keep choices apart")
    func appID() throws {
        let workspace = try Workspace()
        #expect(try workspace.run(["set-language", "es", "--app-id", "one"]).status == 0)
        #expect(try workspace.run(["language", "--app-id", "one"]).stdout.hasPrefix("es\n"))
        #expect(try workspace.run(["language"], environment: ["ENVTOOL_APP_ID": "two"]).stdout.hasPrefix("en\n"))
    }

    @Test("a bad --app-id or ENVTOOL_APP_ID is a usage error (64) that says the rule or the limit, before anything is read")
    func badAppID() throws {
        let workspace = try Workspace()
        let escaping = try workspace.run(["language", "--app-id", "../x"])
        #expect(escaping.status == 64)
        #expect(escaping.stderr.contains("--app-id: the app id \"../x\" contains '/'; use letters, digits, '.', '_' and '-'"))
        let long = try workspace.run(["set-language", "es", "--app-id", String(repeating: "a", count: 300)])
        #expect(long.status == 64)
        #expect(long.stderr.contains("is 300 characters long; the limit is 200"))
        #expect(try workspace.run(["get", "base_url", "--app-id", ".hidden"]).status == 64)
        let fromVariable = try workspace.run(["language"], environment: ["ENVTOOL_APP_ID": "a/b"])
        #expect(fromVariable.status == 64)
        #expect(fromVariable.stderr.contains("ENVTOOL_APP_ID: the app id \"a/b\" contains '/'"))
        #expect(try workspace.run(["language", "--app-id", String(repeating: "a", count: 200)]).status == 0)
        #expect(workspace.read("config/envtool/\(String(repeating: "a", count: 300))/preferences.json") == nil)
    }

    @Test("a saved language the document no longer supports is named in the source line, not as 'no preferred language'")
    func unsupportedSavedLanguage() throws {
        let workspace = try Workspace()
        try workspace.write("config/envtool/com.example.envtool-demo/preferences.json", #"{"language": "fr"}"#)
        let fallback = try workspace.run(["language", "--verbose"])
        #expect(fallback.status == 0)
        #expect(
            fallback.stdout
                == "en\nsource: fallback (the saved language \"fr\" is not supported; the system sets no preferred language; using the first of languages)\n")
        #expect(fallback.stderr.contains("preferences.json: warning: the saved language \"fr\" is not supported"))
        let system = try workspace.run(["language", "--verbose"], environment: ["LANG": "es_ES.UTF-8"])
        #expect(system.stdout == "es\nsource: system (the saved language \"fr\" is not supported; preferred: es-ES)\n")
        let noPreference = try Workspace().run(["language", "--verbose"])
        #expect(noPreference.stdout == "en\nsource: fallback (the system sets no preferred language; using the first of languages)\n")
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

    @Test("localize answers from .strings only, unless --source asks for i18next too, in the order given")
    func localizeSources() throws {
        let workspace = try Workspace()
        // app.title exists only in locales/; the .strings tables do not have it.
        let stringsOnly = try workspace.run(["localize", "app.title"])
        #expect(stringsOnly.status == 68)
        #expect(
            stringsOnly.stderr.contains("no table \"Localizable\" has the key \"app.title\" for en or its fallbacks; add it to en.lproj/Localizable.strings"))
        #expect(try workspace.run(["localize", "app.title", "--source", "i18next"]).stdout == "Envtool Demo\n")
        #expect(try workspace.run(["localize", "app.title", "-l", "es", "--source", "strings", "--source", "i18next"]).status == 0)
        let i18nextOnly = try workspace.run(["localize", "greeting", "Ada", "--source", "i18next"])
        #expect(i18nextOnly.status == 68)
        #expect(i18nextOnly.stderr.contains("the i18next resources have no \"greeting\" for en or its fallbacks; add it to locales/en/translation.json"))
        #expect(try workspace.run(["localize", "greeting", "Ada", "--source", "i18next", "--source", "strings"]).stdout == "Hello, Ada!\n")
        #expect(try workspace.run(["localize", "greeting", "--source", "gettext"]).status == 64)
        try workspace.write("environments/locales/en/broken.json", "{\"a\": ")
        let broken = try workspace.run(["localize", "nope", "--source", "i18next"])
        #expect(broken.status == 68)
        #expect(broken.stderr.contains("environments/locales/en/broken.json:1:7: warning:"), "\(broken.stderr)")
    }

    @Test("localize in an explicit language reads no preferences")
    func localizeExplicitLanguage() throws {
        let workspace = try Workspace()
        try workspace.write("config/envtool/com.example.envtool-demo/preferences.json", "{")
        let explicit = try workspace.run(["localize", "greeting", "Ada", "-l", "es"])
        #expect(explicit.stdout == "¡Hola, Ada!\n")
        #expect(explicit.stderr.isEmpty)
        let current = try workspace.run(["localize", "greeting", "Ada"])
        #expect(current.stdout == "Hello, Ada!\n")
        #expect(current.stderr.contains("preferences.json:1:2: warning:"))
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

    @Test("strings lint prints compiler-style diagnostics on stdout; errors exit 65, warnings alone 0 (65 with --strict), unreadable 66")
    func lint() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write("good.strings", "\"a\" = \"\\u00e9\";\n\"a\" = \"b\";\n")
        try workspace.write("bad.strings", "\"a\" = \"b\";\n/* open")
        let warningsOnly = try workspace.run(["strings", "lint", "good.strings"])
        #expect(warningsOnly.status == 0)
        #expect(warningsOnly.stderr.isEmpty)
        #expect(
            warningsOnly.stdout == """
                good.strings:1:8: warning: '\\u' is not an escape in strings files and stands for 'u'; write '\\U' followed by four hex digits for a Unicode character
                good.strings:2:1: warning: duplicate key "a" (first defined on line 1); the last value wins

                """)
        let bad = try workspace.run(["strings", "lint", "good.strings", "bad.strings"])
        #expect(bad.status == 65)
        #expect(bad.stdout.contains("bad.strings:2:1: error: unterminated comment; close it with '*/'"))
        let unreadable = try workspace.run(["strings", "lint", "missing.strings"])
        #expect(unreadable.status == 66)
        #expect(unreadable.stderr == "missing.strings: error: cannot read the file: no such file\n")
        // A file left unread outranks another's errors, in either order: the check is incomplete.
        #expect(try workspace.run(["strings", "lint", "missing.strings", "bad.strings"]).status == 66)
        #expect(try workspace.run(["strings", "lint", "bad.strings", "missing.strings"]).status == 66)
        #expect(try workspace.run(["strings", "lint", "--strict", "good.strings"]).status == 65)
    }

    @Test("language prints only the code; --verbose adds why on a second line")
    func languageCodeOnly() throws {
        let workspace = try Workspace()
        let plain = try workspace.run(["language"], environment: ["LANG": "es_MX.UTF-8"])
        #expect(plain.status == 0)
        #expect(plain.stdout == "es\n")
        #expect(try workspace.run(["language", "--verbose"], environment: ["LANG": "es_MX.UTF-8"]).stdout.split(separator: "\n").count == 2)
    }

    @Test("localize --strict fails (68, nothing on stdout) when only a fallback language has the string")
    func localizeStrict() throws {
        let workspace = try Workspace()
        try workspace.write("environments/en.lproj/Localizable.strings", "\"only_en\" = \"English only\";\n\"greeting\" = \"Hello, %@!\";\n")
        #expect(try workspace.run(["localize", "only_en", "-l", "ca"]).stdout == "English only\n")
        let strict = try workspace.run(["localize", "only_en", "-l", "ca", "--strict"])
        #expect(strict.status == 68)
        #expect(strict.stdout.isEmpty)
        #expect(
            strict.stderr.contains(
                "--strict: \"only_en\" is not translated to ca; the string comes from the development language or Base; add it to ca.lproj/Localizable.strings"),
            "\(strict.stderr)")
        #expect(try workspace.run(["localize", "greeting", "Ada", "-l", "ca", "--strict"]).stdout == "Hola, Ada!\n")
        #expect(try workspace.run(["localize", "only_en", "-l", "en", "--strict"]).status == 0)
        #expect(try workspace.run(["localize", "nope", "--strict"]).status == 68)

        try workspace.write("environments/locales/en/translation.json", #"{"only": {"english": "English i18next"}, "app": {"title": "Envtool Demo"}}"#)
        let i18next = try workspace.run(["localize", "only.english", "-l", "es", "--source", "i18next"])
        #expect(i18next.stdout == "English i18next\n", "\(i18next.stderr)")
        let strictI18next = try workspace.run(["localize", "only.english", "-l", "es", "--source", "i18next", "--strict"])
        #expect(strictI18next.status == 68)
        #expect(strictI18next.stderr.contains("comes from an i18next fallback language; add it to locales/es/translation.json"), "\(strictI18next.stderr)")
        #expect(try workspace.run(["localize", "app.title", "-l", "es", "--source", "i18next", "--strict"]).status == 0)
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

    @Test(
        "set-language never writes through a link planted at preferences.json, at preferences.lock or at the app folder",
        arguments: ["preferences.json", "preferences.lock", ""])
    func plantedLinks(planted: String) throws {
        let workspace = try Workspace()
        let folder = workspace.path + "/config/envtool/com.example.envtool-demo"
        try workspace.write("victim.txt", "keep")
        chmod(workspace.path + "/victim.txt", 0o644)
        try FileManager.default.createDirectory(atPath: workspace.path + "/elsewhere", withIntermediateDirectories: true)
        if planted.isEmpty {
            try FileManager.default.createDirectory(atPath: workspace.path + "/config/envtool", withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: folder, withDestinationPath: workspace.path + "/elsewhere")
        } else {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let target = planted == "preferences.json" ? workspace.path + "/victim.txt" : workspace.path + "/elsewhere/created"
            try FileManager.default.createSymbolicLink(atPath: folder + "/" + planted, withDestinationPath: target)
        }
        let result = try workspace.run(["set-language", "es"])
        #expect(result.status == 73, "\(result.stderr)")
        #expect(result.stderr.contains("is a symbolic link"), "\(result.stderr)")
        #expect(workspace.read("victim.txt") == Data("keep".utf8))
        #expect((try FileManager.default.attributesOfItem(atPath: workspace.path + "/victim.txt")[.posixPermissions] as? Int) == 0o644)
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.path + "/elsewhere").isEmpty)
    }
}
