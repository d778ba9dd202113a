import ArgumentParser
import EnvironmentCrypto
import EnvironmentKit
import Foundation

struct Decrypt: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Decrypt an environments.bin to stdout, or atomically to a file (mode 0600).",
        discussion: """
            --textconv is for git's textconv driver: a file that is not encrypted is printed as it is,
            and one that cannot be decrypted prints a one-line note instead of failing the diff.
            """)

    @Argument(help: "The environments.bin to decrypt.")
    var input: String

    @Option(name: .shortAndLong, help: ArgumentHelp("Write the plaintext here (mode 0600) instead of stdout.", valueName: "path"))
    var output: String?

    @Flag(help: "Behave as a git textconv filter.")
    var textconv = false

    @OptionGroup(title: "Secret") var secrets: SecretOptions

    func run() throws {
        if textconv {
            runTextconv()
            return
        }
        try reportingFailures {
            let plaintext = try decrypt()
            if let output {
                try AtomicFile.write(plaintext, to: output, permissions: 0o600)
            } else {
                SecretInput.writeToStandardOutput(plaintext)
            }
        }
    }

    private func decrypt() throws -> SecretBytes {
        let data = try InputFile.read(input)
        do throws(CryptoError) {
            let header = try EnvironmentsBin.Header(parsing: data)
            return try EnvironmentsBin.decrypt(data, with: secrets.decryptionSecret(for: header))
        } catch {
            throw error.about(error.file ?? input)
        }
    }

    private func runTextconv() {
        guard let data = try? InputFile.read(input) else {
            print("# envtool: cannot read \(input)")
            return
        }
        guard EnvironmentsBin.isEncrypted(data) else {
            FileHandle.standardOutput.write(data)
            return
        }
        do {
            SecretInput.writeToStandardOutput(try decrypt())
        } catch {
            print("# envtool: encrypted environments, not shown: \(error)")
        }
    }
}
