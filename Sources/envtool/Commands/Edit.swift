import ArgumentParser
import EnvironmentCrypto
import EnvironmentKit
import LibC
import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct Edit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Edit an environments.bin in $VISUAL/$EDITOR and re-encrypt it with the same secret.",
        discussion: """
            The plaintext goes to a private temporary file (mode 0600 in a 0700 directory, in
            $XDG_RUNTIME_DIR or /dev/shm when available), which is overwritten with zeros and removed
            afterwards. The result must be a valid environments document: an invalid edit is reported
            and, on a terminal, can be edited again. If the editor fails, or the edit is abandoned or
            invalid, the .bin is left exactly as it was. An age file is sealed again, with a new file
            key, to the recipients listed in FILE.recipients (see `envtool recipients list`).
            """)

    @Argument(help: "The environments.bin to edit.", completion: .file())
    var input: String

    @OptionGroup(title: "Secret") var secrets: SecretOptions
    @OptionGroup(title: "Passphrase cost") var kdf: KDFOptions
    @OptionGroup var trust: TrustRecipientsOption

    func run() throws {
        try reportingFailures {
            // Held until the process ends: a second edit or rekey of the file is refused meanwhile.
            let lock = try AtomicFile.lock(input)
            defer { withExtendedLifetime(lock) {} }
            let (original, opened) = try secrets.values.open(input)
            // Known before the editor runs: an age file whose recipients list is missing or out of
            // step could not be saved, and the edit would be lost.
            _ = try sameTarget(opened)
            TerminationCleanup.install()
            let workspace = try PrivateWorkspace()
            TerminationCleanup.protect(workspace)
            defer { workspace.destroy() }
            let file = workspace.path + "/" + PathText.deletingExtension(PathText.lastComponent(input)) + ".json"
            try AtomicFile.write(opened.plaintext, to: file, permissions: 0o600)

            while true {
                let status = try runEditor(on: file)
                guard status == 0 else {
                    Console.error("\(input): the editor exited with status \(status); the file is unchanged")
                    throw ExitCode(ExitStatus.aborted.rawValue)
                }
                let edited: SecretBytes
                do {
                    edited = try SecretInput.file(file)
                } catch {
                    let reason = FileManager.default.fileExists(atPath: file) ? "the edited copy cannot be read" : "the editor removed the edited copy"
                    Console.error("\(input): \(reason); the edit is aborted and the file is unchanged")
                    throw ExitCode(ExitStatus.aborted.rawValue)
                }
                if edited.isEqual(to: opened.plaintext) {
                    Console.error("\(input): no changes")
                    return
                }
                do throws(EnvironmentError) {
                    let document = try EnvironmentsDocument(secretBytes: edited, source: input + " (edited)", quotingText: true)
                    for warning in document.warnings { Console.error(warning.description) }
                } catch {
                    Console.error(error.description)
                    if askAgain() { continue }
                    Console.error("\(input): the edit is not valid; the file is unchanged")
                    throw ExitCode(ExitStatus.invalidInput.rawValue)
                }
                let target = try sameTarget(opened)
                let (sealed, fileKey) = try EnvironmentsBin.encryptWithFileKey(edited, to: target)
                try replace(expecting: original, with: sealed)
                if fileKey != nil { try RecipientsSidecar.write(for: target, beside: input, fileKey: fileKey) }
                Console.error("\(input): saved (\(target.displayName))")
                return
            }
        }
    }

    /// The file's own secret: the same key, passphrase or recipients (see
    /// ``EnvironmentsBin/Opened/sameTarget(scryptWorkFactor:file:listed:)``).
    private func sameTarget(_ opened: EnvironmentsBin.Opened) throws(CryptoError) -> EnvironmentsBin.EncryptionTarget {
        try opened.sameTarget(
            scryptWorkFactor: kdf.scryptWorkFactor, file: input, listed: RecipientsSidecar.listed(beside: input, trusting: trust.trustRecipients))
    }

    /// Replaces the input with `sealed`, keeping its mode and writing through a symbolic link,
    /// unless another program changed it since it was read: then the other change is kept and the
    /// edit is saved, encrypted, beside it.
    private func replace(expecting original: Data, with sealed: Data) throws {
        if (try? InputFile.read(input)) != original {
            let aside = input + ".edited"
            try AtomicFile.write(sealed, to: aside, permissions: 0o600, keepingExistingMode: true)
            throw EnvironmentError(
                .writeFailed, file: input,
                message:
                    "the file changed while it was being edited (another program wrote it), so it was not replaced; your edit is saved, encrypted the same way, in \(aside): compare the two with `envtool decrypt` and move the one to keep into place"
            )
        }
        try AtomicFile.write(sealed, to: input, permissions: 0o644, keepingExistingMode: true)
    }

    /// Runs the editor as git does, `sh -c '$EDITOR "$@"' sh FILE`, so EDITOR may carry
    /// arguments; with `exec`, so that the editor is the child that a signal's cleanup stops.
    private func runEditor(on file: String) throws -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        let editor = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
        // The editor talks to the terminal on standard error: standard output is envtool's result.
        let script = "exec " + editor + " \"$@\""
        let process: SpawnedProcess
        do {
            process = try SpawnedProcess(["/bin/sh", "-c", script, "sh", file], standardOutput: .descriptor(STDERR_FILENO))
        } catch {
            Console.error("envtool: error: cannot run the editor with /bin/sh: \(error.reason)")
            throw ExitCode(ExitStatus.helperUnavailable.rawValue)
        }
        TerminationCleanup.editorRunning(process.pid)
        defer { TerminationCleanup.editorRunning(0) }
        guard let ended = process.wait() else { return 1 }
        TerminationCleanup.waitIfTerminating()
        // The exit code, or the signal that ended the editor, as Foundation's Process reported it.
        switch ended {
        case .exited(let code): return code
        case .signaled(let signal): return signal
        }
    }

    private func askAgain() -> Bool {
        guard isatty(STDIN_FILENO) != 0 else { return false }
        Console.prompt("Edit again? [Y/n] ")
        guard let answer = readLine(strippingNewline: true) else { return false }
        return answer.isEmpty || answer.lowercased().hasPrefix("y")
    }
}
