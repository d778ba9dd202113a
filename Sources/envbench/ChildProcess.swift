import Foundation

/// Runs a whole command as a child process with `posix_spawn` and measures it from the outside:
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
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }

        var pid: pid_t = 0
        var start = timespec(), end = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, argv, envp)
        guard spawned == 0 else { return Run(seconds: .nan, peakResidentKiB: 0, status: -1) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
        clock_gettime(CLOCK_MONOTONIC, &end)
        let seconds = Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
        let exited = status & 0x7f == 0
        return Run(seconds: seconds, peakResidentKiB: Int(usage.ru_maxrss), status: exited ? (status >> 8) & 0xff : 128 + (status & 0x7f))
    }

    /// Whether `name` can be run (an absolute path, or found on PATH).
    static func available(_ name: String) -> Bool {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(name)") }
    }
}
