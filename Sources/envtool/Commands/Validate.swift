import ArgumentParser
import EnvironmentKit

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check the environments document and its .strings tables; print diagnostics.",
        discussion: "Errors and warnings go to stderr as file:line:col: error|warning: message. Exits 65 when anything is invalid.")

    @OptionGroup var options: EnvironmentOptions

    func run() throws {
        try reportingFailures {
            let document = try options.loadDocument()
            for warning in document.warnings { Console.error(warning.formatted(severity: "warning")) }
            let environment = try AppEnvironment(document: document, options: .init(
                configurationName: document.configurationNames.first, appID: options.appID,
                persistsLanguage: false, stringsDirectory: options.stringsDirectory))
            let diagnostics = environment.localization.diagnostics()
            for diagnostic in diagnostics { Console.error(diagnostic.description) }
            let languages = document.languages.map(\.identifier)
            for warning in environment.localization.missingTranslations(languages: languages) { Console.error(warning.description) }
            if diagnostics.contains(where: { $0.severity == .error }) {
                throw ExitCode(ExitStatus.invalidInput.rawValue)
            }
            Console.output("\(options.path): valid (\(document.languages.count) languages, \(document.configurationNames.count) configurations, \(environment.localization.allFiles.count) .strings tables)")
        }
    }
}

