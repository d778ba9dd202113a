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
        #expect(result.stderr.contains(#""summary" (en): $t(other) nesting has no Android equivalent"#), "\(result.stderr)")
        #expect(workspace.read("res/values/strings.xml") == nil)
    }

    @Test("i18n lint --from-format android: a malformed file is an error at file:line:col, an unescaped apostrophe a warning")
    func lint() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write("res/values/strings.xml", """
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

    @Test("two keys that become one Android name fail the conversion naming both (65), nothing written")
    func collision() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write("src/en/translation.json", #"{"settings.language": "A", "settings_language": "B"}"#)
        let result = try workspace.run(["i18n", "convert", "--from", "src", "--to", "res", "--format", "android"])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains(#"the keys "settings.language" and "settings_language" both become the Android resource name "settings_language""#), "\(result.stderr)")
        #expect(workspace.read("res/values/strings.xml") == nil)
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
        let check = try workspace.run(["i18n", "convert", "--from", "environments/locales", "--to", "environments/android/res", "--format", "android", "--check"])
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
