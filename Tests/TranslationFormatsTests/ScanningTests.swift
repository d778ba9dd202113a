import AppleLocalization
import Foundation
import PrintfFormat
import StringsFile
import Testing

@testable import TranslationFormats

/// The readers and writers scan UTF-8 on their hot paths (a 20k-key × 10-language conversion,
/// `envbench --compare`); these tests hold them to what the Character-based code they replaced
/// gave, on texts made to catch the difference: combining marks after a brace, CR LF, emoji
/// sequences, `%`, quotes and escapes.
@Suite("byte scanning gives the Character-based results")
struct ScanningTests {
    /// The i18next placeholder reader as it was, searching Characters: the oracle.
    static func parseI18NextByCharacters(_ text: String) -> TranslationMessage {
        var message = TranslationMessage()
        var rest = Substring(text)
        while !rest.isEmpty {
            let open = rest.firstRange(of: "{{")
            let nest = rest.firstRange(of: "$t(")
            guard open != nil || nest != nil else { message.append(.text(String(rest))); break }
            if let open, nest.map({ open.lowerBound < $0.lowerBound }) ?? true {
                guard let close = rest[open.upperBound...].firstRange(of: "}}") else { message.append(.text(String(rest))); break }
                message.append(.text(String(rest[..<open.lowerBound])))
                var inside = String(rest[open.upperBound..<close.lowerBound]).trimmingWhitespaceForTest()
                let unescaped = inside.hasPrefix("-")
                if unescaped { inside = String(inside.dropFirst()).trimmingWhitespaceForTest() }
                var format: String? = nil
                if let comma = inside.firstIndex(of: ",") {
                    format = String(inside[inside.index(after: comma)...]).trimmingWhitespaceForTest()
                    inside = String(inside[..<comma]).trimmingWhitespaceForTest()
                }
                if let specifier = format, PlaceholderSyntax.isPrintfSpecifier(specifier) {
                    message.append(.placeholder(TranslationPlaceholder(name: inside, conversion: specifier, unescaped: unescaped)))
                } else {
                    message.append(.placeholder(TranslationPlaceholder(name: inside, format: format, unescaped: unescaped)))
                }
                rest = rest[close.upperBound...]
            } else if let nest {
                guard let close = rest[nest.upperBound...].firstIndex(of: ")") else { message.append(.text(String(rest))); break }
                message.append(.text(String(rest[..<nest.lowerBound])))
                message.append(.nesting(String(rest[nest.upperBound..<close])))
                rest = rest[rest.index(after: close)...]
            }
        }
        return message
    }

    /// The gettext placeholder reader as it was (the whole rest copied for each placeholder): the oracle.
    static func parseGettextByScalars(_ text: String) -> TranslationMessage {
        var message = TranslationMessage()
        let scalars = Array(text.unicodeScalars)
        var literal = String.UnicodeScalarView()
        var index = 0
        func flush() {
            message.append(.text(String(literal)))
            literal = String.UnicodeScalarView()
        }
        while index < scalars.count {
            guard scalars[index] == "%", index + 1 < scalars.count else {
                literal.append(scalars[index])
                index += 1
                continue
            }
            if scalars[index + 1] == "%" {
                literal.append("%")
                index += 2
                continue
            }
            if scalars[index + 1] == "(" {
                var end = index + 2
                while end < scalars.count, scalars[end] != ")" { end += 1 }
                // After the name, a printf conversion with its flags, width, precision and length
                // (`%(n)d`, `%(arg1).1f`, `%(arg2)lld`, as the writer gives Apple's specifiers):
                // read by the same tokenizer as a conversion that starts at the `)`.
                if end + 1 < scalars.count {
                    var tail: [Unicode.Scalar] = ["%"]
                    tail += scalars[(end + 1)...]
                    let (token, tokenEnd) = FormatString.token(at: 0, in: tail)
                    if case .conversion(let conversion) = token, conversion.position == nil,
                        conversion.width?.isArgument != true, conversion.precision?.isArgument != true,
                        "sdiouxXeEfFgGc".contains(conversion.conversion)
                    {
                        flush()
                        let name = String(String.UnicodeScalarView(scalars[(index + 2)..<end]))
                        var specifier = conversion.specifier
                        // `%(count)d` is the plural number: each format writes it its own way
                        // (Apple: %lld); a plain `s` is the default string, `@` in Apple's terms.
                        if specifier == "s" || (specifier == "d" && name == "count") {
                            message.append(.placeholder(TranslationPlaceholder(name: name, conversion: nil)))
                        } else {
                            if specifier.hasSuffix("s") { specifier = String(specifier.dropLast()) + "@" }
                            message.append(.placeholder(TranslationPlaceholder(name: name, conversion: specifier)))
                        }
                        index = end + tokenEnd
                        continue
                    }
                }
                literal.append(scalars[index])
                index += 1
                continue
            }
            // A printf conversion: gettext's c-format is the Apple grammar's C subset, read by
            // the same tokenizer.
            let (token, end) = FormatString.token(at: index, in: scalars)
            var parsed = TranslationMessage()
            PlaceholderSyntax.append(token, to: &parsed)
            if case .conversion = token, parsed.placeholders.count == 1 {
                flush()
                message.append(parsed.pieces[0])
                index = end
            } else {
                literal.append(scalars[index])
                index += 1
            }
        }
        flush()
        return message
    }

    /// Deterministic texts from an alphabet of the pieces that matter.
    static func texts(count: Int, seed: UInt64) -> [String] {
        let alphabet = [
            "{", "}", "{{", "}}", "$", "t", "(", ")", "$t(", "-", ",", " ", "a", "n", "\u{301}", "\r", "\n", "\r\n", "é", "😀",
            "\u{200D}", "👩‍💻", "%", "\"", "\\", "\t", "\u{600}", "lld", "number", "_one",
        ]
        var state = seed
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: state >> 33)
        }
        return (0..<count).map { _ in (0..<(next() % 14)).map { _ in alphabet[next() % alphabet.count] }.joined() }
    }

    @Test("parseI18Next finds the placeholders and nestings the Character search found")
    func i18nextPlaceholders() {
        let fixed = [
            "Hello {{name}}!", "{\u{301}{name}}", "{{name}\u{301}}", "{{- raw}}", "{{n, number}} and $t(key, {\"count\": 2})",
            "$t(\u{301}x)", "$t(x)\u{301})", "a\r\n{{b}}\r\n", "{{a}}{{b}}$t(c)$t(d", "{{", "}}", "$t(", "😀{{👩‍💻}}😀",
        ]
        for text in fixed + Self.texts(count: 20_000, seed: 7) {
            #expect(PlaceholderSyntax.parseI18Next(text) == Self.parseI18NextByCharacters(text), "\(text.debugDescription)")
        }
    }

    @Test(
        "parseI18Next is linear: twice the text is at most twice the bytes examined (issue #33: 40k {{x}} took 15 s)",
        arguments: ["{{x}}", "{{x}} ", "{{", "$t(", "{{x}}$t(a)", "é{{x}}", "$t(a){{", "}}{{ ", "{{x}"])
    func i18nextLinear(unit: String) {
        func steps(_ count: Int) -> Int {
            var steps = 0
            let message = PlaceholderSyntax.parseI18Next(String(repeating: unit, count: count), steps: &steps)
            #expect(!message.pieces.isEmpty)
            return steps
        }
        let single = steps(20_000)
        let double = steps(40_000)
        #expect(double <= 2 * single + 16, "\(unit): \(single) steps for 20,000 copies, \(double) for 40,000")
        #expect(single <= 3 * 20_000 * unit.utf8.count + 16, "\(unit): \(single) steps for \(20_000 * unit.utf8.count) bytes")
    }

    @Test("parseGettext reads the placeholders the full tokenizer read")
    func gettextPlaceholders() {
        let fixed = [
            "%(name)s", "%(count)d items", "%(a).2f%(b)lld %(c)10s %(d)", "%(x)" + String(repeating: "9", count: 80) + "d",
            "100% done", "%%(n)s", "%s %1$@ %d", "%(n)\u{301}s", "%(é)s",
            "%(a)d%(count)d%%", "50%", "%(x)z %(y)s", "\u{600}%(n)s", "%(n)s\u{301}", "%(unclosed s", "%(a%b)s", "%()s",
        ]
        let gettextTexts = Self.texts(count: 20_000, seed: 13).map { $0.replacing("{{", with: "%(").replacing("}}", with: ")s") }
        for text in fixed + gettextTexts {
            #expect(PlaceholderSyntax.parseGettext(text) == Self.parseGettextByScalars(text), "\(text.debugDescription)")
            // From the UTF-8 bytes, as the .po reader parses a plain msgstr.
            let fromBytes = Array(text.utf8).withUnsafeBufferPointer { PlaceholderSyntax.parseGettext($0) }
            #expect(fromBytes == PlaceholderSyntax.parseGettext(text), "\(text.debugDescription)")
        }
    }

    @Test("lines split at LF and CR LF as the Characters \"\\n\" and \"\\r\\n\" split them; a lone CR stays", arguments: [false, true])
    func lines(asSubstring: Bool) {
        let fixed = ["", "\n", "a\r\nb", "a\rb\n", "\r", "\r\r\n", "é\u{301}\r\n😀\n\n", "x\n\r"]
        for text in fixed + Self.texts(count: 5_000, seed: 17) {
            let expected = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }.map(String.init)
            // A substring of a larger text too: its offsets start inside the base string. The
            // control characters around it always end a Character, so the slice is the text.
            let found =
                asSubstring
                ? ("pre\u{1}" + text + "\u{1}post").dropFirst(4).dropLast(5).splitLines().map(String.init)
                : text.splitLines().map(String.init)
            #expect(found == expected, "\(text.debugDescription)")
        }
    }

    @Test(
        "quoting for .strings and .po is the scalar-by-scalar result, control characters as each syntax's readers take them, and the readers give the text back; % doubling too"
    )
    func escaping() throws {
        let controls = ["a\u{0}b", "\u{1B}[31m", "\u{7}\u{8}\u{B}\u{C}\u{7F}", "\u{1}7", "x\u{1F}\u{0}"]
        for text in Self.texts(count: 5_000, seed: 11) + ["", "plain", "\"q\"\\\n\t\r", "100%", "%\u{301}"] + controls {
            var strings = ""
            var gettext = ""
            for scalar in text.unicodeScalars {
                let shared: String? =
                    switch scalar {
                    case "\"": "\\\""
                    case "\\": "\\\\"
                    case "\n": "\\n"
                    case "\t": "\\t"
                    case "\r": "\\r"
                    default: nil
                    }
                if let shared {
                    strings += shared
                    gettext += shared
                } else if scalar.value < 0x20 || scalar.value == 0x7F {
                    strings += "\\U00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16, uppercase: true)
                    switch scalar.value {
                    case 0: break
                    case 7: gettext += "\\a"
                    case 8: gettext += "\\b"
                    case 0xB: gettext += "\\v"
                    case 0xC: gettext += "\\f"
                    default:
                        let octal = String(scalar.value, radix: 8)
                        gettext += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
                    }
                } else {
                    strings.unicodeScalars.append(scalar)
                    gettext.unicodeScalars.append(scalar)
                }
            }
            #expect(TextEscaping.quoted(text, for: .strings) == strings, "\(text.debugDescription)")
            #expect(TextEscaping.quoted(text, for: .gettext) == gettext, "\(text.debugDescription)")
            #expect(TextEscaping.holdsNUL(text) == text.unicodeScalars.contains("\u{0}"))
            // The readers give back the text: all of it from .strings, all but NUL from .po.
            let table = try StringsFile(data: Data("\"k\" = \"\(strings)\";\n".utf8), path: "t.strings")
            #expect(table["k"] == text, "\(text.debugDescription)")
            let read = try GettextFormat.unquote("\"\(gettext)\""[...], line: 1, column: { 1 }, path: "t.po")
            #expect(read == String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\u{0}" })), "\(text.debugDescription)")
            let doubled = String(String.UnicodeScalarView(text.unicodeScalars.flatMap { $0 == "%" ? ["%", "%"] : [$0] }))
            #expect(PlaceholderSyntax.doublingPercent(text) == doubled, "\(text.debugDescription)")
        }
    }

    @Test(
        ".po numeric escapes: octal and hex read as GNU gettext reads ASCII; NUL and bytes beyond ASCII refused at their column",
        arguments: [
            (#""a\101\x42-c""#, "aAB-c"), (#""\0331""#, "\u{1B}1"), (#""\x1B[0m""#, "\u{1B}[0m"), (#""\7x""#, "\u{7}x"),
        ])
    func gettextNumericEscapes(quoted: String, expected: String) throws {
        #expect(try GettextFormat.unquote(quoted[...], line: 1, column: { 1 }, path: "t.po") == expected)
    }

    @Test(
        ".po numeric escapes that gettext would not read as a character are errors naming the fix",
        arguments: [
            (#""a\000""#, "NUL"), (#""\x""#, "hex digits"), (#""\xE9""#, "above 0x7F"), (#""\x1bb""#, "above 0x7F"), (#""\400""#, "above 0x7F"),
        ])
    func gettextNumericEscapeErrors(quoted: String, message: String) {
        do {
            _ = try GettextFormat.unquote(quoted[...], line: 3, column: { 8 }, path: "t.po")
            Issue.record("\(quoted) was read")
        } catch {
            #expect(error.diagnostic.message.contains(message), "\(error.diagnostic)")
            #expect(error.diagnostic.line == 3)
        }
    }
}

extension String {
    /// Platform's `trimmingWhitespace` as it was (tabs and space separators off both ends).
    fileprivate func trimmingWhitespaceForTest() -> String {
        func drop(_ scalar: Unicode.Scalar) -> Bool { scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !drop($0) }), let last = scalars.lastIndex(where: { !drop($0) }) else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
