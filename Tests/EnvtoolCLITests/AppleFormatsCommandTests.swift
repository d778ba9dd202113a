import Foundation
import Testing

@Suite("envtool: .stringsdict and .xcstrings in localize, strings lint and validate")
struct AppleFormatsCommandTests {
    @Test(
        "localize chooses the plural form of the language from a numeric argument",
        arguments: [
            ("ru", "1", "У вас в корзине 1 товар."),
            ("ru", "3", "У вас в корзине 3 товара."),
            ("ru", "5", "У вас в корзине 5 товаров."),
            ("ru", "21", "У вас в корзине 21 товар."),
            ("ru", "0", "У вас в корзине нет товаров."),
            ("ar", "0", "لا توجد ملفات"),
            ("ar", "2", "ملفان"),
            ("ar", "3", "3 ملفات"),
            ("ar", "11", "11 ملفًا"),
            ("ar", "100", "100 ملف"),
            ("en", "1", "1 file"),
            ("en", "2", "2 files"),
        ])
    func plural(language: String, count: String, expected: String) throws {
        let key = language == "ru" ? "items_in_cart" : "files_count"
        let result = try Workspace().run(["localize", key, count, "--language", language])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == expected + "\n")
    }

    @Test("the catalog comes before the .strings of the same language; .strings still answer what the catalog lacks")
    func lookupOrder() throws {
        let workspace = try Workspace()
        try workspace.write(
            "environments/Localizable.xcstrings",
            """
            {"sourceLanguage": "en", "version": "1.0", "strings": {
              "greeting": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Hi from the catalog, %@"}}}}}}
            """)
        #expect(try workspace.run(["localize", "greeting", "Ada", "-l", "en"]).stdout == "Hi from the catalog, Ada\n")
        // es has greeting in its .strings: its own language wins over the English catalog.
        #expect(try workspace.run(["localize", "greeting", "Ada", "-l", "es"]).stdout == "¡Hola, Ada!\n")
        #expect(try workspace.run(["localize", "welcome_title", "-l", "en"]).stdout == "Welcome!\n")
    }

    /// A lookup reads only the entry it needs from a valid catalog; an entry that is not an
    /// object must still be reported as a whole parse reports it.
    @Test("an entry that is not an object, between two that are, is reported at its position")
    func entryNotAnObject() throws {
        let workspace = try Workspace()
        try workspace.write(
            "environments/Localizable.xcstrings",
            """
            {"sourceLanguage": "en", "strings": {
             "a": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "A"}}}},
             "b": "oops",
             "c": {}}}
            """)
        let result = try workspace.run(["localize", "a", "-l", "en"])
        #expect(result.status != 0)
        #expect(result.stderr.contains(#"Localizable.xcstrings:3:7: error: the entry "b" must be a JSON object"#), "\(result.stderr)")
    }

    @Test("--device picks a catalog device variation, other devices fall back to other")
    func device() throws {
        let workspace = try Workspace()
        let mac = try workspace.run(["localize", "continue_hint", "-l", "ar", "--device", "mac"])
        #expect(mac.stdout == "انقر للمتابعة\n")
        #expect(try workspace.run(["localize", "continue_hint", "-l", "ar", "--device", "appletv"]).stdout == "متابعة\n")
    }

    @Test("localize --strict: a key only the catalog's source language has is a fallback (68)")
    func strictCatalog() throws {
        let workspace = try Workspace()
        try workspace.write(
            "environments/Localizable.xcstrings",
            """
            {"sourceLanguage": "en", "strings": {"only_source": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Source"}}}}}}
            """)
        #expect(try workspace.run(["localize", "only_source", "-l", "en", "--strict"]).stdout == "Source\n")
        let strict = try workspace.run(["localize", "only_source", "-l", "ru", "--strict"])
        #expect(strict.status == 68)
        #expect(strict.stdout.isEmpty)
        #expect(strict.stderr.contains("not translated to ru"))
    }

    @Test("strings lint of the sample directory finds nothing; of a .stringsdict and an .xcstrings file, their warnings")
    func lintSample() throws {
        let workspace = try Workspace()
        let clean = try workspace.run(["strings", "lint", "environments"])
        #expect(clean.status == 0, "\(clean.stdout)\(clean.stderr)")
        #expect(clean.stdout.isEmpty)
        #expect(try workspace.run(["strings", "lint", "environments/ru.lproj/Localizable.stringsdict", "environments/Localizable.xcstrings"]).status == 0)
    }

    @Test("strings lint of a directory: a missing CLDR category is a warning (exit 0, 65 with --strict)")
    func lintPluralWarning() throws {
        let workspace = try Workspace()
        try workspace.write("res/ru.lproj/Localizable.stringsdict", Self.stringsdict(forms: ["one": "%d файл", "other": "%d файла"]))
        let result = try workspace.run(["strings", "lint", "res", "--development-language", "ru"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("res/ru.lproj/Localizable.stringsdict:"))
        #expect(result.stdout.contains("warning: "))
        #expect(result.stdout.contains("lacks few, many"))
        #expect(try workspace.run(["strings", "lint", "res", "--development-language", "ru", "--strict"]).status == 65)
    }

    @Test("a broken .stringsdict is a positioned error in strings lint and validate (65)")
    func brokenStringsdict() throws {
        let workspace = try Workspace()
        try workspace.write(
            "environments/ru.lproj/Localizable.stringsdict", "<plist version=\"1.0\">\n<dict>\n  <key>k</key>\n  <string>unclosed\n</dict>\n</plist>\n")
        let lint = try workspace.run(["strings", "lint", "environments/ru.lproj/Localizable.stringsdict"])
        #expect(lint.status == 65)
        #expect(lint.stdout.hasPrefix("environments/ru.lproj/Localizable.stringsdict:"))
        #expect(lint.stdout.contains(": error: "))
        let validate = try workspace.run(["validate"])
        #expect(validate.status == 65)
        #expect(validate.stderr.contains("ru.lproj/Localizable.stringsdict:"))
        let json = try workspace.run(["strings", "lint", "environments", "--format", "json"])
        #expect(json.status == 65)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect((object?["errors"] as? Int ?? 0) >= 1)
    }

    /// A FIFO with no writer where a walk finds a table: `name` below the workspace, replacing a file there.
    static func plantFIFO(_ name: String, in workspace: Workspace) throws -> String {
        let path = workspace.path + "/" + name
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try? FileManager.default.removeItem(atPath: path)
        #expect(mkfifo(path, 0o600) == 0)
        return path
    }

    /// Far beyond any run of these commands on the sample: only a process that waits on the FIFO reaches it.
    static let hangGuard = 120.0

    @Test(
        "validate and strings lint of a directory report a FIFO named like a table as unreadable (66, as convert says it) and never wait on it",
        arguments: [
            "environments/x.xcstrings", "environments/deep/er/x.xcstrings", "environments/en.lproj/Localizable.strings",
            "environments/ru.lproj/Localizable.stringsdict", "environments/Localizable.strings",
        ])
    func fifoTable(name: String) throws {
        let workspace = try Workspace()
        _ = try Self.plantFIFO(name, in: workspace)
        let expected = "\(name):1:1: error: cannot read the file: it is a FIFO, not a regular file"
        let lint = try workspace.run(["strings", "lint", "environments"], killingAfter: Self.hangGuard)
        #expect(!lint.wasKilled, "strings lint waited on the FIFO")
        #expect(lint.status == 66, "\(lint.stdout)\(lint.stderr)")
        #expect(lint.stdout.contains(expected), "\(lint.stdout)")
        let validate = try workspace.run(["validate"], killingAfter: Self.hangGuard)
        #expect(!validate.wasKilled, "validate waited on the FIFO")
        #expect(validate.status == 66, "\(validate.stderr)")
        #expect(validate.stderr.contains(expected), "\(validate.stderr)")
    }

    @Test("validate, i18n lint, i18n status and i18n convert report a FIFO laid out as an i18next namespace with one exit status (66) and never wait on it")
    func fifoNamespace() throws {
        let workspace = try Workspace()
        let name = "environments/locales/en/extra.json"
        _ = try Self.plantFIFO(name, in: workspace)
        let expected = "\(name):1:1: error: cannot read the file: it is a FIFO, not a regular file"
        let validate = try workspace.run(["validate"], killingAfter: Self.hangGuard)
        #expect(!validate.wasKilled, "validate waited on the FIFO")
        #expect(validate.status == 66, "\(validate.stderr)")
        #expect(validate.stderr.contains(expected), "\(validate.stderr)")
        let lint = try workspace.run(["i18n", "lint", "environments/locales"], killingAfter: Self.hangGuard)
        #expect(!lint.wasKilled, "i18n lint waited on the FIFO")
        #expect(lint.status == 66, "\(lint.stdout)\(lint.stderr)")
        #expect((lint.stdout + lint.stderr).contains(expected), "\(lint.stdout)\(lint.stderr)")
        // Said once, as unreadable: not again as a namespace the language lacks.
        #expect(!lint.stdout.contains("\"extra\" is missing for en"), "\(lint.stdout)")
        let status = try workspace.run(["i18n", "status", "environments/locales"], killingAfter: Self.hangGuard)
        #expect(!status.wasKilled, "i18n status waited on the FIFO")
        #expect(status.status == 66, "\(status.stdout)\(status.stderr)")
        #expect(status.stderr.contains(expected), "\(status.stderr)")
        let convert = try workspace.run(["i18n", "convert", "--from", "environments/locales", "--to", "out", "--format", "po"], killingAfter: Self.hangGuard)
        #expect(!convert.wasKilled, "i18n convert waited on the FIFO")
        #expect(convert.status == 66, "\(convert.stderr)")
        #expect(convert.stderr.contains(expected), "\(convert.stderr)")
    }

    @Test("strings lint of a directory, of its one table, and validate report the same findings on a large table")
    func directoryLintMatchesFileLint() throws {
        let workspace = try Workspace(copySample: false)
        // 20,000 keys, every thousandth defined twice (a warning each): the directory's lint reads
        // the table through its per-key checks, which once grew quadratically with the keys.
        var table = ""
        for index in 0..<20_000 {
            table += "\"key_\(index)\" = \"Value \(index) for %@ and %lld\";\n"
            if index.isMultiple(of: 1000) { table += "\"key_\(index)\" = \"Again \(index)\";\n" }
        }
        try workspace.write("res/en.lproj/Localizable.strings", table)
        try workspace.write("res/environments.json", #"{"app_id": "com.example.x", "languages": ["en"], "configurations": {"Debug": {}}}"#)
        let file = try workspace.run(["strings", "lint", "res/en.lproj/Localizable.strings"])
        let directory = try workspace.run(["strings", "lint", "res"])
        let validate = try workspace.run(["validate", "--environments", "res/environments.json"])
        #expect(file.status == 0 && directory.status == 0 && validate.status == 0, "\(file.stderr)\(directory.stderr)\(validate.stderr)")
        let lines = file.stdout.split(separator: "\n")
        #expect(lines.count == 20)
        #expect(lines.allSatisfy { $0.contains(": warning: ") })
        #expect(directory.stdout == file.stdout)
        #expect(validate.stderr == file.stdout)
    }

    @Test("a missing file given to strings lint exits 66")
    func missingFile() throws {
        let result = try Workspace().run(["strings", "lint", "nowhere.xcstrings"])
        #expect(result.status == 66)
        #expect(result.stderr.contains("nowhere.xcstrings"))
    }

    static func stringsdict(forms: [String: String]) -> String {
        let entries = forms.sorted { $0.key < $1.key }.map { "<key>\($0.key)</key><string>\($0.value)</string>" }.joined(separator: "\n")
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
              <key>files</key>
              <dict>
                <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
                <key>n</key>
                <dict>
                  <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                  <key>NSStringFormatValueTypeKey</key><string>d</string>
                  \(entries)
                </dict>
              </dict>
            </dict>
            </plist>
            """
    }
}
