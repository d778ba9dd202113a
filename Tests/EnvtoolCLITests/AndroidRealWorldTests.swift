import Foundation
import Testing

/// The public Android sets of `../shared/realworld/android` (see its SOURCES.md), when they are
/// beside the repository: each `res/` is converted to Android without `--language`, as a real
/// app's files are (no `tools:locale`), compiled by Debian's `aapt`, and compared with the
/// reference dump of the originals. A value that differs must be named by a warning. The files
/// are read from there and copied only into a temporary workspace, never into the repository.
@Suite("Android resources of real apps")
struct AndroidRealWorldTests {
    static let root = EnvtoolProcess.repositoryRoot + "/../shared/realworld/android"
    static let sets: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [])
        .filter { FileManager.default.fileExists(atPath: root + "/" + $0 + "/aapt-dump.txt") }.sorted()

    @Test(
        "each app's res/ converts without --language, aapt compiles it, and every value that differs from the reference dump is named by a warning",
        .enabled(if: !sets.isEmpty, "../shared/realworld/android is not beside the repository: no real Android sets to compare"),
        arguments: sets)
    func converted(set: String) throws {
        let workspace = try Workspace(copySample: false)
        let source = Self.root + "/" + set
        for folder in try FileManager.default.contentsOfDirectory(atPath: source) where folder.hasPrefix("values") {
            try FileManager.default.createDirectory(atPath: workspace.path + "/in/res/" + folder, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: source + "/" + folder + "/strings.xml", toPath: workspace.path + "/in/res/" + folder + "/strings.xml")
        }
        // --verbose: every key a warning names, to match each difference with its warning.
        let result = try workspace.run(["i18n", "convert", "--from", "in/res", "--to", "out/res", "--format", "android", "--verbose"])
        #expect(result.status == 0, "\(result.stderr.prefix(2000))")
        #expect(result.stderr.contains("read as en, as Android's tools read values/"), "\(result.stderr.prefix(500))")
        let stubs = source + "/aapt-stubs.xml"
        if FileManager.default.fileExists(atPath: stubs) {
            try FileManager.default.copyItem(atPath: stubs, toPath: workspace.path + "/out/res/values/zz_aapt_stubs.xml")
        }
        let compiled = try AndroidTools.compile(workspace.path + "/out/res")
        #expect(compiled.status == 0, "\(compiled.output.prefix(2000))")
        let dump = try ConvertCommandTests.tool("aapt", ["dump", "--values", "resources", compiled.package])
        let got = AndroidTools.values(fromDump: dump.output)
        let reference = AndroidTools.values(fromDump: try String(contentsOfFile: source + "/aapt-dump.txt", encoding: .utf8))
        var silent: [String] = []
        var equal = 0
        var total = 0
        for (config, values) in reference {
            for (name, value) in values {
                total += 1
                if got[config]?[name] == value { equal += 1; continue }
                // `string/aboutLicense`, `plurals/files/one`: the resource's name is the key warned about.
                let key = String(name.split(separator: "/")[1])
                if !result.stderr.contains("\"" + key + "\"") {
                    silent.append("\(config) \(name): \(value.debugDescription) → \(got[config]?[name]?.debugDescription ?? "missing")")
                }
            }
        }
        #expect(silent.isEmpty, "\(set): \(silent.count) of \(total) values changed without a warning:\n\(silent.prefix(8).joined(separator: "\n"))")
        #expect(equal * 100 >= total * 95, "\(set): \(equal) of \(total) values as the reference")
    }
}
