import AppleLocalization
import Platform

/// How the converters write text into the formats' syntaxes: C-style quoted strings, which
/// `.strings` and `.po` share, and XML text and comments (XLIFF, `.stringsdict`).
enum TextEscaping {
    /// The two C-style quoted syntaxes: they share `\"`, `\\`, `\n`, `\t` and `\r`, and differ in
    /// how another control character is written.
    enum QuotedSyntax {
        /// Apple `.strings`: `\U` and four hex digits, which CoreFoundation reads for any character, NUL too.
        case strings
        /// gettext `.po`: `\a`, `\b`, `\f`, `\v` or three octal digits, as GNU gettext reads them.
        /// NUL has no place (it ends a message in a `.mo` file): the writer leaves it out and says so.
        case gettext
    }

    /// Whether `scalar` is a control character that neither syntax may hold raw: a raw one is
    /// read as it is by some tools and not at all by others (a NUL ends the text for msgfmt).
    private static func isEscapedControl(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x0A && byte != 0x09 && byte != 0x0D) || byte == 0x7F
    }

    /// What a gettext writer reports for a key whose text held a NUL.
    static let gettextNULLossReason = "gettext cannot hold the NUL character (U+0000), which ends a message in .mo files; left out"

    /// Whether `text` holds a NUL, which ``appendQuoted(_:for:to:)`` leaves out of gettext text.
    static func holdsNUL(_ text: String) -> Bool { text.containsByte(0) }

    /// Whether `byte` is escaped between double quotes: `"`, `\`, a control character.
    private static func isEscaped(_ byte: UInt8) -> Bool {
        byte == 0x22 || byte == 0x5C || byte < 0x20 || byte == 0x7F
    }

    /// `text` for a place between double quotes in `syntax`.
    static func quoted(_ text: String, for syntax: QuotedSyntax) -> String {
        // Most texts hold none of the characters escaped: the text itself, without a copy.
        guard text.utf8.contains(where: isEscaped) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 8)
        appendQuoted(text, for: syntax, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// ``quoted(_:for:)`` appended to `out` as UTF-8 (every character escaped is ASCII, so a byte
    /// scan finds exactly them).
    static func appendQuoted(_ text: String, for syntax: QuotedSyntax, to out: inout [UInt8]) {
        // Most texts hold nothing to escape: their bytes are appended at once, not one by one (a
        // large `.po` writes a quoted string for every msgid and msgstr).
        let appended = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard !bytes.contains(where: isEscaped) else { return false }
            out.append(contentsOf: bytes)
            return true
        }
        if appended == true { return }
        for byte in text.utf8 {
            switch byte {
            case 0x22: out.append(0x5C); out.append(0x22)
            case 0x5C: out.append(0x5C); out.append(0x5C)
            case 0x0A: out.append(0x5C); out.append(UInt8(ascii: "n"))
            case 0x09: out.append(0x5C); out.append(UInt8(ascii: "t"))
            case 0x0D: out.append(0x5C); out.append(UInt8(ascii: "r"))
            case _ where isEscapedControl(byte):
                switch syntax {
                case .strings:
                    out.append(contentsOf: [0x5C, UInt8(ascii: "U"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                    out.append(contentsOf: [hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]])
                case .gettext:
                    switch byte {
                    case 0x00: break
                    case 0x07: out.append(0x5C); out.append(UInt8(ascii: "a"))
                    case 0x08: out.append(0x5C); out.append(UInt8(ascii: "b"))
                    case 0x0B: out.append(0x5C); out.append(UInt8(ascii: "v"))
                    case 0x0C: out.append(0x5C); out.append(UInt8(ascii: "f"))
                    default:
                        // Always three digits, so a digit that follows is not read into the escape.
                        out.append(contentsOf: [0x5C, 0x30 + (byte >> 6), 0x30 + (byte >> 3 & 7), 0x30 + (byte & 7)])
                    }
                }
            default: out.append(byte)
            }
        }
    }

    /// The digits of a `\U00XX` escape, made once (each call made them).
    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// What the XML writers report for a key whose text held a character XML cannot.
    static let xmlLossReason = "XML 1.0 cannot hold control characters other than tab, new line and return; each is written as U+FFFD"

    /// XML 1.0 holds no control characters but tab, new line and return, not even as references.
    static func isAllowedInXML(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x20 || scalar == "\t" || scalar == "\n" || scalar == "\r"
    }

    /// Whether ``xml(_:)`` or ``xmlComment(_:)`` would replace a character of `text`.
    static func losesCharactersInXML(_ text: String) -> Bool {
        !text.unicodeScalars.allSatisfy(isAllowedInXML)
    }

    /// `text` as XML character data or an attribute value; characters XML cannot hold become U+FFFD.
    static func xml(_ text: String) -> String {
        text.replacingScalars(xmlEscapes) { isAllowedInXML($0) ? nil : "\u{FFFD}" }
    }

    private static let xmlEscapes = ASCIIEscapes(["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&apos;"])

    /// `text` inside `<!-- … -->`, where entities are not read: characters XML cannot hold become
    /// U+FFFD, and every `--` (which would end the comment) becomes `- -`.
    static func xmlComment(_ text: String) -> String {
        var result = String(String.UnicodeScalarView(text.unicodeScalars.map { isAllowedInXML($0) ? $0 : "\u{FFFD}" }))
        while result.containsBytes("--") { result = result.replacingBytes("--", with: "- -") }
        return result
    }
}
