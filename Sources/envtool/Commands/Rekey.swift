import ArgumentParser
import Foundation
import EnvironmentCrypto
import EnvironmentKit

struct Rekey: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Re-encrypt an environments.bin with a new secret; the plaintext never touches the disk.",
        discussion: """
            The current secret comes from the usual options; the new one from --new-key-file,
            --new-passphrase-env, --new-recipient, or a new passphrase asked twice on a terminal.
            The file is replaced atomically (or -o writes elsewhere).
            """)

    @Argument(help: "The environments.bin to re-encrypt.")
    var input: String

    @Option(name: .shortAndLong, help: ArgumentHelp("Write the result here instead of replacing the input.", valueName: "path"))
    var output: String?

    @Option(name: .customLong("new-key-file"), help: ArgumentHelp("Encrypt with this key file.", valueName: "path"))
    var newKeyFile: String?

    @Option(name: .customLong("new-passphrase-env"), help: ArgumentHelp("Encrypt with the passphrase in this environment variable.", valueName: "variable"))
    var newPassphraseVariable: String?

    @Option(name: .customLong("new-recipient"), help: ArgumentHelp("Encrypt to this recipient (.pub file or text).", valueName: "recipient"))
    var newRecipient: String?

    @OptionGroup(title: "Current secret") var secrets: SecretOptions
    @OptionGroup(title: "Passphrase cost") var kdf: KDFOptions

    func validate() throws {
        if [newKeyFile != nil, newPassphraseVariable != nil, newRecipient != nil].filter({ $0 }).count > 1 {
            throw ValidationError("give one new secret: --new-key-file, --new-passphrase-env or --new-recipient")
        }
    }

    func run() throws {
        try reportingFailures {
            let data = try InputFile.read(input)
            let plaintext: SecretBytes
            do throws(CryptoError) {
                let header = try EnvironmentsBin.Header(parsing: data)
                plaintext = try EnvironmentsBin.decrypt(data, with: secrets.decryptionSecret(for: header))
            } catch {
                throw error.about(error.file ?? input)
            }
            let target: EnvironmentsBin.EncryptionTarget
            if let newKeyFile {
                target = .key(try SymmetricKey(contentsOfKeyFile: newKeyFile))
            } else if let newRecipient {
                target = .recipient(try SecretOptions.recipient(newRecipient))
            } else {
                var newSecrets = SecretOptions()
                newSecrets.passphraseVariable = newPassphraseVariable
                guard let passphrase = try newSecrets.newPassphrase() else {
                    throw CryptoError(.secretUnavailable, "no new secret: pass --new-key-file, --new-passphrase-env or --new-recipient (or run on a terminal to be asked for a new passphrase)")
                }
                target = .passphrase(passphrase, try kdf.parameters())
            }
            let sealed = try EnvironmentsBin.encrypt(plaintext, to: target)
            try AtomicFile.write(sealed, to: output ?? input, permissions: 0o644)
            Console.error("re-encrypted \(input) → \(output ?? input) (\(Describe.target(target)))")
        }
    }
}
