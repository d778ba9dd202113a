import AppleLocalization
import Platform
/// How the converters write text into the formats' syntaxes: C-style quoted strings, which
/// `.strings` and `.po` share, and XML text and comments (XLIFF, `.stringsdict`).
enum TextEscaping {
    /// `text` for a place between double quotes: `"`, `\`, new line, tab and return escaped.
    static func quoted(_ text: String) -> String {
        // Most texts hold none of the five: the text itself, without a scalar-by-scalar copy.
        guard text.utf8.contains(where: { $0 == 0x22 || $0 == 0x5C || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// ``quoted(_:)`` appended to `out` as UTF-8 (the five characters are ASCII, so a byte
    /// scan finds exactly them).
    static func appendQuoted(_ text: String, to out: inout [UInt8]) {
        for byte in text.utf8 {
            switch byte {
            case 0x22: out.append(0x5C); out.append(0x22)
            case 0x5C: out.append(0x5C); out.append(0x5C)
            case 0x0A: out.append(0x5C); out.append(UInt8(ascii: "n"))
            case 0x09: out.append(0x5C); out.append(UInt8(ascii: "t"))
            case 0x0D: out.append(0x5C); out.append(UInt8(ascii: "r"))
            default: out.append(byte)
            }
        }
    }

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
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: result.unicodeScalars.append(isAllowedInXML(scalar) ? scalar : "\u{FFFD}")
            }
        }
        return result
    }

    /// `text` inside `<!-- … -->`, where entities are not read: characters XML cannot hold become
    /// U+FFFD, and every `--` (which would end the comment) becomes `- -`.
    static func xmlComment(_ text: String) -> String {
        var result = String(String.UnicodeScalarView(text.unicodeScalars.map { isAllowedInXML($0) ? $0 : "\u{FFFD}" }))
        while result.containsBytes("--") { result = result.replacingBytes("--", with: "- -") }
        return result
    }
}
