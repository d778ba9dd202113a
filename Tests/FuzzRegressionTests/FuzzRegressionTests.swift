import Foundation
import FuzzHarnesses
import Testing

/// Replays every input the fuzzers ever failed on (`Fuzz/Crashers/<target>/`) and every seed
/// (`Fuzz/Corpus/<target>/`) through the same harness function libFuzzer calls. A regression
/// traps, which fails the whole test run: that is the assertion.
///
/// The inputs are read from the repository (located from this file), not copied into fixtures:
/// `scripts/fuzz` adds crashers there and they must be replayed without another step.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    static let fuzzDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz")

    struct Input: Sendable, CustomTestStringConvertible {
        let target: String
        let path: String
        var testDescription: String { "\(target)/\(URL(fileURLWithPath: path).lastPathComponent)" }
    }

    static func inputs(in folder: String) -> [Input] {
        let root = fuzzDirectory.appendingPathComponent(folder).path
        let targets = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        return targets.sorted().flatMap { target in
            let names = (try? FileManager.default.contentsOfDirectory(atPath: root + "/" + target)) ?? []
            return names.filter { !$0.hasPrefix(".") }.sorted().map { Input(target: target, path: root + "/" + target + "/" + $0) }
        }
    }

    static let crashers = inputs(in: "Crashers")
    static let seeds = inputs(in: "Corpus")

    static func replay(_ input: Input) throws {
        let target = try #require(FuzzTarget.named(input.target), "\(input.path) is in a folder that names no fuzz target")
        let data = try Data(contentsOf: URL(fileURLWithPath: input.path))
        data.withUnsafeBytes { target.run($0) }
    }

    @Test("every found crasher returns", arguments: crashers)
    func crasherReturns(input: Input) throws {
        try Self.replay(input)
    }

    @Test("every seed returns", arguments: seeds)
    func seedReturns(input: Input) throws {
        try Self.replay(input)
    }

    @Test("every target has seeds, and the folders name only targets")
    func foldersMatchTargets() {
        let seeded = Set(Self.seeds.map(\.target))
        #expect(seeded == Set(FuzzTarget.all.map(\.name)))
        for input in Self.crashers {
            #expect(FuzzTarget.named(input.target) != nil, "\(input.path)")
        }
    }
}
