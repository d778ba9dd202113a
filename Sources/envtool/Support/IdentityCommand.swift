import EnvironmentCrypto
import LibC
import Platform

/// `ENVTOOL_IDENTITY_COMMAND`: a command whose standard output is an identity file (any kind
/// `--identity` reads), for identities kept in a password manager (`op read …`, `pass show …`),
/// as sops's `SOPS_AGE_KEY_CMD`.
///
/// It runs with `/bin/sh -c`; its standard input is the terminal when envtool has one (a
/// password manager may ask there), else `/dev/null`; its standard error is envtool's. Its
/// output is read into zeroing memory, at most ``maximumOutput`` bytes, and the run ends at
/// ``timeout``. Its output is never quoted: a failure names the variable and how the command
/// ended, and says to run it by hand.
enum IdentityCommand {
    /// The most output read: far beyond any identity file.
    static let maximumOutput = 1 << 20
    /// The longest run, in milliseconds: time for a person to unlock a password manager.
    static let timeout: Int64 = 120_000

    /// The identities the command prints.
    ///
    /// - Throws: ``CryptoError`` of kind ``CryptoError/Kind/secretUnavailable`` when it cannot
    ///   be started, fails (exit status, signal), prints nothing, prints too much or runs too
    ///   long; of the identity parser's kinds when its output is not an identity file.
    static func identities(_ command: String, variable: String, passphrase: AgeIdentityFile.PassphraseSource) throws(CryptoError) -> [any FileKeyIdentity] {
        let terminal = isatty(STDIN_FILENO) != 0
        var run: (count: Int, outcome: SpawnedProcess.CaptureOutcome) = (0, .timedOut)
        var startFailure: SpawnedProcess.Failure?
        let buffer = SecretBytes(count: maximumOutput) { output in
            do throws(SpawnedProcess.Failure) {
                // On a terminal it stays in envtool's process group: a background group cannot read it.
                run = try SpawnedProcess.capturingOutput(
                    ofShellCommand: command, standardInput: terminal ? .inherited : .file("/dev/null", flags: O_RDONLY),
                    into: output, timeout: timeout, ownProcessGroup: !terminal)
            } catch {
                startFailure = error
            }
        }
        if let startFailure { throw CryptoError(.secretUnavailable, "cannot run $\(variable): \(startFailure.reason)") }
        switch run.outcome {
        case .timedOut:
            throw CryptoError(.secretUnavailable, "$\(variable) ran for more than \(timeout / 1000) s and was stopped")
        case .tooMuchOutput:
            throw CryptoError(.secretUnavailable, "$\(variable) printed more than \(maximumOutput >> 20) MiB and was stopped; it should print an identity file")
        case .ended(let termination) where termination != .exited(0):
            throw CryptoError(.secretUnavailable, "$\(variable) \(termination.description); run it yourself to see why (its own messages, if any, are above)")
        case .ended:
            break
        }
        let count = run.count
        let text = buffer.withUnsafeBytes { whole in SecretBytes(count: count) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: whole[..<count])) } }
        let blank = text.withUnsafeBytes { $0.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D } }
        guard !blank else {
            throw CryptoError(
                .secretUnavailable,
                "$\(variable) exited with status 0 but printed nothing; it should print an identity file (AGE-SECRET-KEY-1…, an OpenSSH private key, or an age -p protected identity file)"
            )
        }
        return try AgeIdentityFile.parseIdentities(text, namedBy: "the output of $\(variable)", passphrase: passphrase)
    }
}
