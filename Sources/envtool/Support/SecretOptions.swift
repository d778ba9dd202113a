import ArgumentParser
import EnvironmentCrypto

/// The command-line options of the current secret: ArgumentParser's front of ``SecretValues``.
///
/// Every name and help text comes from ``SecretProviders``; ArgumentParser finds options by
/// reflection on property wrappers and cannot declare them at run time, so each option is one
/// property here, and ``values`` is the one conversion.
struct SecretOptions: ParsableArguments {
    @Option(name: SecretProviders.keyFileOption.argumentName, help: SecretProviders.keyFileOption.argumentHelp, completion: .file())
    var keyFile: String?

    @Option(name: SecretProviders.identityOption.argumentName, help: SecretProviders.identityOption.argumentHelp, completion: .file())
    var identityFiles: [String] = []

    @Option(name: SecretProviders.passphraseVariableOption.argumentName, help: SecretProviders.passphraseVariableOption.argumentHelp)
    var passphraseVariable: String?

    @Flag(name: SecretProviders.passphraseStandardInputOption.argumentName, help: SecretProviders.passphraseStandardInputOption.argumentHelp)
    var passphraseFromStandardInput = false

    /// What the options say.
    var values: SecretValues {
        var values = SecretValues()
        values.set(SecretProviders.keyFileOption, keyFile.map { [$0] } ?? [])
        values.set(SecretProviders.identityOption, identityFiles)
        values.set(SecretProviders.passphraseVariableOption, passphraseVariable.map { [$0] } ?? [])
        values.set(SecretProviders.passphraseStandardInputOption, flag: passphraseFromStandardInput)
        return values
    }

    func validate() throws {
        try values.validate()
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

    @Option(
        name: .customLong("scrypt-work-factor"),
        help: ArgumentHelp("For an age passphrase file: scrypt's log2 N, 1–20 (age's default, 18, costs 256 MiB and about a second).", valueName: "n"))
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
