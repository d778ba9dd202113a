import Foundation
import Synchronization

/// Runs the built `envtool` as a separate process, as a user would.
struct EnvtoolProcess {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
        /// Whether the hang guard (`killingAfter`) had to kill the process.
        var wasKilled = false
    }

    /// The binary next to the test bundle (`.build/<triple>/debug/envtool`).
    static let executable: String = {
        if let explicit = ProcessInfo.processInfo.environment["ENVTOOL_BIN"] { return explicit }
        var candidates: [URL] = []
        if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
            candidates.append(URL(fileURLWithPath: bundle.bundlePath).deletingLastPathComponent())
        }
        candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        candidates.append(
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent(".build/debug"))
        for directory in candidates {
            let path = directory.appendingPathComponent("envtool").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return candidates.last!.appendingPathComponent("envtool").path
    }()

    /// The repository root, for the sample in `environments/`.
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// Runs envtool with `arguments` in `directory`, with only the given environment variables
    /// (plus PATH and HOME), so the test machine's locale and config cannot leak in.
    ///
    /// - Parameter killingAfter: A hang guard, not a measure of speed: for a test of input that
    ///   once made envtool wait forever (a FIFO opened for reading), the process is killed if it
    ///   is still running after this many seconds, and the result says so, so that the test fails
    ///   instead of hanging the suite. Pick a bound far beyond any normal run.
    static func run(
        _ arguments: [String], in directory: String, environment: [String: String] = [:], stdin: Data? = nil,
        executable: String = EnvtoolProcess.executable, killingAfter: Double? = nil
    ) throws -> Result {
        let outPath = NSTemporaryDirectory() + "envtool-out-" + UUID().uuidString
        let errPath = NSTemporaryDirectory() + "envtool-err-" + UUID().uuidString
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        defer {
            try? FileManager.default.removeItem(atPath: outPath)
            try? FileManager.default.removeItem(atPath: errPath)
        }
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        var variables = ["PATH": "/usr/bin:/bin", "HOME": directory]
        variables.merge(environment) { $1 }
        let input = stdin.map { _ in Pipe() }
        let process = try start {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            process.currentDirectoryURL = URL(fileURLWithPath: directory)
            process.environment = variables
            process.standardOutput = out
            process.standardError = err
            process.standardInput = input ?? FileHandle.nullDevice
            return process
        }
        if let stdin, let input {
            input.fileHandleForWriting.write(stdin)
            try input.fileHandleForWriting.close()
        }
        let hangGuard = HangGuard()
        if let killingAfter {
            let identifier = process.processIdentifier
            DispatchQueue.global().asyncAfter(deadline: .now() + killingAfter) { hangGuard.stop(identifier) }
        }
        process.waitUntilExit()
        hangGuard.finish()
        try out.close()
        try err.close()
        return Result(
            status: process.terminationStatus,
            stdout: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "",
            wasKilled: hangGuard.killed)
    }
}

extension EnvtoolProcess {
    /// Starts the process `make` makes, with a new one when the executable is "busy": a copy of
    /// envtool just written by one test (ExtractCommandTests) cannot be run while a child that
    /// another test started at that moment still holds the copy's write descriptor (ETXTBSY,
    /// until that child runs its own program or exits).
    static func start(_ make: () -> Process) throws -> Process {
        var attempt = 0
        while true {
            let process = make()
            do {
                try process.run()
                return process
            } catch let error as NSError where attempt < 100 && isBusy(error) {
                attempt += 1
                usleep(50_000)
            }
        }
    }

    private static func isBusy(_ error: NSError) -> Bool {
        if error.domain == NSPOSIXErrorDomain && error.code == Int(ETXTBSY) { return true }
        return (error.userInfo[NSUnderlyingErrorKey] as? NSError).map(isBusy) ?? false
    }
}

/// Kills a child that still runs when its time is up, and never one that has finished: once
/// reaped, its process id may be another's.
final class HangGuard: Sendable {
    private enum State { case running, finished, killed }
    private let state = Mutex(State.running)

    func stop(_ identifier: pid_t) {
        state.withLock { state in
            guard state == .running else { return }
            state = .killed
            _ = kill(identifier, SIGKILL)
        }
    }

    func finish() {
        state.withLock { state in if state == .running { state = .finished } }
    }

    var killed: Bool { state.withLock { $0 == .killed } }
}

/// A temporary working directory with a copy of the sample environments.
final class Workspace: @unchecked Sendable {
    // @unchecked: only immutable Strings are stored.
    let path: String
    let configHome: String

    init(copySample: Bool = true) throws {
        path = NSTemporaryDirectory() + "envtool-cli-" + UUID().uuidString
        configHome = path + "/config"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        if copySample {
            try FileManager.default.copyItem(atPath: EnvtoolProcess.repositoryRoot + "/environments", toPath: path + "/environments")
        }
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func run(_ arguments: [String], environment: [String: String] = [:], stdin: Data? = nil, killingAfter: Double? = nil) throws -> EnvtoolProcess.Result {
        var variables = ["XDG_CONFIG_HOME": configHome]
        variables.merge(environment) { $1 }
        return try EnvtoolProcess.run(arguments, in: path, environment: variables, stdin: stdin, killingAfter: killingAfter)
    }

    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let full = path + "/" + name
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: full))
        return full
    }

    func read(_ name: String) -> Data? {
        FileManager.default.contents(atPath: path + "/" + name)
    }
}
