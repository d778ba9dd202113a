import Foundation
import Testing

/// The README's commands run as written from the repository root: every line of each fenced
/// `sh` block marked `<!-- runnable -->` (the line before its fence) runs with `/bin/sh`, in
/// README order, in one scratch copy of the repository's sample, with the built envtool first on
/// PATH, and must exit 0.
@Suite("README commands")
struct ReadmeCommandsTests {
    /// The lines of the runnable blocks, in order, each with its line number in the README.
    static func runnableLines() throws -> [(line: Int, command: String)] {
        let readme = try String(contentsOfFile: EnvtoolProcess.repositoryRoot + "/README.md", encoding: .utf8)
        var lines: [(Int, String)] = []
        var inBlock = false
        var marked = false
        var previous = ""
        for (index, line) in readme.components(separatedBy: "\n").enumerated() {
            if inBlock {
                if line.hasPrefix("```") { inBlock = false; continue }
                if marked, !line.trimmingCharacters(in: .whitespaces).isEmpty { lines.append((index + 1, line)) }
            } else if line.hasPrefix("```") {
                inBlock = true
                marked = line == "```sh" && previous == "<!-- runnable -->"
            }
            previous = line
        }
        return lines
    }

    @Test("the README marks its everyday commands runnable")
    func marksBlocks() throws {
        let lines = try Self.runnableLines().map(\.command)
        #expect(lines.count >= 25)
        for expected in [
            "envtool get base_url -e - < environments/environments.json", "envtool set-language es",
            "envtool i18n convert --from environments/locales --to Resources --format xcstrings",
            "envtool keygen --age -o me.key", "printf '#!/bin/sh\\nexec envtool guard\\n' > .git/hooks/pre-commit",
        ] {
            #expect(lines.contains { $0.hasPrefix(expected) }, "no runnable line starts with \(expected)")
        }
    }

    @Test("every runnable README line exits 0 from a copy of the repository root")
    func runsAsWritten() throws {
        let workspace = try Workspace()
        // A git repository, as a clone is: the guard and `.gitignore`-aware commands read it.
        _ = try EnvtoolProcess.run(["-c", "git init -q . && git add environments"], in: workspace.path, executable: "/bin/sh")
        let binaries = URL(fileURLWithPath: EnvtoolProcess.executable).deletingLastPathComponent().path
        for (number, command) in try Self.runnableLines() {
            let result = try EnvtoolProcess.run(
                ["-c", command], in: workspace.path,
                environment: [
                    "PATH": binaries + ":/usr/local/bin:/usr/bin:/bin",
                    "XDG_CONFIG_HOME": workspace.configHome,
                ],
                executable: "/bin/sh", killingAfter: 600)
            #expect(result.status == 0, "README.md:\(number): \(command)\nexit \(result.status)\n\(result.stderr)")
        }
    }
}
