import Foundation
import I18Next

/// t() calls per second for the workloads in Tests/I18NextTests/Fixtures/conformance/bench-workloads.json,
/// next to the real i18next's on node measured in the same run (when `I18NEXT_SRC` names the `src/`
/// of an i18next checkout and node is installed) or else the figures recorded in that file, and
/// memory for a large resource set.
enum TranslationBenchmark {
    static func run(only: String? = nil, iterations: Int = 200_000, measureMemory: Bool = true) {
        print("i18next t() (workloads from Tests/I18NextTests/Fixtures/conformance/bench-workloads.json)")
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let path = root.appendingPathComponent("Tests/I18NextTests/Fixtures/conformance/bench-workloads.json").standardized.path
        guard let data = FileManager.default.contents(atPath: path),
            case .object(let file)? = try? I18nValue(jsonData: data, source: path),
            case .object(let resources)? = file["resources"], case .object(let inits)? = file["inits"],
            case .array(let workloads)? = file["workloads"]
        else {
            print("  skipped: \(path) not found\n")
            return
        }
        var engines: [String: I18Next] = [:]
        for (name, value) in inits.members {
            guard case .object(let initObject) = value, var options = try? I18NextOptions(json: initObject) else { continue }
            options.resources = resources
            engines[name] = I18Next(options: options)
        }
        // The reference first, in its own process, so that both sides see the same machine.
        let measured = measuredReference(workloadsPath: path)
        let source = measured == nil ? "recorded in the file" : "i18next on node, this run"
        Measure.row("workload", "   ours/s   i18next/s   ratio (target ≥ 8×; 10× simple, nested); i18next: \(source)")
        for workload in workloads {
            guard case .object(let spec) = workload, let id = spec["id"]?.stringValue, let initName = spec["init"]?.stringValue,
                let engine = engines[initName], let key = spec["key"]?.stringValue, only == nil || only == id
            else { continue }
            var options = I18nObject()
            if case .object(let given)? = spec["options"] { options = given }
            let callOptions = TranslationOptions(options)
            precondition(engine.t(key, callOptions) == spec["expected"], "\(id) gives a wrong result")
            for _ in 0..<iterations / 4 { blackHole(engine.t(key, callOptions)) }  // warm-up, as the reference's figures
            let elapsed = Measure.best(runs: 5) {
                for _ in 0..<iterations { blackHole(engine.t(key, callOptions)) }
            }
            let ours = Double(iterations) / Measure.seconds(elapsed)
            let reference = measured?[id] ?? spec["reference_ops_per_s"]?.numberValue ?? .nan
            Measure.row(id, String(format: "%9.0f %11.0f %8.2f×", ours, reference, ours / reference))
        }
        if measureMemory { memory() }
        print()
    }

    /// Calls per second of the real i18next for each workload, measured as the recorded figures
    /// were (a warm-up, then the median of five timed runs), by node in a process of its own; `nil`
    /// without `I18NEXT_SRC` or node. Node times itself, so starting it with Foundation's
    /// `Process` costs the figures nothing.
    private static func measuredReference(workloadsPath: String) -> [String: Double]? {
        guard let source = ProcessInfo.processInfo.environment["I18NEXT_SRC"], ChildProcess.available("node") else { return nil }
        let script = NSTemporaryDirectory() + "envbench-i18next-workloads-\(UUID().uuidString).mjs"
        defer { unlink(script) }
        let text = """
            import { readFileSync } from 'node:fs';
            const { default: i18next } = await import(process.argv[2]);
            const file = JSON.parse(readFileSync(process.argv[3], 'utf8'));
            const rates = {};
            for (const workload of file.workloads) {
              const instance = i18next.createInstance();
              await instance.init({ ...file.inits[workload.init], resources: file.resources });
              const { key, options } = workload;
              if (instance.t(key, options) !== workload.expected) throw new Error(`${workload.id}: ${instance.t(key, options)}`);
              for (let i = 0; i < 50000; i++) instance.t(key, options);
              const runs = [];
              for (let run = 0; run < 5; run++) {
                let calls = 0;
                const start = process.hrtime.bigint();
                let seconds = 0;
                while (seconds < 0.5) {
                  for (let i = 0; i < 10000; i++) instance.t(key, options);
                  calls += 10000;
                  seconds = Number(process.hrtime.bigint() - start) / 1e9;
                }
                runs.push(calls / seconds);
              }
              runs.sort((a, b) => a - b);
              rates[workload.id] = runs[2];
            }
            console.log(JSON.stringify(rates));
            """
        guard FileManager.default.createFile(atPath: script, contents: Data(text.utf8)) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["node", script, source + "/index.js", workloadsPath]
        // i18next's src/ has no package type, for which node warns on every start.
        process.environment = ProcessInfo.processInfo.environment.merging(["NODE_NO_WARNINGS": "1"]) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        guard (try? process.run()) != nil else { return nil }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
            let rates = try? JSONSerialization.jsonObject(with: output) as? [String: Double]
        else {
            print("  i18next on node failed (exit \(process.terminationStatus)); using the recorded figures")
            return nil
        }
        return rates
    }

    private static func residentKiB() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        else { return 0 }
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
