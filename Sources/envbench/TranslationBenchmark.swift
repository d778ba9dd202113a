import Foundation
import I18Next

/// t() calls per second for the workloads in Tests/I18NextTests/Fixtures/conformance/bench-workloads.json,
/// next to the real i18next's figures recorded in that file, and memory for a large resource set.
enum TranslationBenchmark {
    static func run(only: String? = nil, iterations: Int = 200_000, measureMemory: Bool = true) {
        print("i18next t() (workloads from Tests/I18NextTests/Fixtures/conformance/bench-workloads.json)")
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let path = root.appendingPathComponent("Tests/I18NextTests/Fixtures/conformance/bench-workloads.json").standardized.path
        guard let data = FileManager.default.contents(atPath: path),
              case .object(let file)? = try? I18nValue(jsonData: data, source: path),
              case .object(let resources)? = file["resources"], case .object(let inits)? = file["inits"],
              case .array(let workloads)? = file["workloads"] else {
            print("  skipped: \(path) not found\n")
            return
        }
        var engines: [String: I18Next] = [:]
        for (name, value) in inits.members {
            guard case .object(let initObject) = value, var options = try? I18NextOptions(json: initObject) else { continue }
            options.resources = resources
            engines[name] = I18Next(options: options)
        }
        Measure.row("workload", "   ours/s   i18next/s   ratio (target ≥ 8×; 10× simple, nested)")
        for workload in workloads {
            guard case .object(let spec) = workload, let id = spec["id"]?.stringValue, let initName = spec["init"]?.stringValue,
                  let engine = engines[initName], let key = spec["key"]?.stringValue, only == nil || only == id else { continue }
            var options = I18nObject()
            if case .object(let given)? = spec["options"] { options = given }
            let callOptions = TranslationOptions(options)
            precondition(engine.t(key, callOptions) == spec["expected"], "\(id) gives a wrong result")
            for _ in 0..<iterations / 4 { blackHole(engine.t(key, callOptions)) }   // warm-up, as the reference's figures
            let elapsed = Measure.best(runs: 5) {
                for _ in 0..<iterations { blackHole(engine.t(key, callOptions)) }
            }
            let ours = Double(iterations) / Measure.seconds(elapsed)
            let reference = spec["reference_ops_per_s"]?.numberValue ?? .nan
            Measure.row(id, String(format: "%9.0f %11.0f %8.2f×", ours, reference, ours / reference))
        }
        if measureMemory { memory() }
        print()
    }

    private static func residentKiB() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
    }

    /// Measured in a fresh process (`envbench --memory-only`), where memory the other benchmarks
    /// freed cannot hide the growth.
    private static func memory() {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["--memory-only"]
        let pipe = Pipe()
        process.standardOutput = pipe
        guard (try? process.run()) != nil else { return }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        print(String(decoding: output, as: UTF8.self), terminator: "")
    }

    /// The resident memory a large resource set adds to a process that has done nothing else.
    static func memoryOnly() {
        let before = residentKiB()
        var resources = I18nObject()
        for language in 0..<50 {
            var keys = I18nObject()
            for index in 0..<10_000 {
                keys["section\(index / 100).key\(index)"] = .string("Translation \(index) for language \(language) with {{value}}")
            }
            resources["l\(language)"] = .object(["translation": .object(keys)])
        }
        var options = I18NextOptions()
        options.lng = "l0"
        options.resources = resources
        let engine = I18Next(options: options)
        resources = I18nObject()
        blackHole(engine.t("section1.key100", ["value": "x"]))
        let after = residentKiB()
        Measure.row("resident memory, 50 languages × 10,000 keys", String(format: "%6.1f MiB", Double(after - before) / 1024))
        blackHole(engine)
    }
}
