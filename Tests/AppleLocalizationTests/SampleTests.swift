import Foundation
import Testing

@Suite("Samples")
struct SampleTests {
    /// The repository's `environments/`, found from this file (not from the working directory).
    static let repositorySample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("environments").path

    @Test(
        "the fixture copies are the repository's sample files",
        arguments: [
            "Localizable.xcstrings", "ru.lproj/Localizable.stringsdict", "en.lproj/Localizable.strings",
            "es.lproj/Localizable.strings", "ca.lproj/Localizable.strings",
        ])
    func fixturesMatchSample(_ name: String) throws {
        let sample = try #require(FileManager.default.contents(atPath: Self.repositorySample + "/" + name))
        let fixture = try #require(FileManager.default.contents(atPath: Fixtures.path("environments/" + name)))
        #expect(sample == fixture, "copy environments/\(name) to Tests/AppleLocalizationTests/Fixtures/environments/")
    }
}
