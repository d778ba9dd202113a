import Foundation
import Platform
import Testing

@Suite("Byte-wise text matching and directory listing")
struct TextMatchingTests {
    @Test(
        "firstBytesRange finds the first occurrence by UTF-8 bytes",
        arguments: [
            ("locales/{{lng}}/{{ns}}.json", "/{{lng}}", "locales"),
            ("a/{{lng}}/b/{{lng}}", "/{{lng}}", "a"),
            ("héllo wörld", "wö", "héllo "),
            ("e\u{301}x", "\u{301}", "e"),
        ])
    func firstRange(text: String, target: String, before: String) throws {
        let range = try #require(text.firstBytesRange(of: target))
        #expect(String(text[..<range.lowerBound]) == before)
        #expect(String(text[range]) == target)
    }

    @Test("firstBytesRange is nil when there is no occurrence")
    func noRange() {
        #expect("abc".firstBytesRange(of: "abcd") == nil)
        #expect("abc".firstBytesRange(of: "x") == nil)
        #expect("abc".firstBytesRange(of: "") == nil)
        // Character matching would refuse this: "é" written as e + U+0301 is one Character.
        #expect("cafe\u{301}".firstBytesRange(of: "cafe") != nil)
    }

    @Test("directoryEntries lists the names without . and .., and is nil for what is not a directory")
    func listing() throws {
        let directory = NSTemporaryDirectory() + "envtool-listing-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory + "/sub", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data("x".utf8).write(to: URL(fileURLWithPath: directory + "/file.json"))
        try Data("x".utf8).write(to: URL(fileURLWithPath: directory + "/.hidden"))
        #expect(directoryEntries(directory)?.sorted() == [".hidden", "file.json", "sub"])
        #expect(directoryEntries(directory + "/sub") == [])
        #expect(directoryEntries(directory + "/file.json") == nil)
        #expect(directoryEntries(directory + "/missing") == nil)
    }
}
