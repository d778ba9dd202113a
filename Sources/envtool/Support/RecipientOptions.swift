import ArgumentParser
import EnvironmentCrypto
import EnvironmentKit
import LibC

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Whom to encrypt to, as age takes it: `--recipient` (repeatable) and `-R FILE` (repeatable),
/// named and read by ``SecretProviders/recipients``.
struct RecipientOptions: ParsableArguments {
    @Option(name: SecretProviders.recipientOption.argumentName, help: SecretProviders.recipientOption.argumentHelp, completion: .file())
    var recipients: [String] = []

    @Option(name: SecretProviders.recipientsFileOption.argumentName, help: SecretProviders.recipientsFileOption.argumentHelp, completion: .file())
    var recipientsFiles: [String] = []

    /// Adds what the options say to the secret's values.
    func add(to values: inout SecretValues) {
        values.set(SecretProviders.recipientOption, recipients)
        values.set(SecretProviders.recipientsFileOption, recipientsFiles)
    }
}

/// Recipients of every kind, in the order given, each once. An envtool recipient and an age
/// recipient are the same kind of X25519 public key, so all are kept as ``AgeRecipient``s; the
/// others (age plugin recipients `age1NAME1…`, SSH keys) are kept apart, and make the file an
/// age file.
struct RecipientList {
    private(set) var recipients: [AgeRecipient] = []
    private(set) var others: [any FileKeyRecipient] = []
    /// What ``recipients`` and ``others`` hold (X25519 keys, and the others' text), for a
    /// constant-time "each once" (a list of thousands of recipients was quadratic).
    private var listed = Set<AnyHashable>()
    /// Whether every recipient was given as `envtool-recipient-1:…` (text or .pub file).
    private var allEnvtool = true

    var isEmpty: Bool { recipients.isEmpty && others.isEmpty }

    /// Every recipient, X25519 first.
    var all: [any FileKeyRecipient] { recipients + others }

    init(_ recipients: [AgeRecipient] = []) {
        for recipient in recipients { append(recipient, envtool: false) }
    }

    private mutating func append(_ recipient: AgeRecipient, envtool: Bool) {
        allEnvtool = allEnvtool && envtool
        if listed.insert(recipient).inserted { recipients.append(recipient) }
    }

    private mutating func append(_ any: any FileKeyRecipient) {
        if let recipient = any.x25519 { return append(recipient, envtool: false) }
        allEnvtool = false
        // Compared as written: a plugin's or an SSH key's text is the recipient.
        if listed.insert(any.displayName).inserted { others.append(any) }
    }

    /// Adds a recipient given as its text or as the path of a file that holds it (a `.pub` file or
    /// an age recipients file). Errors name `option`, not the value, unless it is a recipient: an
    /// identity pasted there must not be printed back.
    mutating func add(_ value: String, namedBy option: String) throws(CryptoError) {
        do throws(CryptoError) {
            if value.hasPrefix("envtool-recipient-1:") { return append(AgeRecipient(try Recipient(encoded: value)), envtool: true) }
            if AgeRecipientsFile.looksLikeRecipient(value) || value.uppercased().hasPrefix("AGE-SECRET-KEY-") {
                do throws(AgeError) { return append(try AgeRecipientsFile.parseRecipient(value)) } catch { throw error.cryptoError }
            }
            var status = stat()
            guard stat(value, &status) == 0, status.st_mode & S_IFMT == S_IFREG, let data = try? InputFile.read(value) else {
                throw CryptoError(
                    .secretUnavailable,
                    "\(option) is neither a recipient (envtool-recipient-1:…) nor a readable .pub file; give an age1…, ssh-ed25519 or ssh-rsa or envtool-recipient-1:… recipient, or the path of a .pub or recipients file"
                )
            }
            let text = String(decoding: data, as: UTF8.self)
            if text.drop(while: \.isWhitespace).hasPrefix("envtool-recipient-1:") {
                do throws(CryptoError) { return append(AgeRecipient(try Recipient(encoded: text)), envtool: true) } catch { throw error.about(value) }
            }
            try addParsed(text, file: value)
        } catch {
            throw CryptoError(
                error.kind, error.message.hasPrefix(option) || error.file != nil ? error.message : "\(option): \(error.message)", file: error.file)
        }
    }

    /// Adds every recipient of an age recipients file (`-R`).
    mutating func addFile(_ path: String) throws(CryptoError) {
        let data: Data
        do {
            data = try InputFile.read(path)
        } catch {
            throw CryptoError(
                .secretUnavailable, "cannot read the recipients file given to -R: \((error as? EnvironmentError)?.message ?? "\(error)")",
                file: InputFile.displayName(path))
        }
        try addParsed(String(decoding: data, as: UTF8.self), file: InputFile.displayName(path))
    }

    private mutating func addParsed(_ text: String, file: String) throws(CryptoError) {
        do throws(AgeError) {
            for recipient in try AgeRecipientsFile.parseAny(text) { append(recipient) }
        } catch {
            throw error.about(file).cryptoError
        }
    }

    /// What to encrypt to. Without a `format`, one recipient given as `envtool-recipient-1:…`
    /// keeps this format's recipient mode (what such a team used so far); anything else is age,
    /// the only format that holds several recipients and that other tools read.
    func target(format: EnvironmentsBin.Format?, armored: Bool) throws(CryptoError) -> EnvironmentsBin.EncryptionTarget {
        switch format {
        case .v1:
            guard others.isEmpty else {
                throw CryptoError(.secretUnavailable, "the v1 format has only X25519 recipients, not age plugin or SSH ones; drop --to v1 to write an age file")
            }
            guard recipients.count == 1 else {
                throw CryptoError(.secretUnavailable, "the v1 format holds one recipient and \(recipients.count) were given; drop --to v1 to write an age file")
            }
            guard !armored else { throw EnvironmentsBin.armorNeedsAge }
            return .v1(.recipient(Recipient(recipients[0])))
        case nil where allEnvtool && recipients.count == 1 && !armored:
            return .v1(.recipient(Recipient(recipients[0])))
        case .age, nil:
            return .age(all, armored: armored)
        case .rncryptor:
            throw CryptoError(
                .secretUnavailable,
                "the RNCryptor format has no recipients, only a password or two keys; give --passphrase-env or --key-file with an RNCryptor key file, or drop --to rncryptor"
            )
        case .sops:
            guard !armored else { throw EnvironmentsBin.armorNeedsAge }
            return .sops(try SopsFile.Seal(to: all))
        }
    }
}
