import ArgumentParser
import EnvironmentCrypto
import Foundation

/// Where the secret of an `environments.bin` comes from. Values never come from argv: options
/// name a file or an environment variable, or ask for standard input or a prompt.
///
/// Errors name the option or variable that was wrong, never its value: people put the key or
/// passphrase itself where a path or a variable name belongs, and it must not be printed back.
struct SecretOptions: ParsableArguments {
    static let keyFileVariable = "ENVTOOL_KEY_FILE"
    static let identityFileVariable = "ENVTOOL_IDENTITY_FILE"
    static let passphraseVariable = "ENVTOOL_PASSPHRASE"

    @Option(name: .customLong("key-file"), help: ArgumentHelp(
        "A key file from `envtool keygen` (default: $ENVTOOL_KEY_FILE). Must not be readable by group or others.",
        valueName: "path"))
    var keyFile: String?

    @Option(name: .customLong("identity"), help: ArgumentHelp(
        "An identity file from `envtool keygen --public`, for files encrypted to its recipient (default: $ENVTOOL_IDENTITY_FILE).",
        valueName: "path"))
    var identityFile: String?

    @Option(name: .customLong("passphrase-env"), help: ArgumentHelp(
        "The name of an environment variable that holds the passphrase (default: $ENVTOOL_PASSPHRASE).",
        valueName: "variable"))
    var passphraseVariable: String?

    @Flag(name: .customLong("passphrase-stdin"), help: "Read the passphrase from standard input.")
    var passphraseFromStandardInput = false

    func validate() throws {
        let explicit = [keyFile != nil, identityFile != nil, passphraseVariable != nil, passphraseFromStandardInput].filter { $0 }
        if explicit.count > 1 {
            throw ValidationError("give one secret: --key-file, --identity, --passphrase-env or --passphrase-stdin")
        }
    }

    private var environment: [String: String] { ProcessInfo.processInfo.environment }

    private func nonEmpty(_ name: String) -> String? {
        environment[name].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The key file path and the option or variable it came from.
    private var keyFileSource: (path: String, option: String)? {
        if let keyFile { return (keyFile, "--key-file") }
        return nonEmpty(Self.keyFileVariable).map { ($0, Self.keyFileVariable) }
    }

    /// Reads and opens the `environments.bin` at `path` with the secret these options give for
    /// its key mode.
    ///
    /// - Returns: The file's bytes as read (to notice a later change) and the opened file.
    /// - Throws: ``EnvironmentError`` when the file cannot be read, ``CryptoError`` naming the file.
    func open(_ path: String) throws -> (data: Data, opened: EnvironmentsBin.Opened) {
        let data = try InputFile.read(path)
        do throws(CryptoError) {
            return (data, try EnvironmentsBin.open(data, secret: decryptionSecret(for:)))
        } catch {
            throw error.about(error.file ?? path)
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
            let source = identityFile.map { ($0, "--identity") } ?? nonEmpty(Self.identityFileVariable).map { ($0, Self.identityFileVariable) }
            guard let (path, option) = source else {
                throw CryptoError(.secretUnavailable, "the file is encrypted to a recipient public key; pass --identity PATH or set \(Self.identityFileVariable)")
            }
            return .identity(try Identity(contentsOfIdentityFile: path, namedBy: option))
        case .passphrase:
            guard let passphrase = try passphrase(confirm: false) else {
                throw CryptoError(.secretUnavailable, "the file is encrypted with a passphrase; pass --passphrase-env VARIABLE or --passphrase-stdin, or set \(Self.passphraseVariable)")
            }
            return .passphrase(passphrase)
        }
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
        if keyFile != nil || identityFile != nil { return nil }
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

    /// What to encrypt to: `recipient` (the value of `recipientOption`), else a key file, else a
    /// passphrase (asked twice on a terminal).
    func encryptionTarget(recipient: String?, recipientOption: String = "--recipient", kdf: KDFParameters) throws(CryptoError) -> EnvironmentsBin.EncryptionTarget {
        if let recipient { return .recipient(try Self.recipient(recipient, namedBy: recipientOption)) }
        if identityFile != nil {
            throw CryptoError(.secretUnavailable, "--identity decrypts; to encrypt to a recipient, pass --recipient with its .pub file")
        }
        if let source = keyFile != nil || (passphraseVariable == nil && !passphraseFromStandardInput) ? keyFileSource : nil {
            return .key(try SymmetricKey(contentsOfKeyFile: source.path, namedBy: source.option))
        }
        if let passphrase = try passphrase(confirm: true) { return .passphrase(passphrase, kdf) }
        throw CryptoError(.secretUnavailable, "no secret to encrypt with: pass --key-file PATH, --passphrase-env VARIABLE, --passphrase-stdin or --recipient, or set \(Self.keyFileVariable) or \(Self.passphraseVariable)")
    }

    /// A recipient given as its text (`envtool-recipient-1:…`) or as the path of its `.pub` file,
    /// in `option` (named by errors instead of the value, which may be an identity pasted there).
    static func recipient(_ value: String, namedBy option: String) throws(CryptoError) -> Recipient {
        do throws(CryptoError) {
            if value.hasPrefix("envtool-recipient-1:") { return try Recipient(encoded: value) }
            guard let text = try? String(contentsOfFile: value, encoding: .utf8) else {
                throw CryptoError(.secretUnavailable, "\(option) is neither a recipient (envtool-recipient-1:…) nor a readable .pub file from `envtool keygen --public`")
            }
            return try Recipient(encoded: text)
        } catch {
            throw CryptoError(error.kind, error.message.hasPrefix(option) ? error.message : "\(option): \(error.message)")
        }
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

extension SecretOptions {
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
