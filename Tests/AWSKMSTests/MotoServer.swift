import Foundation
import Platform
import Testing

/// A process's outcome.
struct ProcessResult {
    let status: Int32
    let stdout: String
    let stderr: String
}

/// Runs `executable` with exactly `environment` (nothing inherited, so no developer's own AWS
/// settings leak in); its output goes through files, so neither stream can fill up and block it.
func run(_ executable: String, _ arguments: [String], environment: [String: String], in directory: String? = nil) throws -> ProcessResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = environment
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("awskms-run-\(UUID().uuidString)").path
    _ = FileManager.default.createFile(atPath: base + ".out", contents: nil)
    _ = FileManager.default.createFile(atPath: base + ".err", contents: nil)
    defer {
        try? FileManager.default.removeItem(atPath: base + ".out")
        try? FileManager.default.removeItem(atPath: base + ".err")
    }
    let out = try FileHandle(forWritingTo: URL(fileURLWithPath: base + ".out"))
    let err = try FileHandle(forWritingTo: URL(fileURLWithPath: base + ".err"))
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    try out.close()
    try err.close()
    return ProcessResult(
        status: process.terminationStatus,
        stdout: (try? String(contentsOfFile: base + ".out", encoding: .utf8)) ?? "",
        stderr: (try? String(contentsOfFile: base + ".err", encoding: .utf8)) ?? "")
}

/// The repository's root, for Tests/Interop and .venv-test.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

/// The directory holding the built `age-plugin-awskms` (beside the test bundle).
let pluginDirectory: String = {
    var candidates: [String] = []
    if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
        candidates.append(URL(fileURLWithPath: bundle.bundlePath).deletingLastPathComponent().path)
    }
    candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path)
    candidates.append(repositoryRoot + "/.build/debug")
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0 + "/age-plugin-awskms") } ?? candidates.last!
}()

/// A free TCP port on 127.0.0.1 (bound to port 0, read back, released).
func freePort() -> Int {
    let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) } }
    _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) } }
    return Int(UInt16(bigEndian: address.sin_port))
}

/// Whether something accepts connections on 127.0.0.1:`port`.
func isListening(_ port: Int) -> Bool {
    let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = UInt16(port).bigEndian
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    } == 0
}

/// moto's KMS (and IAM) on a free port of 127.0.0.1, from `.venv-test` (scripts/dependencies test
/// installs it), through Tests/Interop/moto-kms-server.py; ``stop()`` ends it.
final class MotoServer {
    static let venv = repositoryRoot + "/.venv-test"
    let port: Int
    let endpoint: String
    private let process: Process
    let scratch: String

    /// Starts the server; `authAfter` turns on moto's IAM checks after that many requests.
    init(authAfter: Int? = nil) throws {
        let python = Self.venv + "/bin/python"
        guard FileManager.default.isExecutableFile(atPath: Self.venv + "/bin/moto_server") else {
            Issue.record("moto is not installed in .venv-test; run scripts/dependencies test")
            throw CancellationError()
        }
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("awskms-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: scratch + "/home", withIntermediateDirectories: true)
        port = freePort()
        endpoint = "http://127.0.0.1:\(port)"
        process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [repositoryRoot + "/Tests/Interop/moto-kms-server.py", String(port)]
        var environment = ["PATH": "/usr/bin:/bin", "HOME": scratch + "/home"]
        if let authAfter { environment["INITIAL_NO_AUTH_ACTION_COUNT"] = String(authAfter) }
        process.environment = environment
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        // Each probe is a connection the server must accept: stop probing once one is.
        for _ in 0..<300 {
            if isListening(port) { break }
            usleep(100_000)
        }
        guard isListening(port) else {
            stop()
            Issue.record("moto did not start listening on port \(port) within 30 s")
            throw CancellationError()
        }
    }

    func stop() {
        if process.isRunning {
            // SIGKILL: a child spawned from a test thread inherits its blocked signals, and
            // moto's server then never sees SIGTERM.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: scratch)
    }

    /// The environment of every command: moto's endpoint, test keys, the plugin on PATH, a home
    /// without ~/.aws.
    var environment: [String: String] {
        [
            "PATH": pluginDirectory + ":/usr/bin:/bin", "HOME": scratch + "/home",
            "AWS_ACCESS_KEY_ID": "testing", "AWS_SECRET_ACCESS_KEY": "testing",
            "AWS_REGION": "us-east-1", "AWS_DEFAULT_REGION": "us-east-1", "AWS_ENDPOINT_URL": endpoint,
            "AWS_MAX_ATTEMPTS": "2",
            // Never ask 169.254.169.254: a test without credentials must find none.
            "AWS_EC2_METADATA_DISABLED": "true",
        ]
    }

    /// `aws …` (awscli from .venv-test) against the server; its JSON output parsed.
    @discardableResult
    func aws(_ arguments: [String], environment: [String: String]? = nil) throws -> [String: Any] {
        let result = try run(Self.venv + "/bin/aws", arguments + ["--output", "json"], environment: environment ?? self.environment)
        #expect(result.status == 0, "aws \(arguments): \(result.stderr)")
        guard let data = result.stdout.data(using: .utf8), !data.isEmpty,
            let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return [:] }
        return object
    }

    /// A new symmetric key's ARN.
    func createKey() throws -> String {
        let made = try aws(["kms", "create-key", "--description", "age-plugin-awskms test"])
        return try #require((made["KeyMetadata"] as? [String: Any])?["Arn"] as? String)
    }
}
