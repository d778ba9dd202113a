import CSodium
import EnvironmentCrypto
import Platform

/// A profile's `credential_process`: a command that prints credentials as JSON (`Version: 1`,
/// `AccessKeyId`, `SecretAccessKey`, `SessionToken`), run as the Go and Rust SDKs run it, with
/// `/bin/sh -c`.
///
/// Bounded like every other source: its output is read up to ``maximumOutput`` and its run ends
/// at ``timeout`` (it is killed, with what it started); its standard input is `/dev/null` and its
/// standard output a pipe of its own (the plugin's own are age's protocol); its standard error is
/// the plugin's, where a login helper says what it needs. Its output is never quoted in an error.
enum CredentialProcess {
    /// The most output read, in bytes.
    static let maximumOutput = 64 * 1024
    /// The longest run, in milliseconds: a minute, as the Go SDK allows.
    static let timeout: Int64 = 60_000

    /// Runs `command` (from the profile `profile` of `path`) and parses what it prints.
    static func credentials(_ command: String, profile: String, path: String) throws(KMSError) -> AWSCredentials {
        let what = "the credential_process of the profile '\(profile)' in \(path)"
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw KMSError(.configuration, "cannot run \(what): \(String(cString: strerror(errno)).lowercased())") }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let process: SpawnedProcess
        do throws(SpawnedProcess.Failure) {
            process = try SpawnedProcess(["/bin/sh", "-c", command], standardInput: .file("/dev/null", flags: O_RDONLY),
                                         standardOutput: .descriptor(ends[1]), newProcessGroup: true)
        } catch {
            close(ends[0]); close(ends[1])
            throw KMSError(.configuration, "cannot run \(what): \(error.reason)")
        }
        close(ends[1])
        defer { close(ends[0]) }
        var output = [UInt8](repeating: 0, count: maximumOutput)
        defer { output.withUnsafeMutableBytes { if let base = $0.baseAddress { sodium_memzero(base, $0.count) } } }
        let start = monotonicMilliseconds()
        var count = 0
        var failure: String?
        reading: while true {
            let left = start + timeout - monotonicMilliseconds()
            guard left > 0 else { failure = "ran for more than \(timeout / 1000) s and was stopped"; break }
            var entry = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, Int32(clamping: left))
            if ready < 0, errno == EINTR { continue }
            if ready <= 0 { continue }
            let got = output.withUnsafeMutableBytes { read(ends[0], $0.baseAddress! + count, maximumOutput - count) }
            if got < 0, errno == EINTR { continue }
            if got <= 0 { break reading }
            count += got
            if count == maximumOutput { failure = "printed more than \(maximumOutput / 1024) KiB and was stopped"; break }
        }
        // Whatever it started goes with it; the output it gave is all that is used.
        if failure != nil { process.signalGroup(SIGKILL) }
        var termination: SpawnedProcess.Termination?
        while termination == nil {
            termination = process.exited()
            if termination == nil, monotonicMilliseconds() >= start + timeout {
                failure = failure ?? "did not exit within \(timeout / 1000) s of closing its output and was stopped"
                process.signalGroup(SIGKILL)
                termination = process.wait()
                break
            }
            if termination == nil { usleep(5_000) }
        }
        process.signalGroup(SIGKILL)
        if let failure { throw KMSError(.noCredentials, "\(what) \(failure)") }
        if let termination, termination != .exited(0) {
            throw KMSError(.noCredentials, "\(what) \(termination.description); run it yourself to see why (its own messages, if any, are above)")
        }
        var printed = Array(output[0..<count])
        defer { KMSClient.zero(&printed) }
        return try JSONCredentials.parse(printed, what: "the output of \(what)", source: what)
    }

    private static func monotonicMilliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }
}
