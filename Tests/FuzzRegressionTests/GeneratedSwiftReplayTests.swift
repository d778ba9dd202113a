#if canImport(SwiftParser)
import Foundation
import FuzzHarnesses
import SwiftParser
import SwiftSyntax
import Testing

/// The Swift that the generate-swift target generates from every seed and crasher, parsed with
/// swift-syntax. The fuzzer checks each hole of the output without a parser (it is built without
/// the Extract trait); this checks the whole file as Swift reads it.
@Suite("Generated Swift of the fuzz inputs")
struct GeneratedSwiftReplayTests {
    static let inputs = (FuzzRegressionTests.seeds + FuzzRegressionTests.crashers).filter { $0.target == "generate-swift" }

    static func source(of input: FuzzRegressionTests.Input) throws -> String? {
        let data = try Data(contentsOf: URL(fileURLWithPath: input.path))
        return data.withUnsafeBytes { GenerateSwiftHarness.source(for: $0) }
    }

    @Test("every generate-swift input gives Swift that parses without errors and holds no # directive", arguments: inputs)
    func parses(input: FuzzRegressionTests.Input) throws {
        // A document the generator refuses generates nothing to parse.
        guard let source = try Self.source(of: input) else { return }
        let tree = Parser.parse(source: source)
        #expect(!tree.hasError)
        // `#error`, `#if`, `#sourceLocation` and macros all start with a `#` token; text in a
        // string literal is a string segment.
        let directives = tree.tokens(viewMode: .sourceAccurate).filter { token in
            if case .stringSegment = token.tokenKind { return false }
            return token.text.hasPrefix("#")
        }
        #expect(directives.isEmpty, "\(directives.map(\.text))")
    }

    @Test("every generate-swift seed reaches the generator")
    func seedsGenerate() throws {
        let seeds = Self.inputs.filter { !$0.path.contains("/Crashers/") }
        #expect(!seeds.isEmpty)
        for seed in seeds {
            #expect(try Self.source(of: seed) != nil, "\(seed.path)")
        }
    }
}
#endif
