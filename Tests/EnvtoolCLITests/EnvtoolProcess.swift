import Foundation

/// Runs the built `envtool` as a separate process, as a user would.
struct EnvtoolProcess {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// The binary next to the test bundle (`.build/<triple>/debug/envtool`).
    static let executable: String = {
        if let explicit = ProcessInfo.processInfo.environment["ENVTOOL_BIN"] { return explicit }
        var candidates: [URL] = []
        if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
            candidates.append(URL(fileURLWithPath: bundle.bundlePath).deletingLastPathComponent())
        }
        candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        candidates.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
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
    static func run(_ arguments: [String], in directory: String, environment: [String: String] = [:], stdin: Data? = nil,
                    executable: String = EnvtoolProcess.executable) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var variables = ["PATH": "/usr/bin:/bin", "HOME": directory]
        variables.merge(environment) { $1 }
        process.environment = variables
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
        process.standardOutput = out
        process.standardError = err
        if let stdin {
            let pipe = Pipe()
            process.standardInput = pipe
            try process.run()
            pipe.fileHandleForWriting.write(stdin)
            try pipe.fileHandleForWriting.close()
        } else {
            process.standardInput = FileHandle.nullDevice
            try process.run()
        }
        process.waitUntilExit()
        try out.close()
        try err.close()
        return Result(
            status: process.terminationStatus,
            stdout: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
    }
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

    func run(_ arguments: [String], environment: [String: String] = [:], stdin: Data? = nil) throws -> EnvtoolProcess.Result {
        var variables = ["XDG_CONFIG_HOME": configHome]
        variables.merge(environment) { $1 }
        return try EnvtoolProcess.run(arguments, in: path, environment: variables, stdin: stdin)
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
