import Foundation

/// Whole-process figures side by side with the tools users compare envtool with, measured in the
/// same run, interleaved (envtool, reference, envtool, …) so that machine load hits both alike.
///
/// `envbench --compare [--envtool PATH] [--runs N] [--only-conversion]`. References that are not
/// installed are shown with their recorded figure, marked "recorded". Set `I18NEXT_SRC` to an
/// i18next checkout's `src/` to time node + i18next. translate-toolkit (`json2po`, `po2json`,
/// `android2po`) is looked for in `$ENVTOOL_TEST_VENV/bin`, `.venv-test/bin` (where
/// `scripts/dependencies test` installs it) and on PATH.
enum CompareBenchmark {
    private struct Figure {
        let name: String
        let ours: ChildProcess
        let reference: ChildProcess?
        let referenceName: String
        /// Milliseconds from an earlier measurement, when the reference cannot run here.
        let recordedReference: Double?
        /// The ratio ours/reference must not exceed.
        let target: Double
        let runs: Int
        /// Run in turn with ``ours``, when consecutive runs of one command would not measure the
        /// same work (setting the language already set writes nothing).
        var oursAlternate: ChildProcess? = nil
        /// The target is a speed-up: the reference's time over ours must reach ``target``
        /// (printed as "N× faster"), instead of ours over the reference staying below it.
        var speedup = false
    }

    static func run(envtool: String, runs: Int, onlyConversion: Bool = false) {
        guard ChildProcess.available(envtool) else {
            print("compare: skipped, \(envtool) is not built (swift build -c release --product envtool)")
            return
        }
        let directory = NSTemporaryDirectory() + "envbench-compare-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // The files are made by a child envbench: a child's peak memory as Linux reports it includes
        // the parent's peak at spawn time (the exec records the old address space's high-water mark),
        // so this process must never hold the large inputs itself.
        let setup = ChildProcess(
            arguments: [CommandLine.arguments[0], "--compare-setup", directory, "--envtool", envtool]
                + (onlyConversion ? ["--only-conversion"] : []),
            environment: ProcessInfo.processInfo.environment
        ).run()
        guard setup.status == 0 else {
            print("compare: preparing the inputs failed (exit \(setup.status))")
            return
        }
        let data = Workspace(directory: directory)
        let environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": directory,
            "XDG_CONFIG_HOME": directory, "LANG": "en_US.UTF-8",
        ]
        func command(_ arguments: [String], _ extra: [String: String] = [:]) -> ChildProcess {
            ChildProcess(arguments: arguments, environment: environment.merging(extra) { $1 })
        }
        func exists(_ path: String) -> String? { FileManager.default.fileExists(atPath: path) ? path : nil }

        let hello = exists(data.helloPath)
        let jq = ChildProcess.available("jq")
        let small = data.documentPath(variables: 6)
        var figures: [Figure] = []
        figures += conversionFigures(envtool: envtool, data: data, environment: environment, runs: max(3, runs / 5))
        if onlyConversion {
            print("Whole processes, median of interleaved runs (\(ProcessInfo.processInfo.activeProcessorCount) cores)")
            print("  " + pad("figure", 42) + pad("envtool", 18) + pad("reference", 30) + pad("ratio", 8) + "target")
            for figure in figures { report(figure) }
            print()
            return
        }
        figures += [
            Figure(
                name: "get base_url, small environments.json",
                ours: command([envtool, "get", "base_url", "-e", small, "-c", "Release"]),
                reference: jq ? command(["jq", "-r", ".configurations.Release.base_url", small]) : nil,
                referenceName: "jq -r", recordedReference: 15.7, target: 0.3, runs: runs)
        ]
        if exists(data.binPath) != nil {
            let age = exists(data.agePath) != nil && ChildProcess.available("age")
            figures.append(
                Figure(
                    name: "get base_url, environments.bin (key file)",
                    ours: command([envtool, "get", "base_url", "-e", data.binPath, "--key-file", data.keyPath, "-c", "Release"]),
                    reference: age ? command(["age", "-d", "-i", data.ageIdentityPath, data.agePath]) : nil,
                    referenceName: "age -d -i", recordedReference: 3.5, target: 1.0, runs: runs))
        }
        if exists(data.agePath) != nil {
            // The same age file, written by age itself, opened with the same one X25519 identity.
            figures.append(
                Figure(
                    name: "get base_url, age file (1 identity)",
                    ours: command([envtool, "get", "base_url", "-e", data.agePath, "--identity", data.ageIdentityPath, "-c", "Release"]),
                    reference: ChildProcess.available("age") ? command(["age", "-d", "-i", data.ageIdentityPath, data.agePath]) : nil,
                    referenceName: "age -d -i", recordedReference: 3.5, target: 1.0, runs: runs))
        }
        for (name, arguments, alternate) in [
            ("language", ["language"], nil), ("t app.welcome", ["t", "app.welcome"], nil),
            ("set-language es (already es)", ["set-language", "es"], nil),
            ("set-language es/en (each run writes)", ["set-language", "es"], ["set-language", "en"]),
        ] {
            let sample = ["ENVTOOL_ENVIRONMENTS": data.samplePath]
            figures.append(
                Figure(
                    name: name, ours: command([envtool] + arguments, sample),
                    reference: hello.map { command([$0]) }, referenceName: "static Swift hello",
                    recordedReference: 2.0, target: 1.5, runs: runs,
                    oursAlternate: alternate.map { command([envtool] + $0, sample) }))
        }
        for count in Workspace.largeSizes {
            let large = data.documentPath(variables: count)
            figures.append(
                Figure(
                    name: "get base_url, \(count / 1000)k variables",
                    ours: command([envtool, "get", "base_url", "-e", large, "-c", "Release"]),
                    reference: jq ? command(["jq", "-r", ".configurations.Release.base_url", large]) : nil,
                    referenceName: "jq -r", recordedReference: count == 100_000 ? 87 : 890, target: 1.0,
                    runs: max(3, runs / 4)))
        }
        let node = ProcessInfo.processInfo.environment["I18NEXT_SRC"].flatMap { source -> ChildProcess? in
            ChildProcess.available("node") ? command(["node", data.nodeScriptPath, source + "/index.js"]) : nil
        }
        figures.append(
            Figure(
                name: "7 MB i18next resources + one t()",
                ours: command([envtool, "t", "section7.key7", "--init", data.initPath, "--resources", data.resourcesPath]),
                reference: node, referenceName: "node + i18next", recordedReference: 286, target: 0.5,
                runs: max(3, runs / 4)))

        // The conversion figures last: they take the longest.
        figures = figures.filter { !$0.speedup } + figures.filter(\.speedup)
        print("Whole processes, median of interleaved runs (\(ProcessInfo.processInfo.activeProcessorCount) cores)")
        print("  " + pad("figure", 42) + pad("envtool", 18) + pad("reference", 30) + pad("ratio", 8) + "target")
        for figure in figures { report(figure) }
        print()
    }

    /// `i18n convert` against translate-toolkit on the same 20k-key × 10-language i18next set
    /// (``Workspace/conversionSet(envtool:translateToolkit:)``), each command writing into a
    /// folder it starts without (so no run finds the previous run's files):
    ///
    /// - i18next → `.po`: `json2po -t TEMPLATES i18next po`, with the source language's file as
    ///   the template of every language (translate-toolkit's monolingual-JSON layout), against
    ///   `envtool i18n convert --from i18next --to po --format po`;
    /// - `.po` → i18next: each tool reads back the `.po` files it wrote (translate-toolkit's carry
    ///   the source text as `msgid` and the key as a location, envtool's the key as `msgid`):
    ///   `po2json -t TEMPLATES po i18next` against `envtool i18n convert --format i18next`;
    /// - Android → `.po`: the same `res/values*/strings.xml` (written by envtool from the set) for
    ///   both, `android2po -t TEMPLATES res po` against `envtool i18n convert --from res --format po`.
    private static func conversionFigures(envtool: String, data: Workspace, environment: [String: String], runs: Int) -> [Figure] {
        let set = data.conversionDirectory
        guard FileManager.default.fileExists(atPath: set + "/i18next/en/translation.json") else { return [] }
        let toolkit = translateToolkit()
        func fresh(_ output: String, _ command: [String]) -> ChildProcess {
            // `rm -rf` first on both sides: a few milliseconds against seconds.
            ChildProcess(arguments: ["/bin/sh", "-c", "rm -rf \"$0\" && exec \"$@\"", output] + command, environment: environment)
        }
        func reference(_ name: String, _ arguments: [String], output: String) -> ChildProcess? {
            guard let toolkit, FileManager.default.fileExists(atPath: set + "/po-translate-toolkit/en/translation.po") else { return nil }
            return fresh(output, [toolkit + "/" + name, "--progress=none"] + arguments)
        }
        let name = "\(Workspace.conversionKeys / 1000)k keys × \(Workspace.conversionLanguages.count) languages"
        return [
            Figure(
                name: "i18next → .po, " + name,
                ours: fresh(
                    set + "/out-po",
                    [envtool, "i18n", "convert", "--from", set + "/i18next", "--to", set + "/out-po", "--format", "po", "--source-language", "en"]),
                reference: reference("json2po", ["-t", set + "/templates", set + "/i18next", set + "/out-po-tt"], output: set + "/out-po-tt"),
                referenceName: "json2po", recordedReference: nil, target: 20, runs: runs, speedup: true),
            Figure(
                name: ".po → i18next, " + name,
                ours: fresh(set + "/out-json", [envtool, "i18n", "convert", "--from", set + "/po-envtool", "--to", set + "/out-json", "--format", "i18next"]),
                reference: reference("po2json", ["-t", set + "/templates", set + "/po-translate-toolkit", set + "/out-json-tt"], output: set + "/out-json-tt"),
                referenceName: "po2json", recordedReference: nil, target: 20, runs: runs, speedup: true),
            Figure(
                name: "Android → .po, " + name,
                ours: fresh(set + "/out-android-po", [envtool, "i18n", "convert", "--from", set + "/res", "--to", set + "/out-android-po", "--format", "po"]),
                reference: reference(
                    "android2po", ["-t", set + "/templates-android", set + "/res", set + "/out-android-po-tt"], output: set + "/out-android-po-tt"),
                referenceName: "android2po", recordedReference: nil, target: 20, runs: runs, speedup: true),
        ]
    }

    /// The folder of translate-toolkit's commands: `$ENVTOOL_TEST_VENV/bin`, `.venv-test/bin`, or PATH.
    static func translateToolkit() -> String? {
        let environment = ProcessInfo.processInfo.environment
        var candidates = [FileManager.default.currentDirectoryPath + "/.venv-test/bin"]
        if let venv = environment["ENVTOOL_TEST_VENV"] { candidates.insert(venv + "/bin", at: 0) }
        candidates += (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0 + "/json2po") }
    }

    private static func report(_ figure: Figure) {
        var ours: [ChildProcess.Run] = []
        var theirs: [ChildProcess.Run] = []
        _ = figure.ours.run()
        _ = figure.reference?.run()
        for run in 0..<figure.runs {
            let command = run % 2 == 1 ? figure.oursAlternate ?? figure.ours : figure.ours
            ours.append(command.run())
            if let reference = figure.reference { theirs.append(reference.run()) }
        }
        guard ours.allSatisfy({ $0.status == 0 }) else {
            print("  " + pad(figure.name, 42) + "failed: exit \(ours.first { $0.status != 0 }!.status) — \(figure.ours.arguments.joined(separator: " "))")
            return
        }
        let oursMs = median(ours.map(\.seconds)) * 1000
        let oursMemory = memoryText(ours)
        let referenceMs: Double
        var referenceText: String
        if !theirs.isEmpty, theirs.allSatisfy({ $0.status == 0 }) {
            referenceMs = median(theirs.map(\.seconds)) * 1000
            referenceText = String(format: "%.1f ms ", referenceMs) + memoryText(theirs)
        } else if let recorded = figure.recordedReference {
            referenceMs = recorded
            referenceText = String(format: "%.1f ms recorded", recorded)
        } else {
            referenceMs = .nan
            referenceText = "n/a"
        }
        referenceText += " (\(figure.referenceName))"
        let ratio = oursMs / referenceMs
        if figure.speedup {
            let faster = referenceMs / oursMs
            let verdict = faster >= figure.target ? "met" : "NOT met"
            print(
                "  " + pad(figure.name, 42) + pad(String(format: "%.0f ms ", oursMs) + oursMemory, 18)
                    + pad(referenceText, 30) + pad(String(format: "%.1f×", faster), 8) + String(format: "≥ %.0f× faster %@", figure.target, verdict))
            return
        }
        let verdict = ratio <= figure.target ? "met" : "NOT met"
        print(
            "  " + pad(figure.name, 42) + pad(String(format: "%.1f ms ", oursMs) + oursMemory, 18)
                + pad(referenceText, 30) + pad(String(format: "%.2f×", ratio), 8) + String(format: "≤ %.2f× %@", figure.target, verdict))
    }

    /// The peak resident size of the runs. A child started by `posix_spawn` shares this
    /// process's memory until it executes, and Linux counts this process's peak as the child's
    /// too: a peak no larger than ours is only known to be at most that.
    private static func memoryText(_ runs: [ChildProcess.Run]) -> String {
        let peak = runs.map(\.peakResidentKiB).max() ?? 0
        let own = ownPeakKiB()
        return peak <= own ? String(format: "≤%.0f MiB", Double(own) / 1024) : String(format: "%.0f MiB", Double(peak) / 1024)
    }

    /// This process's peak resident size (VmHWM), in KiB.
    private static func ownPeakKiB() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text.padding(toLength: width, withPad: " ", startingAt: 0)
    }
}

extension CompareBenchmark {
    /// Makes every input in `directory` (run in a child envbench; see ``run(envtool:runs:)``).
    static func prepare(directory: String, envtool: String, onlyConversion: Bool = false) {
        let data = Workspace(directory: directory)
        if onlyConversion {
            data.conversionSet(envtool: envtool, translateToolkit: translateToolkit())
            return
        }
        for count in [6] + Workspace.largeSizes { data.document(variables: count) }
        data.sample()
        data.encryptedDocument(envtool: envtool, source: data.documentPath(variables: 6))
        if ChildProcess.available("age") && ChildProcess.available("age-keygen") { data.ageFile(of: data.documentPath(variables: 6)) }
        data.staticHelloWorld()
        data.i18nextResources(megabytes: 7)
        data.conversionSet(envtool: envtool, translateToolkit: translateToolkit())
    }
}

/// The files the comparison runs on, in a temporary directory.
private struct Workspace {
    static let largeSizes = [100_000, 1_000_000]
    let directory: String

    func documentPath(variables: Int) -> String { directory + "/environments-\(variables).json" }
    var samplePath: String { directory + "/sample/environments.json" }
    var keyPath: String { directory + "/bench.key" }
    var binPath: String { directory + "/environments.bin" }
    var ageIdentityPath: String { directory + "/age.key" }
    var agePath: String { directory + "/environments.age" }
    var helloPath: String { directory + "/hello/hello" }
    var initPath: String { directory + "/i18next-init.json" }
    var resourcesPath: String { directory + "/i18next" }
    var nodeScriptPath: String { directory + "/i18next-bench.mjs" }
    var conversionDirectory: String { directory + "/conversion" }

    static let conversionKeys = 20_000
    static let conversionLanguages = ["en", "de", "fr", "es", "it", "pt", "nl", "pl", "ru", "ja"]

    @discardableResult
    private func write(_ name: String, _ text: String) -> String {
        let path = directory + "/" + name
        try! FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try! Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// An environments.json whose Release configuration has `variables` variables, `base_url` last.
    @discardableResult
    func document(variables: Int) -> String {
        var text = #"{"languages": ["en", "es"], "configurations": {"Debug": {"base_url": "https://dev.example.com"}, "Release": {"#
        text.reserveCapacity(variables * 40)
        for index in 0..<max(0, variables - 1) { text += "\"variable_\(index)\": \"value number \(index)\", " }
        text += #""base_url": "https://api.example.com/v1"}}}"#
        return write((documentPath(variables: variables) as NSString).lastPathComponent, text)
    }

    /// The sample: a document with languages and i18next resources beside it.
    @discardableResult
    func sample() -> String {
        _ = write("sample/locales/en/translation.json", #"{"app": {"welcome": "Welcome, {{name}}!"}}"#)
        _ = write("sample/locales/es/translation.json", #"{"app": {"welcome": "¡Hola, {{name}}!"}}"#)
        return write("sample/environments.json", #"{"languages": ["en", "es"], "configurations": {"Debug": {}, "Release": {}}}"#)
    }

    /// The document encrypted by envtool itself with a new key file.
    @discardableResult
    func encryptedDocument(envtool: String, source: String) -> (bin: String, key: String)? {
        let key = keyPath
        let bin = binPath
        let environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": directory]
        guard ChildProcess(arguments: [envtool, "keygen", "--output", key], environment: environment).run().status == 0,
            ChildProcess(arguments: [envtool, "encrypt", source, "--output", bin, "--key-file", key], environment: environment).run().status == 0
        else { return nil }
        return (bin, key)
    }

    /// The same document encrypted by age to a new X25519 identity.
    @discardableResult
    func ageFile(of source: String) -> (file: String, identity: String)? {
        let identity = ageIdentityPath
        let file = agePath
        let environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        guard ChildProcess(arguments: ["age-keygen", "-o", identity], environment: environment).run().status == 0,
            let text = try? String(contentsOfFile: identity, encoding: .utf8),
            let recipient = text.split(separator: "\n").first(where: { $0.hasPrefix("# public key: ") })?.dropFirst(14),
            ChildProcess(arguments: ["age", "-r", String(recipient), "-o", file, source], environment: environment).run().status == 0
        else { return nil }
        return (file, identity)
    }

    /// A statically linked Swift hello world: the floor a Swift command-line tool can start at.
    @discardableResult
    func staticHelloWorld() -> String? {
        let source = write("hello/main.swift", "print(\"hello\")\n")
        let binary = helloPath
        let environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": directory]
        guard ChildProcess.available("swiftc"),
            ChildProcess(arguments: ["swiftc", "-O", "-static-stdlib", source, "-o", binary], environment: environment).run().status == 0
        else { return nil }
        return binary
    }

    /// The conversion set: `i18next/<lng>/translation.json` for ten languages of 20,000 keys
    /// each (sections of 100 keys; every tenth a plural in the language's CLDR categories, the
    /// rest a text with a `{{name}}`), 1.4 MB per language; what each tool converts from it
    /// (envtool's `.po` and Android `res/`, translate-toolkit's `.po`); and translate-toolkit's
    /// templates (the source language's file under each language's name, as its converters want).
    func conversionSet(envtool: String, translateToolkit: String?) {
        let set = conversionDirectory
        let categories = [
            "en": ["one", "other"], "de": ["one", "other"], "fr": ["one", "many", "other"], "es": ["one", "many", "other"],
            "it": ["one", "many", "other"], "pt": ["one", "many", "other"], "nl": ["one", "other"],
            "pl": ["one", "few", "many", "other"], "ru": ["one", "few", "many", "other"], "ja": ["other"],
        ]
        for language in Self.conversionLanguages {
            var text = "{\n"
            text.reserveCapacity(1_600_000)
            var keys = 0
            var section = 0
            while keys < Self.conversionKeys {
                text += (section == 0 ? "" : ",\n") + "  \"section\(section)\": {\n"
                for key in 0..<100 {
                    let separator = key == 0 ? "" : ",\n"
                    if key % 10 == 9 {
                        text +=
                            separator
                            + (categories[language] ?? ["other"]).map { category in
                                "    \"item\(key)_\(category)\": \"{{count}} item \(key) of section \(section) (\(language), \(category))\""
                            }.joined(separator: ",\n")
                    } else {
                        text += separator + "    \"key\(key)\": \"Text \(key) of section \(section) in \(language) with {{name}}\""
                    }
                    keys += 1
                }
                text += "\n  }"
                section += 1
            }
            text += "\n}\n"
            write("conversion/i18next/\(language)/translation.json", text)
        }
        let source = (try? String(contentsOfFile: set + "/i18next/en/translation.json", encoding: .utf8)) ?? ""
        for language in Self.conversionLanguages { write("conversion/templates/\(language)/translation.json", source) }
        let environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": directory]
        _ = ChildProcess(
            arguments: [
                envtool, "i18n", "convert", "--from", set + "/i18next", "--to", set + "/po-envtool", "--format", "po",
                "--source-language", "en",
            ], environment: environment
        ).run()
        _ = ChildProcess(
            arguments: [
                envtool, "i18n", "convert", "--from", set + "/i18next", "--to", set + "/res", "--format", "android",
                "--source-language", "en",
            ], environment: environment
        ).run()
        let androidSource = (try? String(contentsOfFile: set + "/res/values/strings.xml", encoding: .utf8)) ?? ""
        for folder in (try? FileManager.default.contentsOfDirectory(atPath: set + "/res")) ?? [] where folder.hasPrefix("values") {
            write("conversion/templates-android/\(folder)/strings.xml", androidSource)
        }
        if let translateToolkit {
            _ = ChildProcess(
                arguments: [
                    translateToolkit + "/json2po", "--progress=none", "-t", set + "/templates", set + "/i18next",
                    set + "/po-translate-toolkit",
                ], environment: environment
            ).run()
        }
    }

    /// About `megabytes` MB of i18next resources for English, init options naming the language,
    /// and a node script that does with i18next what `envtool t` does.
    @discardableResult
    func i18nextResources(megabytes: Int) -> (initFile: String, resources: String, nodeScript: String) {
        var text = "{"
        let perSection = 1000
        var index = 0
        while text.utf8.count < megabytes * 1_000_000 {
            text += index == 0 ? "" : ", "
            text += "\"section\(index)\": {"
            for key in 0..<perSection {
                text += (key == 0 ? "" : ", ") + "\"key\(key)\": \"Translation \(key) of section \(index) with {{value}}\""
            }
            text += "}"
            index += 1
        }
        text += "}"
        let resources = directory + "/i18next"
        let file = write("i18next/en/translation.json", text)
        let initFile = write("i18next-init.json", #"{"lng": "en", "fallbackLng": "en"}"#)
        let script = write(
            "i18next-bench.mjs",
            """
            import { readFileSync } from 'node:fs';
            const { default: i18next } = await import(process.argv[2]);
            const translation = JSON.parse(readFileSync('\(file)', 'utf8'));
            await i18next.init({ lng: 'en', fallbackLng: 'en', resources: { en: { translation } } });
            console.log(i18next.t('section7.key7'));
            """)
        return (initFile, resources, script)
    }
}
