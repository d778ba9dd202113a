import ArgumentParser
import EnvironmentKit
import Foundation
import I18Next

struct Translate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "t",
        abstract: "Translate keys with the i18next engine, as i18next's t(keys, options).",
        discussion: """
            Several KEYs are i18next's array-of-keys fallback: the first that exists wins. Strings print
            raw; objects and arrays (returnObjects) print as JSON. Without --init, the environment's current
            language and the resources in locales/ next to the environments document are used; with --init,
            a JSON file of i18next init options (it may hold "resources"), and --resources DIR loads
            DIR/<lng>/<ns>.json for the languages the fallback chain needs.
            """)

    @Argument(help: "The key(s); `ns:key` and nested `a.b` as in i18next.")
    var keys: [String]

    @Option(help: ArgumentHelp("A JSON file of i18next init options.", valueName: "file"))
    var `init`: String?

    @Option(help: ArgumentHelp("The t() options as a JSON object, such as '{\"count\": 3}'.", valueName: "json"))
    var options: String?

    @Option(help: ArgumentHelp("A directory of i18next resources: <dir>/<lng>/<ns>.json.", valueName: "dir"))
    var resources: String?

    @OptionGroup var environment: EnvironmentOptions

    func validate() throws {
        if keys.isEmpty { throw ValidationError("name at least one key") }
    }

    func run() throws {
        try reportingFailures {
            let callOptions = try parseOptions()
            let result = try translate(callOptions)
            switch result {
            case .string(let text): try Console.output(text)
            case .object, .array: try Console.output(result.jsonText(pretty: true))
            default: try Console.output(result.jsonText())
            }
        }
    }

    private func parseOptions() throws -> TranslationOptions {
        guard let options else { return TranslationOptions() }
        guard case .object(let object) = try I18nValue(jsonData: Data(options.utf8), source: "--options") else {
            throw I18NextError(.malformedResource, source: "--options", message: "the options must be a JSON object, such as '{\"count\": 3}'")
        }
        return TranslationOptions(object)
    }

    private func translate(_ callOptions: TranslationOptions) throws -> I18nValue {
        if `init` == nil {
            // Through the environment, so that a per-call "lng" loads that language's resources first.
            let app = try appEnvironment()
            guard app.i18next != nil else { throw noResources() }
            let result = app.translate(keys, callOptions)
            for warning in app.i18nextWarnings { Console.error(warning.formatted(severity: "warning")) }
            return result
        }
        let engine = try makeEngine()
        return keys.count == 1 ? engine.t(keys[0], callOptions) : engine.t(keys, callOptions)
    }

    private func appEnvironment() throws -> AppEnvironment {
        var options = AppEnvironment.Options(configurationName: environment.configuration, appID: environment.appID,
                                             stringsDirectory: environment.stringsDirectory)
        if let resources { options.i18nextDirectory = resources }
        let app = try AppEnvironment(document: try environment.loadDocument(), options: options)
        for warning in app.startupWarnings { Console.error(warning.formatted(severity: "warning")) }
        return app
    }

    private func noResources() -> EnvironmentError {
        let directory = resources ?? environment.stringsDirectory + "/locales"
        return EnvironmentError(.unreadableFile, file: directory, message: "no i18next resources; add \(directory)/<lng>/<ns>.json or pass --resources DIR or --init FILE")
    }

    private func makeEngine() throws -> I18Next {
        if let initPath = `init` {
            let data = try InputFile.read(initPath)
            guard case .object(let object) = try I18nValue(jsonData: data, source: initPath) else {
                throw I18NextError(.malformedResource, source: initPath, line: 1, column: 1, message: "init options must be a JSON object")
            }
            let engine = I18Next(options: try I18NextOptions(json: object, source: initPath))
            if let resources { report(engine.load(from: DirectoryBackend(directory: resources))) }
            return engine
        }
        let app = try appEnvironment()
        guard let engine = app.i18next else { throw noResources() }
        for warning in app.i18nextWarnings { Console.error(warning.formatted(severity: "warning")) }
        return engine
    }

    private func report(_ errors: [I18NextError]) {
        for error in errors { Console.error(error.description.replacingOccurrences(of: ": error: ", with: ": warning: ")) }
    }
}
