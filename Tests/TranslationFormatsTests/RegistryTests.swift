import AppleLocalization
import Diagnostics
import Foundation
import Testing
import TranslationFormats

/// A format written for this test only: `<lang>.kv`, one `key=value` line per entry. Registering
/// it must be all it takes for the converter to find, read and write it.
struct KeyValueFormat: TranslationFileFormat {
    var name: String { "kv" }
    var summary: String { "key=value lines, <lang>.kv" }
    var fileExtensions: [String] { ["kv"] }
    var defaultTableName: String { TranslationTable.defaultName }

    func discover(in directory: String) -> [TranslationSourceFile] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted().filter { $0.hasSuffix(".kv") }.map {
            TranslationSourceFile(path: directory + "/" + $0, language: String($0.dropLast(3)), table: defaultTableName, format: name)
        }
    }

    func languageAndTable(of path: String) -> (language: String?, table: String) {
        (String((path as NSString).lastPathComponent.dropLast(3)), defaultTableName)
    }

    func read(_ file: TranslationSourceFile, issues: inout [ConversionIssue]) throws(TranslationFileError<Self>) -> [TranslationTable] {
        let language = try requiredLanguage(of: file)
        let text = String(decoding: try contents(of: file), as: UTF8.self)
        var entries: [TranslationEntry] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where !line.isEmpty {
            let parts = line.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else {
                throw Failure(Diagnostic(file: file.path, line: index + 1, column: 1, message: "a kv line is key=value"))
            }
            entries.append(TranslationEntry(key: String(parts[0]), value: .single(TranslationMessage([.text(String(parts[1]))]))))
        }
        return [TranslationTable(name: neutralTableName(file.table), languages: [language: entries])]
    }

    func write(_ table: TranslationTable, to destination: String, singleFile: Bool, issues: inout [ConversionIssue]) throws(TranslationFileError<Self>)
        -> [TranslationConverter.Output]
    {
        table.languageOrder.map { language in
            let lines = (table.languages[language] ?? []).map { entry -> String in
                guard case .single(let message) = entry.value else {
                    issues.append(ConversionIssue(file: destination, language: language, key: entry.key, reason: "plurals cannot be written in kv"))
                    return entry.key + "="
                }
                return entry.key + "=" + message.pieces.map { piece in if case .text(let text) = piece { text } else { "?" } }.joined()
            }
            return TranslationConverter.Output(
                destination: destination, relativePath: singleFile ? nil : language + ".kv",
                data: Data((lines.joined(separator: "\n") + "\n").utf8))
        }
    }
}

@Suite("The format registry")
struct RegistryTests {
    @Test("envtool's formats, in search order, each found by name and by extension")
    func standard() {
        let registry = TranslationFormatRegistry.standard
        #expect(registry.names == ["xcstrings", "strings", "i18next", "po", "xliff", "android"])
        for format in registry.formats {
            #expect(registry.format(named: format.name)?.name == format.name)
            for fileExtension in format.fileExtensions { #expect(registry.format(forExtension: fileExtension.uppercased())?.name == format.name) }
        }
        #expect(registry.format(named: "kv") == nil)
        #expect(registry.format(forExtension: "txt") == nil)
    }

    @Test(
        "every format throws its own error type, which the converter carries as the model's TranslationError with the same diagnostic and kind: a malformed, an unreadable and a file of no known language, and a table a format cannot write"
    )
    func ownErrors() throws {
        // Each malformed at its first byte for its reader (`.strings` needs a key's quote).
        let malformed = ["xcstrings": "[", "strings": "\"a\" = ;", "i18next": "[", "po": "msgstr \"x\"\n", "xliff": "<x", "android": "<x"]
        let owns: [String: (any TranslationFailure) -> Bool] = [
            "xcstrings": { $0 is AppleLocalizationError }, "strings": { $0 is AppleLocalizationError }, "i18next": { $0 is I18NextResourceError },
            "po": { $0 is GettextError }, "xliff": { $0 is XLIFFError }, "android": { $0 is AndroidResourceError },
        ]
        let directory = TemporaryDirectory()
        for format in TranslationFormatRegistry.standard.formats {
            let own = try #require(owns[format.name])
            let name = format.name == "android" ? "values/strings.xml" : "en.\(format.fileExtensions[0])"
            let path = directory.path + "/\(format.name)/" + name
            directory.write("\(format.name)/" + name, try #require(malformed[format.name]))
            var converter = TranslationConverter()
            do {
                try converter.read(path, format: format, language: "en")
                Issue.record("\(format.name): no error")
            } catch {
                #expect(error.kind == .invalidInput && error.file == path, "\(format.name): \(error)")
                #expect(error.underlying.map(own) == true, "\(format.name): \(String(describing: error.underlying))")
                #expect(error.underlying?.diagnostic == error.diagnostic, "\(format.name)")
            }
            var issues: [ConversionIssue] = []
            let missing = TranslationSourceFile(path: directory.path + "/none", language: "en", table: "x", format: format.name)
            do {
                _ = try format.readTables(missing, issues: &issues)
                Issue.record("\(format.name): a missing file read")
            } catch {
                #expect(error.kind == .unreadable && error.underlying.map(own) == true, "\(format.name): \(error)")
            }
        }
        // A file whose language nothing tells (the usage error, exit 64), from the format itself.
        directory.write("loose.json", "{}")
        var issues: [ConversionIssue] = []
        do {
            _ = try I18NextJSONFormat().readTables(
                TranslationSourceFile(path: directory.path + "/loose.json", language: nil, table: "translation", format: "i18next"), issues: &issues)
            Issue.record("a file without a language read")
        } catch {
            #expect(error.kind == .usage && error.underlying is I18NextResourceError && error.message.contains("pass --language"), "\(error)")
        }
        // A table gettext cannot write as asked: a translator .po needs the source language's texts.
        let text = TranslationEntry(key: "files", value: .single(TranslationMessage([.text("files")])))
        do {
            _ = try GettextFormat(messageID: .source).writeTable(
                TranslationTable(name: "translation", languages: ["de": [text]]), to: directory.path + "/po", singleFile: false, issues: &issues)
            Issue.record("a translator .po written without a source language")
        } catch {
            #expect(error.kind == .usage && error.underlying is GettextError && error.message.contains("pass --source-language"), "\(error)")
        }
    }

    @Test("a format registered by a test is written and read by the converter, and listed with the others")
    func registered() throws {
        let registry = TranslationFormatRegistry.standard.registering(KeyValueFormat())
        #expect(registry.names.last == "kv")
        #expect(registry.summaries(indent: 2).contains("\n  kv         key=value lines, <lang>.kv"))
        #expect(registry.names(separatedBy: "|") == "xcstrings|strings|i18next|po|xliff|android|kv")
        #expect(registry.format(forExtension: "kv")?.name == "kv")

        let directory = TemporaryDirectory()
        directory.write("in/en/translation.json", #"{"greeting": "Hello", "title": "Files"}"#)
        directory.write("in/es/translation.json", #"{"greeting": "Hola", "title": "Archivos"}"#)
        var converter = TranslationConverter(registry: registry)
        try converter.read(directory.path + "/in")
        let outputs = try converter.plan(try #require(registry.format(named: "kv")), to: directory.path + "/out")
        #expect(outputs.map(\.relativePath) == ["en.kv", "es.kv"])
        #expect(String(decoding: outputs[1].data, as: UTF8.self) == "greeting=Hola\ntitle=Archivos\n")
        for output in outputs { directory.write("out/" + output.relativePath!, String(decoding: output.data, as: UTF8.self)) }

        var back = TranslationConverter(registry: registry)
        try back.read(directory.path + "/out")
        #expect(back.sourceFormat?.name == "kv")
        let json = try back.plan(try #require(registry.format(named: "i18next")), to: directory.path + "/json")
        #expect(json.map(\.relativePath) == ["en/translation.json", "es/translation.json"])
        #expect(String(decoding: json[1].data, as: UTF8.self).contains(#""greeting": "Hola""#))
    }

    @Test("a format registered by a test is linted by TranslationLinter, file by file, with nothing else to change")
    func linted() throws {
        let directory = TemporaryDirectory()
        directory.write("kv/en.kv", "greeting=Hello\n")
        directory.write("kv/es.kv", "greeting=Hola\nbroken line\n")
        directory.write("kv/fr.po", "msgid \"a\"\nmsgstr \"b\"\nmsgid \"a\"\nmsgstr \"c\"\n")
        let registry = TranslationFormatRegistry.standard.registering(KeyValueFormat())
        let kv = try #require(registry.format(named: "kv"))
        let findings = TranslationLinter(registry: registry).lint(directory: directory.path + "/kv", format: kv)
        #expect(findings.map(\.description) == [directory.path + "/kv/es.kv:2:1: error: a kv line is key=value"])
        // Every format of the registry when none is named: the .po's duplicate message too.
        let all = TranslationLinter(registry: registry).lint(directory: directory.path + "/kv")
        #expect(all.count == 2 && all.contains { $0.file?.hasSuffix("fr.po") == true && $0.severity == .error }, "\(all)")
        // The standard registry does not know kv files.
        #expect(TranslationLinter().lint(directory: directory.path + "/kv").allSatisfy { $0.file?.hasSuffix(".kv") != true })
    }

    @Test("the standard converter does not know the test's format")
    func unregistered() {
        let directory = TemporaryDirectory()
        directory.write("out/en.kv", "a=b\n")
        var converter = TranslationConverter()
        #expect { try converter.read(directory.path + "/out") } throws: { error in
            "\(error)".contains("no translation files in the directory (looked for xcstrings, strings, i18next, po, xliff, android)")
        }
    }

    @Test("a format that plans a path leaving the destination is stopped by the converter")
    func escapingFormat() throws {
        struct Escaping: TranslationFileFormat {
            var name: String { "escaping" }
            var summary: String { "writes ../x" }
            var fileExtensions: [String] { ["esc"] }
            var defaultTableName: String { "x" }
            func discover(in directory: String) -> [TranslationSourceFile] { [] }
            func languageAndTable(of path: String) -> (language: String?, table: String) { (nil, "x") }
            func read(_ file: TranslationSourceFile, issues: inout [ConversionIssue]) throws(TranslationFileError<Self>) -> [TranslationTable] { [] }
            func write(_ table: TranslationTable, to destination: String, singleFile: Bool, issues: inout [ConversionIssue]) throws(TranslationFileError<Self>)
                -> [TranslationConverter.Output]
            {
                [TranslationConverter.Output(destination: destination, relativePath: "../x", data: Data())]
            }
        }
        let directory = TemporaryDirectory()
        directory.write("in/en/translation.json", #"{"a": "b"}"#)
        var converter = TranslationConverter()
        try converter.read(directory.path + "/in")
        #expect { try converter.plan(Escaping(), to: directory.path + "/out") } throws: { error in
            (error as? TranslationError)?.kind == .invalidInput && "\(error)".contains("leaves the destination")
        }
    }
}
