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

    /// The best time of each of two bodies over `runs` rounds that alternate them, so that a
    /// change in the machine's load during the measurement falls on both alike.
    static func bestInterleaved(runs: Int, _ first: () throws -> Void, _ second: () throws -> Void) rethrows -> (Duration, Duration) {
        var best = (Duration.seconds(1_000_000), Duration.seconds(1_000_000))
        let clock = ContinuousClock()
        for _ in 0..<runs {
            best.0 = min(best.0, try clock.measure(first))
            best.1 = min(best.1, try clock.measure(second))
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
