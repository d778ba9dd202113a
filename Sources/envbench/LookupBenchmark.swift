import EnvironmentKit
import Foundation

/// Configuration lookups: every path is indexed on the second lookup (the first scans the
/// configuration's bytes), so from then on a lookup is one hash probe.
enum LookupBenchmark {
    /// Only `count` lookups, for `valgrind` to count heap allocations: the total must not grow with `count`.
    static func allocationProbe(count: Int) {
        let json = #"{"languages": ["en"], "configurations": {"Release": {"base_url": "https://api.example.com/v1", "api": {"timeout": 30}}}}"#
        let configuration = try! EnvironmentsDocument(data: Data(json.utf8)).configuration(named: "Release")
        // The first two lookups parse the configuration and build its index, for any count.
        blackHole(configuration["base_url"])
        blackHole(configuration["api.timeout"])
        for _ in 0..<count {
            blackHole(configuration["base_url"])
            blackHole(try! configuration.int("api.timeout"))
        }
    }

    static func run() {
        print("configuration lookup")
        let json = """
            {"languages": ["en"], "configurations": {"Release": {
              "base_url": "https://api.example.com/v1", "max_retries": 3,
              "api": {"timeout": 30, "keys": {"maps": "prod"}}}}}
            """
        let document = try! EnvironmentsDocument(data: Data(json.utf8))
        let configuration = try! document.configuration(named: "Release")
        let iterations = 5_000_000
        let cases: [(String, (Configuration) -> Void)] = [
            ("subscript[\"base_url\"]", { blackHole($0["base_url"]) }),
            ("string(\"base_url\")", { blackHole(try! $0.string("base_url")) }),
            ("int(\"api.timeout\") (nested path)", { blackHole(try! $0.int("api.timeout")) }),
            ("string(\"api.keys.maps\") (3 levels)", { blackHole(try! $0.string("api.keys.maps")) }),
        ]
        for (label, body) in cases {
            let elapsed = Measure.best(runs: 3) {
                for _ in 0..<iterations { body(configuration) }
            }
            Measure.row(label, String(format: "%6.1f ns/call", Measure.seconds(elapsed) * 1e9 / Double(iterations)))
        }
        print()
    }
}
