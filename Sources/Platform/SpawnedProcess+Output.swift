internal import LibC

extension SpawnedProcess {
    /// How a command whose output was captured ended.
    package enum CaptureOutcome: Equatable, Sendable {
        /// It ended (exit status or signal) after closing its output.
        case ended(Termination)
        /// It printed more than the buffer holds and was killed, with what it started.
        case tooMuchOutput
        /// It ran past the time limit and was killed, with what it started.
        case timedOut
    }

    /// Runs `command` with `/bin/sh -c`, its standard output a
    /// pipe read into `buffer` and its standard error envtool's (where a helper says what it
    /// needs): how secrets are taken from a command (an AWS `credential_process`,
    /// `ENVTOOL_IDENTITY_COMMAND`).
    ///
    /// Bounded twice: the output is read up to the buffer's size, and the run ends at `timeout`
    /// milliseconds; past either the command is killed, with whatever it started when it runs in
    /// a process group of its own (`ownProcessGroup`: not for a command that may ask on the
    /// terminal, which a background group cannot read). The caller owns
    /// the buffer (zeroing memory for a secret) and never quotes it in an error.
    ///
    /// - Returns: How many bytes it printed, and how it ended.
    /// - Throws: ``Failure`` when the pipe cannot be made or the shell cannot be started.
    package static func capturingOutput(
        ofShellCommand command: String, standardInput: Stream, into buffer: UnsafeMutableRawBufferPointer,
        timeout: Int64, ownProcessGroup: Bool = true
    ) throws(Failure) -> (count: Int, outcome: CaptureOutcome) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw Failure(code: errno) }
        // Only the child's end reaches it, through dup2; no other child started meanwhile gets one.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let process: SpawnedProcess
        do throws(Failure) {
            process = try SpawnedProcess(
                ["/bin/sh", "-c", command], standardInput: standardInput,
                standardOutput: .descriptor(ends[1]), newProcessGroup: ownProcessGroup)
        } catch {
            close(ends[0]); close(ends[1])
            throw error
        }
        close(ends[1])
        defer { close(ends[0]) }
        func stop() {
            if !ownProcessGroup || !process.signalGroup(SIGKILL) { kill(process.pid, SIGKILL) }
        }
        let start = monotonicMilliseconds()
        var count = 0
        var failure: CaptureOutcome?
        reading: while true {
            let left = start + timeout - monotonicMilliseconds()
            guard left > 0 else { failure = .timedOut; break }
            // A failed wait is tried again until the time is up, as one that timed out.
            guard waitUntilReady(ends[0], for: POLLIN, milliseconds: left) > 0 else { continue }
            if count == buffer.count {
                // Full: one more byte means too much, the end means it fit exactly.
                var extra: UInt8 = 0
                let got = retryingOnInterrupt { read(ends[0], &extra, 1) }
                if got > 0 { extra = 0; failure = .tooMuchOutput }
                break reading
            }
            let got = retryingOnInterrupt { read(ends[0], buffer.baseAddress! + count, buffer.count - count) }
            if got <= 0 { break reading }
            count += got
        }
        // Whatever it started goes with it; the output it gave is all that is used.
        if failure != nil { stop() }
        var termination: Termination?
        while termination == nil {
            termination = process.exited()
            if termination == nil, monotonicMilliseconds() >= start + timeout {
                failure = failure ?? .timedOut
                stop()
                termination = process.wait()
                break
            }
            if termination == nil { usleep(5_000) }
        }
        if ownProcessGroup { process.signalGroup(SIGKILL) }
        if let failure { return (count, failure) }
        return (count, .ended(termination ?? .signaled(SIGKILL)))
    }
}
