import ArgumentParser
import EnvironmentCrypto
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where the secret of an `environments.bin` comes from. Values never come from argv: options
/// name a file or an environment variable, or ask for standard input or a prompt.
///
/// Errors name the option or variable that was wrong, never its value: people put the key or
/// passphrase itself where a path or a variable name belongs, and it must not be printed back.
///
/// Plain values, apart from ArgumentParser's ``SecretOptions``: the frequent commands parse their
/// line themselves (``DirectCommands``), and making an ArgumentParser option group costs a start
/// several of the Swift runtime's scans of every conformance record.
struct SecretSource: Sendable {
    static let keyFileVariable = "ENVTOOL_KEY_FILE"
    static let identityFileVariable = "ENVTOOL_IDENTITY_FILE"
    static let identityVariable = "ENVTOOL_IDENTITY"
    static let passphraseVariable = "ENVTOOL_PASSPHRASE"

    /// `--key-file`.
    var keyFile: String?
    /// `--identity`, in order.
    var identityFiles: [String] = []
    /// `--passphrase-env`: the name of the variable, never the passphrase.
    var passphraseVariable: String?
    /// `--passphrase-stdin`.
    var passphraseFromStandardInput = false

    func validate() throws {
        let explicit = [keyFile != nil, !identityFiles.isEmpty, passphraseVariable != nil, passphraseFromStandardInput].filter { $0 }
        if explicit.count > 1 {
            throw ValidationError("give one kind of secret: --key-file, --identity (repeatable), --passphrase-env or --passphrase-stdin")
        }
    }

    private func nonEmpty(_ name: String) -> String? {
        EnvironmentSelection.environmentValue(name).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The key file path and the option or variable it came from.
    private var keyFileSource: (path: String, option: String)? {
        if let keyFile { return (keyFile, "--key-file") }
        return nonEmpty(Self.keyFileVariable).map { ($0, Self.keyFileVariable) }
    }

    /// Reads and opens the `environments.bin` at `path` (`-` for standard input), in either
    /// format, with the secret these options give for its key mode.
    ///
    /// - Returns: The file's bytes as read (to notice a later change) and the opened file.
    /// - Throws: ``EnvironmentError`` when the file cannot be read, ``CryptoError`` naming the file.
    func open(_ path: String) throws -> (data: Data, opened: EnvironmentsBin.Opened) {
        let data = try InputFile.read(path)
        return (data, try open(data, name: InputFile.displayName(path)))
    }

    /// Opens the bytes of an `environments.bin` read elsewhere; errors name `name`.
    func open(_ data: Data, name: String) throws -> EnvironmentsBin.Opened {
        do throws(CryptoError) {
            return try EnvironmentsBin.open(data, secret: decryptionSecret(for:))
        } catch {
            throw error.about(error.file ?? name)
        }
    }

    /// The secret for a file with `header`, from the source that matches its key mode.
    func decryptionSecret(for header: EnvironmentsBin.Header) throws(CryptoError) -> EnvironmentsBin.DecryptionSecret {
        switch header.mode {
        case .key:
            guard let source = keyFileSource else {
                throw CryptoError(.secretUnavailable, "the file is encrypted with a key file; pass --key-file PATH or set \(Self.keyFileVariable)")
            }
            return .key(try SymmetricKey(contentsOfKeyFile: source.path, namedBy: source.option))
        case .recipient:
            guard let identities = try identities() else {
                let kind = header.age == nil ? "a recipient public key" : "age recipients"
                throw CryptoError(.secretUnavailable, "the file is encrypted to \(kind); pass --identity PATH or set \(Self.identityFileVariable) (a path) or \(Self.identityVariable) (the identity itself)")
            }
            return .ageIdentities(identities)
        case .passphrase:
            guard let passphrase = try passphrase(confirm: false) else {
                throw CryptoError(.secretUnavailable, "the file is encrypted with a passphrase; pass --passphrase-env VARIABLE or --passphrase-stdin, or set \(Self.passphraseVariable)")
            }
            return .passphrase(passphrase)
        }
    }

    /// Every identity given, in order: each --identity file; without any, the file named by
    /// $ENVTOOL_IDENTITY_FILE and then the identity text in $ENVTOOL_IDENTITY (for CI secrets,
    /// like sops's `SOPS_AGE_KEY`). `nil` when none is given.
    func identities() throws(CryptoError) -> [AgeIdentity]? {
        var identities: [AgeIdentity] = []
        if !identityFiles.isEmpty {
            for path in identityFiles {
                identities += try AgeIdentityFile.readIdentities(path: path, namedBy: "--identity")
            }
            return identities
        }
        var given = false
        if let path = nonEmpty(Self.identityFileVariable) {
            identities += try AgeIdentityFile.readIdentities(path: path, namedBy: Self.identityFileVariable)
            given = true
        }
        if let text = SecretInput.environment(Self.identityVariable) {
            identities += try AgeIdentityFile.parseIdentities(text, namedBy: Self.identityVariable)
            given = true
        }
        return given ? identities : nil
    }

    /// The passphrase from --passphrase-env, --passphrase-stdin, $ENVTOOL_PASSPHRASE or a prompt, in that order.
    func passphrase(confirm: Bool) throws(CryptoError) -> Passphrase? {
        if let passphraseVariable {
            guard let bytes = SecretInput.environment(passphraseVariable) else {
                throw Self.unsetVariable(option: "--passphrase-env")
            }
            return try Passphrase(bytes: bytes)
        }
        if passphraseFromStandardInput { return try Passphrase(bytes: SecretInput.standardInput()) }
        if keyFile != nil || !identityFiles.isEmpty { return nil }
        if let bytes = SecretInput.environment(Self.passphraseVariable) { return try Passphrase(bytes: bytes) }
        guard let first = try SecretInput.prompt("Passphrase: ") else { return nil }
        if confirm {
            guard let second = try SecretInput.prompt("Passphrase (again): "), second.isEqual(to: first) else {
                throw CryptoError(.secretUnavailable, "the passphrases do not match")
            }
        }
        return try Passphrase(bytes: first)
    }

    /// The error for a `--passphrase-env` whose variable is unset or empty. The name is not
    /// printed: when it is unset, it may well be the passphrase itself.
    private static func unsetVariable(option: String) -> CryptoError {
        CryptoError(.secretUnavailable, "the environment variable named by \(option) is not set or empty; \(option) takes the name of a variable that holds the passphrase, not the passphrase itself")
    }

    /// What to encrypt to: `recipients` in the format they call for, else a key file (this
    /// format), else a passphrase (asked twice on a terminal; this format unless `format` is age).
    func encryptionTarget(recipients: RecipientList, format: EnvironmentsBin.Format?, armored: Bool, kdf: KDFOptions) throws(CryptoError) -> EnvironmentsBin.EncryptionTarget {
        if !recipients.isEmpty { return try recipients.target(format: format, armored: armored) }
        if !identityFiles.isEmpty {
            throw CryptoError(.secretUnavailable, "--identity decrypts; to encrypt to someone, pass --recipient with their age1… recipient (or .pub file) or -R with a recipients file")
        }
        if let source = keyFile != nil || (passphraseVariable == nil && !passphraseFromStandardInput) ? keyFileSource : nil {
            guard format != .age else {
                throw CryptoError(.secretUnavailable, "age has no key-file mode; encrypt to recipients (--recipient, -R) or with a passphrase for --to age, or drop --to age")
            }
            guard !armored else { throw EnvironmentsBin.armorNeedsAge }
            return .key(try SymmetricKey(contentsOfKeyFile: source.path, namedBy: source.option))
        }
        if let passphrase = try passphrase(confirm: true) {
            if format == .age { return .age(.passphrase(passphrase, workFactor: kdf.scryptWorkFactor), armored: armored) }
            guard !armored else { throw EnvironmentsBin.armorNeedsAge }
            return .passphrase(passphrase, try kdf.parameters())
        }
        throw CryptoError(.secretUnavailable, "no secret to encrypt with: pass --recipient, -R, --key-file PATH, --passphrase-env VARIABLE or --passphrase-stdin, or set \(Self.keyFileVariable) or \(Self.passphraseVariable)")
    }
}

/// The command-line options that give a ``SecretSource``.
struct SecretOptions: ParsableArguments {
    @Option(name: .customLong("key-file"), help: ArgumentHelp(
        "A key file from `envtool keygen` (default: $ENVTOOL_KEY_FILE). Must not be readable by group or others.",
        valueName: "path"))
    var keyFile: String?

    @Option(name: .customLong("identity"), help: ArgumentHelp(
        "An identity file (age-keygen, `envtool keygen --age` or `--public`), for files encrypted to its recipient; repeatable, tried in order (default: $ENVTOOL_IDENTITY_FILE, then the identity text in $ENVTOOL_IDENTITY).",
        valueName: "path"))
    var identityFiles: [String] = []

    @Option(name: .customLong("passphrase-env"), help: ArgumentHelp(
        "The name of an environment variable that holds the passphrase (default: $ENVTOOL_PASSPHRASE).",
        valueName: "variable"))
    var passphraseVariable: String?

    @Flag(name: .customLong("passphrase-stdin"), help: "Read the passphrase from standard input.")
    var passphraseFromStandardInput = false

    /// What the options say.
    var source: SecretSource {
        SecretSource(keyFile: keyFile, identityFiles: identityFiles, passphraseVariable: passphraseVariable,
                     passphraseFromStandardInput: passphraseFromStandardInput)
    }

    func validate() throws {
        try source.validate()
    }
}

/// Argon2id cost for passphrase encryption.
struct KDFOptions: ParsableArguments {
    enum Preset: String, ExpressibleByArgument, CaseIterable {
        case interactive, moderate, sensitive
    }

    @Option(name: .customLong("kdf"), help: "Argon2id cost preset for passphrases (libsodium's).")
    var preset: Preset = .interactive

    @Option(name: .customLong("kdf-passes"), help: ArgumentHelp("Argon2id passes, overriding the preset.", valueName: "n"))
    var passes: UInt32?

    @Option(name: .customLong("kdf-memory-kib"), help: ArgumentHelp("Argon2id memory in KiB, overriding the preset.", valueName: "kib"))
    var memoryKiB: UInt64?

    @Option(name: .customLong("scrypt-work-factor"), help: ArgumentHelp("For an age passphrase file: scrypt's log2 N, 1–20 (age's default, 18, costs 256 MiB and about a second).", valueName: "n"))
    var scryptWorkFactor = 18

    func parameters() throws(CryptoError) -> KDFParameters {
        let base: KDFParameters
        switch preset {
        case .interactive: base = .interactive
        case .moderate: base = .moderate
        case .sensitive: base = .sensitive
        }
        guard passes != nil || memoryKiB != nil else { return base }
        // An absurd --kdf-memory-kib must be refused by the range check, not trap on overflow.
        let memoryBytes = memoryKiB.map { $0.multipliedReportingOverflow(by: 1024) }.map { $0.overflow ? UInt64.max : $0.partialValue }
        return try KDFParameters(operations: passes ?? base.operations, memoryBytes: memoryBytes ?? base.memoryBytes)
    }
}

extension SecretSource {
    /// A new passphrase from the variable named by --new-passphrase-env, or asked twice on a terminal.
    /// $ENVTOOL_PASSPHRASE is not used: it holds the current passphrase.
    func newPassphrase() throws(CryptoError) -> Passphrase? {
        if let passphraseVariable {
            guard let bytes = SecretInput.environment(passphraseVariable) else {
                throw Self.unsetVariable(option: "--new-passphrase-env")
            }
            return try Passphrase(bytes: bytes)
        }
        guard let first = try SecretInput.prompt("New passphrase: ") else { return nil }
        guard let second = try SecretInput.prompt("New passphrase (again): "), second.isEqual(to: first) else {
            throw CryptoError(.secretUnavailable, "the passphrases do not match")
        }
        return try Passphrase(bytes: first)
    }
}
