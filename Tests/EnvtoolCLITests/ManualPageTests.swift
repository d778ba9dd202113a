import Foundation
import Testing

/// The man page `scripts/manual` writes (issue #36): the commands' help from swift-argument-parser's
/// generate-manual, then EXIT STATUS, ENVIRONMENT, FILES and EXAMPLES from the text `--help` shows;
/// clean under `mandoc -T lint`, rendered by `man -l` (Debian's mandoc and man-db, installed by
/// `scripts/dependencies test`).
@Suite("envtool: the man page", .serialized)
struct ManualPageTests {
    static func tool(_ name: String) throws -> String {
        guard let path = ["/usr/bin/", "/bin/"].map({ $0 + name }).first(where: FileManager.default.isExecutableFile(atPath:)) else {
            Issue.record("\(name) is not installed; scripts/dependencies test installs it (Debian: mandoc, man-db)")
            throw CancellationError()
        }
        return path
    }

    /// The page, written once for the suite by the real script (which builds generate-manual from
    /// the package's swift-argument-parser checkout the first time).
    static let page: Result<String, any Error> = Result {
        let folder = NSTemporaryDirectory() + "envtool-manual-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let result = try EnvtoolProcess.run(
            [EnvtoolProcess.repositoryRoot + "/scripts/manual", EnvtoolProcess.executable, folder + "/envtool.1", "--date", "2026-11-29"],
            in: folder, environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": NSHomeDirectory()],
            executable: "/bin/bash")
        guard result.status == 0 else { throw ManualFailure(message: "scripts/manual exited \(result.status): \(result.stderr)") }
        return folder + "/envtool.1"
    }

    struct ManualFailure: Error, CustomStringConvertible { let message: String; var description: String { message } }

    /// The page as `man` shows it, as plain text with single spaces.
    static func rendered() throws -> String {
        let result = try EnvtoolProcess.run(
            ["--nh", "--nj", "-P", "cat", "-l", try page.get()], in: NSTemporaryDirectory(),
            environment: ["MANWIDTH": "100", "LANG": "C.UTF-8"], executable: try tool("man"))
        #expect(result.status == 0, "\(result.stderr)")
        return normalized(result.stdout)
    }

    /// Text with formatting (overstrikes) removed and every run of white space one space.
    static func normalized(_ text: String) -> String {
        var plain = ""
        for character in text {
            if character == "\u{8}" { if !plain.isEmpty { plain.removeLast() }; continue }
            plain.append(character)
        }
        // man breaks lines after a hyphen ("--add-" / "recipient"): joined again on both sides.
        return plain.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ").replacingOccurrences(of: "- ", with: "-")
    }

    @Test("mandoc -T lint reports nothing")
    func lint() throws {
        let result = try EnvtoolProcess.run(["-T", "lint", try Self.page.get()], in: NSTemporaryDirectory(), executable: try Self.tool("mandoc"))
        #expect(result.stdout.isEmpty && result.stderr.isEmpty, "\(result.stdout)\(result.stderr)")
        #expect(result.status == 0)
    }

    @Test("man -l renders EXIT STATUS with every code, ENVIRONMENT, FILES and EXAMPLES")
    func sections() throws {
        let text = try Self.rendered()
        for heading in ["NAME", "SYNOPSIS", "DESCRIPTION", "ENVIRONMENT", "FILES", "EXIT STATUS", "EXAMPLES"] {
            #expect(text.contains(" \(heading) ") || text.hasPrefix(heading), "no \(heading) section")
        }
        #expect(!text.contains(">0 if an error occurs"), "generate-manual's own EXIT STATUS is replaced")
        let exitStatus = try #require(text.components(separatedBy: " EXIT STATUS ").last)
        for code in [0, 1, 64, 65, 66, 67, 68, 69, 72, 73, 74, 75, 77, 78] {
            #expect(exitStatus.contains(" \(code) ") || exitStatus.hasPrefix("\(code) "), "exit status \(code) is missing")
        }
        #expect(text.contains("$XDG_CONFIG_HOME/envtool/keys.txt"))
        #expect(text.contains("FILE.bin.recipients"))
        #expect(text.contains("envtool get base_url -c Release"))
    }

    @Test("the man page and --help say the same: every meaning in --help's lists is on the page")
    func sameTextAsHelp() throws {
        let workspace = try Workspace(copySample: false)
        let help = try workspace.run(["--help"]).stdout
        let page = try Self.rendered()
        let reference = try #require(help.components(separatedBy: "Exit status:\n").last)
        // Each entry of --help's lists: a term on its own line (or a code), its meaning indented under it.
        var entries: [String] = []
        for line in reference.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("      "), !entries.isEmpty {
                entries[entries.count - 1] += " " + line.trimmingCharacters(in: .whitespaces)
            } else if line.hasPrefix("  ") {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                // "  64  meaning": the meaning starts on the code's line.
                let code = trimmed.prefix { $0.isNumber }
                entries.append(code.isEmpty ? "" : String(trimmed.dropFirst(code.count)).trimmingCharacters(in: .whitespaces))
            }
        }
        #expect(entries.count > 25, "\(entries.count) entries in --help's lists")
        for meaning in entries where !meaning.isEmpty {
            #expect(page.contains(Self.normalized(meaning)), "not on the man page: \(meaning)")
        }
    }

    @Test("every ENVTOOL_ variable the sources read is documented in --help")
    func everyVariable() throws {
        let workspace = try Workspace(copySample: false)
        let help = try workspace.run(["--help"]).stdout
        let environment = try #require(help.components(separatedBy: "Environment:\n").last?.components(separatedBy: "\n\n").first)
        var read = Set<String>()
        let roots = ["Sources/envtool", "Sources/Environments", "Sources/EnvironmentKit", "Sources/EnvironmentCrypto", "Plugins"]
        for root in roots {
            let folder = EnvtoolProcess.repositoryRoot + "/" + root
            for case let file as String in FileManager.default.enumerator(atPath: folder)! where file.hasSuffix(".swift") {
                let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
                for name in text.matches(of: /ENVTOOL_[A-Z_]+[A-Z]/) { read.insert(String(name.output)) }
            }
        }
        let script = try String(contentsOfFile: EnvtoolProcess.repositoryRoot + "/scripts/encrypt-environments.sh", encoding: .utf8)
        for name in script.matches(of: /ENVTOOL_[A-Z_]+[A-Z]/) { read.insert(String(name.output)) }
        #expect(read.count >= 10)
        for name in read.sorted() { #expect(environment.contains(name), "\(name) is read but not in --help's Environment list") }
    }
}
