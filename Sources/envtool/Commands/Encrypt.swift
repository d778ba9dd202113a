import ArgumentParser
import EnvironmentCrypto
import EnvironmentKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct Encrypt: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "encrypt",
        abstract: "Encrypt an environments.json into an environments.bin (age, envtool's v1 format, RNCryptor v3) or a sops file.",
        discussion: """
            The input is validated first; an invalid document is refused. The secret is the
            recipients (--recipient, repeatable, and -R FILE, as age takes them), else a key file
            (--key-file, $ENVTOOL_KEY_FILE), else a passphrase (--passphrase-env, --passphrase-stdin,
            $ENVTOOL_PASSPHRASE, or a prompt on a terminal, asked twice).
            The format follows the keys: age1… recipients (or several) write an age file that `age -d`
            and sops read, with a recipients list beside it (OUTPUT.recipients) for `rekey` and `edit`;
            a key file, a passphrase or one envtool-recipient-1 recipient write the v1 format, unless
            --to age (passphrase: scrypt). --to rncryptor (or --format rncryptor) writes an RNCryptor
            v3 file, what RNCryptor.DecryptorV3 reads (an app on T21Environment's recipe): with a
            passphrase (the password) or an RNCryptor key file (two keys), which writes RNCryptor
            without --to. --to sops writes a sops file (sops 3.11's JSON layout) to the age
            recipients: keys in clear, each value encrypted, what `sops -d` reads. The output is
            written atomically; on failure every existing file is left as it was.
            """)

    @Argument(help: "The environments.json to encrypt ('-' reads standard input).", completion: .file())
    var input: String

    @Option(name: .shortAndLong, help: ArgumentHelp("The environments.bin to write.", valueName: "path"), completion: .file())
    var output: String

    @OptionGroup(title: "Recipients") var recipients: RecipientOptions

    @Option(
        name: [.customLong("to"), .customLong("format")],
        help: ArgumentHelp(
            "The format to write: age, v1, rncryptor or sops (default: age for age1… recipients, rncryptor for an RNCryptor key file, v1 otherwise).",
            valueName: "format"))
    var format: EnvironmentsBin.Format?

    @Flag(help: "Write an ASCII-armored age file (-----BEGIN AGE ENCRYPTED FILE-----).")
    var armor = false

    @OptionGroup(title: "Secret") var secrets: SecretOptions
    @OptionGroup(title: "Passphrase cost") var kdf: KDFOptions

    func run() throws {
        try reportingFailures {
            let data = try InputFile.read(input)
            if EnvironmentsBin.isEncrypted(data) {
                throw EnvironmentError(
                    .malformedDocument, file: InputFile.displayName(input), message: "the file is already encrypted; use `envtool rekey` to change its secret")
            }
            let document = try EnvironmentsDocument(data: data, source: InputFile.displayName(input))
            for warning in document.warnings { Console.error(warning.description) }
            var given = secrets.values
            recipients.add(to: &given)
            let target = try SecretProviders.encryptionTarget(given: given, request: .init(format: format, armored: armor, kdf: kdf))
            let (sealed, fileKey) = try EnvironmentsBin.encryptWithFileKey(SecretBytes(copying: data), to: target)
            // Over an existing file its mode is kept (a team's 0640 .bin stays 0640), as edit and rekey do.
            try AtomicFile.write(sealed, to: output, permissions: 0o644, keepingExistingMode: true)
            // After the file, as rekey does: a failure here leaves a list that the header check
            // of `recipients list`, `rekey` and `edit` reports, never a file encrypted to no list.
            try RecipientsSidecar.write(for: target, beside: output, fileKey: fileKey)
            Console.error("encrypted \(InputFile.displayName(input)) → \(output) (\(target.displayName))")
        }
    }
}
