// envbench: the figures behind envtool's performance claims. Run with
//     swift run -c release envbench [--entries N]
//     swift run -c release envbench --compare [--envtool PATH] [--runs N] [--only-conversion]   (whole processes vs jq, age, node, translate-toolkit)
//     swift run -c release envbench --only-json | --only-strings | --only-decrypt | --only-i18n | --workload ID | --decrypt-profile
// Figures, not assertions: timed checks do not belong in tests.
import Foundation

var arguments = Array(CommandLine.arguments.dropFirst())
var entries = 1_000_000
if let index = arguments.firstIndex(of: "--entries"), index + 1 < arguments.count, let value = Int(arguments[index + 1]) {
    entries = value
}

if let index = arguments.firstIndex(of: "--lookup-allocations"), index + 1 < arguments.count, let count = Int(arguments[index + 1]) {
    LookupBenchmark.allocationProbe(count: count)
    exit(0)
}

if let index = arguments.firstIndex(of: "--compare-setup"), index + 1 < arguments.count,
    let tool = arguments.firstIndex(of: "--envtool"), tool + 1 < arguments.count
{
    CompareBenchmark.prepare(directory: arguments[index + 1], envtool: arguments[tool + 1], onlyConversion: arguments.contains("--only-conversion"))
    exit(0)
}

if arguments.contains("--compare") {
    // Whole-process figures against jq, age, a static hello world and node + i18next.
    var envtool = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("envtool").path
    if let index = arguments.firstIndex(of: "--envtool"), index + 1 < arguments.count { envtool = arguments[index + 1] }
    var runs = 20
    if let index = arguments.firstIndex(of: "--runs"), index + 1 < arguments.count, let value = Int(arguments[index + 1]), value > 0 { runs = value }
    CompareBenchmark.run(envtool: envtool, runs: runs, onlyConversion: arguments.contains("--only-conversion"))
    exit(0)
}

if arguments.contains("--catalog") {
    // Issue #12: a plural lookup from a 20k-key String Catalog vs the same command on .strings.
    var envtool = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("envtool").path
    if let index = arguments.firstIndex(of: "--envtool"), index + 1 < arguments.count { envtool = arguments[index + 1] }
    var runs = 10
    if let index = arguments.firstIndex(of: "--runs"), index + 1 < arguments.count, let value = Int(arguments[index + 1]), value > 0 { runs = value }
    CatalogBenchmark.run(envtool: envtool, runs: runs)
    exit(0)
}

if arguments.contains("--only-json") {
    JSONBenchmark.run()
    exit(0)
}

if arguments.contains("--decrypt-profile") {
    // For profiling (valgrind --tool=callgrind): 20,000 decryptions of a 1 KiB file, nothing else.
    DecryptBenchmark.profileSmall()
    exit(0)
}

if let index = arguments.firstIndex(of: "--strings-memory-probe"), index + 3 < arguments.count {
    exit(StringsBenchmark.memoryProbe(parser: arguments[index + 1], path: arguments[index + 2], report: arguments[index + 3]))
}

if arguments.contains("--only-strings") {
    StringsBenchmark.run(entries: entries)
    exit(0)
}

if arguments.contains("--only-decrypt") {
    DecryptBenchmark.run()
    exit(0)
}

if arguments.contains("--memory-only") {
    TranslationBenchmark.memoryOnly()
    exit(0)
}

#if DEBUG
print("warning: this is a debug build; run `swift run -c release envbench` for meaningful figures\n")
#endif

// One workload is asked for to profile it: nothing else runs.
let onlyI18n = arguments.contains("--only-i18n") || arguments.contains("--workload")
if !arguments.contains("--skip-strings") && !onlyI18n { StringsBenchmark.run(entries: entries) }
if !onlyI18n { JSONBenchmark.run() }
if !onlyI18n { LookupBenchmark.run() }
if !onlyI18n {
    DecryptBenchmark.run()
    CommandBenchmark.run()
}
if let index = arguments.firstIndex(of: "--workload"), index + 1 < arguments.count {
    // For profiling one workload (valgrind --tool=callgrind): few iterations, no memory figure.
    TranslationBenchmark.run(only: arguments[index + 1], iterations: 20_000, measureMemory: false)
} else {
    TranslationBenchmark.run()
}
