#if Configuration
import Configuration
import EnvironmentCrypto
import Environments
import Foundation
import Logging
import SystemPackage

/// An ``EnvironmentsProvider`` that watches its file and publishes changes through
/// swift-configuration's watch API.
///
/// It is swift-configuration's own `ReloadingFileProvider` over ``EnvironmentsSnapshot``: run it
/// as a service (in a `ServiceGroup`, or `try await provider.run()` in a task) and it checks the
/// file every `pollInterval` and on `SIGHUP`. A changed `.bin` is decrypted again with the
/// secret given at creation. A file that becomes invalid (malformed, tampered with) keeps the
/// last good snapshot: `get` reads go on returning it, `fetch` reads throw the
/// ``/Environments/EnvironmentError``, and the error is logged through `logger` and passed to `onInvalidFile`
/// once (again only after the file was valid in between); the provider tries again at every check.
public typealias ReloadingEnvironmentsProvider = ReloadingFileProvider<EnvironmentsSnapshot>

extension ReloadingFileProvider where Snapshot == EnvironmentsSnapshot {
    /// Reads the `environments.json` or `environments.bin` at `path`, serves one of its build
    /// configurations and reloads it when it changes.
    ///
    /// - Parameters:
    ///   - path: The file to read and watch.
    ///   - configurationName: The build configuration to serve; `nil` resolves it as the
    ///     library does: `ENVTOOL_CONFIGURATION` in `environment`, else the build's.
    ///   - secret: The secret of an `environments.bin`, kept to decrypt the file again when it changes.
    ///   - identities: The identities that may open an `environments.bin`, tried in order after
    ///     `secret`: any ``/EnvironmentCrypto/FileKeyIdentity``, another backend\'s (a cloud KMS) included.
    ///   - environment: The environment variables that may name the configuration.
    ///   - pollInterval: How often the file is checked while the provider runs.
    ///   - logger: Where the provider logs its checks (debug) and a file that became invalid (error).
    ///   - onInvalidFile: Called once with the error when the file becomes invalid, for an app
    ///     that wants to alert or count it; the last good values stay in use.
    /// - Throws: ``/Environments/EnvironmentError`` naming the file, as
    ///   ``EnvironmentsProvider/init(contentsOf:configurationName:secret:identities:environment:)``.
    public convenience init(
        contentsOf path: String,
        configurationName: String? = nil,
        secret: EnvironmentsBin.DecryptionSecret? = nil,
        identities: [any FileKeyIdentity] = [],
        environment: [String: String] = ProcessInfo.processInfo.environment,
        pollInterval: Duration = .seconds(15),
        logger: Logger = Logger(label: "ReloadingEnvironmentsProvider"),
        onInvalidFile: (@Sendable (EnvironmentError) -> Void)? = nil
    ) async throws(EnvironmentError) {
        var options = EnvironmentsSnapshot.ParsingOptions(
            configurationName: configurationName, environment: environment, secret: secret, identities: identities, path: path)
        let reporter = InvalidFileReporter { error in
            logger.error(
                "The environments file is invalid; the last good values stay in use until it is fixed",
                metadata: ["error": "\(error)"])
            onInvalidFile?(error)
        }
        options.invalidFileReporter = reporter
        do {
            try await self.init(parsingOptions: options, filePath: FilePath(path), pollInterval: pollInterval, logger: logger)
            reporter.arm()
        } catch let error as EnvironmentError {
            throw error
        } catch {
            // swift-configuration's file errors are not public; say what happened in our terms.
            let reason = FileManager.default.fileExists(atPath: path) ? "\(error)" : "no such file"
            throw EnvironmentError(.unreadableFile, file: path, message: "cannot read the file: \(reason)")
        }
    }
}
#endif
