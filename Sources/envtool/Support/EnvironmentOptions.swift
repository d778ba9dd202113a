import ArgumentParser
import EnvironmentKit
import Foundation

/// The options every command that reads an environments document shares.
struct EnvironmentOptions: ParsableArguments {
    static let pathVariable = "ENVTOOL_ENVIRONMENTS"
    static let defaultPath = "environments/environments.json"
    static let appIDVariable = "ENVTOOL_APP_ID"

    @Option(name: [.short, .long], help: ArgumentHelp(
        "The environments document.",
        discussion: "Default: $ENVTOOL_ENVIRONMENTS, else environments/environments.json.",
        valueName: "path"))
    var environments: String?

    @Option(name: [.short, .long], help: ArgumentHelp(
        "The build configuration (default: $ENVTOOL_CONFIGURATION, else Debug/Release after envtool's build).",
        valueName: "name"))
    var configuration: String?

    @Option(name: .customLong("app-id"), help: ArgumentHelp(
        "Names the saved language choice (default: $ENVTOOL_APP_ID, else the document's app_id, else 'default').",
        valueName: "id"))
    var appID: String?

    @OptionGroup(title: "Secret (for an encrypted environments.bin)")
    var secrets: SecretOptions

    /// A bad app id is a usage error (64), found before anything is read: it would name a
    /// directory outside the config directory, or one the file system cannot hold.
    func validate() throws {
        if let appID {
            do { try LanguagePreferenceStore.validate(appID: appID) } catch { throw ValidationError("--app-id: \(error.message)") }
        } else if let fromEnvironment = ProcessInfo.processInfo.environment[Self.appIDVariable], !fromEnvironment.isEmpty {
            do { try LanguagePreferenceStore.validate(appID: fromEnvironment) } catch { throw ValidationError("\(Self.appIDVariable): \(error.message)") }
        }
    }

    var path: String {
        environments ?? ProcessInfo.processInfo.environment[Self.pathVariable].flatMap { $0.isEmpty ? nil : $0 } ?? Self.defaultPath
    }

    /// The directory of the document, where its .strings tables are.
    var stringsDirectory: String {
        let directory = (path as NSString).deletingLastPathComponent
        return directory.isEmpty ? "." : directory
    }

    func loadDocument() throws -> EnvironmentsDocument {
        let result = Result { () throws(EnvironmentError) in
            try EnvironmentsDocument(contentsOf: path, secretProvider: secrets.decryptionSecret(for:))
        }
        if case .failure(let error) = result, error.kind == .unreadableFile, environments == nil {
            throw EnvironmentError(.unreadableFile, file: error.file, message: error.message + "; pass --environments PATH or set \(Self.pathVariable)")
        }
        return try result.get()
    }

    /// The environment of the document. Warnings about the language at start (a corrupt
    /// preferences file) are printed when a command first needs the language, so commands that
    /// only read variables never print them.
    func loadEnvironment() throws -> AppEnvironment {
        let document = try loadDocument()
        var options = AppEnvironment.Options(configurationName: configuration, appID: appID,
                                             stringsDirectory: stringsDirectory)
        options.startupWarningHandler = { Console.error($0.formatted(severity: "warning")) }
        return try AppEnvironment(document: document, options: options)
    }
}
