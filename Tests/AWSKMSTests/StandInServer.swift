import Foundation
import Testing

/// Tests/Interop/aws-standin-server.py on free ports of 127.0.0.1: the hostile servers and the
/// credential endpoints' stand-ins; ``stop()`` ends it.
final class StandInServer {
    let port: Int
    /// The port of "another host", the target of `/redirect`.
    let otherPort: Int
    let base: String
    /// Where the server records requests (`requests`, `redirected`), and the tests' scratch.
    let state: String
    private let process: Process

    init() throws {
        state = FileManager.default.temporaryDirectory.appendingPathComponent("awskms-standin-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: state + "/home", withIntermediateDirectories: true)
        port = freePort()
        otherPort = freePort()
        base = "http://127.0.0.1:\(port)"
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [repositoryRoot + "/Tests/Interop/aws-standin-server.py", String(port), String(otherPort), state]
        process.environment = ["PATH": "/usr/bin:/bin"]
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        for _ in 0..<300 {
            if isListening(port) && isListening(otherPort) { break }
            usleep(50_000)
        }
        guard isListening(port), isListening(otherPort) else {
            stop()
            Issue.record("the stand-in server did not start listening on \(port) and \(otherPort)")
            throw CancellationError()
        }
    }

    func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: state)
    }

    /// The requests recorded in `log` (`requests` or `redirected`), one JSON object each.
    func recorded(_ log: String) -> [[String: Any]] {
        guard let text = try? String(contentsOfFile: state + "/" + log, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }
}
