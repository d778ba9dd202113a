import Foundation
import Testing

/// `--po-msgid source`: a `.po` for translators, the source text as `msgid` and the key as
/// `msgctxt` (issue #35, item 7), checked with gettext's and translate-toolkit's own tools.
@Suite("a .po for translators has the source text as msgid and reads back to the same i18next files")
struct TranslatorPOTests {
    static let venv = EnvtoolProcess.repositoryRoot + "/.venv-test/bin/"

    /// i18next resources with plurals, a context, placeholders (`{{- x}}`, a format with
    /// options), nesting, nested keys, and a key the translation lacks.
    static let english = """
        {
          "greeting": "Hello {{name}}",
          "html": "Click {{- link}} now",
          "price": "Costs {{value, number(minimumFractionDigits: 2)}}",
          "files_one": "{{count}} file",
          "files_other": "{{count}} files",
          "friend": "A friend",
          "friend_male": "A boyfriend",
          "nav": { "home": "Home", "about": "About $t(greeting)" },
          "only_en": "Only English"
        }
        """
    static let german = """
        {
          "greeting": "Hallo {{name}}",
          "html": "Klick {{- link}} jetzt",
          "price": "Kostet {{value, number(minimumFractionDigits: 2)}}",
          "files_one": "{{count}} Datei",
          "files_other": "{{count}} Dateien",
          "friend": "Ein Freund",
          "friend_male": "Ein fester Freund",
          "nav": { "home": "Start", "about": "Über $t(greeting)" }
        }
        """

    /// A translate-toolkit command from `.venv-test`.
    static func toolkit(_ name: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        try ConvertCommandTests.tool(venv + name, arguments)
    }

    /// A workspace with the resources in `locales/`, as envtool writes them in `canonical/` (to
    /// compare a trip with), and converted into `po/` with `--po-msgid source`: that run.
    static func writtenForTranslators() throws -> (Workspace, EnvtoolProcess.Result) {
        let workspace = try Workspace(copySample: false)
        try workspace.write("locales/en/translation.json", Self.english)
        try workspace.write("locales/de/translation.json", Self.german)
        #expect(try workspace.run(["i18n", "convert", "--from", "locales", "--to", "canonical", "--format", "i18next", "--source-language", "en"]).status == 0)
        let written = try workspace.run([
            "i18n", "convert", "--from", "locales", "--to", "po", "--format", "po", "--po-msgid", "source", "--source-language", "en",
        ])
        return (workspace, written)
    }

    @Test("i18next → .po for translators → i18next gives the same files; msgfmt --check accepts every file")
    func roundTrip() throws {
        let (workspace, written) = try Self.writtenForTranslators()
        #expect(written.status == 0, "\(written.stderr)")
        let german = String(decoding: try #require(workspace.read("po/de/translation.po")), as: UTF8.self)
        #expect(german.contains("\"X-Envtool-Msgid: source\\n\""))
        #expect(german.contains("msgctxt \"greeting\"\nmsgid \"Hello %(name)s\"\nmsgstr \"Hallo %(name)s\"\n"))
        #expect(
            german.contains(
                "msgctxt \"files\"\nmsgid \"%(count)d file\"\nmsgid_plural \"%(count)d files\"\nmsgstr[0] \"%(count)d Datei\"\nmsgstr[1] \"%(count)d Dateien\"\n"
            ))
        #expect(german.contains("msgctxt \"friend_male\"\nmsgid \"A boyfriend\"\nmsgstr \"Ein fester Freund\"\n"))
        #expect(german.contains("msgctxt \"only_en\"\nmsgid \"Only English\"\nmsgstr \"\"\n"))
        let english = String(decoding: try #require(workspace.read("po/en/translation.po")), as: UTF8.self)
        #expect(english.contains("msgctxt \"nav.home\"\nmsgid \"Home\"\nmsgstr \"Home\"\n"))
        try ConvertCommandTests.checkWithTheFormatsTools(workspace.path + "/po")
        let back = try workspace.run(["i18n", "convert", "--from", "po", "--to", "back", "--format", "i18next"])
        #expect(back.status == 0, "\(back.stderr)")
        for language in ["en", "de"] {
            let path = "\(language)/translation.json"
            #expect(workspace.read("back/" + path) == workspace.read("canonical/" + path), "\(path)")
        }
    }

    @Test(
        "translate-toolkit reads it: pofilter finds nothing on a conversion and finds a broken placeholder; po2json reads it",
        .enabled(if: FileManager.default.isExecutableFile(atPath: venv + "pofilter"), "run scripts/dependencies test"))
    func translateToolkit() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write("locales/en/translation.json", Self.english)
        try workspace.write("locales/de/translation.json", Self.german)
        #expect(
            try workspace.run([
                "i18n", "convert", "--from", "locales", "--to", "po", "--format", "po", "--po-msgid", "source", "--source-language", "en",
            ]).status == 0)
        let file = workspace.path + "/po/de/translation.po"
        let clean = try Self.toolkit("pofilter", ["--progress=none", "-t", "printf", "-t", "variables", "-i", file, "-o", workspace.path + "/clean.po"])
        #expect(clean.status == 0, "\(clean.output)")
        // pofilter writes a file only when a check fails.
        #expect(workspace.read("clean.po") == nil, "\(String(decoding: workspace.read("clean.po") ?? Data(), as: UTF8.self))")
        let text = String(decoding: try #require(workspace.read("po/de/translation.po")), as: UTF8.self)
        try workspace.write("broken.po", text.replacingOccurrences(of: "msgstr \"Hallo %(name)s\"", with: "msgstr \"Hallo %(nmae)s\""))
        let broken = try Self.toolkit(
            "pofilter", ["--progress=none", "-t", "printf", "-t", "variables", "-i", workspace.path + "/broken.po", "-o", workspace.path + "/found.po"])
        #expect(broken.status == 0, "\(broken.output)")
        let found = String(decoding: workspace.read("found.po") ?? Data(), as: UTF8.self)
        #expect(found.contains("%(nmae)s") && found.contains("msgctxt \"greeting\""), "\(found)")
        let json = try Self.toolkit("po2json", ["--progress=none", "-t", workspace.path + "/locales/en/translation.json", file, workspace.path + "/tt.json"])
        #expect(json.status == 0, "\(json.output)")
        #expect(throws: Never.self) { _ = try JSONSerialization.jsonObject(with: workspace.read("tt.json") ?? Data()) }
    }

    @Test(
        "the template (.pot) beside the files: msginit starts a language from it that msgfmt --check accepts, pot2po and msgmerge keep a translation, and envtool reads the folder back without it"
    )
    func template() throws {
        let (workspace, written) = try Self.writtenForTranslators()
        #expect(written.status == 0 && written.stdout.contains("wrote po/translation.pot"), "\(written.stdout)\(written.stderr)")
        let template = String(decoding: try #require(workspace.read("po/translation.pot")), as: UTF8.self)
        #expect(template.contains("\"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\\n\"\n\"X-Envtool-Msgid: source\\n\"\n"), "\(template)")
        #expect(template.contains("msgctxt \"greeting\"\nmsgid \"Hello %(name)s\"\nmsgstr \"\"\n"), "\(template)")
        #expect(
            template.contains("msgctxt \"files\"\nmsgid \"%(count)d file\"\nmsgid_plural \"%(count)d files\"\nmsgstr[0] \"\"\nmsgstr[1] \"\"\n"), "\(template)")
        #expect(template.contains("#. Placeholders: 1 = {{- link}}\nmsgctxt \"html\"\nmsgid \"Click %(link)s now\"\nmsgstr \"\"\n"), "\(template)")
        #expect(template.contains("msgctxt \"only_en\"") && !template.contains("Hallo"), "\(template)")

        let french = workspace.path + "/po/fr.po"
        let started = try ConvertCommandTests.tool("msginit", ["--no-translator", "-l", "fr", "-i", workspace.path + "/po/translation.pot", "-o", french])
        #expect(started.status == 0, "\(started.output)")
        let check = try ConvertCommandTests.tool("msgfmt", ["--check", "-o", "/dev/null", french])
        #expect(check.status == 0, "\(check.output)")
        let merged = try ConvertCommandTests.tool(
            "msgmerge", ["--quiet", "-o", workspace.path + "/merged.po", workspace.path + "/po/de/translation.po", workspace.path + "/po/translation.pot"])
        #expect(merged.status == 0, "\(merged.output)")
        let mergedText = String(decoding: workspace.read("merged.po") ?? Data(), as: UTF8.self)
        #expect(mergedText.contains("msgctxt \"greeting\"\nmsgid \"Hello %(name)s\"\nmsgstr \"Hallo %(name)s\""), "\(mergedText)")
        #expect(!mergedText.contains("#, fuzzy\nmsgctxt"), "\(mergedText)")
        #expect(FileManager.default.isExecutableFile(atPath: Self.venv + "pot2po"), "run scripts/dependencies test")
        if FileManager.default.isExecutableFile(atPath: Self.venv + "pot2po") {
            let updated = try Self.toolkit(
                "pot2po",
                ["--progress=none", "-t", workspace.path + "/po/de/translation.po", workspace.path + "/po/translation.pot", workspace.path + "/pot2po.po"])
            #expect(updated.status == 0, "\(updated.output)")
            #expect(String(decoding: workspace.read("pot2po.po") ?? Data(), as: UTF8.self).contains("msgstr \"Hallo %(name)s\""))
        }

        // The template is no language: the folder reads back to the same files, and French, which
        // msginit started, to nothing translated yet.
        let back = try workspace.run(["i18n", "convert", "--from", "po", "--to", "back", "--format", "i18next"])
        #expect(back.status == 0, "\(back.stderr)")
        for language in ["en", "de"] {
            let path = "\(language)/translation.json"
            #expect(workspace.read("back/" + path) == workspace.read("canonical/" + path), "\(path)")
        }
        #expect(String(decoding: workspace.read("back/fr/translation.json") ?? Data(), as: UTF8.self) == "{}\n")
        #expect(!FileManager.default.fileExists(atPath: workspace.path + "/back/translation"), "\(back.stdout)")
    }

    @Test("--po-msgid is refused for another format")
    func onlyForPO() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write("locales/en/translation.json", Self.english)
        let result = try workspace.run(["i18n", "convert", "--from", "locales", "--to", "out", "--format", "xliff", "--po-msgid", "source"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--po-msgid is for .po output"))
    }
}
