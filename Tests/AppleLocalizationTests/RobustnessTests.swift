import AppleLocalization
import Foundation
import I18Next
import Testing

/// No input crashes the process: every truncation and many single-byte changes of the sample
/// files either parse or give an error, and formatting any of their texts with any arguments returns.
@Suite("Robustness")
struct RobustnessTests {
    static let files = ["environments/ru.lproj/Localizable.stringsdict", "multiple.stringsdict", "environments/Localizable.xcstrings"]

    static func parse(_ bytes: [UInt8], _ name: String) -> Bool {
        do {
            if name.hasSuffix(".xcstrings") {
                _ = try StringCatalog(data: Data(bytes), path: name)
            } else {
                _ = try StringsDictFile(data: Data(bytes), path: name)
            }
            return true
        } catch {
            #expect(error.diagnostic.line != nil && error.diagnostic.column != nil, "\(error)")
            return false
        }
    }

    @Test("every truncation parses or fails with a positioned error", arguments: files)
    func truncations(_ name: String) throws {
        let bytes = try #require(FileManager.default.contents(atPath: Fixtures.path(name))).map { $0 }
        var failures = 0
        for length in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 400)) where !Self.parse(Array(bytes[..<length]), name) {
            failures += 1
        }
        #expect(failures > 0)
        #expect(Self.parse(bytes, name))
    }

    @Test("single-byte changes parse or fail with a positioned error", arguments: files)
    func mutations(_ name: String) throws {
        let bytes = try #require(FileManager.default.contents(atPath: Fixtures.path(name))).map { $0 }
        var generator = SeededGenerator(seed: 12)
        let replacements: [UInt8] = Array("<>&;\"{}[],:/!?#%@$ \n".utf8) + [0x00, 0xFF, 0xC3]
        for _ in 0..<300 {
            var mutated = bytes
            mutated[Int.random(in: 0..<mutated.count, using: &generator)] = replacements.randomElement(using: &generator) ?? 0
            _ = Self.parse(mutated, name)
        }
    }

    @Test("formatting arbitrary format strings with arbitrary arguments returns")
    func arbitraryFormats() {
        let pieces = [
            "%", "%%", "%d", "%1$@", "%#@v@", "%2$#@v@", "%.999999f", "%-99999s", "%*d", "%n", "%lld", "%c", "x", "é", "%9999999999999999999$d", "%#@", "@",
        ]
        let rules = PluralRules(locale: "ar", kind: .cardinal)
        var generator = SeededGenerator(seed: 12)
        for _ in 0..<500 {
            let format = (0..<6).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
            let variable = PluralVariable(
                name: "v", valueType: ["d", "f", "@", nil].randomElement(using: &generator) ?? nil,
                forms: [.other: format, .zero: "%#@v@"])
            let arguments: [any CustomStringConvertible & Sendable] = [Int.min, Double.nan, -0.0, "text", Int.max, 1e308]
            let text = AppleStringFormatter.format(LocalizedFormat(format: format, variables: ["v": variable]), rules: rules, arguments: arguments)
            #expect(text.utf8.count < 1_000_000)
        }
    }
}
