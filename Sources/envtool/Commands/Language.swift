import ArgumentParser
import EnvironmentKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct Language: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "language",
        abstract: "Print the current app language code; with --verbose, also why it is the current one.",
        discussion: """
            Why: the saved choice (envtool set-language), the system's preferred languages (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), or the fallback to the first language. --verbose prints it on a second line, as "source: …".

            With --format json: {"language": "es", "source": "saved" | "system" | "fallback", "preferencesFile": path or null, "preferred": [the system's preferred languages], "ignoredSavedLanguage": a saved language the document no longer supports, or null}.
            """)

    @Flag(name: .shortAndLong, help: "Also print why the language is the current one.")
    var verbose = false

    @OptionGroup var output: FormatOptions
    @OptionGroup var options: EnvironmentOptions

    func run() throws {
        try Self.run(verbose: verbose, json: output.isJSON, selection: options.selection)
    }

    /// The command on plain values (``DirectCommands`` runs it without making the command).
    static func run(verbose: Bool, json isJSON: Bool, selection: EnvironmentSelection) throws {
        try reportingFailures {
            let environment = try selection.loadEnvironment()
            let language = environment.getAppLanguage()
            let source = environment.languageSource
            let ignored = environment.ignoredSavedLanguage
            if isJSON {
                try Console.output(json: json(language, source: source, ignored: ignored))
                return
            }
            try Console.output(language)
            if verbose { try Console.output(explanation(source, ignored: ignored)) }
        }
    }

    /// The system's preferred languages, as the language part read them.
    private static var systemPreferred: [String] {
        SystemLanguages.preferred(environment: AppEnvironment.Options.processVariables()).map(\.identifier)
    }

    private static func explanation(_ source: LanguageSource, ignored: String?) -> String {
        // A saved choice the document no longer supports is named, not passed over in silence.
        let ignoredNote = ignored.map { "the saved language \"\($0)\" is not supported; " } ?? ""
        switch source {
        case .savedChoice(let path):
            return "source: saved choice (\(path))"
        case .system(let preferred):
            return "source: system (\(ignoredNote)preferred: \(preferred.joined(separator: ", ")))"
        case .fallback:
            let preferred = systemPreferred
            let system = preferred.isEmpty ? "the system sets no preferred language" : "none of \(preferred.joined(separator: ", ")) is supported"
            return "source: fallback (\(ignoredNote)\(system); using the first of languages)"
        }
    }

    private static func json(_ language: String, source: LanguageSource, ignored: String?) -> JSONValue {
        var object = JSONObject()
        object["language"] = .string(language)
        var preferencesFile: String? = nil
        var preferred = systemPreferred
        switch source {
        case .savedChoice(let path):
            object["source"] = .string("saved")
            preferencesFile = path
        case .system(let list):
            object["source"] = .string("system")
            preferred = list
        case .fallback:
            object["source"] = .string("fallback")
        }
        object["preferencesFile"] = preferencesFile.map(JSONValue.string) ?? .null
        object["preferred"] = .array(preferred.map(JSONValue.string))
        object["ignoredSavedLanguage"] = ignored.map(JSONValue.string) ?? .null
        return .object(object)
    }
}
