import ArgumentParser
import EnvironmentKit
import Foundation

/// The options every command that reads an environments document shares.
struct EnvironmentOptions: ParsableArguments {
    static let pathVariable = "ENVTOOL_ENVIRONMENTS"
    static let defaultPath = "environments/environments.json"

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

    func loadEnvironment() throws -> AppEnvironment {
        let document = try loadDocument()
        let options = AppEnvironment.Options(configurationName: configuration, appID: appID,
                                             stringsDirectory: stringsDirectory)
        let environment = try AppEnvironment(document: document, options: options)
        for warning in environment.startupWarnings { Console.error(warning.formatted(severity: "warning")) }
        return environment
    }
}
