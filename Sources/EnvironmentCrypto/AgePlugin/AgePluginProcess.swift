import CSodium
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform

/// One run of an age plugin, `age-plugin-NAME --age-plugin=PROTOCOL`, found on `PATH`: its
/// standard input and output are pipes to envtool, its standard error is envtool's.
///
/// Every wait is bounded: a read or a write waits at most ``timeout`` (the plugin's silence,
/// not the whole run) with `poll(2)`, after which the plugin is killed and reaped. A write to a
/// plugin that died fails with `EPIPE` instead of killing envtool: `SIGPIPE` is blocked on the
/// writing thread for the write and a pending one is consumed. The process is always reaped,
/// on success by ``finish()``, otherwise when the value is released.
final class AgePluginProcess {
    /// The plugin's name (`NAME` of `age-plugin-NAME`).
    let name: String
    /// The executable's name, `age-plugin-NAME`.
    var executable: String { "age-plugin-" + name }
    /// The longest silence waited for, in milliseconds.
    let timeout: Int32

    private let process: SpawnedProcess
    private var toPlugin: Int32
    private var fromPlugin: Int32
    private var status: SpawnedProcess.Termination?

    /// Starts `age-plugin-NAME --age-plugin=protocolName` from `PATH`.
    ///
    /// - Throws: ``AgeError/Kind/pluginFailure`` when it is not on `PATH` (saying to install
    ///   it) or cannot be started.
    init(plugin name: String, protocol protocolName: String, timeout: Int32) throws(AgeError) {
        self.name = name
        self.timeout = timeout
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
            started = try SpawnedProcess([executable, "--age-plugin=" + protocolName],
                                         standardInput: .descriptor(input[0]), standardOutput: .descriptor(output[1]))
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
            return AgeError(.pluginFailure, "the age plugin \(executable) was not found on PATH; install it (or add its folder to PATH) to use this recipient or identity")
        }
        return AgeError(.pluginFailure, "cannot start the age plugin \(executable): \(failure.reason)")
    }

    deinit {
        if status == nil { kill(); }
    }

    /// The seconds of ``timeout``, for messages.
    private var timeoutText: String {
        timeout % 1000 == 0 ? "\(timeout / 1000) s" : "\(timeout / 1000).\(timeout % 1000 / 100) s"
    }

    /// Waits until `descriptor` is ready for `events`, at most ``timeout``.
    private func wait(_ descriptor: Int32, for events: Int16, doing what: String) throws(AgeError) {
        var deadline = timespec()
        clock_gettime(CLOCK_MONOTONIC, &deadline)
        let end = Int64(deadline.tv_sec) * 1000 + Int64(deadline.tv_nsec) / 1_000_000 + Int64(timeout)
        while true {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let left = end - (Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000)
            guard left > 0 else { break }
            var entry = pollfd(fd: descriptor, events: events, revents: 0)
            let ready = poll(&entry, 1, Int32(clamping: left))
            if ready < 0, errno == EINTR { continue }
            if ready < 0 { throw failure("poll failed: \(String(cString: strerror(errno)).lowercased())") }
            if ready > 0 { return }
        }
        kill()
        throw AgeError(.pluginFailure, "the age plugin \(executable) \(what) for \(timeoutText) and was stopped; if it waits for something (a hardware token, a network), set ENVTOOL_PLUGIN_TIMEOUT to more seconds")
    }

    /// Reads what the plugin wrote; 0 at its end of output.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(AgeError) -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        while true {
            let got = Platform.read(fromPlugin, base, buffer.count)
            if got >= 0 { return got }
            if errno == EINTR { continue }
            if errno == EAGAIN || errno == EWOULDBLOCK {
                try wait(fromPlugin, for: Int16(POLLIN), doing: "sent nothing")
                continue
            }
            throw failure("cannot read from it: \(String(cString: strerror(errno)).lowercased())")
        }
    }

    /// Writes all of `bytes` to the plugin.
    func write(_ bytes: UnsafeRawBufferPointer) throws(AgeError) {
        var offset = 0
        while offset < bytes.count {
            let wrote = Self.writeWithoutSIGPIPE(toPlugin, bytes.baseAddress! + offset, bytes.count - offset)
            if wrote >= 0 { offset += wrote; continue }
            let code = errno
            if code == EINTR { continue }
            if code == EAGAIN || code == EWOULDBLOCK {
                try wait(toPlugin, for: Int16(POLLOUT), doing: "read nothing")
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
        let wrote = Platform.write(descriptor, base, count)
        let code = errno
        if wrote < 0, code == EPIPE, !wasPending {
            var zero = timespec()
            while sigtimedwait(&pipeSignal, nil, &zero) < 0 && errno == EINTR {}
        }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        errno = code
        return wrote
    }

    /// The error for a plugin whose output ended before the conversation did, with how it ended.
    func ended(before what: String) -> AgeError {
        closePipes()
        let how = reap(waitingUpTo: timeout)?.description ?? "did not exit"
        if status == nil { kill() }
        return AgeError(.pluginFailure, "the age plugin \(executable) stopped before \(what): it \(how)")
    }

    /// The plugin's failure with `reason`; the plugin is stopped.
    func failure(_ reason: String) -> AgeError {
        kill()
        return AgeError(.pluginFailure, "the age plugin \(executable) failed: \(reason)")
    }

    /// Ends a conversation that went well: the plugin's input is closed and it is given
    /// ``timeout`` to exit; one that does not is killed. Its exit status does not matter any more.
    func finish() {
        closePipes()
        if reap(waitingUpTo: min(timeout, 2000)) == nil { kill() }
    }

    /// Kills the plugin (SIGKILL) and reaps it.
    func kill() {
        closePipes()
        guard status == nil else { return }
        _ = Platform.kill(process.pid, SIGKILL)
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
