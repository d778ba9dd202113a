import ArgumentParser
import EnvironmentCrypto
import EnvironmentKit
import Foundation
#if canImport(Glibc)
import Glibc
#endif

struct Edit: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Edit an environments.bin in $VISUAL/$EDITOR and re-encrypt it with the same secret.",
        discussion: """
            The plaintext goes to a private temporary file (mode 0600 in a 0700 directory, in
            $XDG_RUNTIME_DIR or /dev/shm when available), which is overwritten with zeros and removed
            afterwards. The result must be a valid environments document: an invalid edit is reported
            and, on a terminal, can be edited again. If the editor fails, or the edit is abandoned or
            invalid, the .bin is left exactly as it was.
            """)

    @Argument(help: "The environments.bin to edit.")
    var input: String

    @OptionGroup(title: "Secret") var secrets: SecretOptions
    @OptionGroup(title: "Passphrase cost") var kdf: KDFOptions

    func run() throws {
        try reportingFailures {
            let data = try InputFile.read(input)
            let header: EnvironmentsBin.Header
            let secret: EnvironmentsBin.DecryptionSecret
            let plaintext: SecretBytes
            do throws(CryptoError) {
                header = try EnvironmentsBin.Header(parsing: data)
                secret = try secrets.decryptionSecret(for: header)
                plaintext = try EnvironmentsBin.decrypt(data, with: secret)
            } catch {
                throw error.about(error.file ?? input)
            }
            let workspace = try PrivateWorkspace()
            defer { workspace.destroy() }
            let file = workspace.path + "/" + ((input as NSString).lastPathComponent as NSString).deletingPathExtension + ".json"
            try AtomicFile.write(plaintext, to: file, permissions: 0o600)

            while true {
                let status = try runEditor(on: file)
                guard status == 0 else {
                    Console.error("\(input): the editor exited with status \(status); the file is unchanged")
                    throw ExitCode(ExitStatus.aborted.rawValue)
                }
                let edited = try SecretInput.file(file)
                if edited.isEqual(to: plaintext) {
                    Console.error("\(input): no changes")
                    return
                }
                do throws(EnvironmentError) {
                    let document = try EnvironmentsDocument(secretBytes: edited, source: input + " (edited)")
                    for warning in document.warnings { Console.error(warning.formatted(severity: "warning")) }
                } catch {
                    Console.error(error.description)
                    if askAgain() { continue }
                    Console.error("\(input): the edit is not valid; the file is unchanged")
                    throw ExitCode(ExitStatus.invalidInput.rawValue)
                }
                let target = try reencryptionTarget(for: secret, header: header)
                let sealed = try EnvironmentsBin.encrypt(edited, to: target)
                try AtomicFile.write(sealed, to: input, permissions: 0o644)
                Console.error("\(input): saved (\(Describe.target(target)))")
                return
            }
        }
    }

    /// The same secret and mode; a passphrase gets a new salt and keeps the file's Argon2id cost.
    private func reencryptionTarget(for secret: EnvironmentsBin.DecryptionSecret, header: EnvironmentsBin.Header) throws -> EnvironmentsBin.EncryptionTarget {
        switch secret {
        case .key(let key): return .key(key)
        case .passphrase(let passphrase): return .passphrase(passphrase, try header.kdf ?? kdf.parameters())
        case .identity(let identity): return .recipient(identity.recipient)
        }
    }

    /// Runs the editor as git does: `sh -c '$EDITOR "$@"' sh FILE`, so EDITOR may carry arguments.
    private func runEditor(on file: String) throws -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        let editor = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", editor + " \"$@\"", "sh", file]
        process.standardInput = FileHandle.standardInput
        process.standardOutput = FileHandle.standardError
        process.standardError = FileHandle.standardError
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    private func askAgain() -> Bool {
        guard isatty(STDIN_FILENO) != 0 else { return false }
        FileHandle.standardError.write(Data("Edit again? [Y/n] ".utf8))
        guard let answer = readLine(strippingNewline: true) else { return false }
        return answer.isEmpty || answer.lowercased().hasPrefix("y")
    }
}

/// A private directory for plaintext: memory-backed where possible, 0700, wiped on destroy.
struct PrivateWorkspace {
    let path: String

    init() throws {
        let environment = ProcessInfo.processInfo.environment
        let candidates = [environment["XDG_RUNTIME_DIR"], "/dev/shm", environment["TMPDIR"], "/tmp"].compactMap { $0 }.filter { !$0.isEmpty }
        for base in candidates {
            var template = Array("\(base)/envtool-edit-XXXXXX".utf8CString)
            if template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil {
                path = String(decoding: template.map { UInt8(bitPattern: $0) }.prefix { $0 != 0 }, as: UTF8.self)
                chmod(path, 0o700)
                return
            }
        }
        throw EnvironmentError(.writeFailed, message: "cannot create a private temporary directory for editing")
    }

    /// Overwrites every file with zeros, then removes them and the directory.
    func destroy() {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
            let file = path + "/" + name
            let fd = open(file, O_WRONLY)
            if fd >= 0 {
                var status = stat()
                fstat(fd, &status)
                let zeros = [UInt8](repeating: 0, count: 65_536)
                var remaining = Int(status.st_size)
                while remaining > 0 {
                    let written = write(fd, zeros, min(remaining, zeros.count))
                    if written <= 0 { break }
                    remaining -= written
                }
                fsync(fd)
                close(fd)
            }
            unlink(file)
        }
        rmdir(path)
    }
}
