import Foundation
import LibC
import Platform

/// Runs a whole command as a child process (`SpawnedProcess`, `posix_spawnp`) and measures it from the outside:
/// wall time from spawn to exit, and the child's peak resident memory (`wait4`'s rusage; Linux
/// counts the spawning process's own peak in it, so a figure at or below this process's peak says
/// only "at most that").
///
/// Foundation's `Process` is not used: on Linux it costs ~50 ms of its own per launch, more than
/// the commands being measured.
struct ChildProcess {
    /// What one run took.
    struct Run {
        let seconds: Double
        let peakResidentKiB: Int
        let status: Int32
    }

    let arguments: [String]
    let environment: [String: String]

    /// Spawns the command with standard input, output and error on /dev/null and waits for it.
    func run() -> Run {
        var start = timespec()
        var end = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        let process: SpawnedProcess
        do {
            process = try SpawnedProcess(
                arguments, standardInput: .file("/dev/null", flags: O_RDONLY),
                standardOutput: .file("/dev/null", flags: O_WRONLY), standardError: .file("/dev/null", flags: O_WRONLY),
                environment: environment.map { "\($0.key)=\($0.value)" })
        } catch {
            return Run(seconds: .nan, peakResidentKiB: 0, status: -1)
        }
        // wait4, not SpawnedProcess.wait: the child's resource usage comes with its status.
        var status: Int32 = 0
        var usage = rusage()
        _ = retryingOnInterrupt { wait4(process.pid, &status, 0, &usage) }
        clock_gettime(CLOCK_MONOTONIC, &end)
        let seconds = Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
        return Run(seconds: seconds, peakResidentKiB: Int(usage.ru_maxrss), status: SpawnedProcess.Termination(waitStatus: status).shellStatus)
    }

    /// Whether `name` can be run (an absolute path, or found on PATH).
    static func available(_ name: String) -> Bool {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(name)") }
    }
}
