import ArgumentParser
import EnvironmentCrypto
import EnvironmentKit
import Foundation

struct Encrypt: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Encrypt an environments.json into an environments.bin.",
        discussion: """
            The input is validated first; an invalid document is refused. The secret is --recipient,
            else a key file (--key-file, $ENVTOOL_KEY_FILE), else a passphrase (--passphrase-env,
            --passphrase-stdin, $ENVTOOL_PASSPHRASE, or a prompt on a terminal, asked twice).
            The output is written atomically; on failure every existing file is left as it was.
            """)

    @Argument(help: "The environments.json to encrypt.")
    var input: String

    @Option(name: .shortAndLong, help: ArgumentHelp("The environments.bin to write.", valueName: "path"))
    var output: String

    @Option(help: ArgumentHelp("Encrypt to this recipient: its .pub file or its envtool-recipient-1:… text (default: $ENVTOOL_RECIPIENT).", valueName: "recipient"))
    var recipient: String?

    @OptionGroup(title: "Secret") var secrets: SecretOptions
    @OptionGroup(title: "Passphrase cost") var kdf: KDFOptions

    func run() throws {
        try reportingFailures {
            let data = try InputFile.read(input)
            if EnvironmentsBin.isEncrypted(data) {
                throw EnvironmentError(.malformedDocument, file: input, message: "the file is already encrypted; use `envtool rekey` to change its secret")
            }
            let document = try EnvironmentsDocument(data: data, source: input)
            for warning in document.warnings { Console.error(warning.formatted(severity: "warning")) }
            let recipientValue = recipient ?? ProcessInfo.processInfo.environment["ENVTOOL_RECIPIENT"].flatMap { $0.isEmpty ? nil : $0 }
            let target = try secrets.encryptionTarget(recipient: recipientValue, recipientOption: recipient != nil ? "--recipient" : "ENVTOOL_RECIPIENT",
                                                      kdf: kdf.parameters())
            let sealed = try EnvironmentsBin.encrypt(data, to: target)
            try AtomicFile.write(sealed, to: output, permissions: 0o644)
            Console.error("encrypted \(input) → \(output) (\(Describe.target(target)))")
        }
    }
}
