import CSodium
import EnvironmentCrypto
internal import LibC
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
        let output = UnsafeMutableRawBufferPointer.allocate(byteCount: maximumOutput, alignment: 1)
        defer {
            sodium_memzero(output.baseAddress!, output.count)
            output.deallocate()
        }
        let run: (count: Int, outcome: SpawnedProcess.CaptureOutcome)
        do throws(SpawnedProcess.Failure) {
            run = try SpawnedProcess.capturingOutput(
                ofShellCommand: command, standardInput: .file("/dev/null", flags: O_RDONLY), into: output, timeout: timeout)
        } catch {
            throw KMSError(.configuration, "cannot run \(what): \(error.reason)")
        }
        switch run.outcome {
        case .timedOut: throw KMSError(.noCredentials, "\(what) ran for more than \(timeout / 1000) s and was stopped")
        case .tooMuchOutput: throw KMSError(.noCredentials, "\(what) printed more than \(maximumOutput / 1024) KiB and was stopped")
        case .ended(let termination) where termination != .exited(0):
            throw KMSError(.noCredentials, "\(what) \(termination.description); run it yourself to see why (its own messages, if any, are above)")
        case .ended: break
        }
        let count = run.count
        var printed = Array(output[0..<count]) as [UInt8]
        defer { KMSClient.zero(&printed) }
        return try JSONCredentials.parse(printed, what: "the output of \(what)", source: what)
    }
}
