import Foundation
import Testing

@Suite("envtool with Android string resources")
struct AndroidCommandTests {
    @Test("--strict refuses what Android cannot express (nesting), names the key, and writes nothing")
    func strict() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write("src/en/translation.json", #"{"summary": "See $t(other)", "other": "x"}"#)
        let result = try workspace.run(["i18n", "convert", "--from", "src", "--to", "res", "--format", "android", "--strict"])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(
            result.stderr.contains(#""summary" (en): $t(other) is written as text, which i18next reads back as the nesting; Android shows it as written"#),
            "\(result.stderr)")
        #expect(workspace.read("res/values/strings.xml") == nil)
    }

    @Test("i18n lint --from-format android: a malformed file is an error at file:line:col, an unescaped apostrophe a warning")
    func lint() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write(
            "res/values/strings.xml",
            """
            <resources xmlns:tools="http://schemas.android.com/tools" tools:locale="en">
              <string name="a">it's</string>
            </resources>
            """)
        try workspace.write("res/values-es/strings.xml", "<resources>\n  <string name=\"a\">es</strin>\n</resources>\n")
        let result = try workspace.run(["i18n", "lint", "res", "--from-format", "android"])
        #expect(result.status == 65, "\(result.stdout)\(result.stderr)")
        let output = result.stdout + result.stderr
        #expect(output.contains("res/values-es/strings.xml:2:22: error: expected </string> to close the <string> of line 2, found </strin>"), "\(output)")
        #expect(output.contains(#"res/values/strings.xml: warning: "a" (en): an apostrophe not preceded by \ is refused by aapt"#), "\(output)")
    }

    /// A `res/` as apps write it: no `tools:locale`, names in camel case, `translatable="false"`,
    /// a Russian `<plurals>` without `other` (as Weblate writes it), Java flags and `%s`.
    static let appResources: [String: String] = [
        "values/strings.xml": #"""
        <?xml version="1.0" encoding="utf-8"?>
        <resources>
            <string name="app_name" translatable="false">Kore</string>
            <string name="aboutLicense">License</string>
            <string name="downloads">%1$,d downloads</string>
            <string name="hello">Hello %s</string>
            <plurals name="episodes">
                <item quantity="one">%d episode</item>
                <item quantity="other">%d episodes</item>
            </plurals>
        </resources>
        """#,
        "values-ru/strings.xml": #"""
        <?xml version="1.0" encoding="utf-8"?>
        <resources>
            <string name="aboutLicense">Лицензия</string>
            <string name="downloads">%1$,d загрузок</string>
            <string name="hello">Привет %s</string>
            <plurals name="episodes">
                <item quantity="one">%d эпизод</item>
                <item quantity="few">%d эпизода</item>
                <item quantity="many">%d эпизодов</item>
            </plurals>
        </resources>
        """#,
    ]

    @Test(
        "an app's res/ converts without --language, as aapt reads it: values/ is English (said once), names keep their case, translatable=\"false\" and flags kept, a <plurals> without other converted; aapt dumps the same values"
    )
    func appResourcesAsAaptReadsThem() throws {
        let workspace = try Workspace(copySample: false)
        for (path, text) in Self.appResources { try workspace.write("in/res/" + path, text) }
        let result = try workspace.run(["i18n", "convert", "--from", "in/res", "--to", "out/res", "--format", "android"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.components(separatedBy: "read as en, as Android's tools read values/").count == 2, "\(result.stderr)")
        #expect(result.stderr.contains(#""episodes" (ru): <plurals> has no other quantity"#), "\(result.stderr)")
        let written = String(decoding: workspace.read("out/res/values/strings.xml") ?? Data(), as: UTF8.self)
        #expect(written.contains(#"<string name="app_name" translatable="false">Kore</string>"#), "\(written)")
        #expect(written.contains(#"<string name="hello">Hello %s</string>"#), "\(written)")
        let original = try AndroidTools.compiledValues(workspace.path + "/in/res")
        let converted = try AndroidTools.compiledValues(workspace.path + "/out/res")
        #expect(original.status == 0 && converted.status == 0, "\(original.output)\(converted.output)")
        let values = converted.values
        #expect(values == original.values, "\(values)")
        #expect(values.values.contains { $0["string/aboutLicense"] == "Лицензия" }, "\(values)")
        #expect(values.values.contains { $0["string/downloads"] == "%1$,d downloads" }, "\(values)")
        #expect(values.values.contains { $0["plurals/episodes/many"] == "%d эпизодов" && $0["plurals/episodes/other"] == nil }, "\(values)")

        // Through i18next: the same values (translatable="false" has no place there, and says so).
        let toI18next = try workspace.run(["i18n", "convert", "--from", "in/res", "--to", "json", "--format", "i18next"])
        #expect(toI18next.status == 0, "\(toI18next.stderr)")
        #expect(toI18next.stderr.contains(#""app_name" (en): not for translation"#), "\(toI18next.stderr)")
        let back = try workspace.run(["i18n", "convert", "--from", "json", "--to", "back/res", "--format", "android"])
        #expect(back.status == 0, "\(back.stderr)")
        let trip = try AndroidTools.compiledValues(workspace.path + "/back/res")
        #expect(trip.status == 0, "\(trip.output)")
        let tripValues = trip.values
        // `%1$,d` alone is `{{arg1, number, 1$}}` in i18next: grouped and numbered again.
        #expect(tripValues.values.contains { $0["string/aboutLicense"] == "License" && $0["string/downloads"] == "%1$,d downloads" }, "\(tripValues)")
        #expect(tripValues.values.contains { $0["plurals/episodes/many"] != nil && $0["plurals/episodes/other"] == nil }, "\(tripValues)")
    }

    /// A workspace with `in/res/values/strings.xml` of `members`, its English resources.
    static func englishResources(_ members: String) throws -> Workspace {
        let workspace = try Workspace(copySample: false)
        try workspace.write("in/res/values/strings.xml", "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<resources>\n" + members + "\n</resources>\n")
        return workspace
    }

    @Test(
        "inline markup survives res → android, res → .po → android and res → i18next → android: aapt's string pool (texts and style spans) is the original's; a text that shows a tag survives .po by its comment, and is reported through i18next"
    )
    func inlineMarkup() throws {
        let workspace = try Self.englishResources(
            #"""
            <string name="link">Tap <b>here</b> or <a href="https://example.org/?a=1&amp;b=2">read</a><br/>on</string>
            <string name="shown">Line&lt;br/&gt;two</string>
            <string name="format"><u>%1$s</u> has %2$d</string>
            <plurals name="files">
                <item quantity="one"><i>one</i> file</item>
                <item quantity="other">%d <i>files</i></item>
            </plurals>
            """#)
        let result = try workspace.run(["i18n", "convert", "--from", "in/res", "--to", "out/res", "--format", "android"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("markup"), "\(result.stderr)")
        let original = try AndroidTools.compile(workspace.path + "/in/res")
        let converted = try AndroidTools.compile(workspace.path + "/out/res")
        #expect(original.status == 0 && converted.status == 0, "\(original.output)\(converted.output)")
        func pool(_ package: String) throws -> [String] {
            let dump = try ConvertCommandTests.tool("aapt", ["dump", "strings", package]).output
            return dump.split(separator: "\n").compactMap { line in line.firstRange(of: ": ").map { String(line[$0.upperBound...]) } }.sorted()
        }
        let strings = try pool(converted.package)
        #expect(strings == (try pool(original.package)), "\(strings)")
        #expect(strings.contains("a;href=https://example.org/?a=1&b=2") && strings.contains("Line<br/>two"), "\(strings)")

        // Through .po as android2po writes it, and through i18next as react-i18next's `Trans`
        // reads it: the tags, read back as markup. A text that shows a balanced tag says so in
        // its `.po` comment, which msgfmt accepts; i18next has no place to say it, and names it.
        for (format, name) in [("po", "gettext"), ("i18next", "i18next")] {
            let there = try workspace.run(["i18n", "convert", "--from", "in/res", "--to", format, "--format", format])
            #expect(there.status == 0, "\(there.stderr)")
            #expect(
                there.stderr.contains(#""shown" (en): a text that shows a tag (<br/>) reads back from \#(name) as inline markup"#) == (format == "i18next"),
                "\(there.stderr)")
            #expect(!there.stderr.contains("is written as text"), "\(there.stderr)")
            let back = try workspace.run(["i18n", "convert", "--from", format, "--to", "back-\(format)/res", "--format", "android"])
            #expect(back.status == 0, "\(back.stderr)")
            let trip = try AndroidTools.compile(workspace.path + "/back-\(format)/res")
            #expect(trip.status == 0, "\(trip.output)")
            let tripStrings = try pool(trip.package)
            #expect(tripStrings.contains("a;href=https://example.org/?a=1&b=2"), "\(format): \(tripStrings)")
            #expect(Set(strings).subtracting(tripStrings) == (format == "po" ? [] : ["Line<br/>two"]), "\(format): \(tripStrings)")
        }
        let po = try String(contentsOfFile: workspace.path + "/po/en/translation.po", encoding: .utf8)
        #expect(po.contains("#. Its tags are text, shown as written: not markup.\nmsgid \"shown\"\nmsgstr \"Line<br/>two\"\n"), "\(po)")
        #expect(!po.contains("#. Its tags are text, shown as written: not markup.\nmsgid \"link\""), "\(po)")
        let check = try ConvertCommandTests.tool("msgfmt", ["--check", "-o", "/dev/null", workspace.path + "/po/en/translation.po"])
        #expect(check.status == 0, "\(check.output)")
    }

    @Test(
        "a plural form English never chooses (zero, as apps write it) goes through .po as a text of its own: msgfmt accepts the file, aapt compiles every item back (a real key of that name stays a string), i18next gets key_zero with its count, .po → .po says nothing, and a translator .po's status has no extra key"
    )
    func formOutsideTheLanguageRules() throws {
        let workspace = try Self.englishResources(
            #"""
            <plurals name="found">
                <item quantity="zero">There are %1$d notebooks</item>
                <item quantity="one">Found %d notebook</item>
                <item quantity="other">Found %d notebooks</item>
            </plurals>
            <plurals name="left">
                <item quantity="one">%d left</item>
                <item quantity="other">%d left</item>
            </plurals>
            <string name="left_zero">Nothing left</string>
            """#)
        try workspace.write(
            "in/res/values-de/strings.xml",
            #"<resources><plurals name="found"><item quantity="one">%d Notizbuch</item><item quantity="other">%d Notizbücher</item></plurals></resources>"#)
        let there = try workspace.run(["i18n", "convert", "--from", "in/res", "--to", "po", "--format", "po"])
        #expect(
            there.status == 0
                && there.stderr.contains(
                    #""found" (en): the zero form is not one of en's plural forms, the only forms po has; carried as a text of its own (found_zero)"#),
            "\(there.stderr)")
        let po = String(decoding: workspace.read("po/en/translation.po") ?? Data(), as: UTF8.self)
        #expect(po.contains("msgid \"found_zero\"\nmsgstr \"There are %(count)d notebooks\"\n"), "\(po)")
        let check = try ConvertCommandTests.tool("msgfmt", ["--check", "-o", "/dev/null", workspace.path + "/po/en/translation.po"])
        #expect(check.status == 0, "\(check.output)")

        let back = try workspace.run(["i18n", "convert", "--from", "po", "--to", "back/res", "--format", "android"])
        #expect(back.status == 0 && !back.stderr.contains("found_zero"), "\(back.stderr)")
        let original = try AndroidTools.compiledValues(workspace.path + "/in/res")
        let trip = try AndroidTools.compiledValues(workspace.path + "/back/res")
        #expect(original.status == 0 && trip.status == 0, "\(original.output)\(trip.output)")
        #expect(
            original.values.values.contains { $0["plurals/found/zero"] == "There are %1$d notebooks" && $0["string/left_zero"] == "Nothing left" },
            "\(original.values)")
        #expect(trip.values == original.values)

        let i18next = try workspace.run(["i18n", "convert", "--from", "po", "--to", "locales", "--format", "i18next"])
        #expect(i18next.status == 0, "\(i18next.stderr)")
        let json = String(decoding: workspace.read("locales/en/translation.json") ?? Data(), as: UTF8.self)
        #expect(json.contains(#""found_zero": "There are {{count, 1$}} notebooks""#) && json.contains(#""found_one""#), "\(json)")

        let again = try workspace.run(["i18n", "convert", "--from", "po", "--to", "po", "--format", "po", "--check"])
        #expect(again.status == 0 && again.stderr.isEmpty, "\(again.stderr)")

        // A translator .po lists the carried form in German too, untranslated: part of the plural.
        let translator = try workspace.run(["i18n", "convert", "--from", "in/res", "--to", "tpo", "--format", "po", "--po-msgid", "source"])
        #expect(translator.status == 0, "\(translator.stderr)")
        let status = try workspace.run(["i18n", "status", "tpo", "--from-format", "po"])
        #expect(status.status == 0 && !status.stdout.contains("not in en"), "\(status.stdout)")
    }

    @Test("keys that are Java keywords or become one name are renamed by the documented rule, aapt compiles them, and they come back as keys")
    func keywordsAndCollisions() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write("src/en/translation.json", #"{"settings.language": "A", "settings_language": "B", "default": "C", "continue": "D"}"#)
        let result = try workspace.run(["i18n", "convert", "--from", "src", "--to", "res", "--format", "android"])
        #expect(result.status == 0, "\(result.stderr)")
        let xml = String(decoding: workspace.read("res/values/strings.xml") ?? Data(), as: UTF8.self)
        #expect(xml.contains(#"<string name="settings_language">B</string>"#), "\(xml)")
        #expect(xml.contains("<!-- Key: settings.language -->\n  <string name=\"settings_language_2\">A</string>"), "\(xml)")
        #expect(xml.contains(#"<string name="key_default">C</string>"#) && xml.contains(#"<string name="key_continue">D</string>"#), "\(xml)")
        let compiled = try AndroidTools.compile(workspace.path + "/res")
        #expect(compiled.status == 0, "\(compiled.output)")
        let back = try workspace.run(["i18n", "convert", "--from", "res", "--to", "out", "--format", "i18next"])
        #expect(back.status == 0, "\(back.stderr)")
        let json = String(decoding: workspace.read("out/en/translation.json") ?? Data(), as: UTF8.self)
        #expect(
            json == "{\n  \"continue\": \"D\",\n  \"default\": \"C\",\n  \"settings\": {\n    \"language\": \"A\"\n  },\n  \"settings_language\": \"B\"\n}\n",
            "\(json)")
    }

    @Test(
        "control characters from Android text reach .po and .strings escaped, never raw: msgfmt reads the .po, NUL (which gettext cannot hold) is left out and said, and the .strings gives every character back"
    )
    func controlCharacters() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write(
            "res/values/strings.xml",
            #"""
            <?xml version="1.0" encoding="utf-8"?>
            <resources>
                <string name="nul">x\u0000y</string>
                <string name="esc">\u001b[31mred\u0001</string>
            </resources>
            """#)
        let po = try workspace.run(["i18n", "convert", "--from", "res", "--to", "po", "--format", "po"])
        #expect(po.status == 0, "\(po.stderr)")
        #expect(po.stderr.contains(#""nul" (en): gettext cannot hold the NUL character"#), "\(po.stderr)")
        #expect(!po.stderr.contains(#""esc" (en)"#), "\(po.stderr)")
        let poData = workspace.read("po/en/translation.po") ?? Data()
        #expect(!poData.contains { $0 < 0x20 && $0 != 0x0A }, "a raw control character in \(String(decoding: poData, as: UTF8.self))")
        let poText = String(decoding: poData, as: UTF8.self)
        #expect(poText.contains(#"msgstr "xy""#) && poText.contains(#"msgstr "\033[31mred\001""#), "\(poText)")
        let check = try ConvertCommandTests.tool("msgfmt", ["--check", "-o", workspace.path + "/t.mo", workspace.path + "/po/en/translation.po"])
        #expect(check.status == 0, "\(check.output)")
        let unformatted = try ConvertCommandTests.tool("msgunfmt", [workspace.path + "/t.mo"])
        #expect(unformatted.output.contains("msgstr \"\u{1B}[31mred\u{1}\""), "\(unformatted.output)")

        let strings = try workspace.run(["i18n", "convert", "--from", "res", "--to", "apple", "--format", "strings"])
        #expect(strings.status == 0, "\(strings.stderr)")
        let stringsData = workspace.read("apple/en.lproj/Localizable.strings") ?? Data()
        #expect(!stringsData.contains { $0 < 0x20 && $0 != 0x0A }, "a raw control character in \(String(decoding: stringsData, as: UTF8.self))")
        let back = try workspace.run(["i18n", "convert", "--from", "apple", "--to", "json", "--format", "i18next"])
        #expect(back.status == 0, "\(back.stderr)")
        let json = String(decoding: workspace.read("json/en/translation.json") ?? Data(), as: UTF8.self)
        #expect(json.contains(#""esc": "\u001b[31mred\u0001""#) && json.contains(#""nul": "x\u0000y""#), "\(json)")
    }

    /// The README's shell lines that name Android, as written (the trailing comment dropped).
    static func readmeAndroidCommands() throws -> [[String]] {
        let readme = try String(contentsOfFile: EnvtoolProcess.repositoryRoot + "/README.md", encoding: .utf8)
        var commands: [[String]] = []
        var inShell = false
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inShell = line == "```sh"; continue }
            guard inShell, line.hasPrefix("envtool "), line.contains("android") else { continue }
            let command = line.split(separator: "#", maxSplits: 1)[0]
            commands.append(command.split(separator: " ").dropFirst().map(String.init))
        }
        return commands
    }

    @Test("the README's Android commands run as written from the repository root, and the sample's Android target is what its i18next resources give")
    func readmeCommands() throws {
        let commands = try Self.readmeAndroidCommands()
        #expect(commands.count >= 3, "\(commands)")
        let workspace = try Workspace()
        for command in commands {
            let result = try workspace.run(command)
            #expect(result.status == 0, "envtool \(command.joined(separator: " ")): \(result.stderr)")
        }
        // Writing the target again changed nothing: the committed files are current.
        let check = try workspace.run([
            "i18n", "convert", "--from", "environments/locales", "--to", "environments/android/res", "--format", "android", "--check",
        ])
        #expect(check.status == 0 && check.stdout.isEmpty, "\(check.stdout)\(check.stderr)")
        for language in ["", "-es", "-ca"] {
            let path = "environments/android/res/values\(language)/strings.xml"
            #expect(workspace.read(path) == FileManager.default.contents(atPath: EnvtoolProcess.repositoryRoot + "/" + path), "\(path)")
        }
        let status = try workspace.run(["i18n", "status", "environments/android/res", "--format", "json"])
        #expect(status.status == 0 && status.stdout.contains("\"android\""), "\(status.stdout)\(status.stderr)")
        #expect(workspace.read("pseudo/res/values-en-rXA/strings.xml") != nil)
    }
}
