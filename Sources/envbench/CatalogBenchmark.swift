import Foundation

/// Issue #12's speed figure: a whole `envtool localize` process answering a plural lookup from a
/// 20k-key String Catalog in 10 languages, against the same command on `.strings` tables of the
/// same keys. Target: the catalog takes at most 1.5× the time of the `.strings`.
///
/// `envbench --catalog [--envtool PATH] [--runs N]`; `ENVBENCH_KEEP_INPUTS=1` keeps the generated
/// directories (and prints where) for profiling. The runs are interleaved (catalog, strings,
/// catalog, …) so that machine load hits both alike; the best run of each is reported.
enum CatalogBenchmark {
    static let keys = 20_000
    static let languages = ["en", "es", "ca", "ru", "ar", "de", "fr", "pl", "uk", "pt"]

    static func run(envtool: String, runs: Int) {
        guard FileManager.default.isExecutableFile(atPath: envtool) else {
            print("catalog: skipped, \(envtool) is not built (swift build -c release --product envtool)")
            return
        }
        let root = NSTemporaryDirectory() + "envbench-catalog-" + UUID().uuidString
        var keep = ProcessInfo.processInfo.environment["ENVBENCH_KEEP_INPUTS"] == "1"
        if keep { print("catalog: inputs kept in \(root)") }
        defer { if !keep { try? FileManager.default.removeItem(atPath: root) } }
        let catalogDirectory = root + "/catalog"
        let stringsDirectory = root + "/strings"
        do {
            try prepare(catalog: catalogDirectory, strings: stringsDirectory)
        } catch {
            print("catalog: preparing the inputs failed: \(error)")
            return
        }
        let environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": root, "XDG_CONFIG_HOME": root]
        let key = "key_\(keys / 2)"
        func command(_ directory: String) -> ChildProcess {
            ChildProcess(
                arguments: [envtool, "localize", key, "5", "--language", "ru", "-e", directory + "/environments.json", "-c", "Debug"], environment: environment)
        }
        let catalog = command(catalogDirectory)
        let strings = command(stringsDirectory)
        let check = (catalog.run().status, strings.run().status)
        guard check == (0, 0) else {
            print("catalog: envtool localize failed on the generated inputs (exit \(check.0) and \(check.1)); inputs in \(root)")
            keep = true
            return
        }
        var best = (catalog: Double.infinity, strings: Double.infinity)
        for _ in 0..<runs {
            best.catalog = min(best.catalog, catalog.run().seconds)
            best.strings = min(best.strings, strings.run().seconds)
        }
        let ratio = best.catalog / best.strings
        print("String Catalog vs .strings: envtool localize (plural, ru), \(keys / 1000)k keys × \(languages.count) languages, best of \(runs)")
        Measure.row(".xcstrings", String(format: "%.1f ms", best.catalog * 1000))
        Measure.row(".strings", String(format: "%.1f ms", best.strings * 1000))
        Measure.row("ratio (target ≤ 1.5)", String(format: "%.2f×", ratio) + (ratio <= 1.5 ? " ok" : " OVER TARGET"))
    }

    /// The same keys twice: one `Localizable.xcstrings` in every language (one key in ten with
    /// plural variations, the key looked up among them), and `<lang>.lproj/Localizable.strings`
    /// with one text per key.
    static func prepare(catalog: String, strings: String) throws {
        let manager = FileManager.default
        let document = #"{"languages": ["\#(languages.joined(separator: "\", \""))"], "configurations": {"Debug": {}}}"#
        for directory in [catalog, strings] {
            try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try Data(document.utf8).write(to: URL(fileURLWithPath: directory + "/environments.json"))
        }
        var json = #"{"sourceLanguage": "en", "version": "1.0", "strings": {"#
        for index in 0..<keys {
            if index > 0 { json += "," }
            json += #""key_\#(index)": {"localizations": {"#
            for (position, language) in languages.enumerated() {
                if position > 0 { json += "," }
                // One key in ten is a plural, as in an app's catalog; the key looked up is one.
                if index % 10 == 0 {
                    json +=
                        #""\#(language)": {"variations": {"plural": {"one": {"stringUnit": {"state": "translated", "value": "%lld file \#(index)"}}, "few": {"stringUnit": {"state": "translated", "value": "%lld files \#(index)"}}, "many": {"stringUnit": {"state": "translated", "value": "%lld files \#(index)"}}, "other": {"stringUnit": {"state": "translated", "value": "%lld files \#(index)"}}}}}"#
                } else {
                    json += #""\#(language)": {"stringUnit": {"state": "translated", "value": "%lld files \#(index)"}}"#
                }
            }
            json += "}}"
        }
        json += "}}"
        try Data(json.utf8).write(to: URL(fileURLWithPath: catalog + "/Localizable.xcstrings"))
        for language in languages {
            var text = ""
            for index in 0..<keys { text += "\"key_\(index)\" = \"%d files \(index)\";\n" }
            try manager.createDirectory(atPath: strings + "/\(language).lproj", withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: strings + "/\(language).lproj/Localizable.strings"))
        }
    }
}
