import EnvironmentCrypto

/// Where one kind of secret comes from: its options and environment variables, which stanza types
/// it opens, and how it yields the secret that decrypts or the target that encrypts. Declared once
/// in ``SecretProviders/all``; both command-line parsers, the messages and `run`'s scrubbing of
/// secret variables are derived from it.
///
/// Plain data and closures, no ArgumentParser type: the fast path (``DirectArguments``) reads it at
/// every start of `get`.
struct SecretProvider: Sendable {
    /// One option, as both parsers spell it.
    struct Option: Sendable {
        /// What the option's value is.
        enum Value: Sendable {
            /// No value: a flag.
            case flag
            /// The path of a file (a key file, an identity file, a recipients file).
            case path
            /// The name of an environment variable that holds a secret (never the secret).
            case variableName
            /// Public text: a recipient, or the path of its file.
            case publicText
        }

        /// The long name without dashes.
        let name: String
        /// A one-letter spelling, if any (`-R`).
        var short: Character? = nil
        let value: Value
        /// The value's name in help and hints (`path`, `variable`).
        var valueName: String = ""
        /// Whether it may be given more than once, values kept in order.
        var repeatable = false
        let help: String
        /// Whether it reads standard input (which only one thing may do).
        var readsStandardInput = false
        /// For an option of `rekey`'s new secret, the name of the option it stands for
        /// (`new-key-file` stands for `key-file`): the provider reads both alike.
        var standsFor: String? = nil

        /// Its key in ``SecretValues``: the option it stands for, else its own name.
        var key: String { standsFor ?? name }

        /// Every spelling the fast path accepts: `--name` and `-R`.
        var spellings: [String] {
            var spellings = ["--" + name]
            if let short { spellings.append("-" + String(short)) }
            return spellings
        }

        /// How a missing-secret hint names it, shortest spelling first: `--key-file PATH`, `-R PATH`,
        /// `--passphrase-stdin`.
        var hint: String {
            let spelled = short.map { "-" + String($0) } ?? "--" + name
            return value == .flag ? spelled : "\(spelled) \(valueName.uppercased())"
        }
    }

    /// An environment variable the provider reads.
    struct Variable: Sendable {
        /// What the variable holds.
        enum Kind: Sendable {
            /// A path; the secret is in the file.
            case path
            /// The secret itself: never passed on to a command that `run` starts.
            case secretText
            /// Public text.
            case publicText
            /// A command that prints the secret (not itself secret).
            case command
        }

        let name: String
        let kind: Kind
        /// What hints add after the name, if it needs telling apart: "a path".
        var note: String? = nil
    }

    /// What the provider's closures may know about the rest of the line.
    struct Context {
        /// Whether an option of another provider was given: its variables then may give way.
        let othersExplicit: Bool
    }

    /// What `encrypt` (and `rekey` to a new secret) asks for.
    struct EncryptRequest {
        /// `--to`, if given.
        let format: EnvironmentsBin.Format?
        /// `--armor`.
        let armored: Bool
        /// The cost of a new passphrase.
        let kdf: KDFOptions
        /// For `rekey`, the format of the file re-encrypted: the new secret comes from the
        /// `--new-…` options only (no variable applies, the passphrase is asked as a new one), and
        /// recipients or a passphrase keep an age file age unless `--to` says otherwise (and a new
        /// password keeps an RNCryptor file RNCryptor, for the app that reads it).
        var rekeying: EnvironmentsBin.Format? = nil

        /// Whether the providers' environment variables apply: not to `rekey`'s new secret,
        /// since they hold the current one.
        var readsVariables: Bool { rekeying == nil }

        /// The format to write when `--to` does not say: the rekeyed file's if it is age or sops
        /// (the formats of recipients).
        var formatToWrite: EnvironmentsBin.Format? { format ?? (rekeying == .age || rekeying == .sops ? rekeying : nil) }

        /// The format a new passphrase is written in when `--to` does not say: as
        /// ``formatToWrite``, and RNCryptor for a rekeyed RNCryptor file.
        var passphraseFormat: EnvironmentsBin.Format? { formatToWrite ?? (rekeying == .rncryptor ? .rncryptor : nil) }

        /// How messages name `option` here: its `--new-…` spelling when rekeying.
        func spelling(_ option: Option) -> String {
            guard rekeying != nil,
                let new = SecretProviders.all.lazy.flatMap(\.newOptions).first(where: { $0.standsFor == option.name })
            else {
                return option.short.map { "-" + String($0) } ?? "--" + option.name
            }
            return new.short.map { "-" + String($0) } ?? "--" + new.name
        }
    }

    /// A short name, for the code.
    let name: String
    /// The options that give the current secret (or, for recipients, whom to encrypt to).
    let options: [Option]
    /// The options `rekey` takes for the new secret, with no variables.
    var newOptions: [Option] = []
    /// The variables it reads, in the order it reads them.
    var variables: [Variable] = []
    /// The stanza types whose files it opens (see ``EnvironmentsBin/Header/stanzaTypes``).
    var opens: Set<String> = []
    /// Whether it is asked for a file whose stanza types no provider opens (age's `-i` is: an
    /// identity is how age opens any stanza it does not know).
    var opensUnknownStanzas = false
    /// How a missing-secret message says what the file is encrypted with, by format: "with a key file".
    var describesFile: @Sendable (EnvironmentsBin.Format) -> String = { _ in "" }
    /// The identities that open a file this provider opens, in order; `nil` when none was given.
    var decryption: (@Sendable (SecretValues, Context) throws(CryptoError) -> [any FileKeyIdentity]?)? = nil
    /// What to encrypt to, when this provider was given; `nil` to leave it to the next provider.
    var encryption: (@Sendable (SecretValues, EncryptRequest, Context) throws(CryptoError) -> EnvironmentsBin.EncryptionTarget?)? = nil
    /// Whether it names a way to encrypt (in the no-secret hint of `encrypt`).
    var encrypts = true

    /// Whether any of its options was given.
    func isExplicit(in given: SecretValues) -> Bool {
        options.contains { given.isGiven($0.name) }
    }

    /// "pass --key-file PATH or set ENVTOOL_KEY_FILE": how to give this provider's secret.
    var hint: String {
        let options = self.options.map(\.hint)
        let variables = self.variables.map { $0.name + ($0.note.map { " (\($0))" } ?? "") }
        return "pass " + options.joined(separator: " or ") + (options.count > 1 ? "," : "") + " or set " + variables.joined(separator: " or ")
    }
}
