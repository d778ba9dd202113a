import ArgumentParser
import EnvironmentCrypto

/// The rules over the table, written once: which provider a file asks, which provider encrypts,
/// and that one kind of secret is given.
extension SecretProviders {
    /// The identities for a file with `header`: asked of the providers whose stanza types the
    /// header has (or, for a header of types none knows, of those that open unknown stanzas), in
    /// table order. With nothing given, the error says how to give the first one's secret.
    static func identities(for header: EnvironmentsBin.Header, given: SecretValues) throws(CryptoError) -> [any FileKeyIdentity] {
        let types = Set(header.stanzaTypes)
        var candidates = decrypting.filter { !$0.opens.isDisjoint(with: types) }
        if candidates.isEmpty { candidates = decrypting.filter(\.opensUnknownStanzas) }
        for provider in candidates {
            if let identities = try provider.decryption?(given, context(for: provider, given)) { return identities }
        }
        let first = candidates.first ?? identity
        // The identity's hint also says where a default identity would be read from.
        let orDefault =
            first.name == identity.name
            ? ", or keep it in $XDG_CONFIG_HOME/envtool/\(DefaultIdentity.fileName) (default ~/.config; `envtool keygen --age` writes one there)" : ""
        throw CryptoError(.secretUnavailable, "the file is encrypted \(first.describesFile(header.format)); \(first.hint)\(orDefault)")
    }

    /// What to encrypt to: the first provider, in table order, that was given. For `rekey`
    /// (`request.rekeying`), `given` holds the `--new-…` options under the keys of the options
    /// they stand for, so each provider reads its new secret as it reads `encrypt`'s.
    static func encryptionTarget(given: SecretValues, request: SecretProvider.EncryptRequest) throws(CryptoError) -> EnvironmentsBin.EncryptionTarget {
        for provider in all {
            if let target = try provider.encryption?(given, request, context(for: provider, given)) { return target }
        }
        let ways = all.filter(\.encrypts)
        if request.rekeying != nil {
            let options = ways.flatMap(\.newOptions).map(\.hint) + ["--to FORMAT"]
            throw CryptoError(.secretUnavailable, "no new secret: pass \(listed(options, "or")) (or run on a terminal to be asked for a new passphrase)")
        }
        let options = ways.flatMap(\.options).map(\.hint)
        let variables = ways.flatMap(\.variables).map(\.name)
        throw CryptoError(.secretUnavailable, "no secret to encrypt with: pass \(listed(options, "or")), or set \(listed(variables, "or"))")
    }

    /// Whether any provider's option is in `given` (for `rekey`: whether a new secret was given).
    static func anyGiven(_ given: SecretValues) -> Bool {
        all.contains { provider in provider.options.contains { given.isGiven($0.key) } }
    }

    /// Refuses two options of the current secret at once (two providers, or both ways of giving a
    /// passphrase): which one was meant cannot be told.
    static func validate(_ given: SecretValues) throws {
        let options = currentSecretOptions
        var count = 0
        for index in options.indices where given.isGiven(options[index].name) { count += 1 }
        if count > 1 {
            let names = options.map { "--" + $0.name + ($0.repeatable ? " (repeatable)" : "") }
            throw ValidationError("give one kind of secret: \(listed(names, "or"))")
        }
    }

    /// The variables that hold a secret, which `run` keeps from the command it starts, and the
    /// variables named by options (`--passphrase-env`).
    static func secretVariables(given: SecretValues) -> Set<String> {
        var names = Set(all.flatMap(\.variables).filter { $0.kind == .secretText }.map(\.name))
        for option in all.flatMap(\.options) where option.value == .variableName {
            names.formUnion(given.allValues(option.name))
        }
        return names
    }

    /// The spellings of the current secret's options, for the fast path.
    static let grammar: DirectArguments.Grammar = {
        var grammar = DirectArguments.Grammar(options: [:])
        // By index: a `for … in` over an array of a type the start has not iterated yet makes the
        // runtime look up `Collection` for it, a scan of every conformance record (debug builds).
        for index in currentSecretOptions.indices {
            let option = currentSecretOptions[index]
            for spelling in option.spellings {
                if option.value == .flag { grammar.flags[spelling] = option.name } else { grammar.options[spelling] = option.name }
            }
            if option.repeatable { grammar.repeatable.insert(option.name) }
        }
        return grammar
    }()

    /// The names of the current secret's options, which the fast path hands over as ``SecretValues``.
    static let optionNames: Set<String> = {
        var names = Set<String>()
        for index in currentSecretOptions.indices { names.insert(currentSecretOptions[index].name) }
        return names
    }()

    /// For the top-level help: "--key-file, --identity, --passphrase-env or --passphrase-stdin,
    /// or $ENVTOOL_IDENTITY_FILE, …".
    static var summary: String {
        let variables = decrypting.flatMap(\.variables).map { "$" + $0.name }
        return "\(listed(currentSecretOptions.map { "--" + $0.name }, "or")), or \(variables.joined(separator: ", "))"
    }

    // MARK: - Reading

    private static func context(for provider: SecretProvider, _ given: SecretValues) -> SecretProvider.Context {
        // Only the current secret's options count: recipients are whom to encrypt to, not a secret.
        SecretProvider.Context(othersExplicit: decrypting.contains { $0.name != provider.name && $0.isExplicit(in: given) })
    }

    /// A variable's value, `nil` when it is unset or empty.
    static func nonEmpty(_ name: String) -> String? {
        EnvironmentSelection.environmentValue(name).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The key file's path and the option or variable it came from.
    static func keyFileSource(_ given: SecretValues, spelled: String, variableApplies: Bool) -> (path: String, option: String)? {
        if let path = given.value("key-file") { return (path, spelled) }
        guard variableApplies else { return nil }
        return nonEmpty(keyFileVariable).map { ($0, keyFileVariable) }
    }

    /// Every identity given, in order: each --identity file; without any, the file named by
    /// $ENVTOOL_IDENTITY_FILE, the identity text in $ENVTOOL_IDENTITY (for CI secrets, like
    /// sops's `SOPS_AGE_KEY`) and what $ENVTOOL_IDENTITY_COMMAND prints (a password manager, like
    /// `SOPS_AGE_KEY_CMD`), each that is set; without any of those, the default identity. The
    /// command comes last: it is the one that may ask a person or a network. `nil` when none is given.
    static func readIdentities(_ given: SecretValues) throws(CryptoError) -> [any FileKeyIdentity]? {
        var identities: [any FileKeyIdentity] = []
        let files = given.allValues("identity")
        if !files.isEmpty {
            for path in files {
                identities += try AgeIdentityFile.readIdentities(path: path, namedBy: "--identity", passphrase: identityPassphrase)
            }
            return identities
        }
        var found = false
        if let path = nonEmpty(identityFileVariable) {
            identities += try AgeIdentityFile.readIdentities(path: path, namedBy: identityFileVariable, passphrase: identityPassphrase)
            found = true
        }
        if let text = SecretInput.environment(identityVariable) {
            identities += try AgeIdentityFile.parseIdentities(text, namedBy: identityVariable, passphrase: identityPassphrase)
            found = true
        }
        if let command = nonEmpty(identityCommandVariable) {
            identities += try IdentityCommand.identities(command, variable: identityCommandVariable, passphrase: identityPassphrase)
            found = true
        }
        if !found {
            // The default identity (`keygen --age` without -o), when nothing else names one. Its
            // path is envtool's own, not something typed where a secret may have been pasted, so
            // errors name it.
            let path = DefaultIdentity.path
            if DefaultIdentity.exists(path) {
                do throws(CryptoError) {
                    return try AgeIdentityFile.readIdentities(path: path, namedBy: "the default identity file \(path)", passphrase: identityPassphrase)
                } catch {
                    throw CryptoError(error.kind, error.message, file: error.file ?? path)
                }
            }
        }
        return found ? identities : nil
    }

    /// The passphrase of an identity file protected with `age -p`, or of an OpenSSH private key
    /// protected with one: asked on the terminal, or where there is none, $ENVTOOL_PASSPHRASE.
    static func identityPassphrase(_ prompt: String) throws(AgeError) -> SecretBytes {
        if let typed = try? SecretInput.prompt(prompt) { return typed }
        if let bytes = SecretInput.environment(passphraseVariable) { return bytes }
        throw AgeError(
            .unusable,
            "this identity file is protected with a passphrase (age -p or ssh-keygen); run on a terminal to be asked for it, or set \(passphraseVariable) to it"
        )
    }

    /// The passphrase from --passphrase-env, --passphrase-stdin, then (unless another provider's
    /// option was given) $ENVTOOL_PASSPHRASE or a prompt, asked twice when `confirm`. For
    /// `rekey`'s new secret (`request.rekeying`) the variable is not used (it holds the current
    /// passphrase) and the prompt asks for the new one.
    static func readPassphrase(
        _ given: SecretValues, context: SecretProvider.Context, confirm: Bool,
        request: SecretProvider.EncryptRequest?
    ) throws(CryptoError) -> Passphrase? {
        if let variable = given.value("passphrase-env") {
            let option = request?.spelling(passphraseVariableOption) ?? "--passphrase-env"
            guard let bytes = SecretInput.environment(variable) else { throw unsetVariable(option: option) }
            return try Passphrase(bytes: bytes)
        }
        if given.isGiven("passphrase-stdin") { return try Passphrase(bytes: SecretInput.standardInput()) }
        if context.othersExplicit { return nil }
        let rekeying = request?.rekeying != nil
        if !rekeying, let bytes = SecretInput.environment(passphraseVariable) { return try Passphrase(bytes: bytes) }
        let prompt = rekeying ? "New passphrase" : "Passphrase"
        guard let first = try SecretInput.prompt(prompt + ": ") else { return nil }
        if confirm {
            guard let second = try SecretInput.prompt(prompt + " (again): "), second.isEqual(to: first) else {
                throw CryptoError(.secretUnavailable, "the passphrases do not match")
            }
        }
        return try Passphrase(bytes: first)
    }

    /// The error for a `--passphrase-env` whose variable is unset or empty. The name is not
    /// printed: when it is unset, it may well be the passphrase itself.
    private static func unsetVariable(option: String) -> CryptoError {
        CryptoError(
            .secretUnavailable,
            "the environment variable named by \(option) is not set or empty; \(option) takes the name of a variable that holds the passphrase, not the passphrase itself"
        )
    }

    /// "a, b or c".
    private static func listed(_ items: [String], _ conjunction: String) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + items[items.count - 1]
    }
}
