import Foundation
import Testing

/// Android resources checked by the real tools, not by envtool's reader: Debian's `aapt`
/// compiles what `i18n convert --format android` writes and prints every value as the app gets
/// it, and translate-toolkit's `android2po` (what Weblate reads Android files with) reads the
/// same keys and texts. Both are installed by `scripts/dependencies test`.
@Suite("Android resources in aapt and translate-toolkit")
struct AndroidToolsTests {
    static let source: [String: String] = [
        "en": #"""
        {
          "apostrophe": "It's \"quoted\" \\ and\nnew line\ttab",
          "at": "@home ?maybe",
          "files_one": "{{count}} file",
          "files_other": "{{count}} files",
          "greeting": "Hello, {{name}}!",
          "markup": "<b>bold</b> and <a href=\"https://example.org/?a=1&amp;b=2\">a link</a>",
          "tags": "<0>numbered</0> & 1 < 2",
          "percent": "100% done",
          "price": "{{n, number}} items for {{total}}",
          "settings": {"language": "Language"},
          "Sign-out": "Sign out",
          "spaces": "  two  spaces  ",
          "planets": {"0": "Mercury", "1": "Venus"}
        }
        """#,
        "ru": #"""
        {
          "apostrophe": "Это \"цитата\"",
          "at": "@дом",
          "files_one": "{{count}} файл",
          "files_few": "{{count}} файла",
          "files_many": "{{count}} файлов",
          "files_other": "{{count}} файла",
          "greeting": "Привет, {{name}}!",
          "markup": "<b>жирный</b> и <a href=\"https://example.org/?a=1&amp;b=2\">ссылка</a>",
          "tags": "<0>номер</0> & 1 < 2",
          "percent": "100% готово",
          "price": "{{n, number}} штук за {{total}}",
          "settings": {"language": "Язык"},
          "Sign-out": "Выйти",
          "spaces": "  два  пробела  ",
          "planets": {"0": "Меркурий", "1": "Венера"}
        }
        """#,
    ]

    /// What the app gets for each resource (`string/name`, `plurals/name/quantity`,
    /// `array/name/index`), per aapt configuration: the i18next text, placeholders mapped
    /// (numbered only where aapt needs it: two or more in a `<string>`; `{{n, number}}` groups, `%,d`).
    /// Inline markup (`markup`) is styling, which `--values` does not print; React's numbered
    /// components (`tags`) are text, which aapt shows.
    static let expected: [String: [String: String]] = [
        "(default)": [
            "string/apostrophe": "It's \"quoted\" \\ and\nnew line\ttab",
            "string/at": "@home ?maybe",
            "plurals/files/one": "%d file",
            "plurals/files/other": "%d files",
            "string/greeting": "Hello, %s!",
            "string/markup": "bold and a link",
            "string/tags": "<0>numbered</0> & 1 < 2",
            "string/percent": "100% done",
            "string/price": "%1$,d items for %2$s",
            "string/settings_language": "Language",
            "string/Sign_out": "Sign out",
            "string/spaces": "  two  spaces  ",
            "array/planets/0": "Mercury",
            "array/planets/1": "Venus",
        ],
        "ru": [
            "string/apostrophe": "Это \"цитата\"",
            "string/at": "@дом",
            "plurals/files/one": "%d файл",
            "plurals/files/few": "%d файла",
            "plurals/files/many": "%d файлов",
            "plurals/files/other": "%d файла",
            "string/greeting": "Привет, %s!",
            "string/markup": "жирный и ссылка",
            "string/tags": "<0>номер</0> & 1 < 2",
            "string/percent": "100% готово",
            "string/price": "%1$,d штук за %2$s",
            "string/settings_language": "Язык",
            "string/Sign_out": "Выйти",
            "string/spaces": "  два  пробела  ",
            "array/planets/0": "Меркурий",
            "array/planets/1": "Венера",
        ],
    ]

    func converted() throws -> Workspace {
        let workspace = try Workspace(copySample: false)
        for (language, text) in Self.source { try workspace.write("src/\(language)/translation.json", text) }
        let result = try workspace.run(["i18n", "convert", "--from", "src", "--to", "res", "--format", "android", "--source-language", "en"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        return workspace
    }

    @Test("aapt compiles the res/ written, and aapt dump shows exactly the i18next text of every string, plural item and array item")
    func aapt() throws {
        let workspace = try converted()
        let compiled = try AndroidTools.compile(workspace.path + "/res")
        #expect(compiled.status == 0, "\(compiled.output)")
        let dump = try ConvertCommandTests.tool("aapt", ["dump", "--values", "resources", compiled.package])
        #expect(dump.status == 0, "\(dump.output)")
        let values = AndroidTools.values(fromDump: dump.output)
        #expect(values == Self.expected, "\(dump.output)")
    }

    @Test("android2po reads the same keys and texts, and i18next → android → i18next gives the source back")
    func translateToolkit() throws {
        let workspace = try converted()
        let android2po = EnvtoolProcess.repositoryRoot + "/.venv-test/bin/android2po"
        #expect(FileManager.default.isExecutableFile(atPath: android2po), "run scripts/dependencies test")
        let result = try ConvertCommandTests.tool(
            android2po,
            [
                "--progress=none", "-t", workspace.path + "/res/values/strings.xml",
                workspace.path + "/res/values-ru/strings.xml", workspace.path + "/ru.po",
            ])
        #expect(result.status == 0, "\(result.output)")
        let po = String(decoding: workspace.read("ru.po") ?? Data(), as: UTF8.self)
        let units = AndroidTools.units(fromPO: po)
        let english = Self.expected["(default)"] ?? [:]
        let russian = Self.expected["ru"] ?? [:]
        for name in ["apostrophe", "at", "greeting", "percent", "price", "settings_language", "Sign_out", "spaces", "tags"] {
            #expect(units[name]?.source == english["string/" + name], "\(name): \(String(describing: units[name]))")
            #expect(units[name]?.target == russian["string/" + name], "\(name): \(String(describing: units[name]))")
        }
        // android2po gives markup as the XML it is.
        #expect(units["markup"]?.source == #"<b>bold</b> and <a href="https://example.org/?a=1&amp;b=2">a link</a>"#, "\(po)")
        let back = try workspace.run(["i18n", "convert", "--from", "res", "--to", "back", "--format", "i18next"])
        #expect(back.status == 0 && back.stderr.isEmpty, "\(back.stderr)")
        let again = try workspace.run(["i18n", "convert", "--from", "src", "--to", "back", "--format", "i18next", "--check"])
        #expect(again.status == 0 && again.stdout.isEmpty, "\(again.stdout)\(again.stderr)")
    }

    @Test(
        "the translator .po (--po-msgid source) has android2po's source text and translation for every key, and msgfmt accepts it (pofilter: TranslatorPOTests)"
    )
    func translatorPO() throws {
        let workspace = try converted()
        let android2po = EnvtoolProcess.repositoryRoot + "/.venv-test/bin/android2po"
        let made = try ConvertCommandTests.tool(
            android2po,
            [
                "--progress=none", "-t", workspace.path + "/res/values/strings.xml",
                workspace.path + "/res/values-ru/strings.xml", workspace.path + "/ru.po",
            ])
        #expect(made.status == 0, "\(made.output)")
        let reference = AndroidTools.units(fromPO: String(decoding: workspace.read("ru.po") ?? Data(), as: UTF8.self))
        let result = try workspace.run(["i18n", "convert", "--from", "res", "--to", "po", "--format", "po", "--po-msgid", "source"])
        #expect(result.status == 0, "\(result.stderr)")
        let po = String(decoding: workspace.read("po/ru/translation.po") ?? Data(), as: UTF8.self)
        let units = AndroidTools.units(fromPO: po, keyedBy: "msgctxt")
        // Placeholders are spelled as gettext's (`%(arg1)s`) where android2po keeps Java's; the
        // texts without them are the same, character for character.
        // The key is the i18next key the resource's comment gives back (`settings.language` for
        // the resource `settings_language`).
        let plain = [
            "apostrophe": "apostrophe", "at": "at", "percent": "percent", "settings_language": "settings.language", "Sign_out": "Sign-out",
            "spaces": "spaces", "markup": "markup", "tags": "tags",
        ]
        for (name, key) in plain {
            #expect(
                units[key] != nil && units[key]?.source == reference[name]?.source,
                "\(key): \(String(describing: units[key])) \(String(describing: reference[name]))")
            #expect(units[key]?.target == reference[name]?.target, "\(key): \(String(describing: units[key])) \(String(describing: reference[name]))")
        }
        #expect(units["greeting"]?.source == "Hello, %(name)s!" && reference["greeting"]?.source == "Hello, %s!", "\(po)")
        let msgfmt = try ConvertCommandTests.tool("msgfmt", ["--check", "-o", "/dev/null", workspace.path + "/po/ru/translation.po"])
        #expect(msgfmt.status == 0, "\(msgfmt.output)")
    }

    // MARK: Pseudo-locales

    /// The sample's Android target (`environments/android/res`, as the README makes it) and the
    /// escaping cases above, each pseudo-localized beside its source.
    enum PseudoSource: String, CaseIterable, Sendable { case sample, escaping }

    @Test(
        "i18n pseudo --format android: aapt compiles en-XA and ar-XB beside the source, and aapt dump shows each text pseudo-localized with its placeholders intact",
        arguments: PseudoSource.allCases)
    func pseudo(source: PseudoSource) throws {
        let workspace: Workspace
        switch source {
        case .sample:
            workspace = try Workspace()
            try FileManager.default.copyItem(atPath: workspace.path + "/environments/android/res", toPath: workspace.path + "/res")
        case .escaping:
            workspace = try converted()
        }
        let result = try workspace.run(["i18n", "pseudo", "--from", "res", "--to", "res", "--format", "android", "--bidi"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.split(separator: "\n").sorted() == ["wrote res/values-ar-rXB/strings.xml", "wrote res/values-en-rXA/strings.xml"], "\(result.stdout)")
        let compiled = try AndroidTools.compile(workspace.path + "/res")
        #expect(compiled.status == 0, "\(compiled.output)")
        let dump = try ConvertCommandTests.tool("aapt", ["dump", "--values", "resources", compiled.package])
        #expect(dump.status == 0, "\(dump.output)")
        let values = AndroidTools.values(fromDump: dump.output)
        let original = try #require(values["(default)"], "\(dump.output)")
        #expect(original.count >= 9)
        for (config, categories, ordinals, undo) in [
            ("en-rXA", ["one", "other"], ["one", "two", "few", "other"], AndroidTools.unaccented),
            ("ar-rXB", ["zero", "one", "two", "few", "many", "other"], ["other"], AndroidTools.withoutBidiMarks),
        ] {
            let pseudo = try #require(values[config], "no \(config) in \(dump.output)")
            // Every string and array item, and every plural form the pseudo-locale's language has;
            // an ordinal (a string per form, `place_ordinal_two`) by the language's ordinal rules.
            let ordinal = /^string\/(.+_ordinal)_(zero|one|two|few|many|other)$/
            var expectedNames = Set(original.keys.filter { !$0.hasPrefix("plurals/") && $0.wholeMatch(of: ordinal) == nil })
            for name in original.keys {
                guard let match = name.wholeMatch(of: ordinal) else { continue }
                for category in ordinals { expectedNames.insert("string/" + match.1 + "_" + category) }
            }
            for name in original.keys where name.hasPrefix("plurals/") {
                let plural = name.split(separator: "/").dropLast().joined(separator: "/")
                for category in categories { expectedNames.insert(plural + "/" + category) }
            }
            #expect(Set(pseudo.keys) == expectedNames, "\(config)")
            for (name, text) in pseudo {
                // A plural form the source lacks is made from its `other`.
                let sourceName =
                    original[name] != nil
                    ? name
                    : name.wholeMatch(of: ordinal).map { "string/" + $0.1 + "_other" } ?? name.split(separator: "/").dropLast().joined(separator: "/")
                        + "/other"
                let sourceText = try #require(original[sourceName], "\(config) \(name)")
                #expect(text != sourceText || sourceText.allSatisfy { !$0.isLetter }, "\(config) \(name) is not pseudo-localized: \(text)")
                #expect(undo(text) == sourceText, "\(config) \(name): \(text) does not come from \(sourceText)")
                for placeholder in AndroidTools.conversions(in: sourceText) {
                    #expect(
                        text.contains(config == "en-rXA" ? "\u{BB}" + placeholder + "\u{AB}" : "\u{202E}" + placeholder + "\u{202C}"),
                        "\(config) \(name): \(placeholder) not kept whole in \(text)")
                }
            }
        }
    }
}

/// `aapt` and translate-toolkit, run and read.
enum AndroidTools {
    /// `aapt package` of `resources` with a minimal manifest; the package path for `aapt dump`.
    static func compile(_ resources: String) throws -> (status: Int32, output: String, package: String) {
        let directory = NSTemporaryDirectory() + "envtool-aapt-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let manifest = directory + "/AndroidManifest.xml"
        try Data(#"<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.envtool"/>"#.utf8)
            .write(to: URL(fileURLWithPath: manifest))
        let package = directory + "/out.ap_"
        let result = try ConvertCommandTests.tool("aapt", ["package", "-f", "-M", manifest, "-S", resources, "-F", package])
        return (result.status, result.output, package)
    }

    /// `aapt package` of `resources`, then its values (``values(fromDump:)``), empty when aapt
    /// refused them; `output` says why.
    static func compiledValues(_ resources: String) throws -> (status: Int32, output: String, values: [String: [String: String]]) {
        let compiled = try compile(resources)
        guard compiled.status == 0 else { return (compiled.status, compiled.output, [:]) }
        let dump = try ConvertCommandTests.tool("aapt", ["dump", "--values", "resources", compiled.package])
        return (dump.status, compiled.output + dump.output, values(fromDump: dump.output))
    }

    /// The values of `aapt dump --values resources`, by configuration and `type/name[/item]`.
    static func values(fromDump dump: String) -> [String: [String: String]] {
        let keys = ["0x01000004": "other", "0x01000005": "zero", "0x01000006": "one", "0x01000007": "two", "0x01000008": "few", "0x01000009": "many"]
        var values: [String: [String: String]] = [:]
        var config = ""
        var resource = ""
        for line in dump.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("config ") {
                config = String(trimmed.dropFirst("config ".count).dropLast())
            } else if trimmed.hasPrefix("resource "), let colon = trimmed.range(of: ":"),
                let end = trimmed.range(of: ": ", range: colon.upperBound..<trimmed.endIndex)
            {
                resource = String(trimmed[colon.upperBound..<end.lowerBound])
            } else if let range = trimmed.range(of: "(string16) \"") ?? trimmed.range(of: "(string8) \"") {
                var name = resource
                if trimmed.hasPrefix("#"), let key = trimmed.range(of: "(Key=") {
                    let code = String(trimmed[key.upperBound...].prefix(10))
                    name += "/" + (keys[code] ?? String(Int(code.suffix(4), radix: 16) ?? -1))
                }
                values[config, default: [:]][name] = unescape(trimmed[range.upperBound...].dropLast())
            }
        }
        return values
    }

    /// The Java format conversions of an Android text (`%1$s`, `%2$d`).
    static func conversions(in text: String) -> [String] {
        text.ranges(of: #/%[0-9]+\$[a-z]/#).map { String(text[$0]) }
    }

    /// en-XA undone: the brackets, the `»…«` around placeholders and the filler words taken off,
    /// the accented letters turned back into ASCII (the table of `PseudoLocalizer`, as Android's
    /// pseudolocale accents them). `nil` when the text is not an en-XA text.
    static func unaccented(_ text: String) -> String? {
        guard text.hasPrefix("["), text.hasSuffix("]") else { return nil }
        let accents = Array(
            "\u{E1}\u{180}\u{E7}\u{10F}\u{E9}\u{192}\u{11D}\u{125}\u{ED}\u{135}\u{137}\u{13A}\u{271}\u{F1}\u{F3}\u{1A5}\u{2A0}\u{155}\u{161}\u{163}\u{FA}\u{1E7D}\u{175}\u{1E8B}\u{FD}\u{17E}"
                .unicodeScalars)
        let capitals = Array(
            "\u{C1}\u{181}\u{C7}\u{10E}\u{C9}\u{191}\u{11C}\u{124}\u{CD}\u{134}\u{136}\u{139}\u{1E40}\u{D1}\u{D3}\u{1A4}\u{1EA}\u{154}\u{160}\u{162}\u{DA}\u{1E7C}\u{174}\u{1E8A}\u{DD}\u{17D}"
                .unicodeScalars)
        var plain = String.UnicodeScalarView()
        for scalar in text.unicodeScalars.dropFirst().dropLast() where scalar != "\u{BB}" && scalar != "\u{AB}" {
            if let index = accents.firstIndex(of: scalar) {
                plain.append(Unicode.Scalar(UInt8(0x61 + index)))
            } else if let index = capitals.firstIndex(of: scalar) {
                plain.append(Unicode.Scalar(UInt8(0x41 + index)))
            } else {
                plain.append(scalar)
            }
        }
        // The filler is a prefix of " one two three …" (repeated): the longest such tail.
        let filler = Array(String(repeating: " one two three four five six seven eight nine ten", count: 40).unicodeScalars)
        let scalars = Array(plain)
        for length in stride(from: min(scalars.count, filler.count), through: 0, by: -1)
        where Array(scalars.suffix(length)) == Array(filler.prefix(length)) {
            return String(String.UnicodeScalarView(scalars.dropLast(length)))
        }
        return nil
    }

    /// ar-XB undone: the RLM, RLO and PDF around each word and placeholder taken off.
    static func withoutBidiMarks(_ text: String) -> String? {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { !["\u{200F}", "\u{202E}", "\u{202C}"].contains($0) }))
    }

    /// aapt's dump writes `"`, `\` and new line escaped.
    static func unescape(_ text: Substring) -> String {
        var out = ""
        var escaping = false
        for character in text {
            if escaping {
                out += character == "n" ? "\n" : String(character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                out.append(character)
            }
        }
        return out
    }

    /// The units of a `.po` android2po wrote: by location (`#: name`, or the field `keyField`:
    /// `msgctxt` in a translator `.po`), msgid and msgstr with the `<xliff:g>` markup taken out
    /// (what the app gets).
    static func units(fromPO po: String, keyedBy keyField: String? = nil) -> [String: (source: String, target: String)] {
        var units: [String: (source: String, target: String)] = [:]
        for block in po.components(separatedBy: "\n\n") {
            var location: String?
            var field = ""
            var fields: [String: String] = [:]
            for line in block.split(separator: "\n") {
                if line.hasPrefix("#: ") {
                    location = String(line.dropFirst(3))
                } else if line.hasPrefix("msgctxt ") {
                    field = "msgctxt"; fields[field] = unquote(line.dropFirst(8))
                } else if line.hasPrefix("msgid ") {
                    field = "msgid"; fields[field] = unquote(line.dropFirst(6))
                } else if line.hasPrefix("msgstr ") {
                    field = "msgstr"; fields[field] = unquote(line.dropFirst(7))
                } else if line.hasPrefix("\"") {
                    fields[field, default: ""] += unquote(line[...])
                } else if line.hasPrefix("msg") {
                    field = ""
                }
            }
            if let location = keyField.map({ fields[$0] }) ?? location, let source = fields["msgid"], let target = fields["msgstr"] {
                units[location] = (stripMarkup(source), stripMarkup(target))
            }
        }
        return units
    }

    private static func unquote(_ text: Substring) -> String {
        var out = ""
        var escaping = false
        for character in text.dropFirst().dropLast() {
            if escaping {
                switch character {
                case "n": out += "\n"
                case "t": out += "\t"
                default: out.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                out.append(character)
            }
        }
        return out
    }

    /// `<xliff:g …>%1$s</xliff:g>` → `%1$s`.
    private static func stripMarkup(_ text: String) -> String {
        var out = text
        while let open = out.range(of: "<xliff:g"), let close = out.range(of: ">", range: open.upperBound..<out.endIndex) {
            out.removeSubrange(open.lowerBound..<close.upperBound)
        }
        return out.replacingOccurrences(of: "</xliff:g>", with: "")
    }
}
