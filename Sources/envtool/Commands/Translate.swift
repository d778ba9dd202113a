import ArgumentParser
import EnvironmentKit
import I18Next
import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct Translate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "t",
        abstract: "Translate keys with the i18next engine, as i18next's t(keys, options).",
        discussion: """
            Several KEYs are i18next's array-of-keys fallback: the first that exists wins. Strings print raw; objects and arrays (returnObjects) print as JSON.

            Without --init, the environment's current language and the resources in locales/ next to the environments document are used. With --init, a JSON file of i18next init options (it may hold "resources"); --resources DIR loads DIR/<lng>/<ns>.json for the languages the fallback chain needs.

            A key found nowhere prints the key itself, as i18next's t() returns it, and says so on stderr; with --strict it is an error instead (exit 68).
            """,
        aliases: ["translate"])

    @Argument(help: "The key(s); `ns:key` and nested `a.b` as in i18next.")
    var keys: [String]

    @Option(help: ArgumentHelp("A JSON file of i18next init options.", valueName: "file"), completion: .file())
    var `init`: String?

    @Option(help: ArgumentHelp("The t() options as a JSON object, such as '{\"count\": 3}'.", valueName: "json"))
    var options: String?

    @Option(help: ArgumentHelp("A directory of i18next resources: <dir>/<lng>/<ns>.json.", valueName: "dir"), completion: .directory)
    var resources: String?

    @Flag(help: "Fail (exit 68) when no key resolves, instead of printing the key as i18next does.")
    var strict = false

    @OptionGroup var environment: EnvironmentOptions

    func validate() throws {
        if keys.isEmpty { throw ValidationError("name at least one key") }
    }

    func run() throws {
        try Request(
            keys: keys, initFile: `init`, options: options, resources: resources, strict: strict,
            environment: environment.selection
        ).run()
    }

    /// What `t` is asked, as plain values: ``DirectCommands`` runs it without making the
    /// ArgumentParser command (see ``EnvironmentSelection`` for why).
    struct Request {
        var keys: [String]
        /// `--init`.
        var initFile: String?
        /// `--options`: the t() options as JSON text.
        var options: String?
        var resources: String?
        var strict: Bool
        var environment: EnvironmentSelection

        func run() throws {
            try reportingFailures {
                let callOptions = try parseOptions()
                if let resources { try checkResourcesDirectory(resources) }
                let (result, engine) = try translate(callOptions)
                if !keys.contains(where: { engine.exists($0, callOptions) }) {
                    let names = keys.map { "\"\($0)\"" }.joined(separator: ", ")
                    let looked = engine.languages.joined(separator: ", ")
                    guard !strict else {
                        throw EnvironmentError(
                            .unknownVariable,
                            message:
                                "no translation for \(names) (looked in \(looked.isEmpty ? "no language" : looked)); add it to the resources, or drop --strict to print the key as i18next does"
                        )
                    }
                    let answer = callOptions.values["defaultValue"] != nil ? "the defaultValue" : "the key itself"
                    Console.error(
                        "warning: no translation for \(names) (looked in \(looked.isEmpty ? "no language" : looked)); printing what i18next's t() returns, \(answer) (--strict makes this an error)"
                    )
                }
                switch result {
                case .string(let text): try Console.output(text)
                case .object, .array: try Console.output(result.jsonText(pretty: true, numberStyle: .javaScript))
                default: try Console.output(result.jsonText(numberStyle: .javaScript))
                }
                // The process ends next: the engine is left to the exit instead of being freed node by
                // node (a tenth of the run with 7 MB of resources, measured).
                _ = Unmanaged.passRetained(engine)
            }
        }

        private func parseOptions() throws -> TranslationOptions {
            guard let options else { return TranslationOptions() }
            guard case .object(let object) = try I18nValue(jsonData: Data(options.utf8), source: "--options") else {
                throw I18NextError(.malformedResource, source: "--options", message: "the options must be a JSON object, such as '{\"count\": 3}'")
            }
            return TranslationOptions(object)
        }

        private func translate(_ callOptions: TranslationOptions) throws -> (I18nValue, I18Next) {
            if initFile == nil {
                // Through the environment, so that a per-call "lng" loads that language's resources first.
                let app = try appEnvironment()
                guard let engine = app.i18next else { throw noResources() }
                engine.setWarningHandler { Console.error("warning: " + $0) }
                let result = app.translate(keys, callOptions)
                for warning in app.i18nextWarnings { Console.error(warning.formatted(severity: "warning")) }
                return (result, engine)
            }
            let engine = try makeEngine()
            return (keys.count == 1 ? engine.t(keys[0], callOptions) : engine.t(keys, callOptions), engine)
        }

        /// `--resources` must name a directory: a missing one is unreadable input (exit 66), not a
        /// warning per file that was then not found in it.
        private func checkResourcesDirectory(_ path: String) throws {
            guard let kind = pathKind(path) else {
                throw EnvironmentError(
                    .unreadableFile, file: path,
                    message: "no such directory; --resources takes a directory of i18next resources laid out as <dir>/<lng>/<ns>.json")
            }
            guard kind == .directory else {
                throw EnvironmentError(.unreadableFile, file: path, message: "not a directory; --resources takes a directory laid out as <dir>/<lng>/<ns>.json")
            }
        }

        private func appEnvironment() throws -> AppEnvironment {
            let document = try environment.loadDocument()
            var options = AppEnvironment.Options(
                configurationName: EnvironmentSelection.configuration(environment.configuration, of: document),
                appID: environment.appID, stringsDirectory: environment.stringsDirectory)
            if let resources { options.i18nextDirectory = resources }
            // One process, one call: walking the tree once costs less than indexing every path.
            options.indexesI18nextKeyPaths = false
            let app = try AppEnvironment(document: document, options: options)
            for warning in app.startupWarnings { Console.error(warning.formatted(severity: "warning")) }
            return app
        }

        private func noResources() -> EnvironmentError {
            let directory = resources ?? environment.stringsDirectory + "/locales"
            return EnvironmentError(
                .unreadableFile, file: directory, message: "no i18next resources; add \(directory)/<lng>/<ns>.json or pass --resources DIR or --init FILE")
        }

        private func makeEngine() throws -> I18Next {
            if let initPath = initFile {
                let data = try InputFile.read(initPath)
                guard case .object(let object) = try I18nValue(jsonData: data, source: initPath) else {
                    throw I18NextError(.malformedResource, source: initPath, line: 1, column: 1, message: "init options must be a JSON object")
                }
                var options = try I18NextOptions(json: object, source: initPath)
                options.warningHandler = { Console.error("warning: " + $0) }
                // One process, one call: walking the tree once costs less than indexing every path.
                options.indexesKeyPaths = false
                let engine = I18Next(options: options)
                if let resources { report(engine.load(from: DirectoryBackend(directory: resources)), directory: resources) }
                return engine
            }
            let app = try appEnvironment()
            guard let engine = app.i18next else { throw noResources() }
            for warning in app.i18nextWarnings { Console.error(warning.formatted(severity: "warning")) }
            return engine
        }

        /// One message per problem: a malformed file is reported with its position; missing files
        /// are reported once per language, and not at all for i18next's implicit fallback `dev`.
        private func report(_ errors: [I18NextError], directory: String) {
            var missingLanguages: [String] = []
            for error in errors {
                if error.kind == .loadFailed, error.source.hasPrefix(directory + "/") {
                    let language = error.source.dropFirst(directory.count + 1).split(separator: "/").first.map(String.init) ?? ""
                    if language != "dev", !missingLanguages.contains(language) { missingLanguages.append(language) }
                    continue
                }
                Console.error(error.diagnostic.with(severity: .warning).description)
            }
            for language in missingLanguages {
                Console.error("\(directory)/\(language): warning: no resources for \(language) (expected \(directory)/\(language)/<ns>.json)")
            }
        }
    }
}
