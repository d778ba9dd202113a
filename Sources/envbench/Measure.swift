import Foundation

/// Timing helpers: best of several runs, since the fastest run is the one least disturbed by the machine.
enum Measure {
    static func best(runs: Int, _ body: () throws -> Void) rethrows -> Duration {
        var best = Duration.seconds(1_000_000)
        let clock = ContinuousClock()
        for _ in 0..<runs {
            let elapsed = try clock.measure(body)
            if elapsed < best { best = elapsed }
        }
        return best
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    static func row(_ label: String, _ value: String) {
        print("  " + label.padding(toLength: 44, withPad: " ", startingAt: 0) + value)
    }
}

/// Keeps the optimizer from deleting work whose result is otherwise unused.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
