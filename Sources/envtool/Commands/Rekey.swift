import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EnvironmentCrypto
import EnvironmentKit

struct Rekey: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rekey",
        abstract: "Re-encrypt an environments.bin with a new secret or format; the plaintext never touches the disk.",
        discussion: """
            The current secret comes from the usual options; the new one from --new-key-file,
            --new-passphrase-env, --new-recipient / -R (repeatable), or a new passphrase asked twice
            on a terminal. --to age converts a v1 file keeping its secret: a recipient-mode file to
            the same key pair as an age recipient, a passphrase file to scrypt; a key-file file
            needs a new secret. --add-recipient and --remove-recipient change the recipients of an
            age file (listed in FILE.recipients); every rekey makes a new file key, so a removed
            recipient cannot open the new file. The file is replaced atomically (or -o writes elsewhere).
            """)

    @Argument(help: "The environments.bin to re-encrypt.")
    var input: String

    @Option(name: .shortAndLong, help: ArgumentHelp("Write the result here instead of replacing the input.", valueName: "path"))
    var output: String?

    @Option(name: .customLong("new-key-file"), help: ArgumentHelp("Encrypt with this key file (v1 format).", valueName: "path"))
    var newKeyFile: String?

    @Option(name: .customLong("new-passphrase-env"), help: ArgumentHelp("Encrypt with the passphrase in this environment variable.", valueName: "variable"))
    var newPassphraseVariable: String?

    @Option(name: .customLong("new-recipient"), help: ArgumentHelp("Encrypt to this recipient (age1…, envtool-recipient-1:…, or a .pub file); repeatable.", valueName: "recipient"))
    var newRecipients: [String] = []

    @Option(name: [.customShort("R"), .customLong("recipients-file")], help: ArgumentHelp("Encrypt to every recipient in this file (as `age -R`); repeatable.", valueName: "path"))
    var recipientsFiles: [String] = []

    @Option(name: .customLong("add-recipient"), help: ArgumentHelp("Add this recipient to an age file's recipients; repeatable.", valueName: "recipient"))
    var addedRecipients: [String] = []

    @Option(name: .customLong("remove-recipient"), help: ArgumentHelp("Remove this age1… recipient from an age file's recipients (the file key is rotated); repeatable.", valueName: "recipient"))
    var removedRecipients: [String] = []

    @Option(name: .customLong("to"), help: ArgumentHelp("The format to write: age or v1 (default: as `encrypt` chooses for the new secret, or the file's own).", valueName: "format"))
    var format: FileFormat?

    @Flag(help: "Write an ASCII-armored age file.")
    var armor = false

    @OptionGroup(title: "Current secret") var secrets: SecretOptions
    @OptionGroup(title: "Passphrase cost") var kdf: KDFOptions

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
            let (original, opened) = try secrets.source.open(input)
            let target = try newTarget(for: opened)
            let sealed = try EnvironmentsBin.encrypt(opened.plaintext, to: target)
            if output == nil, (try? InputFile.read(input)) != original {
                throw EnvironmentError(.writeFailed, file: input, message: "the file changed while it was being re-encrypted (another program wrote it); nothing was written, run rekey again")
            }
            let destination = output ?? input
            try AtomicFile.write(sealed, to: destination, permissions: 0o644, keepingExistingMode: true)
            try RecipientsSidecar.write(for: target, beside: destination)
            Console.error("re-encrypted \(input) → \(destination) (\(Describe.target(target)))")
        }
    }

    /// The target the options ask for.
    private func newTarget(for opened: EnvironmentsBin.Opened) throws -> EnvironmentsBin.EncryptionTarget {
        if changesRecipients { return try changedRecipients(of: opened) }
        if let newKeyFile {
            guard format != .age else {
                throw CryptoError(.secretUnavailable, "age has no key-file mode; give --new-recipient, -R or --new-passphrase-env for --to age")
            }
            return .key(try SymmetricKey(contentsOfKeyFile: newKeyFile, namedBy: "--new-key-file"))
        }
        if hasNewRecipients {
            var list = RecipientList()
            for value in newRecipients { try list.add(value, namedBy: "--new-recipient") }
            for path in recipientsFiles { try list.addFile(path) }
            // An age file stays age unless --to v1 says otherwise.
            return try list.target(format: format ?? (opened.header.age != nil ? .age : nil), armored: armor)
        }
        if newPassphraseVariable == nil, let format {
            return try converted(opened, to: format)
        }
        var newSecrets = SecretSource()
        newSecrets.passphraseVariable = newPassphraseVariable
        guard let passphrase = try newSecrets.newPassphrase() else {
            throw CryptoError(.secretUnavailable, "no new secret: pass --new-key-file, --new-passphrase-env, --new-recipient, -R or --to age (or run on a terminal to be asked for a new passphrase)")
        }
        if format == .age || (format == nil && opened.header.age != nil) {
            return .age(.passphrase(passphrase, workFactor: kdf.scryptWorkFactor), armored: armor)
        }
        guard !armor else { throw SecretSource.armorNeedsAge }
        return .passphrase(passphrase, try kdf.parameters())
    }

    /// The file's own secret in `format` (`--to` without a new secret).
    private func converted(_ opened: EnvironmentsBin.Opened, to format: FileFormat) throws -> EnvironmentsBin.EncryptionTarget {
        let isAge = opened.header.age != nil
        switch format {
        case .age:
            if isAge {
                // The same recipients or passphrase, with a new file key (and --armor if asked).
                switch try opened.sameTarget(path: input, kdf: kdf) {
                case .age(let target, let armored): return .age(target, armored: armor || armored)
                default: break
                }
            }
            switch opened.secret {
            case .passphrase(let passphrase): return .age(.passphrase(passphrase, workFactor: kdf.scryptWorkFactor), armored: armor)
            case .identity, .ageIdentities:
                guard let recipient = opened.v1Recipient else { break }
                return .age(.recipients([AgeRecipient(recipient)]), armored: armor)
            case .key: break
            }
            throw CryptoError(.secretUnavailable, "a key-file file cannot be converted to age as it is (age has no key-file mode); give the new secret: --new-recipient, -R or --new-passphrase-env", file: input)
        case .v1:
            guard !armor else { throw SecretSource.armorNeedsAge }
            if !isAge { return try opened.sameTarget(path: input, kdf: kdf) }
            if case .passphrase(let passphrase) = opened.secret { return .passphrase(passphrase, try kdf.parameters()) }
            let recipients = try opened.sameTarget(path: input, kdf: kdf)
            if case .age(.recipients(let list), _) = recipients, list.count == 1 { return .recipient(Recipient(list[0])) }
            throw CryptoError(.secretUnavailable, "the v1 format holds one recipient and this file has several; give the new secret (--new-recipient, --new-key-file or --new-passphrase-env)", file: input)
        }
    }

    /// The recipients of an age file with `--add-recipient` added and `--remove-recipient` removed.
    private func changedRecipients(of opened: EnvironmentsBin.Opened) throws -> EnvironmentsBin.EncryptionTarget {
        guard let summary = opened.header.age, !summary.isPassphraseProtected else {
            throw CryptoError(.secretUnavailable, "--add-recipient and --remove-recipient change the recipients of an age file, and this file is \(opened.header.age == nil ? "in the v1 format; convert it first with `envtool rekey --to age`" : "protected by a passphrase")", file: input)
        }
        guard format != .v1 else { throw CryptoError(.secretUnavailable, "the v1 format holds one recipient; drop --to v1") }
        var current = try RecipientsSidecar.checked(beside: input, summary: summary)
        for value in removedRecipients {
            let recipient: AgeRecipient
            do throws(AgeError) { recipient = try AgeRecipient(value) } catch { throw CryptoError(error.cryptoKind, "--remove-recipient: \(error.message)") }
            guard let index = current.firstIndex(of: recipient) else {
                throw CryptoError(.secretUnavailable, "--remove-recipient: \(recipient) is not a recipient of this file; its recipients are \(current.map(\.encoded).joined(separator: ", "))", file: input)
            }
            current.remove(at: index)
        }
        var list = RecipientList(current)
        for value in addedRecipients { try list.add(value, namedBy: "--add-recipient") }
        guard !list.isEmpty else {
            throw CryptoError(.secretUnavailable, "removing every recipient would leave no one able to open the file; add one with --add-recipient", file: input)
        }
        return .age(.recipients(list.recipients), armored: armor || summary.isArmored)
    }
}
