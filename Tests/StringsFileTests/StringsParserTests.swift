import Diagnostics
import Foundation
import Testing

@testable import StringsFile

private func parse(_ text: String) throws -> StringsFile {
    try StringsFile(data: Data(text.utf8), path: "Test.strings")
}

private func parseError(_ text: String) -> Diagnostic? {
    do {
        _ = try parse(text)
        return nil
    } catch {
        return (error as? StringsFileError)?.diagnostic
    }
}

@Suite("Strings file grammar")
struct StringsParserTests {
    @Test("quoted keys and values, both comment styles")
    func basicEntries() throws {
        let file = try parse(
            """
            /* A block comment
               over two lines */
            "greeting" = "Hello"; // trailing comment
            "farewell"="Bye";
            """)
        #expect(file.table == ["greeting": "Hello", "farewell": "Bye"])
        #expect(file.keys == ["greeting", "farewell"])
        #expect(file.warnings.isEmpty)
    }

    @Test("the comment above an entry is its comment; a file header or a trailing remark is not")
    func comments() throws {
        let file = try parse(
            """
            /* Localizable.strings */

            /* Greeting on the first screen */
            "greeting" = "Hello"; // a trailing remark
            "farewell" = "Bye";
            // Line comment
            "yes" = "Yes";
            /*
               Padded
             */ "no" = "No";
            """)
        #expect(file.comments == ["greeting": "Greeting on the first screen", "yes": "Line comment", "no": "Padded"])
    }

    @Test("key locations come from the parser's offsets: escaped keys, first of duplicates, UTF-16 files")
    func keyLocations() throws {
        let text = "/* c */\n\"a\\U0062\" = \"1\";\n  \"é\" = \"2\"; \"dup\" = \"3\";\nbare = x;\n\"dup\" = \"4\";\n"
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("envtool-strings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, data) in [
            ("utf8.strings", Data(text.utf8)),
            ("utf16.strings", Data([0xFF, 0xFE]) + text.data(using: .utf16LittleEndian)!),
        ] {
            let path = directory.appendingPathComponent(name).path
            try data.write(to: URL(fileURLWithPath: path))
            let file = try StringsFile(contentsOf: path)
            let locations = file.keyLocations()
            #expect(locations["ab"]?.line == 2 && locations["ab"]?.column == 1, "\(name)")
            #expect(locations["é"]?.line == 3 && locations["é"]?.column == 3, "\(name)")
            #expect(locations["dup"]?.line == 3 && locations["dup"]?.column == 14, "\(name): the first definition")
            #expect(locations["bare"]?.line == 4 && locations["bare"]?.column == 1, "\(name)")
        }
        // Parsed from memory under a name that is not a file: located in the bytes parsed.
        let inMemory = try StringsFile(data: Data(text.utf8), path: "/nonexistent/x.strings").keyLocations()
        #expect(inMemory["dup"]?.line == 3 && inMemory["dup"]?.column == 14)
    }

    @Test("unquoted keys and values use CoreFoundation's character set")
    func unquoted() throws {
        let file = try parse("key_1 = value.with/slash:colon-dash$;")
        #expect(file["key_1"] == "value.with/slash:colon-dash$")
    }

    @Test("\"key\"; means key = key")
    func shorthand() throws {
        #expect(try parse("\"OK\";\n\"Cancel\" ;")["Cancel"] == "Cancel")
    }

    @Test("single-quoted strings are strings too")
    func singleQuotes() throws {
        #expect(try parse("'a' = 'it\"s';")["a"] == "it\"s")
    }

    @Test("a surrounding { } is allowed")
    func braces() throws {
        #expect(try parse("{ \"a\" = \"b\"; }\n")["a"] == "b")
    }

    @Test(
        "standard escapes",
        arguments: [
            ("\\n", "\n"), ("\\t", "\t"), ("\\r", "\r"), ("\\\"", "\""), ("\\\\", "\\"),
            ("\\a", "\u{07}"), ("\\b", "\u{08}"), ("\\f", "\u{0C}"), ("\\v", "\u{0B}"),
            ("\\'", "'"), ("\\q", "q"), ("\\é", "é"), ("\\\n", "\n"),
        ])
    func escapes(escape: String, expected: String) throws {
        #expect(try parse("\"k\" = \"<\(escape)>\";")["k"] == "<\(expected)>")
    }

    @Test("\\U takes four hex digits and surrogate pairs combine")
    func unicodeEscapes() throws {
        #expect(try parse(#""k" = "\U00e9\U20AC";"#)["k"] == "é€")
        #expect(try parse(#""k" = "\UD83D\UDE00";"#)["k"] == "😀")
    }

    @Test("a lone surrogate becomes U+FFFD with a warning")
    func loneSurrogate() throws {
        let file = try parse(#""k" = "a\UD83Db";"#)
        #expect(file["k"] == "a\u{FFFD}b")
        #expect(file.warnings.map(\.message).contains { $0.contains("surrogate") })
    }

    @Test("octal escapes read up to three digits, in the NeXTSTEP encoding above 0x7F")
    func octal() throws {
        #expect(try parse(#""k" = "\101\1012";"#)["k"] == "AA2")
        #expect(try parse(#""k" = "\341";"#)["k"] == "\u{00C6}")
        #expect(try parse(#""k" = "\200";"#)["k"] == "\u{00A0}")
    }

    @Test("\\u is a warning that suggests \\U, and stands for 'u' as on Apple platforms")
    func lowercaseU() throws {
        let file = try parse(#""k" = "\u00e9";"#)
        #expect(file["k"] == "u00e9")
        let warning = try #require(file.warnings.first)
        #expect(warning.severity == .warning)
        #expect(warning.message.contains("\\U"))
        #expect(warning.description.hasPrefix("Test.strings:1:8: warning:"))
    }

    @Test("a duplicate key is a warning and the last value wins")
    func duplicates() throws {
        let file = try parse("\"a\" = \"1\";\n\"b\" = \"2\";\n\"a\" = \"3\";\n")
        #expect(file["a"] == "3")
        #expect(file.keys == ["a", "b"])
        #expect(file.warnings.count == 1)
        #expect(file.warnings[0].line == 3)
        #expect(file.warnings[0].message.contains("first defined on line 1"))
    }

    @Test("a duplicate key takes the last definition's comment, or loses its comment when that has none")
    func duplicateComments() throws {
        let file = try parse("/* one */\n\"a\" = \"1\";\n/* two */\n\"b\" = \"2\";\n\n\"b\" = \"3\";\n/* three */\n\"a\" = \"4\";\n")
        #expect(file.comment(forKey: "a") == "three")
        #expect(file.comment(forKey: "b") == nil)
        #expect(file.comments == ["a": "three"])
        #expect(file.count == 2)
    }

    @Test("lookups find keys written with escapes, unquoted, empty, or as the key-only shorthand; nothing else")
    func lookups() throws {
        let file = try parse(
            """
            "a\\U0062" = "escaped \\"key\\"";
            bare = x;
            "" = "empty key";
            "same";
            "long key that is well past any small-string size" = "long";
            """)
        #expect(file["ab"] == "escaped \"key\"")
        #expect(file["bare"] == "x")
        #expect(file[""] == "empty key")
        #expect(file["same"] == "same")
        #expect(file["long key that is well past any small-string size"] == "long")
        #expect(file["a\\U0062"] == nil)
        #expect(file["b"] == nil)
        #expect(file["lon"] == nil)
        #expect(file.count == 5)
        #expect(file.comment(forKey: "ab") == nil)
        #expect(file.comment(forKey: "missing") == nil)
    }

    @Test("keys are compared byte for byte, as Apple's CFDictionary compares them: normalization forms differ")
    func byteWiseKeys() throws {
        // "é" precomposed (U+00E9) and decomposed (e + U+0301): equal as Swift Strings, two keys to Apple.
        let file = try parse("\"caf\u{E9}\" = \"composed\";\n\"cafe\u{301}\" = \"decomposed\";\n")
        #expect(file.warnings.isEmpty)
        #expect(file.count == 2)
        #expect(file["caf\u{E9}"] == "composed")
        #expect(file["cafe\u{301}"] == "decomposed")
    }

    @Test("a large table answers every key, including after many duplicates")
    func largeTable() throws {
        var text = ""
        for index in 0..<5_000 { text += "\"key.\(index)\" = \"value \(index)\";\n" }
        for index in stride(from: 0, to: 5_000, by: 50) { text += "\"key.\(index)\" = \"again \(index)\";\n" }
        let file = try parse(text)
        #expect(file.count == 5_000)
        #expect(file.warnings.count == 100)
        for index in 0..<5_000 {
            #expect(file["key.\(index)"] == (index % 50 == 0 ? "again \(index)" : "value \(index)"))
        }
        #expect(file["key.5000"] == nil)
        #expect(file.keys.prefix(3) == ["key.0", "key.1", "key.2"])
    }

    @Test("an empty file, or one with only comments, is an empty table")
    func empty() throws {
        #expect(try parse("").table.isEmpty)
        #expect(try parse("  // nothing\n/* here */\n").table.isEmpty)
    }

    @Test("UTF-8 with BOM and UTF-16 LE/BE with BOM")
    func encodings() throws {
        let text = "\"clé\" = \"valeur €\";"
        let utf8BOM = Data([0xEF, 0xBB, 0xBF]) + Data(text.utf8)
        var le = Data([0xFF, 0xFE])
        var be = Data([0xFE, 0xFF])
        for unit in text.utf16 {
            le.append(contentsOf: [UInt8(unit & 0xFF), UInt8(unit >> 8)])
            be.append(contentsOf: [UInt8(unit >> 8), UInt8(unit & 0xFF)])
        }
        for data in [utf8BOM, le, be] {
            #expect(try StringsFile(data: data, path: "x")["clé"] == "valeur €")
        }
    }

    @Test("UTF-16 without a BOM is refused with advice")
    func utf16WithoutBOM() {
        var data = Data()
        for unit in "\"a\" = \"b\";".utf16 { data.append(contentsOf: [UInt8(unit & 0xFF), UInt8(unit >> 8)]) }
        #expect(throws: StringsFileError.self) { try StringsFile(data: data, path: "x") }
    }

    @Test(
        "errors name line and column",
        arguments: [
            ("\"a\" = \"b\"; garbage", 1, 19, "expected '=' or ';' after the key"),
            ("\"a\" = \"b\";\n/* never closed", 2, 1, "unterminated comment"),
            ("\"a\" = \"b\";\n\"c\" = \"d\"\n\"e\" = \"f\";", 3, 1, "expected ';' after the value"),
            ("\"a\" = \"b\";\n\"c = \"d\";", 2, 7, "expected '=' or ';' after the key"),
            ("\"a\" = \"unterminated;\n", 1, 7, "unterminated string"),
            ("\"a\" = (\"x\", \"y\");", 1, 7, "the value must be a string"),
            ("\"a\" = { \"x\" = \"y\"; };", 1, 7, "the value must be a string"),
            ("\"a\" = ;", 1, 7, "expected a value"),
            ("= \"b\";", 1, 1, "expected a key"),
            ("\"a\" = \"b\"", 1, 10, "found the end of the file"),
            ("{ \"a\" = \"b\";", 1, 13, "expected '}'"),
            ("{ \"a\" = \"b\"; } extra", 1, 16, "after the closing '}'"),
            ("\"é\" = \"b\";\n  \"ü\" = x y;", 2, 11, "expected ';' after the value"),
        ])
    func errors(text: String, line: Int, column: Int, message: String) throws {
        let diagnostic = try #require(parseError(text))
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.line == line)
        #expect(diagnostic.column == column)
        #expect(diagnostic.message.contains(message), "\(diagnostic.message)")
        #expect(diagnostic.description.hasPrefix("Test.strings:\(line):\(column): error: "))
    }

    @Test("a stray quote is reported as such")
    func strayQuote() throws {
        let diagnostic = try #require(parseError("\"a\" = \"b\";\n\"\"c\" = \"d\";"))
        #expect(diagnostic.line == 2)
        #expect(diagnostic.message.contains("'c'") || diagnostic.message.contains("stray quote"))
    }

    @Test("invalid UTF-8 in a string is an error, not silently replaced")
    func invalidUTF8() throws {
        var data = Data("\"k\" = \"a".utf8)
        data.append(0xFF)
        data.append(contentsOf: "\";".utf8)
        #expect(throws: StringsFileError.self) { try StringsFile(data: data, path: "x") }
    }

    @Test("CRLF and CR line endings count as one line each")
    func lineEndings() throws {
        let diagnostic = try #require(parseError("\"a\" = \"b\";\r\n\"c\" = \"d\";\r@"))
        #expect(diagnostic.line == 3)
        #expect(diagnostic.column == 1)
    }

    @Test("an unreadable file is an error naming it")
    func unreadable() {
        do {
            _ = try StringsFile(contentsOf: "/nonexistent/x.strings")
            Issue.record("expected an error")
        } catch {
            #expect(String(describing: error).hasPrefix("/nonexistent/x.strings:1:1: error: cannot read the file: no such file"))
        }
    }
}
