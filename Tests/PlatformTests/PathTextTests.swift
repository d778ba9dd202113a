import Foundation
import Platform
import Testing

@Suite("PathText: NSString's path methods without full Foundation")
struct PathTextTests {
    static let paths = [
        "/a/b.json", "/a/b/", "a/b", "b.json", "/", "", "/a", "/a/b.tar.gz", "a/.hidden", "a/b.",
        "locales/en/translation.json", "./environments.json", "en.lproj/Localizable.strings",
    ]

    @Test("each method gives what NSString gives", arguments: paths)
    func matchesNSString(path: String) {
        let ns = path as NSString
        #expect(PathText.lastComponent(path) == ns.lastPathComponent)
        #expect(PathText.deletingLastComponent(path) == ns.deletingLastPathComponent)
        #expect(PathText.pathExtension(path) == ns.pathExtension)
        #expect(PathText.deletingExtension(path) == ns.deletingPathExtension)
        #expect(PathText.appending(path, "c.json") == ns.appendingPathComponent("c.json"))
    }

    /// swift-corelibs-foundation traps on `("a/" as NSString).deletingLastPathComponent`; these
    /// are Darwin's answers.
    @Test("a relative path with a trailing slash")
    func trailingSlash() {
        #expect(PathText.deletingLastComponent("a/") == "")
        #expect(PathText.lastComponent("a/") == "a")
        #expect(PathText.appending("a/", "b") == "a/b")
        #expect(PathText.deletingLastComponent("a//b//") == "a")
        // NSString also folds repeated slashes here; the path is left as written.
        #expect(PathText.deletingExtension("/tmp//x.strings") == "/tmp//x")
    }
}

@Suite("Platform: the helpers that stand in for full Foundation")
struct PlatformHelperTests {
    @Test("cFormat formats as C's printf, String(format:) on the same conversions")
    func cFormatting() {
        #expect(cFormat("%.3f", 1.0005) == String(format: "%.3f", 1.0005))
        #expect(cFormat("%.17e", 0.1) == "1.00000000000000006e-01")
        #expect(cFormat("%lld|%llx|%05.1f", Int64(-42), UInt64(255), 3.14159) == "-42|ff|003.1")
        #expect(cFormat("byte 0x%02X", UInt8(7)) == "byte 0x07")
        #expect(cFormat("%.780e", Double.leastNonzeroMagnitude).count == 787)  // "4." + 780 digits + "e-324"
        #expect(cFormat("") == "")
    }

    /// A locale whose decimal separator is a comma, where the system has one (Debian's `locales`).
    static func commaLocale() -> locale_t? {
        let names: [String] = ["de_DE.UTF-8", "de_DE.utf8", "fr_FR.UTF-8", "fr_FR.utf8"]
        return names.lazy.compactMap { newlocale(LC_NUMERIC_MASK, $0, nil) }.first
    }
    static let hasCommaLocale =
        commaLocale().map {
            freelocale($0); return true
        } ?? false

    @Test("cFormat writes a decimal point whatever locale the thread uses", .enabled(if: hasCommaLocale, "no locale with a decimal comma is installed"))
    func cFormatIgnoresLocale() throws {
        let german = try #require(Self.commaLocale())
        let previous = uselocale(german)
        defer { uselocale(previous) }
        #expect(String(cString: localeconv().pointee.decimal_point) == ",")
        #expect(cFormat("%.1f", 1.5) == "1.5")
    }

    @Test("hexString writes two lower-case digits a byte")
    func hexadecimal() {
        #expect(hexString([0x00, 0x0f, 0xa0, 0xff]) == "000fa0ff")
        #expect(hexString([UInt8]()) == "")
    }

    @Test(
        "trimming removes what Foundation's whitespace sets remove",
        arguments: [
            " \t a b \t ", "\u{00A0}x\u{3000}", "\n x \r\n", "", "   ", "\u{2028}y\u{85}",
        ])
    func trimming(text: String) {
        #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespaces))
        #expect(text.trimmingWhitespaceAndNewlines() == text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test("pathKind and unreadableReason tell a directory, a file and nothing apart")
    func kinds() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("platform-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/f.json"
        try Data("{}".utf8).write(to: URL(fileURLWithPath: file))
        #expect(pathKind(directory) == .directory)
        #expect(pathKind(file) == .file)
        #expect(pathKind(directory + "/missing") == nil)
        #expect(unreadableReason(directory) == "it is a directory")
        #expect(unreadableReason(directory + "/missing") == "no such file")
        if geteuid() != 0 {
            chmod(file, 0)
            #expect(unreadableReason(file) == "permission denied")
        }
    }

    @Test("executablePath names the running test binary")
    func executable() throws {
        let path = try #require(executablePath())
        #expect(path.hasPrefix("/"))
        #expect(pathKind(path) == .file)
    }
}
