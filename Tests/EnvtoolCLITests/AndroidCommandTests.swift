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
}
