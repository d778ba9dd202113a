package import LibC

/// A program envtool starts with `posix_spawnp`: the editor of `edit`, git for `guard`, the
/// key extractor, age plugins, and the commands envbench times.
///
/// Foundation's `Process` is not used: on Linux it costs ~50 ms of its own per launch and starts
/// children with whatever signal state the calling thread has. One helper here keeps the
/// details every caller needs alike: argument strings freed, the child's standard streams
/// connected, and the child started as a shell would start it (see ``init(_:standardInput:standardOutput:standardError:environment:)``).
package struct SpawnedProcess: Sendable {
    /// What one of the child's standard streams is.
    package enum Stream: Sendable {
        /// envtool's own stream.
        case inherited
        /// This open descriptor (`dup2` onto the stream). Pipe ends made for the child should
        /// be close-on-exec, so that only this copy reaches it and no other child gets one.
        case descriptor(Int32)
        /// The file at this path, opened for the child with these `open(2)` flags (created
        /// readable and writable by the owner only).
        case file(String, flags: Int32)
    }

    /// Why a program could not be started: the `errno` code `posix_spawnp` gave.
    package struct Failure: Error, Sendable {
        package let code: Int32
        package init(code: Int32) { self.code = code }
        /// The program was not found (on `PATH`, or at the path given).
        package var isNotFound: Bool { code == ENOENT }
        /// `strerror`'s text, lowercased to sit inside a sentence.
        package var reason: String { String(cString: strerror(code)).lowercased() }
    }

    /// How a child ended.
    package enum Termination: Equatable, Sendable {
        case exited(Int32)
        case signaled(Int32)

        /// Decodes a `waitpid` status as POSIX lays it out (the W* macros are not imported into Swift).
        package init(waitStatus status: Int32) {
            let signal = status & 0x7F
            self = signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
        }

        /// What a shell's `$?` would be: the exit code, or 128 plus the signal.
        package var shellStatus: Int32 {
            switch self {
            case .exited(let code): code
            case .signaled(let signal): 128 + signal
            }
        }

        /// "exited with status N" or "was killed by signal N (NAME)", for messages.
        package var description: String {
            switch self {
            case .exited(let code):
                return "exited with status \(code)"
            case .signaled(let signal):
                let name = strsignal(signal).map { String(cString: $0) } ?? "unknown"
                return "was killed by signal \(signal) (\(name))"
            }
        }
    }

    /// The signals a child gets at their default action whatever envtool set: those that end a
    /// program from outside, and SIGPIPE, which `edit` ignores for itself and a program run
    /// from a shell expects to die of, and SIGXFSZ, which envtool ignores to report a file too
    /// large for `ulimit -f` as an error.
    private static let defaultedSignals = [SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGPIPE, SIGXFSZ]

    /// The child's process ID.
    package let pid: pid_t

    /// Starts `arguments[0]` (a path, or a name looked up on `PATH`) with `arguments`.
    ///
    /// The child starts as a shell would start it: no signal blocked, whatever envtool's threads
    /// block, and the signals that end a program at their default action, whatever envtool
    /// ignores meanwhile.
    ///
    /// - Parameters:
    ///   - environment: `NAME=value` strings; `nil` passes envtool's environment unchanged.
    ///   - newProcessGroup: starts the child as the leader of a process group of its own, so
    ///     that ``signalGroup(_:)`` reaches whatever it leaves running (a program that exits
    ///     while a child of its own still holds its output). The group is not the terminal's
    ///     foreground group: such a child must not read the terminal.
    /// - Throws: ``Failure`` with the code `posix_spawnp` returned.
    package init(
        _ arguments: [String], standardInput: Stream = .inherited, standardOutput: Stream = .inherited,
        standardError: Stream = .inherited, environment: [String]? = nil, newProcessGroup: Bool = false
    ) throws(Failure) {
        precondition(!arguments.isEmpty, "a program to start")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (stream, target) in [(standardInput, STDIN_FILENO), (standardOutput, STDOUT_FILENO), (standardError, STDERR_FILENO)] {
            switch stream {
            case .inherited: break
            case .descriptor(let descriptor): posix_spawn_file_actions_adddup2(&actions, descriptor, target)
            case .file(let path, let flags): posix_spawn_file_actions_addopen(&actions, target, path, flags, 0o600)
            }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in Self.defaultedSignals { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if newProcessGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { $0.map { strdup($0) } + [nil] }
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp ?? [] { free(pointer) }
        }
        var child: pid_t = 0
        let result: Int32
        if let envp {
            result = posix_spawnp(&child, arguments[0], &actions, &attributes, argv, envp)
        } else {
            result = posix_spawnp(&child, arguments[0], &actions, &attributes, argv, processEnvironment.map { UnsafeMutablePointer(mutating: $0) })
        }
        guard result == 0 else { throw Failure(code: result) }
        pid = child
    }

    /// Sends `signal` to every process of the child's group (started with `newProcessGroup`),
    /// the child and what it left running; `false` when none is left.
    ///
    /// Safe after the child was reaped: a process group's ID is not given to another process
    /// while any member of the group lives.
    @discardableResult
    package func signalGroup(_ signal: Int32) -> Bool {
        kill(-pid, signal) == 0
    }

    /// Waits for the child to end; `nil` when `waitpid` fails for a reason other than a signal
    /// (the child was reaped elsewhere).
    package func wait() -> Termination? {
        var status: Int32 = 0
        guard retryingOnInterrupt({ waitpid(pid, &status, 0) }) >= 0 else { return nil }
        return Termination(waitStatus: status)
    }

    /// How the child ended if it has, without waiting; `nil` while it runs.
    package func exited() -> Termination? {
        var status: Int32 = 0
        guard retryingOnInterrupt({ waitpid(pid, &status, WNOHANG) }) == pid else { return nil }
        return Termination(waitStatus: status)
    }
}
