import Foundation
import Testing

@testable import StringsFile

/// Generates valid strings files with every construct of the format and checks that our parser
/// and Foundation's (CoreFoundation's old-style property list parser) give the same table.
@Suite("Parity with Foundation's strings parser")
struct FoundationParityTests {
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }

        mutating func quotedContent() -> String {
            var text = ""
            for _ in 0..<next(12) {
                switch next(14) {
                case 0: text += "\\n"
                case 1: text += "\\t"
                case 2: text += "\\\""
                case 3: text += "\\\\"
                case 4: text += "\\U" + String(format: "%04X", [0xE9, 0x20AC, 0x4E2D, 0x0041][next(4)])
                case 5: text += "\\UD83D\\UDE00"
                case 6: text += "\\" + String(next(256), radix: 8)
                case 7: text += ["é", "ñ", "中文", "🙂", "ß"][next(5)]
                case 8: text += "\\" + ["a", "b", "f", "v", "r", "'", "x", "%"][next(8)]
                case 9: text += " "
                case 10: text += "%@ %1$d"
                default: text += String(UnicodeScalar(UInt8(97 + next(26))))
                }
            }
            return text
        }

        mutating func unquoted() -> String {
            let alphabet = Array("abcXYZ019_$/:.-")
            var text = String(alphabet[next(6)])
            for _ in 0..<next(8) { text.append(alphabet[next(alphabet.count)]) }
            return text
        }

        mutating func whitespace() -> String {
            ["", " ", "\n", "\t", " /* c */ ", "\r\n", " // line\n", "  \n  "][next(8)]
        }

        mutating func string(quote: Bool) -> String {
            if !quote, next(4) == 0 { return unquoted() }
            let mark = next(6) == 0 ? "'" : "\""
            let content = quotedContent()
            return mark + (mark == "'" ? content.replacingOccurrences(of: "\\'", with: "\\x").replacingOccurrences(of: "'", with: "") : content) + mark
        }

        mutating func file() -> String {
            var text = next(5) == 0 ? "\u{FEFF}" : ""
            let braced = next(5) == 0
            if braced { text += "{" }
            for index in 0..<(1 + next(25)) {
                text += whitespace()
                let key = next(3) == 0 ? "\"key\(index)\"" : string(quote: false)
                if next(8) == 0 {
                    text += key + whitespace() + ";"
                } else {
                    text += key + whitespace() + "=" + whitespace() + string(quote: false) + whitespace() + ";"
                }
            }
            text += whitespace()
            if braced { text += "}" }
            return text
        }
    }

    @Test("generated files parse to the same table as PropertyListSerialization")
    func parity() throws {
        var generator = Generator(state: 0x5EED)
        var compared = 0
        for _ in 0..<2000 {
            let text = generator.file()
            let data = Data(text.utf8)
            let theirs = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
            let table = try #require(theirs as? [String: String], "Foundation did not read:\n\(text)")
            let ours: StringsFile
            do {
                ours = try StringsFile(data: data, path: "generated.strings")
            } catch {
                Issue.record("\(error) for:\n\(text)")
                return
            }
            #expect(ours.table == table, "differs for:\n\(text)")
            compared += 1
        }
        #expect(compared == 2000)
    }

    @Test("the NeXTSTEP table matches Foundation for every octal escape")
    func octalTable() throws {
        for byte in 0..<256 {
            let data = Data("\"k\" = \"\\\(String(byte, radix: 8))\";".utf8)
            let theirs = try PropertyListSerialization.propertyList(from: data, options: [], format: nil) as? [String: String]
            #expect(try StringsFile(data: data, path: "x")["k"] == theirs?["k"], "byte \(byte)")
        }
    }
}
