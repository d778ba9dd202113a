import Foundation
import Testing

@Suite("printf arguments through every format, as aapt and msgfmt read them")
struct PrintfArgumentsCommandTests {
    /// Java's grouping flag, a lone numbered argument beside a lone unnumbered one, flags of
    /// every kind, and `70 % joissakin`, which is text.
    static let strings = #"""
        <?xml version="1.0" encoding="utf-8"?>
        <resources>
            <string name="count">%1$,d files</string>
            <string name="one">Hello %1$s</string>
            <string name="plain">Hi %s</string>
            <string name="two">%1$s of %2$d</string>
            <string name="money">%1$,.2f total</string>
            <string name="flags">%1$05d %2$-5s %3$+d %4$x %5$o %6$e %7$.2f %%</string>
            <string name="prose">70 % joissakin</string>
            <plurals name="files">
                <item quantity="one">%d file</item>
                <item quantity="other">%d files</item>
            </plurals>
        </resources>
        """#

    @Test(
        "res → i18next, .po, .strings, .xcstrings, XLIFF → res: aapt compiles the same entries (%1$,d, %1$s and %s as written)",
        arguments: ["i18next", "po", "strings", "xcstrings", "xliff"])
    func throughEveryFormat(middle: String) throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write("in/res/values/strings.xml", Self.strings)
        let there = try workspace.run(["i18n", "convert", "--from", "in/res", "--to", "mid", "--format", middle])
        #expect(there.status == 0, "\(there.stderr)")
        let back = try workspace.run(["i18n", "convert", "--from", "mid", "--to", "back/res", "--format", "android"])
        #expect(back.status == 0, "\(back.stderr)")
        let original = try AndroidTools.compiledValues(workspace.path + "/in/res")
        let trip = try AndroidTools.compiledValues(workspace.path + "/back/res")
        #expect(original.status == 0 && trip.status == 0, "\(original.output)\(trip.output)")
        #expect(trip.values == original.values, "\(middle): \(trip.values)")
    }

    @Test("the .po written from Android passes msgfmt --check as c-format, and i18next carries the flag as number")
    func gettextAndI18Next() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write("in/res/values/strings.xml", Self.strings)
        let po = try workspace.run(["i18n", "convert", "--from", "in/res", "--to", "po", "--format", "po"])
        #expect(po.status == 0, "\(po.stderr)")
        let text = String(decoding: workspace.read("po/en/translation.po") ?? Data(), as: UTF8.self)
        #expect(text.contains(#"msgstr "%1$'d files""#), "\(text)")
        #expect(text.contains(#"msgstr "Hello %1$s""#), "\(text)")
        #expect(text.contains(#"msgstr "70 %% joissakin""#), "\(text)")
        // Each text as a translator's tool would flag it (python-format where it names its
        // arguments, c-format where it writes them as printf does), with itself as msgid: the
        // key envtool writes there has no conversions for msgfmt to compare.
        let flagged = text.components(separatedBy: "\n\n").map { block in
            let lines = block.split(separator: "\n")
            guard !block.contains("msgid \"\"\n"), !block.contains("msgid_plural"), let text = lines.first(where: { $0.hasPrefix("msgstr ") })
            else { return block }
            let flag = text.contains("%(") ? "#, python-format" : "#, c-format"
            return flag + "\nmsgid " + text.dropFirst("msgstr ".count) + "\n" + text
        }.joined(separator: "\n\n")
        try workspace.write("flagged.po", flagged)
        let check = try ConvertCommandTests.tool("msgfmt", ["--check", "-o", workspace.path + "/t.mo", workspace.path + "/flagged.po"])
        #expect(check.status == 0, "\(check.output)")

        let json = try workspace.run(["i18n", "convert", "--from", "in/res", "--to", "json", "--format", "i18next"])
        #expect(json.status == 0, "\(json.stderr)")
        let written = String(decoding: workspace.read("json/en/translation.json") ?? Data(), as: UTF8.self)
        #expect(written.contains(#""count": "{{arg1, number, 1$}} files""#), "\(written)")
        #expect(written.contains(#""one": "Hello {{arg1, 1$}}""#), "\(written)")
        #expect(written.contains(#""plain": "Hi {{arg1}}""#), "\(written)")
        #expect(written.contains(#""prose": "70 % joissakin""#), "\(written)")
    }
}
