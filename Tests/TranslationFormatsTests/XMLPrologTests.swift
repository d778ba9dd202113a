import AppleLocalization
import Foundation
import Testing

@testable import TranslationFormats

/// Issue #33, item 7: XLIFF and Android files are read by the property-list reader's XML core, and
/// its messages spoke of plists (a DOCTYPE subset) or said "found text" (a UTF-16 file).
@Suite("XLIFF and Android: a DOCTYPE subset and UTF-16 are refused in their own words")
struct XMLPrologTests {
    static let xliff = #"<xliff version="1.2"><file original="a" source-language="en" target-language="de" datatype="plaintext"><body/></file></xliff>"#
    static let android = #"<resources><string name="a">A</string></resources>"#

    static func message(xliff data: Data) -> String {
        var issues: [ConversionIssue] = []
        do throws(XLIFFError) {
            _ = try XLIFFFormat.read(data, path: "in.xliff", issues: &issues)
            return "read"
        } catch { return error.diagnostic.description }
    }

    static func message(android data: Data) -> String {
        var issues: [ConversionIssue] = []
        do throws(AndroidResourceError) {
            _ = try AndroidFormat.read(data, path: "res/values/strings.xml", language: "en", issues: &issues)
            return "read"
        } catch { return error.diagnostic.description }
    }

    @Test("a DOCTYPE with an internal subset is refused without a word about plists")
    func doctypeSubset() {
        let prolog = "<!DOCTYPE x [ <!ENTITY e SYSTEM \"file:///etc/passwd\"> ]>\n"
        for message in [Self.message(xliff: Data((prolog + Self.xliff).utf8)), Self.message(android: Data((prolog + Self.android).utf8))] {
            #expect(message.contains(":1:13: error: a DOCTYPE with declarations in [ ] is refused: they define entities"), "\(message)")
            #expect(!message.contains("plist") && !message.contains("Foundation"), "\(message)")
        }
    }

    @Test("a UTF-16 file, with or without a byte order mark, is said to be UTF-16", arguments: [true, false])
    func utf16(marked: Bool) throws {
        for (text, read) in [(Self.xliff, Self.message(xliff:)), (Self.android, Self.message(android:))] {
            var data = try #require(text.data(using: .utf16LittleEndian))
            if marked { data = Data([0xFF, 0xFE]) + data }
            let message = read(data)
            #expect(message.hasSuffix(":1:1: error: the file is UTF-16 (or UTF-32); save it as UTF-8"), "\(message)")
        }
        #expect(Self.message(xliff: Data(Self.xliff.utf8)) == "read")
        #expect(Self.message(android: Data(Self.android.utf8)) == "read")
    }
}
