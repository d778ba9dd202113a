import CSodium
internal import LibC
import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One run of an age plugin, `age-plugin-NAME --age-plugin=PROTOCOL`, found on `PATH`: its
/// standard input and output are pipes to envtool, its standard error is envtool's.
///
/// Every wait is bounded twice: a read or a write waits at most ``timeout`` (the plugin's
/// silence) with `poll(2)`, and the whole run ends at ``totalTimeout`` however the plugin
/// spaces what it sends (one byte every few seconds never resets it); past either the plugin
/// is killed and reaped. A write to a plugin that died fails with `EPIPE` instead of killing
/// envtool: `SIGPIPE` is blocked on the writing thread for the write and a pending one is
/// consumed.
///
/// The plugin runs in a process group of its own: a plugin that exits while a child of its own
/// still holds its output ends the conversation when it exits (the wait notices the exit, it
/// does not wait on the child), and that child is killed with the group. The group is killed
/// whenever the run ends, on success by ``finish()``, otherwise when the value is released.
final class AgePluginProcess {
    /// The plugin's name (`NAME` of `age-plugin-NAME`).
    let name: String
    /// The executable's name, `age-plugin-NAME`.
    var executable: String { "age-plugin-" + name }
    /// The longest silence waited for, in milliseconds.
    let timeout: Int32
    /// The longest whole run, in milliseconds.
    let totalTimeout: Int64
    /// When the run must be over, on `CLOCK_MONOTONIC`, in milliseconds; moved later by the
    /// time spent asking the user (``notCountingTowardsDeadline(_:)``).
    private var deadline: Int64

    private let process: SpawnedProcess
    private var toPlugin: Int32
    private var fromPlugin: Int32
    private var status: SpawnedProcess.Termination?

    /// Starts `age-plugin-NAME --age-plugin=protocolName` from `PATH`.
    ///
    /// - Throws: ``AgeError/Kind/pluginFailure`` when it is not on `PATH` (saying to install
    ///   it) or cannot be started.
    init(plugin name: String, protocol protocolName: String, timeout: Int32, totalTimeout: Int64) throws(AgeError) {
        self.name = name
        self.timeout = timeout
        self.totalTimeout = totalTimeout
        deadline = monotonicMilliseconds() + totalTimeout
        let executable = "age-plugin-" + name
        var input: [Int32] = [-1, -1]
        var output: [Int32] = [-1, -1]
        guard pipe(&input) == 0 else { throw Self.startFailure(executable, SpawnedProcess.Failure(code: errno)) }
        guard pipe(&output) == 0 else {
            let failure = SpawnedProcess.Failure(code: errno)
            close(input[0]); close(input[1])
            throw Self.startFailure(executable, failure)
        }
        // Only the child's ends reach it, through dup2; no other child started meanwhile gets any.
        for descriptor in input + output { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        let started: SpawnedProcess
        do {
            started = try SpawnedProcess(
                [executable, "--age-plugin=" + protocolName],
                standardInput: .descriptor(input[0]), standardOutput: .descriptor(output[1]),
                newProcessGroup: true)
        } catch {
            close(input[0]); close(output[1]); close(input[1]); close(output[0])
            throw Self.startFailure(executable, error)
        }
        close(input[0])
        close(output[1])
        process = started
        toPlugin = input[1]
        fromPlugin = output[0]
        _ = fcntl(toPlugin, F_SETFL, fcntl(toPlugin, F_GETFL) | O_NONBLOCK)
        _ = fcntl(fromPlugin, F_SETFL, fcntl(fromPlugin, F_GETFL) | O_NONBLOCK)
    }

    private static func startFailure(_ executable: String, _ failure: SpawnedProcess.Failure) -> AgeError {
        if failure.isNotFound {
            return AgeError(
                .pluginFailure, "the age plugin \(executable) was not found on PATH; install it (or add its folder to PATH) to use this recipient or identity")
        }
        return AgeError(.pluginFailure, "cannot start the age plugin \(executable): \(failure.reason)")
    }

    deinit {
        kill()
    }

    /// `milliseconds` as seconds, for messages.
    private static func secondsText(_ milliseconds: Int64) -> String {
        milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds / 1000).\(milliseconds % 1000 / 100) s"
    }

    /// How often a wait looks whether the plugin itself has exited, in milliseconds.
    private static let exitCheckInterval: Int64 = 200

    /// Whether a wait ended with the descriptor ready or with the plugin gone.
    private enum Readiness { case ready, pluginExited }

    /// Waits until `descriptor` is ready for `events`: at most ``timeout``, never past the run's
    /// deadline, and no longer once the plugin has exited (what still holds the pipe then is a
    /// child it left behind, not the plugin).
    private func wait(_ descriptor: Int32, for events: Int32, doing what: String) throws(AgeError) -> Readiness {
        let silenceEnd = monotonicMilliseconds() + Int64(timeout)
        let end = min(silenceEnd, deadline)
        while true {
            let left = end - monotonicMilliseconds()
            guard left > 0 else { break }
            let ready = waitUntilReady(descriptor, for: events, milliseconds: min(left, Self.exitCheckInterval))
            if ready < 0 { throw failure("poll failed: \(String(cString: strerror(errno)).lowercased())") }
            if ready > 0 { return .ready }
            if reap(waitingUpTo: 0) != nil { return .pluginExited }
        }
        kill()
        throw end == deadline && deadline < silenceEnd
            ? overran()
            : AgeError(
                .pluginFailure,
                "the age plugin \(executable) \(what) for \(Self.secondsText(Int64(timeout))) and was stopped; if it waits for something (a hardware token, a network), set ENVTOOL_PLUGIN_TIMEOUT to more seconds"
            )
    }

    /// Runs `body` (a question on the terminal) without its time counting towards the run's
    /// deadline: a user reading a prompt is not a plugin dawdling.
    func notCountingTowardsDeadline<T>(_ body: () -> T) -> T {
        let start = monotonicMilliseconds()
        defer { deadline += monotonicMilliseconds() - start }
        return body()
    }

    /// The error for a run past ``totalTimeout``; the plugin is stopped.
    private func overran() -> AgeError {
        kill()
        return AgeError(
            .pluginFailure,
            "the age plugin \(executable) ran for \(Self.secondsText(totalTimeout)) in all and was stopped; if it waits for something (a hardware token, a network), set ENVTOOL_PLUGIN_TOTAL_TIMEOUT to more seconds"
        )
    }

    /// Throws when the run is past its deadline, whether or not the plugin is sending.
    private func checkDeadline() throws(AgeError) {
        if monotonicMilliseconds() >= deadline { throw overran() }
    }

    /// Reads what the plugin wrote; 0 at its end of output, or once the plugin has exited and
    /// nothing it wrote is left to read.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(AgeError) -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        while true {
            try checkDeadline()
            let got = retryingOnInterrupt { LibC.read(fromPlugin, base, buffer.count) }
            if got >= 0 { return got }
            if errno == EAGAIN || errno == EWOULDBLOCK {
                if try wait(fromPlugin, for: POLLIN, doing: "sent nothing") == .pluginExited {
                    // Its last words may have arrived with its exit.
                    let last = LibC.read(fromPlugin, base, buffer.count)
                    return max(last, 0)
                }
                continue
            }
            throw failure("cannot read from it: \(String(cString: strerror(errno)).lowercased())")
        }
    }

    /// Writes all of `bytes` to the plugin.
    func write(_ bytes: UnsafeRawBufferPointer) throws(AgeError) {
        var offset = 0
        while offset < bytes.count {
            try checkDeadline()
            let wrote = retryingOnInterrupt { Self.writeWithoutSIGPIPE(toPlugin, bytes.baseAddress! + offset, bytes.count - offset) }
            if wrote >= 0 { offset += wrote; continue }
            let code = errno
            if code == EAGAIN || code == EWOULDBLOCK {
                if try wait(toPlugin, for: POLLOUT, doing: "read nothing") == .pluginExited {
                    throw ended(before: "reading what envtool sent")
                }
                continue
            }
            if code == EPIPE { throw ended(before: "reading what envtool sent") }
            throw failure("cannot write to it: \(String(cString: strerror(code)).lowercased())")
        }
    }

    /// `write(2)` with SIGPIPE blocked on this thread; a SIGPIPE the write raised is consumed,
    /// so that a plugin that died gives `EPIPE` and never kills envtool.
    private static func writeWithoutSIGPIPE(_ descriptor: Int32, _ base: UnsafeRawPointer, _ count: Int) -> Int {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        var pending = sigset_t()
        sigpending(&pending)
        let wasPending = sigismember(&pending, SIGPIPE) == 1
        let wrote = LibC.write(descriptor, base, count)
        let code = errno
        if wrote < 0, code == EPIPE, !wasPending {
            var zero = timespec()
            _ = retryingOnInterrupt { sigtimedwait(&pipeSignal, nil, &zero) }
        }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        errno = code
        return wrote
    }

    /// The error for a plugin whose output ended before the conversation did, with how it ended.
    func ended(before what: String) -> AgeError {
        closePipes()
        let how = reap(waitingUpTo: timeout)?.description ?? "did not exit"
        kill()
        return AgeError(.pluginFailure, "the age plugin \(executable) stopped before \(what): it \(how)")
    }

    /// The plugin's failure with `reason`; the plugin is stopped.
    func failure(_ reason: String) -> AgeError {
        kill()
        return AgeError(.pluginFailure, "the age plugin \(executable) failed: \(reason)")
    }

    /// Ends a conversation that went well: the plugin's input is closed and it is given
    /// ``timeout`` (at most 2 s) to exit; one that does not is killed, as is anything it left
    /// running. Its exit status does not matter any more.
    func finish() {
        closePipes()
        _ = reap(waitingUpTo: min(timeout, 2000))
        kill()
    }

    /// Kills the plugin and its process group (SIGKILL) and reaps the plugin.
    func kill() {
        closePipes()
        process.signalGroup(SIGKILL)
        guard status == nil else { return }
        status = process.wait() ?? .signaled(SIGKILL)
    }

    private func closePipes() {
        if toPlugin >= 0 { close(toPlugin); toPlugin = -1 }
        if fromPlugin >= 0 { close(fromPlugin); fromPlugin = -1 }
    }

    /// How the plugin ended, once it does within `milliseconds`, else nil.
    private func reap(waitingUpTo milliseconds: Int32) -> SpawnedProcess.Termination? {
        if let status { return status }
        var waited: Int32 = 0
        while true {
            if let ended = process.exited() { status = ended; return ended }
            guard waited < milliseconds else { return nil }
            usleep(5_000)
            waited += 5
        }
    }
}
