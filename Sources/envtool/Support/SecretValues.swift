import EnvironmentCrypto

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The secret options given on a command line, by option key (``SecretProvider/Option/key``):
/// what both parsers produce, and all that ``SecretProviders`` reads.
///
/// Values never hold a secret: options name a file or an environment variable, or ask for
/// standard input or a prompt. Errors name the option or variable that was wrong, never its
/// value: people put the key or passphrase itself where a path or a variable name belongs, and it
/// must not be printed back.
struct SecretValues: Sendable {
    /// Each option's values, in order.
    var values: [String: [String]] = [:]
    /// The flags given.
    var flags: Set<String> = []

    /// The value of a single-valued option.
    func value(_ name: String) -> String? { values[name]?.first }

    /// Every value of a repeatable option, in order.
    func allValues(_ name: String) -> [String] { values[name] ?? [] }

    /// Records `given`, the values of `option` (nothing when empty).
    mutating func set(_ option: SecretProvider.Option, _ given: [String]) {
        if !given.isEmpty { values[option.key] = given }
    }

    /// Records the flag `option` when `given`.
    mutating func set(_ option: SecretProvider.Option, flag given: Bool) {
        if given { flags.insert(option.key) }
    }

    /// Whether the option or flag was given.
    func isGiven(_ name: String) -> Bool { flags.contains(name) || !(values[name]?.isEmpty ?? true) }

    /// Refuses two kinds of current secret at once (see ``SecretProviders/validate(_:)``).
    func validate() throws { try SecretProviders.validate(self) }

    /// Whether an option of the current secret that reads standard input was given.
    var readsStandardInput: Bool {
        SecretProviders.currentSecretOptions.contains { $0.readsStandardInput && isGiven($0.name) }
    }

    /// Reads and opens the `environments.bin` at `path` (`-` for standard input), in either
    /// format, with the secret these options give for its header.
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
            return try EnvironmentsBin.open(data, identities: identities(for:))
        } catch {
            throw error.about(error.file ?? name)
        }
    }

    /// The identities for a file with `header` (see ``SecretProviders/identities(for:given:)``).
    func identities(for header: EnvironmentsBin.Header) throws(CryptoError) -> [any FileKeyIdentity] {
        try SecretProviders.identities(for: header, given: self)
    }
}
