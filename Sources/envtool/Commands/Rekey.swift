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
            let lock = try AtomicFile.lock(input)
            defer { withExtendedLifetime(lock) {} }
            let (original, opened) = try secrets.open(input)
            let target: EnvironmentsBin.EncryptionTarget
            if let newKeyFile {
                target = .key(try SymmetricKey(contentsOfKeyFile: newKeyFile, namedBy: "--new-key-file"))
            } else if let newRecipient {
                target = .recipient(try SecretOptions.recipient(newRecipient, namedBy: "--new-recipient"))
            } else {
                var newSecrets = SecretOptions()
                newSecrets.passphraseVariable = newPassphraseVariable
                guard let passphrase = try newSecrets.newPassphrase() else {
                    throw CryptoError(.secretUnavailable, "no new secret: pass --new-key-file, --new-passphrase-env or --new-recipient (or run on a terminal to be asked for a new passphrase)")
                }
                target = .passphrase(passphrase, try kdf.parameters())
            }
            let sealed = try EnvironmentsBin.encrypt(opened.plaintext, to: target)
            if output == nil, (try? InputFile.read(input)) != original {
                throw EnvironmentError(.writeFailed, file: input, message: "the file changed while it was being re-encrypted (another program wrote it); nothing was written, run rekey again")
            }
            try AtomicFile.write(sealed, to: output ?? input, permissions: 0o644, keepingExistingMode: true)
            Console.error("re-encrypted \(input) → \(output ?? input) (\(Describe.target(target)))")
        }
    }
}
