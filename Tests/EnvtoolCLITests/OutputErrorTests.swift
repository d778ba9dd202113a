import Foundation
import Testing

@Suite("envtool: failing standard output")
struct OutputErrorTests {
    /// Runs envtool with standard output on /dev/full, where every write fails with ENOSPC.
    static func runToFullDevice(_ arguments: [String], in workspace: Workspace, environment: [String: String] = [:]) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: EnvtoolProcess.executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: workspace.path)
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": workspace.path, "XDG_CONFIG_HOME": workspace.configHome].merging(environment) { $1 }
        let errPath = workspace.path + "/stderr-" + UUID().uuidString
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try err.close()
        let stderr = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(atPath: errPath)
        return (process.terminationStatus, stderr)
    }

    static let commands: [[String]] = [
        ["decrypt", "environments/environments.bin", "--key-file", "secret.key"],
        ["decrypt", "--textconv", "environments/environments.bin", "--key-file", "secret.key"],
        ["decrypt", "--textconv", "environments/environments.json"],
        ["get", "base_url"],
        ["print"],
        ["print", "--format", "dotenv"],
        ["t", "app.welcome", "--options", #"{"name": "Ada"}"#],
        ["inspect", "environments/environments.bin"],
        ["configurations"],
        ["languages"],
        ["language"],
        ["validate"],
        ["keygen", "--public", "-o", "id"],
        ["i18n", "status"],
        ["i18n", "status", "--format", "json"],
    ]

    @Test("every command that prints a result exits 74 with a message when stdout cannot be written", arguments: commands)
    func fullDevice(arguments: [String]) throws {
        let workspace = try Workspace()
        #expect(try workspace.run(["keygen", "-o", "secret.key"]).status == 0)
        #expect(
            try workspace.run(["encrypt", "environments/environments.json", "-o", "environments/environments.bin", "--key-file", "secret.key"]).status == 0)
        let result = try Self.runToFullDevice(arguments, in: workspace)
        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.stderr.contains("envtool: error: cannot write the output: No space left on device"), "\(result.stderr)")
    }

    @Test(
        "help, help COMMAND, --version and completion scripts exit 74 when stdout cannot be written, and 0 when it can",
        arguments: [
            ["--help"], ["help"], ["help", "encrypt"], ["i18n", "convert", "--help"], ["get", "-h"], ["--version"],
            ["--generate-completion-script", "bash"],
        ])
    func pagesToFullDevice(arguments: [String]) throws {
        let workspace = try Workspace()
        let result = try Self.runToFullDevice(arguments, in: workspace)
        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.stderr.contains("envtool: error: cannot write the output: No space left on device"), "\(result.stderr)")
        let page = try workspace.run(arguments)
        #expect(page.status == 0 && !page.stdout.isEmpty && page.stderr.isEmpty, "\(page.stderr)")
    }

    @Test("a large decrypted document to a full device is an error, not a truncated success")
    func largeDocument() throws {
        let workspace = try Workspace()
        #expect(try workspace.run(["keygen", "-o", "secret.key"]).status == 0)
        let padding = String(repeating: "x", count: 40_000)
        try workspace.write("big.json", #"{"languages": ["en"], "configurations": {"Debug": {"padding": "\#(padding)"}}}"#)
        #expect(try workspace.run(["encrypt", "big.json", "-o", "big.bin", "--key-file", "secret.key"]).status == 0)
        let result = try Self.runToFullDevice(["decrypt", "big.bin", "--key-file", "secret.key"], in: workspace)
        #expect(result.status == 74)
        let ok = try workspace.run(["decrypt", "big.bin", "--key-file", "secret.key"])
        #expect(ok.status == 0)
        #expect(ok.stdout.utf8.count == (workspace.read("big.json")?.count ?? -1))
    }
}
