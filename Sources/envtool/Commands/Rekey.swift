import ArgumentParser
import EnvironmentCrypto
import EnvironmentKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct Rekey: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rekey",
        abstract: "Re-encrypt an environments.bin with a new secret or format; the plaintext never touches the disk.",
        discussion: """
            The current secret comes from the usual options; the new one from --new-key-file,
            --new-passphrase-env, --new-recipient / -R (repeatable), or a new passphrase asked twice
            on a terminal. --to age converts a v1 or RNCryptor file keeping its secret: a
            recipient-mode file to the same key pair as an age recipient, a passphrase or RNCryptor
            password to scrypt; a key-file file (or RNCryptor keys) needs a new secret. --to
            rncryptor writes an RNCryptor v3 file with the passphrase as its password; a new
            passphrase keeps an RNCryptor file RNCryptor. --add-recipient and --remove-recipient change the recipients of an
            age file (X25519, SSH or age plugin recipients, listed in FILE.recipients); every rekey makes a new file key, so a removed
            recipient cannot open the new file. A sops file stays sops: with no new secret it gets a new data key for the same
            recipients (as `sops rotate`); --remove-recipient or --new-recipient rotate the data key too, while --add-recipient
            only seals the same key to the newcomer, so the values keep their ciphertext. --to sops makes a sops file of an age
            or v1 file's recipients. The file is replaced atomically (or -o writes elsewhere).
            """)

    @Argument(help: "The environments.bin (or sops file) to re-encrypt.", completion: .file())
    var input: String

    @Option(name: .shortAndLong, help: ArgumentHelp("Write the result here instead of replacing the input.", valueName: "path"), completion: .file())
    var output: String?

    @Option(name: SecretProviders.newKeyFileOption.argumentName, help: SecretProviders.newKeyFileOption.argumentHelp, completion: .file())
    var newKeyFile: String?

    @Option(name: SecretProviders.newPassphraseVariableOption.argumentName, help: SecretProviders.newPassphraseVariableOption.argumentHelp)
    var newPassphraseVariable: String?

    @Option(name: SecretProviders.newRecipientOption.argumentName, help: SecretProviders.newRecipientOption.argumentHelp, completion: .file())
    var newRecipients: [String] = []

    @Option(name: SecretProviders.newRecipientsFileOption.argumentName, help: SecretProviders.newRecipientsFileOption.argumentHelp, completion: .file())
    var recipientsFiles: [String] = []

    @Option(
        name: .customLong("add-recipient"), help: ArgumentHelp("Add this recipient to an age or sops file's recipients; repeatable.", valueName: "recipient"),
        completion: .file())
    var addedRecipients: [String] = []

    @Option(
        name: .customLong("remove-recipient"),
        help: ArgumentHelp(
            "Remove this recipient (as --add-recipient takes it: age1…, a .pub or recipients file) from an age or sops file's recipients (the file or data key is rotated); repeatable.",
            valueName: "recipient"), completion: .file())
    var removedRecipients: [String] = []

    @Option(
        name: .customLong("to"),
        help: ArgumentHelp(
            "The format to write: age, v1, rncryptor or sops (default: as `encrypt` chooses for the new secret, or the file's own).", valueName: "format"))
    var format: EnvironmentsBin.Format?

    @Flag(help: "Write an ASCII-armored age file.")
    var armor = false

    @OptionGroup(title: "Current secret") var secrets: SecretOptions
    @OptionGroup(title: "Passphrase cost") var kdf: KDFOptions
    @OptionGroup var trust: TrustRecipientsOption

    private var hasNewRecipients: Bool { !newRecipients.isEmpty || !recipientsFiles.isEmpty }
    private var changesRecipients: Bool { !addedRecipients.isEmpty || !removedRecipients.isEmpty }

    func validate() throws {
        if [newKeyFile != nil, newPassphraseVariable != nil, hasNewRecipients, changesRecipients].filter({ $0 }).count > 1 {
            throw ValidationError("give one new secret: --new-key-file, --new-passphrase-env, --new-recipient/-R, or --add-recipient/--remove-recipient")
        }
    }

    func run() throws {
        try reportingFailures {
            let lock = try AtomicFile.lock(input)
            defer { withExtendedLifetime(lock) {} }
            let (original, opened) = try secrets.values.open(input)
            let target = try newTarget(for: opened)
            let (sealed, fileKey) = try EnvironmentsBin.encryptWithFileKey(opened.plaintext, to: target)
            if output == nil, (try? InputFile.read(input)) != original {
                throw EnvironmentError(
                    .writeFailed, file: input,
                    message: "the file changed while it was being re-encrypted (another program wrote it); nothing was written, run rekey again")
            }
            let destination = output ?? input
            try AtomicFile.write(sealed, to: destination, permissions: 0o644, keepingExistingMode: true)
            try RecipientsSidecar.write(for: target, beside: destination, fileKey: fileKey)
            Console.error("re-encrypted \(input) → \(destination) (\(target.displayName))")
            // sops names its recipients in clear and nothing authenticates the names: say to whom
            // the data key now goes, so that a name changed in a commit shows here.
            if case .sops(let seal) = target { Console.error("data key sealed to: \(seal.recipients.joined(separator: ", "))") }
            if let notice = Self.passphraseCost(target, was: opened.header, file: destination) { Console.error(notice) }
        }
    }

    /// The new secret's options, under the keys of the options they stand for
    /// (``SecretProvider/Option/standsFor``), as the providers read them.
    private var newSecret: SecretValues {
        var given = SecretValues()
        given.set(SecretProviders.newKeyFileOption, newKeyFile.map { [$0] } ?? [])
        given.set(SecretProviders.newPassphraseVariableOption, newPassphraseVariable.map { [$0] } ?? [])
        given.set(SecretProviders.newRecipientOption, newRecipients)
        given.set(SecretProviders.newRecipientsFileOption, recipientsFiles)
        return given
    }

    /// The target the options ask for: changed recipients; else the new secret, read by the
    /// providers' table as `encrypt` reads its secret; else, with only `--to`, the same secret in
    /// that format; else a new passphrase asked for.
    private func newTarget(for opened: EnvironmentsBin.Opened) throws -> EnvironmentsBin.EncryptionTarget {
        if changesRecipients { return try changedRecipients(of: opened) }
        let given = newSecret
        // A sops file with no new secret gets a new data key for the same recipients (`sops rotate`).
        if !SecretProviders.anyGiven(given), let format = format ?? (opened.header.format == .sops ? .sops : nil) {
            return try opened.sameSecret(
                in: format, armored: armor, scryptWorkFactor: kdf.scryptWorkFactor, kdf: kdf.parameters,
                file: input, listed: RecipientsSidecar.listed(beside: input, trusting: trust.trustRecipients))
        }
        return try SecretProviders.encryptionTarget(given: given, request: .init(format: format, armored: armor, kdf: kdf, rekeying: opened.header.format))
    }

    /// The recipients of an age file with `--add-recipient` added and `--remove-recipient` removed.
    private func changedRecipients(of opened: EnvironmentsBin.Opened) throws -> EnvironmentsBin.EncryptionTarget {
        try RecipientChange(added: addedRecipients, removed: removedRecipients, file: input)
            .target(for: opened, format: format, armored: armor, listed: RecipientsSidecar.listed(beside: input, trusting: trust.trustRecipients))
    }

    /// What every read of an age passphrase file costs, said when `rekey` makes one from a file
    /// that did not cost it (issue #37, item 4): scrypt at work factor N takes 128 × 8 × 2^N bytes
    /// of memory (256 MiB at the default 18) and, measured on the README's machine, 1.2–1.95 s
    /// per read at 18, against 0.07 s and 23 MB for a recipient file.
    static func passphraseCost(_ target: EnvironmentsBin.EncryptionTarget, was header: EnvironmentsBin.Header, file: String) -> String? {
        guard case .age(let recipients, _) = target, recipients.count == 1, let scrypt = recipients[0] as? ScryptRecipient,
            header.age?.isPassphraseProtected != true, (1...30).contains(scrypt.workFactor)
        else { return nil }
        let memory = scrypt.workFactor >= 10 ? "\(1 << (scrypt.workFactor - 10)) MiB" : "\(1 << scrypt.workFactor) KiB"
        let time = scrypt.workFactor >= 18 ? "about \(1 << (scrypt.workFactor - 18)) to \(2 << (scrypt.workFactor - 18)) s" : "under a second"
        return
            "note: every read of this file (get, print, run, the app) now runs scrypt at work factor \(scrypt.workFactor): \(memory) of memory and \(time) each, against milliseconds for a file encrypted to recipients. To keep reads fast, give each reader an identity instead of the shared passphrase: `envtool keygen --age` prints a recipient, then `envtool rekey \(file) --new-recipient age1…` (or -R a recipients file)"
    }
}
