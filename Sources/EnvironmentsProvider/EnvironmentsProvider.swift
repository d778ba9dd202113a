#if Configuration
import Configuration
import EnvironmentCrypto
import Environments
import Foundation

/// A swift-configuration provider that serves the variables of one build configuration of an
/// `environments.json` or `environments.bin`.
///
/// ```swift
/// let config = ConfigReader(providers: [
///     EnvironmentVariablesProvider(),                         // BASE_URL overrides base_url
///     try EnvironmentsProvider(contentsOf: "environments.json"),
/// ])
/// let baseURL = config.string(forKey: "base_url")
/// let timeout = config.int(forKey: "api.timeout", default: 30)
/// ```
///
/// The file is read once; ``ReloadingEnvironmentsProvider`` watches it for changes. Nested
/// objects are dotted keys; values of a `.bin` and variables listed in the document's
/// `"secrets"` are secret, so access reporters and logs redact them.
public struct EnvironmentsProvider: Sendable {
    private let current: EnvironmentsSnapshot

    private static let name = "EnvironmentsProvider"

    /// Reads the `environments.json` or `environments.bin` at `path` and serves one of its
    /// build configurations.
    ///
    /// - Parameters:
    ///   - path: The file to read.
    ///   - configurationName: The build configuration to serve; `nil` resolves it as the
    ///     library does: `ENVTOOL_CONFIGURATION` in `environment`, else the build's.
    ///   - secret: The secret of an `environments.bin` (the library's `AppEnvironment/Options/secret`).
    ///   - identities: The identities that may open an `environments.bin`, tried in order after
    ///     `secret`: any ``/EnvironmentCrypto/FileKeyIdentity``, another backend\'s (a cloud KMS)
    ///     included.
    ///   - environment: The environment variables that may name the configuration.
    /// - Throws: ``/Environments/EnvironmentError`` naming the file: it cannot be read, is malformed
    ///   (with line and column), is encrypted and the secret is missing or wrong, was modified
    ///   after encryption, or the configuration does not exist.
    public init(
        contentsOf path: String,
        configurationName: String? = nil,
        secret: EnvironmentsBin.DecryptionSecret? = nil,
        identities: [any FileKeyIdentity] = [],
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(EnvironmentError) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw EnvironmentError.unreadable(path, error)
        }
        let options = EnvironmentsSnapshot.ParsingOptions(
            configurationName: configurationName, environment: environment, secret: secret, identities: identities, path: path)
        current = try EnvironmentsSnapshot(data: data, providerName: Self.name, parsingOptions: options)
    }

    /// The build configuration served (`Debug`).
    public var configurationName: String { current.configurationName }
}

extension EnvironmentsProvider: ConfigProvider {
    /// The name access reporters show for this provider.
    public var providerName: String { current.providerName }

    /// The value at `key`; see ``EnvironmentsSnapshot/value(forKey:type:)``.
    public func value(forKey key: AbsoluteConfigKey, type: ConfigType) throws -> LookupResult {
        try current.value(forKey: key, type: type)
    }

    /// The value at `key`; the file was read at creation, so this reads nothing.
    public func fetchValue(forKey key: AbsoluteConfigKey, type: ConfigType) async throws -> LookupResult {
        try current.value(forKey: key, type: type)
    }

    /// Emits the value at `key` once: this provider does not change.
    // nonisolated(nonsending), as swift-configuration builds with NonisolatedNonsendingByDefault:
    // the handler runs on the caller's executor.
    nonisolated(nonsending) public func watchValue<Return: ~Copyable>(
        forKey key: AbsoluteConfigKey,
        type: ConfigType,
        updatesHandler: nonisolated(nonsending) (_ updates: ConfigUpdatesAsyncSequence<Result<LookupResult, any Error>, Never>) async throws -> Return
    ) async throws -> Return {
        try await watchValueFromValue(forKey: key, type: type, updatesHandler: updatesHandler)
    }

    /// The snapshot read at creation.
    public func snapshot() -> any ConfigSnapshot { current }

    /// Emits the snapshot once: this provider does not change.
    nonisolated(nonsending) public func watchSnapshot<Return: ~Copyable>(
        updatesHandler: nonisolated(nonsending) (_ updates: ConfigUpdatesAsyncSequence<any ConfigSnapshot, Never>) async throws -> Return
    ) async throws -> Return {
        try await watchSnapshotFromSnapshot(updatesHandler: updatesHandler)
    }
}

extension EnvironmentsProvider: CustomStringConvertible {
    /// The configuration and how many values it serves.
    public var description: String { current.description }
}

extension EnvironmentsProvider: CustomDebugStringConvertible {
    /// The keys served, secret values redacted.
    public var debugDescription: String { current.debugDescription }
}
#endif
