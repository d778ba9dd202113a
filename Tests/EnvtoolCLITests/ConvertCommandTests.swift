import Foundation
import Testing
import TranslationFormats

@Suite("envtool i18n convert")
struct ConvertCommandTests {
    static let formats = ["i18next", "strings", "xcstrings", "po", "xliff", "android"]

    /// Every format that can hold what the source has: plain text, `%`, quotes and new lines,
    /// unnamed and positional arguments, and plurals in languages with one/other, one/few/many/other
    /// and zero/one/two/few/many/other.
    static let source: [String: String] = [
        "en": """
        {
          "files_one": "{{count}} file",
          "files_other": "{{count}} files",
          "greeting": "Hello, {{arg1}}!",
          "percent": "100% done",
          "quote": "Say \\"hi\\"\\nnow",
          "title": "Files",
          "transfer": "Send {{arg1}} to {{arg2}}"
        }
        """,
        "ru": """
        {
          "files_one": "{{count}} файл",
          "files_few": "{{count}} файла",
          "files_many": "{{count}} файлов",
          "files_other": "{{count}} файла",
          "greeting": "Привет, {{arg1}}!",
          "percent": "100% готово",
          "quote": "Скажи \\"привет\\"\\nсейчас",
          "title": "Файлы",
          "transfer": "Отправить {{arg1}} получателю {{arg2}}"
        }
        """,
        "ar": """
        {
          "files_zero": "لا ملفات",
          "files_one": "ملف واحد",
          "files_two": "ملفان",
          "files_few": "{{count}} ملفات",
          "files_many": "{{count}} ملفًا",
          "files_other": "{{count}} ملف",
          "greeting": "مرحبا، {{arg1}}!",
          "percent": "100% تم",
          "quote": "قل \\"مرحبا\\"\\nالآن",
          "title": "ملفات",
          "transfer": "أرسل {{arg1}} إلى {{arg2}}"
        }
        """,
    ]

    /// A workspace with the source in every format, each made by `convert` and checked by the
    /// format's own tools.
    static func workspaceWithEveryFormat() throws -> Workspace {
        let workspace = try Workspace(copySample: false)
        for (language, text) in source { try workspace.write("src/\(language)/translation.json", text) }
        for format in formats {
            let result = try workspace.run(["i18n", "convert", "--from", "src", "--to", format, "--format", format, "--source-language", "en"])
            #expect(result.status == 0, "\(format): \(result.stderr)")
            #expect(result.stderr.isEmpty, "\(format): \(result.stderr)")
        }
        return workspace
    }

    @Test("round trips are exact for every pair of formats", arguments: formats)
    func roundTrips(first: String) throws {
        let workspace = try Self.workspaceWithEveryFormat()
        for second in Self.formats where second != first {
            let there = try workspace.run(["i18n", "convert", "--from", first, "--to", "mid-\(second)", "--format", second, "--source-language", "en"])
            #expect(there.status == 0, "\(first)→\(second): \(there.stderr)")
            #expect(there.stderr.isEmpty, "\(first)→\(second): \(there.stderr)")
            let back = try workspace.run(["i18n", "convert", "--from", "mid-\(second)", "--to", first, "--format", first, "--source-language", "en", "--check"])
            #expect(back.status == 0, "\(first)→\(second)→\(first) differs: \(back.stdout)\(back.stderr)")
            #expect(back.stdout.isEmpty, "\(first)→\(second)→\(first): \(back.stdout)")
            try Self.checkWithTheFormatsTools(workspace.path + "/mid-\(second)")
        }
    }

    @Test("the sample converts to every format, and every file passes the format's own checks", arguments: formats)
    func sample(format: String) throws {
        let workspace = try Workspace()
        // --verbose: each key's line, to see that one is said once for all its languages.
        let result = try workspace.run(["i18n", "convert", "--from", "environments", "--to", "out", "--format", format, "--verbose"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("wrote out/"))
        // Device variations are reported by key, never dropped silently; a catalog keeps them.
        if format == "xcstrings" {
            #expect(!result.stderr.contains("device variations"), "\(result.stderr)")
            #expect(workspace.read("out/Localizable.xcstrings").map { String(decoding: $0, as: UTF8.self).contains(#""device" : {"#) } == true)
        } else {
            // Once for all the languages that lose it, not a line each.
            #expect(result.stderr.contains("\"continue_hint\" (ar, ca, en, es, ru): device variations"), "\(result.stderr)")
            #expect(
                result.stderr.split(separator: "\n").filter { $0.contains("\"continue_hint\"") && $0.contains("device variations") }.count == 1,
                "\(result.stderr)")
        }
        try Self.checkWithTheFormatsTools(workspace.path + "/out")
    }

    @Test(
        "the corpus (Tests/Corpus) converts to every format: each file passes the format's own checks, and --strict refuses exactly when something was reported",
        arguments: ["catalog", "gettext", "xliff", "i18next", "strings"].flatMap { source in formats.map { (source, $0) } })
    func corpus(source: String, format: String) throws {
        let workspace = try Workspace(copySample: false)
        let input = EnvtoolProcess.repositoryRoot + "/Tests/Corpus/" + source
        // The gettext corpus is de and ru (the msgids are its source text): nothing records a
        // source language among them, so a target that records one needs it named.
        let named = source == "gettext" ? ["--source-language", "de"] : []
        let result = try workspace.run(["i18n", "convert", "--from", input, "--to", "out", "--format", format] + named)
        #expect(result.status == 0, "\(result.stderr)")
        try Self.checkWithTheFormatsTools(workspace.path + "/out")
        let strict = try workspace.run(["i18n", "convert", "--from", input, "--to", "strict", "--format", format, "--strict"] + named)
        let reported = result.stderr.contains(": warning: ")
        #expect(strict.status == (reported ? 65 : 0), "\(strict.stderr)")
        if reported { #expect(workspace.read("strict") == nil) }
    }

    @Test("a .po is written for languages gettext has no usual expression for (kab, br, cy), from CLDR's rules, and msgfmt --check accepts it")
    func pluralFormsFromCLDR() throws {
        let workspace = try Workspace(copySample: false)
        for language in ["kab", "br", "cy"] {
            try workspace.write("src/\(language)/translation.json", #"{"items_one": "{{count}} a", "items_other": "{{count}} b", "hello": "x"}"#)
        }
        let result = try workspace.run(["i18n", "convert", "--from", "src", "--to", "po", "--format", "po"])
        #expect(result.status == 0, "\(result.stderr)")
        let kab = String(decoding: workspace.read("po/kab/translation.po") ?? Data(), as: UTF8.self)
        #expect(kab.contains("Plural-Forms: nplurals=2; plural="), "\(kab)")
        try Self.checkWithTheFormatsTools(workspace.path + "/po")
        // Read back, each msgstr is the form it was written as (Kabyle's one covers 0 and 1).
        let back = try workspace.run(["i18n", "convert", "--from", "po/kab", "--to", "back", "--format", "i18next", "--language", "kab"])
        #expect(back.status == 0, "\(back.stderr)")
        let json = String(decoding: workspace.read("back/kab/translation.json") ?? Data(), as: UTF8.self)
        #expect(json.contains(#""items_one": "{{count}} a""#) && json.contains(#""items_other": "{{count}} b""#), "\(json)")
    }

    @Test("a loss in several languages is one line naming them; --check with every file up to date reports nothing")
    func issuesOnce() throws {
        let workspace = try Workspace(copySample: false)
        for language in ["en", "es", "ru"] {
            try workspace.write("src/\(language)/translation.json", #"{"welcome": "Hi, see $t(title)", "title": "T"}"#)
        }
        let first = try workspace.run(["i18n", "convert", "--from", "src", "--to", "out.xcstrings"])
        #expect(first.status == 0)
        #expect(
            first.stderr
                == #"out.xcstrings: warning: "welcome" (en, es, ru): $t(title) is written as text, which i18next reads back as the nesting; Apple's lookup shows it as written"#
                + "\n", "\(first.stderr)")
        let check = try workspace.run(["i18n", "convert", "--from", "src", "--to", "out.xcstrings", "--check"])
        #expect(check.status == 0 && check.stdout.isEmpty && check.stderr.isEmpty, "\(check.stdout)\(check.stderr)")
        let strict = try workspace.run(["i18n", "convert", "--from", "src", "--to", "out.xcstrings", "--check", "--strict"])
        #expect(strict.status == 65 && strict.stderr.contains("(en, es, ru)"), "\(strict.stderr)")
    }

    @Test("a String Catalog converted to a catalog is the same file, byte for byte, with nothing reported")
    func catalogIdentity() throws {
        let workspace = try Workspace()
        let catalog = try #require(workspace.read("environments/Localizable.xcstrings"))
        try workspace.write("src/Localizable.xcstrings", String(decoding: catalog, as: UTF8.self))
        let result = try workspace.run(["i18n", "convert", "--from", "src/Localizable.xcstrings", "--to", "out/Localizable.xcstrings"])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        #expect(workspace.read("out/Localizable.xcstrings") == catalog)
        let check = try workspace.run(["i18n", "convert", "--from", "src/Localizable.xcstrings", "--to", "out/Localizable.xcstrings", "--check"])
        #expect(check.status == 0 && check.stdout.isEmpty && check.stderr.isEmpty, "\(check.stdout)\(check.stderr)")
    }

    @Test("what a format cannot express is reported with the key and the reason; --strict fails and writes nothing")
    func lossy() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write("src/en/translation.json", #"{"welcome": "Hi {{name}}, see $t(title)", "price": "{{value, number}}", "title": "T"}"#)
        let loose = try workspace.run(["i18n", "convert", "--from", "src", "--to", "out.xcstrings"])
        #expect(loose.status == 0)
        // The name and the format are kept in the entry's comment, so they are no loss.
        #expect(!loose.stderr.contains("{{name}}") && !loose.stderr.contains("price"), "\(loose.stderr)")
        let catalog = String(decoding: workspace.read("out.xcstrings") ?? Data(), as: UTF8.self)
        #expect(
            catalog.contains(#""comment" : "Placeholders: 1 = {{name}}""#) && catalog.contains(#""comment" : "Placeholders: 1 = {{value, number}}""#),
            "\(catalog)")
        #expect(
            loose.stderr.contains(#""welcome" (en): $t(title) is written as text, which i18next reads back as the nesting; Apple's lookup shows it as written"#)
        )
        let strict = try workspace.run(["i18n", "convert", "--from", "src", "--to", "strict.xcstrings", "--strict"])
        #expect(strict.status == 65)
        #expect(workspace.read("strict.xcstrings") == nil)
    }

    @Test("control characters XML cannot hold are reported, and the XLIFF and .stringsdict written stay well-formed")
    func controlCharacters() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write(
            "src/en.lproj/Localizable.strings",
            """
            "bell" = "Ring \\U0007 now";

            """)
        try workspace.write(
            "src/en.lproj/Localizable.stringsdict",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>files</key><dict>
              <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
              <key>n</key><dict>
                <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                <key>NSStringFormatValueTypeKey</key><string>lld</string>
                <key>one</key><string>one file&#9;</string>
                <key>other</key><string>%lld files</string>
              </dict>
            </dict>
            </dict></plist>
            """)
        let xliff = try workspace.run(["i18n", "convert", "--from", "src", "--to", "out.xliff"])
        #expect(xliff.status == 0, "\(xliff.stderr)")
        #expect(xliff.stderr.contains(#""bell" (en): XML 1.0 cannot hold control characters other than tab, new line and return; each is written as U+FFFD"#))
        #expect(!xliff.stderr.contains(#""files""#))
        try Self.checkWithTheFormatsTools(workspace.path + "/out.xliff")
        try workspace.write(
            "comment.po",
            """
            msgid ""
            msgstr ""
            "Language: en\\n"
            "Plural-Forms: nplurals=2; plural=(n != 1);\\n"

            #. Count -- of files\u{1}
            msgid "files"
            msgid_plural "files"
            msgstr[0] "%d file"
            msgstr[1] "%d files"
            """)
        let dict = try workspace.run(["i18n", "convert", "--from", "comment.po", "--to", "dict", "--format", "strings"])
        #expect(dict.status == 0, "\(dict.stderr)")
        #expect(dict.stderr.contains(#""files" (en): an XML comment cannot hold "--"; written as "- -""#))
        let written = try #require(workspace.read("dict/en.lproj/comment.stringsdict"))
        #expect(String(decoding: written, as: UTF8.self).contains("<!-- Count - - of files\u{FFFD} -->"))
        #expect((try? PropertyListSerialization.propertyList(from: written, format: nil)) != nil)
    }

    @Test("a .po file with CRLF line ends reads as one with LF; a mark after -- or */ does not hide them")
    func lineEndsAndCombiningMarks() throws {
        let workspace = try Workspace(copySample: false)
        let po =
            "msgid \"\"\nmsgstr \"\"\n\"Language: fr\\n\"\n\"Plural-Forms: nplurals=2; plural=(n > 1);\\n\"\n\n#. Dash --\u{301} here, star */\u{301} there\nmsgid \"hello\"\nmsgstr \"Bonjour\"\n"
        try workspace.write("unix.po", po)
        try workspace.write("windows.po", po.replacing("\n", with: "\r\n"))
        for name in ["unix", "windows"] {
            let result = try workspace.run(["i18n", "convert", "--from", "\(name).po", "--to", "\(name)-out", "--format", "strings"])
            #expect(result.status == 0, "\(name): \(result.stderr)")
            let strings = String(decoding: workspace.read("\(name)-out/fr.lproj/\(name).strings") ?? Data(), as: UTF8.self)
            #expect(strings.contains("\"hello\" = \"Bonjour\";"), "\(name): \(strings)")
            #expect(strings.contains("* /\u{301} there"), "\(name): \(strings)")
            #expect(!strings.contains("*/\u{301}"), "\(name): \(strings)")
        }
    }

    @Test("named arguments become positions numbered by their first appearance in the source language")
    func namedArguments() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write("src/en/translation.json", #"{"move": "Move {{file}} to {{folder}}"}"#)
        try workspace.write("src/de/translation.json", #"{"move": "{{file}} nach {{folder}} verschieben"}"#)
        #expect(try workspace.run(["i18n", "convert", "--from", "src", "--to", "out", "--format", "strings", "--source-language", "en"]).status == 0)
        let german = String(decoding: workspace.read("out/de.lproj/Localizable.strings") ?? Data(), as: UTF8.self)
        #expect(german == "/* Placeholders: 1 = {{file}}, 2 = {{folder}} */\n\"move\" = \"%1$@ nach %2$@ verschieben\";\n")
        // And back: the names come from the comment.
        #expect(try workspace.run(["i18n", "convert", "--from", "out", "--to", "back", "--format", "i18next"]).status == 0)
        let back = String(decoding: workspace.read("back/de/translation.json") ?? Data(), as: UTF8.self)
        #expect(back.contains(#""move": "{{file}} nach {{folder}} verschieben""#), "\(back)")
    }

    @Test("placeholder names survive i18next → X → i18next for every format", arguments: ["xcstrings", "strings", "xliff", "po"])
    func namesRoundTrip(format: String) throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write("src/en/translation.json", #"{"hello": "Hello, {{name}}!", "move": "Move {{file}} to {{folder}}", "n": "{{count}} of {{total}}"}"#)
        try workspace.write(
            "src/de/translation.json", #"{"hello": "Hallo, {{name}}!", "move": "{{file}} nach {{folder}} verschieben", "n": "{{count}} von {{total}}"}"#)
        #expect(try workspace.run(["i18n", "convert", "--from", "src", "--to", "canon", "--format", "i18next"]).status == 0)
        let there = try workspace.run(["i18n", "convert", "--from", "canon", "--to", "mid", "--format", format, "--source-language", "en"])
        #expect(there.status == 0 && there.stderr.isEmpty, "\(there.stderr)")
        let back = try workspace.run(["i18n", "convert", "--from", "mid", "--to", "canon", "--format", "i18next", "--check"])
        #expect(back.status == 0 && back.stdout.isEmpty, "\(format): \(back.stdout)\(back.stderr)")
    }

    @Test("i18next v3 suffixes (key, key_plural, key_0…) are read")
    func i18nextV3() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write("src/en/translation.json", #"{"item": "{{count}} item", "item_plural": "{{count}} items"}"#)
        try workspace.write("src/ru/translation.json", #"{"item_0": "{{count}} штука", "item_1": "{{count}} штуки", "item_2": "{{count}} штук"}"#)
        #expect(try workspace.run(["i18n", "convert", "--from", "src", "--to", "out", "--format", "i18next"]).status == 0)
        let english = String(decoding: workspace.read("out/en/translation.json") ?? Data(), as: UTF8.self)
        #expect(english.contains(#""item_one": "{{count}} item""#))
        #expect(english.contains(#""item_other": "{{count}} items""#))
        let russian = String(decoding: workspace.read("out/ru/translation.json") ?? Data(), as: UTF8.self)
        #expect(russian.contains(#""item_few": "{{count}} штуки""#))
        #expect(russian.contains(#""item_many": "{{count}} штук""#))
    }

    @Test("context is msgctxt in .po and a key suffix in i18next")
    func context() throws {
        let workspace = try Workspace(copySample: false)
        // A header msgfmt --check accepts: `.po` → `.po` gives the file's own back.
        try workspace.write(
            "in/fr.po",
            """
            msgid ""
            msgstr ""
            "Project-Id-Version: demo\\n"
            "PO-Revision-Date: 2026-01-01 00:00+0000\\n"
            "Last-Translator: \\n"
            "Language-Team: \\n"
            "Language: fr\\n"
            "MIME-Version: 1.0\\n"
            "Content-Type: text/plain; charset=UTF-8\\n"
            "Content-Transfer-Encoding: 8bit\\n"
            "Plural-Forms: nplurals=2; plural=(n > 1);\\n"

            #. Shown on the button.
            #, fuzzy
            msgctxt "verb"
            msgid "open"
            msgstr "ouvrir"

            msgid "apple"
            msgid_plural "apples"
            msgstr[0] "%(count)d pomme"
            msgstr[1] "%(count)d pommes"
            """)
        // A lone fr.po is a translation of its msgids: its fuzzy entry is left out unless asked for.
        let unfinished = try workspace.run(["i18n", "convert", "--from", "in/fr.po", "--to", "shipped", "--format", "i18next"])
        #expect(unfinished.status == 0, "\(unfinished.stderr)")
        #expect(!(String(decoding: workspace.read("shipped/fr/translation.json") ?? Data(), as: UTF8.self)).contains("open"))
        #expect(unfinished.stderr.contains(#""open" (fr): fuzzy (to be reviewed); --include-fuzzy writes it: left out"#), "\(unfinished.stderr)")
        let result = try workspace.run(["i18n", "convert", "--from", "in/fr.po", "--to", "out", "--format", "i18next", "--include-fuzzy"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = String(decoding: workspace.read("out/fr/translation.json") ?? Data(), as: UTF8.self)
        #expect(json.contains(#""open_verb": "ouvrir""#))
        #expect(json.contains(#""apple_one": "{{count}} pomme""#))
        #expect(json.contains(#""apple_other": "{{count}} pommes""#))
        #expect(result.stderr.contains(#""open" (fr): i18next JSON has no comments"#))
        #expect(result.stderr.contains(#""open" (fr): i18next JSON has no translation state"#))
        // Without an "open" beside it, "open_verb" would read back as a key of its own.
        #expect(result.stderr.contains(#""open" (fr): the context "verb" is written as the key "open_verb"; without a "open" entry beside it"#))
        let po = try workspace.run(["i18n", "convert", "--from", "in/fr.po", "--to", "again.po"])
        #expect(po.status == 0, "\(po.stderr)")
        let text = String(decoding: workspace.read("again.po") ?? Data(), as: UTF8.self)
        #expect(text.contains("#. Shown on the button.\n#, fuzzy\nmsgctxt \"verb\"\nmsgid \"open\"\nmsgstr \"ouvrir\"\n"))
        // gettext's plural source text survives a trip through .po, and is reported where it has no place.
        #expect(text.contains("msgid \"apple\"\nmsgid_plural \"apples\"\n"))
        #expect(result.stderr.contains(#""apple" (fr): gettext's msgid_plural "apples" has no place in i18next; not written"#))
        try Self.checkWithTheFormatsTools(workspace.path + "/again.po")
    }

    @Test("i18next's key_context beside key is read as a context: msgctxt in .po, the same key in Apple formats")
    func i18nextContext() throws {
        let workspace = try Workspace(copySample: false)
        let source = """
            {
              "friend": "A friend",
              "friend_female": "A girlfriend",
              "friend_male": "A boyfriend",
              "invite_one": "Invite {{count}} friend",
              "invite_other": "Invite {{count}} friends",
              "invite_male_one": "Invite him and {{count}} friend",
              "invite_male_other": "Invite him and {{count}} friends",
              "welcome_title": "Welcome"
            }

            """
        try workspace.write("src/en/translation.json", source)
        let po = try workspace.run(["i18n", "convert", "--from", "src", "--to", "po", "--format", "po"])
        #expect(po.status == 0, "\(po.stderr)")
        #expect(po.stderr.isEmpty, "\(po.stderr)")
        let text = String(decoding: workspace.read("po/en/translation.po") ?? Data(), as: UTF8.self)
        #expect(text.contains("msgctxt \"female\"\nmsgid \"friend\"\nmsgstr \"A girlfriend\"\n"))
        #expect(text.contains("msgctxt \"male\"\nmsgid \"invite\"\nmsgid_plural \"invite\"\nmsgstr[0] \"Invite him and %(count)d friend\"\n"))
        // No "welcome" key: "welcome_title" is a key of its own, not the context "title".
        #expect(text.contains("\nmsgid \"welcome_title\"\n"))
        #expect(!text.contains("msgctxt \"title\""))
        try Self.checkWithTheFormatsTools(workspace.path + "/po")
        for format in ["po", "xcstrings", "strings", "xliff"] where format != "po" {
            let there = try workspace.run(["i18n", "convert", "--from", "src", "--to", format, "--format", format])
            #expect(there.status == 0, "\(format): \(there.stderr)")
            #expect(there.stderr.isEmpty, "\(format): the keys are the source's own: \(there.stderr)")
        }
        #expect(String(decoding: workspace.read("xcstrings/Localizable.xcstrings") ?? Data(), as: UTF8.self).contains(#""friend_female""#))
        for format in ["po", "xcstrings", "strings", "xliff"] {
            let back = try workspace.run(["i18n", "convert", "--from", format, "--to", "src", "--format", "i18next", "--source-language", "en", "--check"])
            #expect(back.status == 0, "\(format)→i18next differs: \(back.stdout)\(back.stderr)")
        }
    }

    @Test("a conversion that gives no file (a catalog whose keys have no text yet) fails with 65 instead of writing nothing and exiting 0")
    func nothingToWrite() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write(
            "in/Localizable.xcstrings",
            """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "Bottom" : { },
                "Hello %@" : { "comment" : "greeting" }
              },
              "version" : "1.0"
            }
            """)
        let result = try workspace.run(["i18n", "convert", "--from", "in/Localizable.xcstrings", "--to", "js", "--format", "i18next"])
        #expect(result.status == 65, "\(result.stderr)")
        // Two keys of one kind: one line naming both.
        #expect(
            result.stderr.contains(
                #"in/Localizable.xcstrings: warning: 2 keys (en): the key has no text in any language yet; it is kept only in .xcstrings: "Bottom", "Hello %@""#
            ),
            "\(result.stderr)")
        #expect(
            result.stderr.contains("in/Localizable.xcstrings: error: nothing to write in i18next: no key of the input has a text in any language"),
            "\(result.stderr)")
        #expect(workspace.read("js") == nil)
        // The catalog itself still converts to a catalog, keys and all.
        let same = try workspace.run(["i18n", "convert", "--from", "in/Localizable.xcstrings", "--to", "again.xcstrings"])
        #expect(same.status == 0, "\(same.stderr)")
        #expect(String(decoding: workspace.read("again.xcstrings") ?? Data(), as: UTF8.self).contains(#""Bottom" : {"#))
    }

    @Test("a key's text beside its plural forms (what t() without a count returns) survives i18next → i18next and is a named loss elsewhere")
    func textBesidePluralForms() throws {
        let workspace = try Workspace(copySample: false)
        let source = """
            {
              "k": "seven",
              "k_one": "{{count}} item",
              "k_other": "{{count}} items"
            }

            """
        try workspace.write("in/en/translation.json", source)
        let same = try workspace.run(["i18n", "convert", "--from", "in", "--to", "again", "--format", "i18next", "--strict"])
        #expect(same.status == 0, "\(same.stderr)")
        #expect(String(decoding: workspace.read("again/en/translation.json") ?? Data(), as: UTF8.self) == source)
        for format in ["strings", "xcstrings", "po", "xliff"] {
            let result = try workspace.run(["i18n", "convert", "--from", "in", "--to", "out-" + format, "--format", format])
            #expect(result.status == 0, "\(format): \(result.stderr)")
            #expect(
                result.stderr.contains(#""k" (en): the text beside the plural forms, which t() without a count returns, has no place in \#(format)"#),
                "\(format): \(result.stderr)")
            let strict = try workspace.run(["i18n", "convert", "--from", "in", "--to", "strict-" + format, "--format", format, "--strict"])
            #expect(strict.status == 65, "\(format): \(strict.stderr)")
            #expect(workspace.read("strict-" + format) == nil)
        }
    }

    @Test(".strings comments above an entry are its translator comment in every format that has one")
    func stringsComments() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write(
            "src/en.lproj/Localizable.strings",
            """
            /* Localizable.strings of the app: a blank line follows, so it belongs to no entry. */

            /* Title of the main window */
            "title" = "Files";
            // Shown when the list is empty
            "empty" = "No files";
            "plain" = "Plain";

            """)
        for format in ["xcstrings", "po", "xliff"] {
            let there = try workspace.run(["i18n", "convert", "--from", "src", "--to", format, "--format", format])
            #expect(there.status == 0, "\(format): \(there.stderr)")
            let text = String(
                decoding: try #require(
                    try FileManager.default.subpathsOfDirectory(atPath: workspace.path + "/" + format)
                        .first { !$0.hasSuffix("/") && $0.contains(".") }
                        .flatMap { workspace.read(format + "/" + $0) }), as: UTF8.self)
            #expect(text.contains("Title of the main window"), "\(format): \(text)")
            #expect(text.contains("Shown when the list is empty"), "\(format): \(text)")
            #expect(!text.contains("of the app"), "\(format): \(text)")
            let back = try workspace.run(["i18n", "convert", "--from", format, "--to", "back-\(format)", "--format", "strings"])
            #expect(back.status == 0, "\(format): \(back.stderr)")
            let strings = String(decoding: workspace.read("back-\(format)/en.lproj/Localizable.strings") ?? Data(), as: UTF8.self)
            #expect(
                strings
                    == "/* Shown when the list is empty */\n\"empty\" = \"No files\";\n\"plain\" = \"Plain\";\n/* Title of the main window */\n\"title\" = \"Files\";\n",
                "\(format)")
        }
    }

    @Test(
        "bad inputs are one positioned error, and nothing is written",
        arguments: [
            (
                "bad.xliff",
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <xliff version="1.2">
                  <file original="en.lproj/Localizable.strings" source-language="en" datatype="plaintext">
                    <body><trans-unit id="a"><source>A</source><target>Б</target></trans-unit></body>
                  </file>
                </xliff>
                """, "bad.xliff:3:3: error: <file original=\"en.lproj/Localizable.strings\"> has no target-language"
            ),
            (
                "bad.po",
                "msgid \"\"\nmsgstr \"\"\n\"Language: ru\\n\"\n\"Plural-Forms: nplurals=2; plural=n % 10 == 1 ? 0 : 2;\\n\"\n\nmsgid \"a\"\nmsgstr \"б\"\n",
                "bad.po:4:2: error: Plural-Forms: plural=n % 10 == 1 ? 0 : 2 gives 2 for n = 0, outside 0..<2"
            ),
            (
                "syntax.po", "msgid \"\"\nmsgstr \"\"\n\"Language: ru\\n\"\n\"Plural-Forms: nplurals=3; plural=(n == 1 ? 0 : ;\\n\"\n",
                "syntax.po:4:2: error: Plural-Forms: the plural expression ends too early"
            ),
            ("open.po", "msgid \"a\"\nmsgstr \"unterminated\n", "open.po:2:8: error: the string is not closed with \""),
            (
                "twice.po", "msgid \"\"\nmsgstr \"\"\n\"Language: ru\\n\"\n\nmsgid \"a\"\nmsgstr \"б\"\n\nmsgid \"a\"\nmsgstr \"в\"\n",
                "twice.po:8:1: error: duplicate message definition of \"a\"; the first is at line 5"
            ),
            (
                "forms.po",
                "msgid \"\"\nmsgstr \"\"\n\"Language: en\\n\"\n\"Plural-Forms: nplurals=2; plural=(n != 1);\\n\"\n\nmsgid \"f\"\nmsgid_plural \"fs\"\nmsgstr[0] \"f\"\nmsgstr[1] \"fs\"\nmsgstr[2] \"x\"\n",
                "forms.po:6:1: error: msgstr[2] is beyond the Plural-Forms header's nplurals=2"
            ),
            ("broken.xcstrings", "{\"sourceLanguage\": \"en\", \"strings\": {\"k\": 3}}", "broken.xcstrings:1:"),
            ("ru.json", "{\"a\": \"b\",}", "ru.json:1:"),
        ])
    func badInput(name: String, text: String, expected: String) throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write(name, text)
        let result = try workspace.run(["i18n", "convert", "--from", name, "--to", "out", "--format", "i18next", "--language", "ru"])
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix(expected), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: workspace.path + "/out"))
    }

    @Test("--check exits 1 and lists what would change, writes nothing; 0 when up to date")
    func check() throws {
        let workspace = try Workspace()
        let first = try workspace.run(["i18n", "convert", "--from", "environments", "--to", "out", "--format", "po", "--check"])
        #expect(first.status == 1)
        #expect(first.stdout.contains("would create out/ru/translation.po"))
        #expect(!FileManager.default.fileExists(atPath: workspace.path + "/out"))
        #expect(try workspace.run(["i18n", "convert", "--from", "environments", "--to", "out", "--format", "po"]).status == 0)
        let clean = try workspace.run(["i18n", "convert", "--from", "environments", "--to", "out", "--format", "po", "--check"])
        #expect(clean.status == 0)
        #expect(clean.stdout.isEmpty)
        try workspace.write("out/ru/translation.po", "edited")
        let changed = try workspace.run(["i18n", "convert", "--from", "environments", "--to", "out", "--format", "po", "--check"])
        #expect(changed.status == 1)
        #expect(changed.stdout == "would change out/ru/translation.po\n")
        #expect(workspace.read("out/ru/translation.po") == Data("edited".utf8))
    }

    @Test("--help lists every registered format with what it reads and writes, and --format takes exactly those names")
    func helpFromTheRegistry() throws {
        let workspace = try Workspace()
        let help = try workspace.run(["i18n", "convert", "--help"])
        #expect(help.status == 0)
        let flattened = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for format in TranslationFormatRegistry.standard.formats {
            #expect(flattened.contains(format.name + " " + format.summary.split(whereSeparator: \.isWhitespace).joined(separator: " ")), "\(format.name)")
        }
        let unknown = try workspace.run(["i18n", "convert", "--from", "environments", "--to", "out", "--format", "csv"])
        #expect(unknown.status == 64)
        #expect(
            unknown.stderr.contains(TranslationFormatRegistry.standard.names.joined(separator: "|")) || unknown.stderr.contains("xcstrings"),
            "\(unknown.stderr)")
    }

    @Test("usage errors: unknown target format (64), several results for one file (64), missing input (66)")
    func usage() throws {
        let workspace = try Workspace()
        #expect(try workspace.run(["i18n", "convert", "--from", "environments", "--to", "out.txt"]).status == 64)
        let many = try workspace.run(["i18n", "convert", "--from", "environments", "--to", "one.po"])
        #expect(many.status == 64)
        #expect(many.stderr.contains("pass a directory as --to"))
        #expect(try workspace.run(["i18n", "convert", "--from", "nowhere", "--to", "out", "--format", "po"]).status == 66)
    }

    // MARK: The formats' own tools

    /// `msgfmt --check` on every `.po`, `xmllint --noout` on every `.xliff`, Foundation's
    /// `PropertyListSerialization` on every `.stringsdict`, `JSONSerialization` on every JSON file,
    /// `aapt package` on every Android `res/` (a folder with `values/`).
    static func checkWithTheFormatsTools(_ root: String) throws {
        var files: [String] = []
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), !isDirectory.boolValue {
            files = [root]
        } else {
            let enumerator = FileManager.default.enumerator(atPath: root)
            while let name = enumerator?.nextObject() as? String { files.append(root + "/" + name) }
        }
        for file in files {
            if file.hasSuffix(".po") {
                let result = try tool("msgfmt", ["--check", "-o", "/dev/null", file])
                #expect(result.status == 0, "msgfmt --check \(file): \(result.output)")
                #expect(result.output.isEmpty, "msgfmt --check \(file): \(result.output)")
            } else if file.hasSuffix(".xliff") {
                let result = try tool("xmllint", ["--noout", file])
                #expect(result.status == 0, "xmllint \(file): \(result.output)")
            } else if file.hasSuffix(".stringsdict") {
                let data = try Data(contentsOf: URL(fileURLWithPath: file))
                #expect(throws: Never.self, "PropertyListSerialization \(file)") {
                    _ = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
                }
            } else if file.hasSuffix(".json") || file.hasSuffix(".xcstrings") {
                let data = try Data(contentsOf: URL(fileURLWithPath: file))
                #expect(throws: Never.self, "JSONSerialization \(file)") { _ = try JSONSerialization.jsonObject(with: data) }
            } else if file.hasSuffix("/values/strings.xml") {
                let resources = URL(fileURLWithPath: file).deletingLastPathComponent().deletingLastPathComponent().path
                let result = try AndroidTools.compile(resources)
                #expect(result.status == 0, "aapt package \(resources): \(result.output)")
            }
        }
    }

    static func tool(_ name: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [name] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
