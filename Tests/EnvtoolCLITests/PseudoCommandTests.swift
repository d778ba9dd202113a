import Foundation
import Testing
import TranslationFormats

@Suite("envtool i18n pseudo")
struct PseudoCommandTests {
    /// The source in every format, with markup and nesting besides ConvertCommandTests' cases.
    static func workspaceWithEveryFormat() throws -> Workspace {
        let workspace = try Workspace(copySample: false)
        try workspace.write(
            "src/en/translation.json",
            """
            {
              "files_one": "{{count}} file",
              "files_other": "{{count}} files",
              "greeting": "Hello, {{arg1}}!",
              "markup": "<b>Bold</b> &amp; <a href=\\"https://example.com\\">a link</a>",
              "nested": "See $t(title)",
              "percent": "100% done",
              "quote": "Say \\"hi\\"\\nnow",
              "raw": "<p>{{- html}}</p>",
              "title": "Files",
              "transfer": "Send {{arg1}} to {{arg2}}"
            }
            """)
        try workspace.write(
            "src/ru/translation.json",
            """
            {"files_one": "{{count}} файл", "files_few": "{{count}} файла", "files_many": "{{count}} файлов", "files_other": "{{count}} файла",
             "greeting": "Привет, {{arg1}}!", "markup": "<b>Жирный</b>", "nested": "См. $t(title)", "percent": "100% готово",
             "quote": "Скажи", "raw": "<p>{{- html}}</p>", "title": "Файлы", "transfer": "Отправить {{arg1}} получателю {{arg2}}"}
            """)
        for format in TranslationFormatRegistry.standard.names {
            let result = try workspace.run(["i18n", "convert", "--from", "src", "--to", format, "--format", format, "--source-language", "en"])
            #expect(result.status == 0, "\(format): \(result.stderr)")
        }
        return workspace
    }

    @Test(
        "pseudo-locales in every registered format pass i18n lint and the format's own tools (msgfmt --check, xmllint)",
        arguments: TranslationFormatRegistry.standard.names)
    func everyFormat(format: String) throws {
        let workspace = try Self.workspaceWithEveryFormat()
        let result = try workspace.run(["i18n", "pseudo", "--from", format, "--to", "pseudo-\(format)", "--bidi"])
        #expect(result.status == 0, "\(format): \(result.stderr)")
        #expect(result.stdout.contains("wrote pseudo-\(format)/"), "\(result.stdout)")
        // The source files are not copied; only files that hold a pseudo-locale are written.
        let written = try FileManager.default.subpathsOfDirectory(atPath: workspace.path + "/pseudo-\(format)")
        #expect(!written.contains { $0.hasPrefix("en/") || $0.hasPrefix("ru/") || $0.hasPrefix("en.lproj") || $0.hasPrefix("ru.lproj") }, "\(written)")
        // Only the pseudo-locales are there: en-XA is the one the other is compared with.
        let lint = try workspace.run(["i18n", "lint", "--from-format", format, "pseudo-\(format)", "--source-language", "en-XA"])
        #expect(lint.status == 0, "\(format): \(lint.stdout)\(lint.stderr)")
        #expect(!lint.stdout.contains("error"), "\(format): \(lint.stdout)")
        try ConvertCommandTests.checkWithTheFormatsTools(workspace.path + "/pseudo-\(format)")
        // Read back by convert: en-XA and ar-XB are there, with the placeholders of the source.
        let back = try workspace.run(["i18n", "convert", "--from", "pseudo-\(format)", "--to", "back", "--format", "i18next", "--from-format", format])
        #expect(back.status == 0, "\(format): \(back.stderr)")
        let accented = String(decoding: workspace.read("back/en-XA/translation.json") ?? Data(), as: UTF8.self)
        #expect(accented.contains("»{{arg1}}«") && accented.contains("»{{arg2}}«"), "\(format): \(accented)")
        #expect(accented.contains("[Ƒíĺéš o]"), "\(format): \(accented)")
        #expect(accented.contains("<b>Ɓóĺď</b>"), "\(format): \(accented)")
        #expect(accented.contains("$t(title)"), "\(format): \(accented)")
        let bidi = String(decoding: workspace.read("back/ar-XB/translation.json") ?? Data(), as: UTF8.self)
        for category in ["zero", "one", "two", "few", "many", "other"] {
            #expect(bidi.contains("\"files_\(category)\""), "\(format): ar-XB lacks \(category): \(bidi)")
        }
        #expect(bidi.contains("\u{200F}\u{202E}Files\u{202C}\u{200F}"), "\(format): \(bidi)")
    }

    @Test("i18next pseudo-locales written beside the source pass i18n lint (keys, plural forms, variables), and a second run writes nothing")
    func besideTheSource() throws {
        let workspace = try Self.workspaceWithEveryFormat()
        let result = try workspace.run(["i18n", "pseudo", "--from", "src", "--to", "src", "--bidi", "--expand", "100%"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").sorted() == ["wrote src/ar-XB/translation.json", "wrote src/en-XA/translation.json"], "\(result.stdout)")
        let lint = try workspace.run(["i18n", "lint", "src", "--reference", "en"])
        #expect(!lint.stdout.contains("en-XA") && !lint.stdout.contains("ar-XB"), "\(lint.stdout)")
        #expect(lint.status == 0, "\(lint.stdout)")
        let again = try workspace.run(["i18n", "pseudo", "--from", "src", "--to", "src", "--bidi", "--expand", "100%"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.isEmpty, "\(again.stdout)")
        let accented = String(decoding: workspace.read("src/en-XA/translation.json") ?? Data(), as: UTF8.self)
        #expect(accented.contains(#""title": "[Ƒíĺéš one ]""#), "\(accented)")
        #expect(accented.contains(#""raw": "[<p>»{{- html}}«</p>]""#), "\(accented)")
    }

    @Test("what the format written cannot express is one line per kind of loss with its count; --verbose names every key")
    func warningsPerKind() throws {
        let workspace = try Workspace(copySample: false)
        let keys = (1...8).map { "key\($0)" }
        let strings = keys.map { "    <!-- Shown on screen \($0) -->\n    <string name=\"\($0)\">Text \($0)</string>" }.joined(separator: "\n")
        try workspace.write(
            "res/values/strings.xml", "<resources xmlns:tools=\"http://schemas.android.com/tools\" tools:locale=\"en\">\n\(strings)\n</resources>\n")
        let result = try workspace.run(["i18n", "pseudo", "--from", "res", "--to", "out", "--format", "i18next"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n").filter { $0.contains("warning:") }
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(lines.first?.contains("8 keys (en-XA)") == true && lines.first?.contains("and 3 more (--verbose names each)") == true, "\(result.stderr)")
        let verbose = try workspace.run(["i18n", "pseudo", "--from", "res", "--to", "out2", "--format", "i18next", "--verbose"])
        #expect(verbose.status == 0, "\(verbose.stderr)")
        for key in keys { #expect(verbose.stderr.contains("warning: \"\(key)\" (en-XA)"), "\(key): \(verbose.stderr)") }
    }

    @Test("the README's command works on the sample from the repository root")
    func sample() throws {
        let workspace = try Workspace()
        let result = try workspace.run(["i18n", "pseudo", "--from", "environments/locales", "--to", "pseudo", "--bidi"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("wrote pseudo/en-XA/translation.json"), "\(result.stdout)")
        #expect(result.stdout.contains("wrote pseudo/ar-XB/translation.json"), "\(result.stdout)")
        // Only pseudo-locales: nothing tells which is the source, so lint asks for it.
        let unknown = try workspace.run(["i18n", "lint", "pseudo"])
        #expect(unknown.status == 64 && unknown.stderr.contains("it has ar-XB, en-XA; pass --source-language"), "\(unknown.stderr)")
        let lint = try workspace.run(["i18n", "lint", "pseudo", "--source-language", "en-XA"])
        #expect(lint.status == 0, "\(lint.stdout)")
        // The catalog of the sample, pseudo-localized in place: it gains en-XA and keeps the others.
        let catalog = try workspace.run(["i18n", "pseudo", "--from", "environments/Localizable.xcstrings", "--to", "catalog"])
        #expect(catalog.status == 0, "\(catalog.stderr)")
        let text = String(decoding: workspace.read("catalog/Localizable.xcstrings") ?? Data(), as: UTF8.self)
        #expect(text.contains("\"en-XA\"") && text.contains("\"ru\""), "\(text.prefix(400))")
    }

    @Test(
        "a bad --expand is a usage error naming the range, and nothing is written",
        arguments: ["--expand=4000000%", "--expand=-5", "--expand=abc", "--expand=301", "--expand=99999999999999999999999999%"])
    func badExpansion(option: String) throws {
        let workspace = try Workspace()
        let result = try workspace.run(["i18n", "pseudo", "--from", "environments/locales", "--to", "out", option])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("0% to 300%"), "\(result.stderr)")
        #expect(workspace.read("out/en-XA/translation.json") == nil)
    }

    @Test("a missing --from or --to is a usage error; an unreadable --from exits 66")
    func missingOptions() throws {
        let workspace = try Workspace()
        let noFrom = try workspace.run(["i18n", "pseudo", "--to", "out"])
        #expect(noFrom.status == 64)
        #expect(noFrom.stderr.contains("--from"), "\(noFrom.stderr)")
        let noTo = try workspace.run(["i18n", "pseudo", "--from", "environments/locales"])
        #expect(noTo.status == 64)
        let missing = try workspace.run(["i18n", "pseudo", "--from", "nowhere", "--to", "out"])
        #expect(missing.status == 66, "\(missing.stderr)")
        let dash = try workspace.run(["i18n", "pseudo", "--from", "environments/locales", "--to", "-"])
        #expect(dash.status == 64)
    }

    @Test("the source language must be known: two languages without en ask for --source-language")
    func unknownSource() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write("in/de/translation.json", #"{"title": "Dateien"}"#)
        try workspace.write("in/fr/translation.json", #"{"title": "Fichiers"}"#)
        let result = try workspace.run(["i18n", "pseudo", "--from", "in", "--to", "out"])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("--source-language"), "\(result.stderr)")
        let french = try workspace.run(["i18n", "pseudo", "--from", "in", "--to", "out", "--source-language", "fr", "--expand", "0"])
        #expect(french.status == 0, "\(french.stderr)")
        #expect(String(decoding: workspace.read("out/en-XA/translation.json") ?? Data(), as: UTF8.self).contains("[Ƒíçĥíéŕš]"))
    }

    @Test("nothing is written outside --to: a link below it is refused and every file stays as it was; --to naming a file is refused")
    func confined() throws {
        let workspace = try Workspace()
        try FileManager.default.createDirectory(atPath: workspace.path + "/out", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: workspace.path + "/elsewhere", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: workspace.path + "/out/en-XA", withDestinationPath: "../elsewhere")
        let result = try workspace.run(["i18n", "pseudo", "--from", "environments/locales", "--to", "out", "--bidi"])
        #expect(result.status == 73, "\(result.stderr)")
        #expect(result.stdout.isEmpty, "\(result.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.path + "/elsewhere").isEmpty)
        #expect(workspace.read("out/ar-XB/translation.json") == nil)
        try workspace.write("file.xcstrings", "{}")
        let file = try workspace.run(["i18n", "pseudo", "--from", "environments/locales", "--to", "file.xcstrings", "--format", "xcstrings"])
        #expect(file.status == 64, "\(file.stderr)")
        #expect(workspace.read("file.xcstrings") == Data("{}".utf8))
    }
}
