import EnvironmentCrypto
import LibC

/// The one table of secret providers: every option and environment variable that gives a secret
/// (or whom to encrypt to), declared once. The ArgumentParser groups (``SecretOptions``,
/// ``RecipientOptions``, `rekey`'s new secret), the fast path's grammar (``DirectArguments``),
/// the hints of missing-secret messages and the variables `run` keeps from the command all come
/// from it.
///
/// A new key backend (a KMS, a token, an age plugin) is one conforming type in the library and
/// one entry here.
enum SecretProviders {
    static let keyFileVariable = "ENVTOOL_KEY_FILE"
    static let identityFileVariable = "ENVTOOL_IDENTITY_FILE"
    static let identityVariable = "ENVTOOL_IDENTITY"
    static let identityCommandVariable = "ENVTOOL_IDENTITY_COMMAND"
    static let passphraseVariable = "ENVTOOL_PASSPHRASE"
    static let recipientVariable = "ENVTOOL_RECIPIENT"

    // Every option, declared once. The providers below list them; the fast path reads only the
    // current secret's (``currentSecretOptions``), so a start of `get` builds no provider, set or
    // closure.
    static let recipientOption = SecretProvider.Option(
        name: "recipient", value: .publicText, valueName: "recipient", repeatable: true,
        help:
            "Encrypt to this recipient: an age1… public key, an ssh-ed25519 or ssh-rsa public key line, an envtool-recipient-1:… text, or the path of a .pub file; repeatable (default: $\(recipientVariable), which may hold several, separated by spaces or commas)."
    )

    static let recipientsFileOption = SecretProvider.Option(
        name: "recipients-file", short: "R", value: .path, valueName: "path", repeatable: true,
        help: "Encrypt to every recipient in this file (one age1… or SSH public key per line, # comments, as `age -R`); repeatable.")

    static let newRecipientOption = SecretProvider.Option(
        name: "new-recipient", value: .publicText, valueName: "recipient", repeatable: true,
        help: "Encrypt to this recipient (age1…, envtool-recipient-1:…, or a .pub file); repeatable.", standsFor: "recipient")

    static let newRecipientsFileOption = SecretProvider.Option(
        name: "recipients-file", short: "R", value: .path, valueName: "path", repeatable: true,
        help: "Encrypt to every recipient in this file (as `age -R`); repeatable.", standsFor: "recipients-file")

    static let identityOption = SecretProvider.Option(
        name: "identity", value: .path, valueName: "path", repeatable: true,
        help:
            "An identity file (age-keygen, `envtool keygen --age` or `--public`, an OpenSSH ssh-ed25519 or ssh-rsa private key, or one of those protected with `age -p`), for files encrypted to its recipient; repeatable, tried in order (default: $\(identityFileVariable), then the identity text in $\(identityVariable), then what $\(identityCommandVariable) prints, else \(DefaultIdentity.documented) if it exists)."
    )

    static let keyFileOption = SecretProvider.Option(
        name: "key-file", value: .path, valueName: "path",
        help:
            "A key file from `envtool keygen`, or an RNCryptor key file (64 bytes, or two lines of hex: the encryption key, then the HMAC key) (default: $\(keyFileVariable)). Must not be readable by group or others."
    )

    static let newKeyFileOption = SecretProvider.Option(
        name: "new-key-file", value: .path, valueName: "path",
        help: "Encrypt with this key file (v1 format; an RNCryptor key file: RNCryptor).", standsFor: "key-file")

    static let passphraseVariableOption = SecretProvider.Option(
        name: "passphrase-env", value: .variableName, valueName: "variable",
        help: "The name of an environment variable that holds the passphrase (default: $\(passphraseVariable)).")

    static let passphraseStandardInputOption = SecretProvider.Option(
        name: "passphrase-stdin", value: .flag,
        help: "Read the passphrase from standard input.", readsStandardInput: true)

    static let newPassphraseVariableOption = SecretProvider.Option(
        name: "new-passphrase-env", value: .variableName, valueName: "variable",
        help: "Encrypt with the passphrase in this environment variable.", standsFor: "passphrase-env")

    /// The options of the current secret, in help order: those of the providers that decrypt.
    static let currentSecretOptions = [keyFileOption, identityOption, passphraseVariableOption, passphraseStandardInputOption]

    /// Whom to encrypt to, as age takes it. Recipients are public keys, so unlike every secret
    /// they may be given on the command line.
    static let recipients = SecretProvider(
        name: "recipients",
        options: [recipientOption, recipientsFileOption],
        newOptions: [newRecipientOption, newRecipientsFileOption],
        variables: [.init(name: recipientVariable, kind: .publicText)],
        encryption: { (given, request, _) throws(CryptoError) in
            var values = given.allValues("recipient").map { ($0, request.spelling(recipientOption)) }
            // The variable gives way to this provider's own options only, as it always did.
            if values.isEmpty, request.readsVariables, !given.isGiven("recipients-file"), let fromEnvironment = nonEmpty(recipientVariable) {
                values = recipientWords(fromEnvironment).map { ($0, recipientVariable) }
            }
            var list = RecipientList()
            for (value, option) in values { try list.add(value, namedBy: option) }
            for path in given.allValues("recipients-file") { try list.addFile(path) }
            return list.isEmpty ? nil : try list.target(format: request.formatToWrite, armored: request.armored)
        })

    /// Identity files (age, envtool, OpenSSH), tried in order: they open X25519 stanzas of both
    /// formats, age's SSH stanzas, and any age stanza no other provider knows.
    static let identity = SecretProvider(
        name: "identity",
        options: [identityOption],
        variables: [
            .init(name: identityFileVariable, kind: .path, note: "a path"),
            .init(name: identityVariable, kind: .secretText, note: "the identity itself"),
            .init(name: identityCommandVariable, kind: .command, note: "a command that prints it"),
        ],
        opens: Set(["X25519", EnvironmentsBin.Mode.recipient.stanzaType] + AgeIdentityFile.sshStanzaTypes),
        opensUnknownStanzas: true,
        describesFile: { $0 == .v1 ? "to a recipient public key" : "to age recipients" },
        decryption: { (given, _) throws(CryptoError) in
            guard let identities = try readIdentities(given) else { return nil }
            return identities
        },
        encryption: { (given, _, _) throws(CryptoError) in
            guard !given.isGiven("identity") else {
                throw CryptoError(
                    .secretUnavailable,
                    "--identity decrypts; to encrypt to someone, pass --recipient with their age1… recipient (or .pub file) or -R with a recipients file")
            }
            return nil
        },
        encrypts: false)

    /// A key file: from `envtool keygen` for the v1 format's key-file mode (age has none), or
    /// the two keys of RNCryptor's key mode. The file's text tells which it is.
    static let keyFile = SecretProvider(
        name: "key-file",
        options: [keyFileOption],
        newOptions: [newKeyFileOption],
        variables: [.init(name: keyFileVariable, kind: .path)],
        opens: [EnvironmentsBin.Mode.key.stanzaType, RNCryptorKeys.stanzaType],
        describesFile: { $0 == .rncryptor ? "with two keys (RNCryptor: an encryption key and an HMAC key)" : "with a key file" },
        decryption: { (given, _) throws(CryptoError) in
            // The variable applies beside any other provider's option: a key file opens only key files.
            guard let source = keyFileSource(given, spelled: "--key-file", variableApplies: true) else { return nil }
            return [try EnvironmentsBin.keyFileIdentity(path: source.path, namedBy: source.option)]
        },
        encryption: { (given, request, context) throws(CryptoError) in
            guard
                let source = keyFileSource(
                    given, spelled: request.spelling(keyFileOption),
                    variableApplies: request.readsVariables && !context.othersExplicit)
            else { return nil }
            guard request.format != .sops else { throw sopsNeedsRecipients(request) }
            guard request.format != .age else {
                throw CryptoError(
                    .secretUnavailable,
                    "age has no key-file mode; encrypt to recipients (\(request.spelling(recipientOption)), -R) or with a passphrase (\(request.spelling(passphraseVariableOption))) for --to age, or drop --to age"
                )
            }
            guard !request.armored else { throw EnvironmentsBin.armorNeedsAge }
            let key = try EnvironmentsBin.keyFileIdentity(path: source.path, namedBy: source.option)
            if case .rncryptorKeys(let keys)? = key.secret {
                guard request.format != .v1 else {
                    throw CryptoError(
                        .secretUnavailable,
                        "\(source.option) names an RNCryptor key file, which encrypts RNCryptor files only; drop --to v1, or give a key file from `envtool keygen`"
                    )
                }
                return .rncryptor(.keys(keys))
            }
            guard request.format != .rncryptor, case .key(let symmetric)? = key.secret else {
                throw CryptoError(
                    .secretUnavailable,
                    "RNCryptor's key mode takes two 32-byte keys, and \(source.option) names an envtool key file (one key); give an RNCryptor key file (\(RNCryptorKeys.keyFileForm)), or a password with \(request.spelling(passphraseVariableOption))"
                )
            }
            return .v1(.key(symmetric))
        })

    /// A passphrase: Argon2id for the v1 format, scrypt for age, PBKDF2 for an RNCryptor password
    /// (its UTF-8 bytes, as RNCryptor takes them). Asked for on a terminal when nothing else was given.
    static let passphrase = SecretProvider(
        name: "passphrase",
        options: [passphraseVariableOption, passphraseStandardInputOption],
        newOptions: [newPassphraseVariableOption],
        variables: [.init(name: passphraseVariable, kind: .secretText)],
        opens: ["scrypt", EnvironmentsBin.Mode.passphrase.stanzaType, RNCryptorFile.passwordStanzaType],
        describesFile: { _ in "with a passphrase" },
        decryption: { (given, context) throws(CryptoError) in
            guard let passphrase = try readPassphrase(given, context: context, confirm: false, request: nil) else { return nil }
            return [passphrase]
        },
        encryption: { (given, request, context) throws(CryptoError) in
            guard let passphrase = try readPassphrase(given, context: context, confirm: true, request: request) else { return nil }
            let format = request.passphraseFormat
            guard format != .sops else { throw sopsNeedsRecipients(request) }
            if format == .age { return .age([ScryptRecipient(passphrase: passphrase, workFactor: request.kdf.scryptWorkFactor)], armored: request.armored) }
            guard !request.armored else { throw EnvironmentsBin.armorNeedsAge }
            if format == .rncryptor { return .rncryptor(.password(passphrase)) }
            return .v1(.passphrase(passphrase, try request.kdf.parameters()))
        })

    /// What a key file or passphrase for a sops file gets: sops seals its data key to recipients.
    private static func sopsNeedsRecipients(_ request: SecretProvider.EncryptRequest) -> CryptoError {
        let convert = request.rekeying == .sops && request.format == nil ? ", or convert the file with --to age or --to v1" : ""
        return CryptoError(
            .secretUnavailable,
            "a sops file seals its data key to age recipients, not to a key file or passphrase; give \(request.spelling(recipientOption)) or -R\(convert)")
    }

    /// The recipients in the value of `ENVTOOL_RECIPIENT`: the path of a file (a `.pub` or
    /// recipients file, spaces and all) when one exists there, else every word, separated by
    /// white space or commas, as sops's `SOPS_AGE_RECIPIENTS` and several `age -r` give them.
    static func recipientWords(_ value: String) -> [String] {
        var status = stat()
        if stat(value, &status) == 0 { return [value] }
        // An SSH public key line is one recipient, spaces and all.
        if AgeRecipientsFile.looksLikeRecipient(value), value.hasPrefix("ssh-") { return [value] }
        let words = value.split { $0 == "," || $0.isWhitespace }.map(String.init)
        return words.isEmpty ? [value] : words
    }

    /// Every provider, in encrypt precedence: recipients, a key file, (refused) identities, a
    /// passphrase. The first that yields a target wins.
    static let all = [recipients, keyFile, identity, passphrase]

    /// The providers of the current secret, which every command that reads a file takes.
    static let decrypting = all.filter { $0.decryption != nil }
}
