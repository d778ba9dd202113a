import Foundation
import Testing

/// Issue #33, item 5: SIGQUIT, SIGSEGV, SIGABRT or SIGBUS sent to a command that handles a secret
/// printed Swift's crash report (16 bytes of memory at each register, key-derivation memory
/// among them) and then let the command carry on and print the secret.
@Suite("fatal signals end envtool silently, by the same signal, and nothing is printed after")
struct FatalSignalTests {
    /// Whether `pid` is blocked in read(2) on its standard input (Linux's /proc/PID/syscall:
    /// the number, then the arguments; read is 0 on x86_64 and 63 on arm64).
    static func readingStandardInput(_ pid: Int32) -> Bool {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/syscall", encoding: .utf8) else { return false }
        let fields = text.split(separator: " ")
        guard fields.count > 1 else { return false }
        return ["0", "63"].contains(fields[0]) && fields[1] == "0x0"
    }

    @Test(
        "get waiting for its passphrase, sent a fatal signal, dies of it with no report and no secret",
        arguments: [SIGQUIT, SIGSEGV, SIGABRT, SIGBUS])
    func secretCommand(signal: Int32) throws {
        guard FileManager.default.fileExists(atPath: "/proc/self/syscall") else { return }
        let workspace = try Workspace()
        let passphrase = "the signal test passphrase"
        let encrypted = try workspace.run(
            ["encrypt", "environments/environments.json", "-o", "p.bin", "--passphrase-stdin"],
            stdin: Data((passphrase + "\n").utf8))
        #expect(encrypted.status == 0, "\(encrypted.stderr)")

        let process = Process()
        process.executableURL = URL(fileURLWithPath: EnvtoolProcess.executable)
        process.arguments = ["get", "base_url", "-e", "p.bin", "--passphrase-stdin"]
        process.currentDirectoryURL = URL(fileURLWithPath: workspace.path)
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = nil
        environment["ENVTOOL_CRASH_REPORTS"] = nil
        process.environment = environment
        let input = Pipe()
        let output = Pipe()
        let error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Until envtool waits for the passphrase (bounded: a hang guard, not a measure of speed).
        var waited = 0
        while !Self.readingStandardInput(process.processIdentifier), waited < 3000, process.isRunning {
            usleep(10_000)
            waited += 1
        }
        kill(process.processIdentifier, signal)
        // Had the command carried on, it would now read the passphrase and print the secret. It
        // has usually died by now, and writing to its closed pipe raised SIGPIPE, which ended the
        // whole test process (a race lost under load): this process ignores SIGPIPE from here on,
        // so the write fails with EPIPE instead. (Nothing in the tests relies on dying of it.)
        Foundation.signal(SIGPIPE, SIG_IGN)
        try? input.fileHandleForWriting.write(contentsOf: Data((passphrase + "\n").utf8))
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let reported = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == signal)
        #expect(printed.isEmpty, "\(printed)")
        #expect(reported.isEmpty, "\(reported)")
    }

    @Test("envtool run gives its command the core-file limit envtool was started with (envtool itself runs with none)")
    func runKeepsTheCoreLimit() throws {
        guard FileManager.default.fileExists(atPath: "/proc/self/limits") else { return }
        let workspace = try Workspace()
        func coreLine(_ script: String) throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", script, "sh", EnvtoolProcess.executable]
            process.currentDirectoryURL = URL(fileURLWithPath: workspace.path)
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            process.waitUntilExit()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            return text.split(separator: "\n").first { $0.hasPrefix("Max core file size") }.map(String.init) ?? "none in: \(text)"
        }
        let direct = try coreLine("ulimit -c 1000; cat /proc/self/limits")
        let throughRun = try coreLine("ulimit -c 1000; exec \"$1\" run -- cat /proc/self/limits")
        #expect(throughRun == direct)
        #expect(!direct.contains(" 0 "), "\(direct)")
    }
}
