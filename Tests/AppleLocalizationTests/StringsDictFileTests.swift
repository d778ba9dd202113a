import AppleLocalization
import Foundation
import I18Next
import Testing

@Suite("StringsDictFile")
struct StringsDictFileTests {
    @Test("reads formats, variables, value types, entities, CDATA and comments")
    func readsEntries() throws {
        let file = try StringsDictFile(contentsOf: Fixtures.path("multiple.stringsdict"))
        #expect(file.keys == ["files_in_folders", "owner_files", "distance"])
        let files = try #require(file["files_in_folders"])
        #expect(files.format == "%#@files@ in %#@folders@")
        #expect(files.variables["files"]?.forms == [.one: "%d file", .other: "%d files"])
        #expect(files.variables["folders"]?.valueType == "d")
        let owner = try #require(file["owner_files"])
        #expect(owner.format == "%2$#@files@ — <%1$@> & co. <100%>")
        #expect(owner.variables["files"]?.forms[.other] == "%lld files!")
        #expect(owner.variables["files"]?.forms[.zero] == "no files")
        #expect(file.warnings.isEmpty)
        #expect(files.variables["files"]?.location?.description == Fixtures.path("multiple.stringsdict") + ":9:3")
    }

    @Test("the comment right above a key is its comment; one above another element, or none, is no key's")
    func comments() throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- the file's -->
            <plist version="1.0">
            <dict>
            \t<!-- Placeholders: 1 = {{count}}, 2 = {{- folder}} -->
            \t<key>moved</key>
            \t<dict>
            \t\t<!-- inside -->
            \t\t<key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
            \t\t<key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string><key>other</key><string>%d</string></dict>
            \t</dict>
            \t<!---->
            \t<key>empty</key><dict><key>NSStringLocalizedFormatKey</key><string>x</string></dict>
            \t<key>plain</key><dict><key>NSStringLocalizedFormatKey</key><string>y</string></dict>
            </dict>
            </plist>
            """
        let file = try StringsDictFile(data: Data(plist.utf8), path: "t.stringsdict")
        #expect(file.comment(forKey: "moved") == "Placeholders: 1 = {{count}}, 2 = {{- folder}}")
        #expect(file.comment(forKey: "empty") == "")
        #expect(file.comment(forKey: "plain") == nil)
    }

    @Test(
        "Foundation's PropertyListSerialization reads every test and sample file as this reader does",
        arguments: ["multiple.stringsdict", "environments/ru.lproj/Localizable.stringsdict"])
    func matchesFoundation(_ name: String) throws {
        let path = Fixtures.path(name)
        let data = try #require(FileManager.default.contents(atPath: path))
        let foundation = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        let ours = try StringsDictFile(data: data, path: path)
        #expect(Set(foundation.keys) == Set(ours.keys))
        for key in ours.keys {
            let entry = try #require(foundation[key] as? [String: Any])
            let format = try #require(ours[key])
            #expect(entry["NSStringLocalizedFormatKey"] as? String == format.format)
            #expect(Set(entry.keys) == Set(format.variables.keys).union(["NSStringLocalizedFormatKey"]))
            for (name, variable) in format.variables {
                let dictionary = try #require(entry[name] as? [String: String])
                #expect(dictionary["NSStringFormatSpecTypeKey"] == "NSStringPluralRuleType")
                #expect(dictionary["NSStringFormatValueTypeKey"] == variable.valueType)
                for category in PluralCategory.allCases {
                    #expect(dictionary[category.rawValue] == variable.forms[category], "\(key).\(name).\(category)")
                }
            }
        }
    }

    @Test("Foundation reads the generated test tables as this reader does")
    func generatedMatchFoundation() throws {
        let text = stringsdict(format: "a &amp; b %#@n@", forms: [("one", "%d &lt;one&gt;"), ("other", "<![CDATA[%d & <others>]]>")])
        let data = Data(text.utf8)
        let foundation = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: [String: Any]])
        let ours = try StringsDictFile(data: data, path: "t.stringsdict")
        #expect(foundation["k"]?["NSStringLocalizedFormatKey"] as? String == ours["k"]?.format)
        let variable = try #require(foundation["k"]?["n"] as? [String: String])
        #expect(variable["one"] == ours["k"]?.variables["n"]?.forms[.one])
        #expect(variable["other"] == ours["k"]?.variables["n"]?.forms[.other])
    }

    @Test(
        "what this reader refuses as \"refused by Foundation\" Foundation refuses too",
        arguments: [
            "<plist><dict><key>a</key><string>x<!-- c --></string></dict></plist>",
            "<!DOCTYPE plist [ <!ENTITY x \"y\"> ]>\n<plist><dict/></plist>",
            "<plist><dict><key>a</key><integer> 12 </integer></dict></plist>",
        ])
    func foundationRefusesToo(_ text: String) {
        #expect(throws: (any Error).self) { try PropertyListSerialization.propertyList(from: Data(text.utf8), format: nil) }
        #expect(throws: AppleLocalizationError.self) { try StringsDictFile(data: Data(text.utf8), path: "x") }
    }

    struct BadInput: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        let expected: String
        var testDescription: String { name }
    }

    static let badInputs: [BadInput] = [
        BadInput(
            name: "unclosed element", text: "<plist version=\"1.0\">\n<dict>\n  <key>a</key>\n  <string>x</strin>\n</dict>\n</plist>",
            expected: "bad.stringsdict:4:12: error: expected </string> to close the <string> of line 4, found </strin>"),
        BadInput(
            name: "missing other", text: stringsdict(forms: [("one", "%d thing")]),
            expected: "bad.stringsdict:7:1: error: the variable \"n\" of \"k\" lacks the form \"other\""),
        BadInput(
            name: "variable without its dictionary", text: stringsdict(format: "%#@n@ and %#@m@", forms: [("other", "%d")]),
            expected: "bad.stringsdict:6:38: error: %#@m@ in \"k\" has no variable dictionary; add <key>m</key><dict>…</dict> to the entry"),
        BadInput(
            name: "unknown entity", text: "<plist><dict><key>a&nbsp;</key><string/></dict></plist>",
            expected: "bad.stringsdict:1:20: error: unknown entity &nbsp;"),
        BadInput(
            name: "bare ampersand", text: "<plist><dict><key>a & b</key><string/></dict></plist>",
            expected: "bad.stringsdict:1:21: error: '&' must start an entity"),
        BadInput(
            name: "not a plist", text: "<?xml version=\"1.0\"?>\n<html></html>",
            expected: "bad.stringsdict:2:1: error: expected the root element <plist>, found <html>"),
        BadInput(name: "empty file", text: "", expected: "bad.stringsdict:1:1: error: the file is empty"),
        BadInput(
            name: "comment inside a string (Foundation refuses it)", text: "<plist><dict><key>a</key><string>x<!-- c --></string></dict></plist>",
            expected: "bad.stringsdict:1:35: error: a comment inside <string> is refused by Foundation; move it before the <key>"),
        BadInput(
            name: "DOCTYPE internal subset (Foundation refuses it)", text: "<!DOCTYPE plist [ <!ENTITY x \"y\"> ]>\n<plist><dict/></plist>",
            expected: "bad.stringsdict:1:17: error: a DOCTYPE with declarations in [ ] is refused by Foundation"),
        BadInput(
            name: "integer with spaces (Foundation refuses it)", text: "<plist><integer> 12 </integer></plist>",
            expected: "bad.stringsdict:1:8: error: <integer> 12 </integer> is not a whole number"),
        BadInput(
            name: "unterminated comment", text: "<plist><!-- never closed <dict/></plist>",
            expected: "bad.stringsdict:1:8: error: the comment <!-- is not closed with -->"),
        BadInput(
            name: "value without key", text: "<plist><dict><string>x</string></dict></plist>",
            expected: "bad.stringsdict:1:14: error: expected <key> in the <dict>, found <string>"),
        BadInput(
            name: "key without value", text: "<plist><dict><key>a</key></dict></plist>",
            expected: "bad.stringsdict:1:26: error: expected a value before </dict>"),
        BadInput(
            name: "entry is not a dict", text: "<plist><dict><key>a</key><string>x</string></dict></plist>",
            expected: "bad.stringsdict:1:26: error: the entry \"a\" must be a <dict> holding NSStringLocalizedFormatKey, found <string>"),
        BadInput(
            name: "entry without format", text: "<plist><dict><key>a</key><dict/></dict></plist>",
            expected: "bad.stringsdict:1:14: error: the entry \"a\" lacks NSStringLocalizedFormatKey"),
        BadInput(
            name: "integer overflow", text: "<plist><integer>99999999999999999999999</integer></plist>",
            expected: "bad.stringsdict:1:8: error: <integer>99999999999999999999999</integer> is not a whole number"),
        BadInput(
            name: "numeric reference to nothing", text: "<plist><string>&#xD800;</string></plist>",
            expected: "bad.stringsdict:1:16: error: &#xD800; is not a valid Unicode character"),
        BadInput(
            name: "unknown rule type", text: stringsdict(forms: [("other", "x")]).replacingOccurrences(of: "NSStringPluralRuleType", with: "NSStringOtherRule"),
            expected: "bad.stringsdict:7:1: error: the variable \"n\" of \"k\" has the rule type \"NSStringOtherRule\""),
        BadInput(name: "binary plist", text: "bplist00", expected: "bad.stringsdict:1:1: error: the file is a binary property list"),
        BadInput(
            name: "nesting too deep", text: "<plist>" + String(repeating: "<array>", count: 100) + String(repeating: "</array>", count: 100) + "</plist>",
            expected: "error: nesting is deeper than 64 levels"),
        BadInput(name: "unclosed tag at end", text: "<plist><dict", expected: "bad.stringsdict:1:8: error: the tag <dict is not closed with '>'"),
        BadInput(
            name: "end of file inside a string", text: "<plist><string>abc", expected: "bad.stringsdict:1:8: error: <string> is never closed; add </string>"),
    ]

    @Test("bad input is one positioned error naming the fix", arguments: badInputs)
    func badInput(_ input: BadInput) {
        do {
            _ = try StringsDictFile(data: Data(input.text.utf8), path: "bad.stringsdict")
            Issue.record("no error for \(input.name)")
        } catch {
            #expect(error.description.contains(input.expected), "\(error)")
        }
    }

    @Test("invalid UTF-8 and UTF-16 files are refused with the fix")
    func encodings() {
        var bytes = Array("<plist><string>".utf8)
        bytes += [0xC3, 0x28]
        bytes += Array("</string></plist>".utf8)
        #expect(throws: AppleLocalizationError.self) { try StringsDictFile(data: Data(bytes), path: "x") }
        do { _ = try StringsDictFile(data: Data([0xFF, 0xFE, 0x3C, 0x00]), path: "x"); Issue.record("no error") } catch {
            #expect(error.description == "x:1:1: error: the file is UTF-16 (or UTF-32); save it as UTF-8")
        }
    }

    @Test("a repeated key and an unused variable are warnings; the last value wins as in Foundation")
    func warnings() throws {
        let text = """
            <plist><dict>
            <key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>plain</string>
            <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string><key>other</key><string>x</string></dict></dict>
            <key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>second</string></dict>
            </dict></plist>
            """
        let file = try StringsDictFile(data: Data(text.utf8), path: "w.stringsdict")
        #expect(file["k"]?.format == "second")
        #expect(file.keys == ["k"])
        #expect(
            file.warnings.map(\.description).contains(
                "w.stringsdict:4:1: warning: the key \"k\" appears twice in one <dict>; the last one is used, as in Foundation"))
    }

    @Test("text after </plist> is ignored with a warning, as Foundation ignores it")
    func trailingText() throws {
        let file = try StringsDictFile(data: Data("<plist><dict/></plist>\nextra".utf8), path: "t.stringsdict")
        #expect(file.keys.isEmpty)
        #expect(file.warnings.map(\.description) == ["t.stringsdict:2:1: warning: text after </plist> is ignored; remove it"])
    }

    @Test("a missing file is an error at 1:1")
    func missingFile() {
        do { _ = try StringsDictFile(contentsOf: "/nonexistent/x.stringsdict"); Issue.record("no error") } catch {
            #expect(error.description == "/nonexistent/x.stringsdict:1:1: error: cannot read the file: no such file")
        }
    }
}
