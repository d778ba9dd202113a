import Foundation
import ArgumentParser
import EnvironmentKit

struct Language: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the current app language on the first line, then why it is the current one.",
        discussion: "Why: the saved choice (envtool set-language), the system's preferred languages (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), or the fallback to the first language.")

    @OptionGroup var options: EnvironmentOptions

    func run() throws {
        try reportingFailures {
            let environment = try options.loadEnvironment()
            try Console.output(environment.getAppLanguage())
            // A saved choice the document no longer supports is named, not passed over in silence.
            let ignored = environment.ignoredSavedLanguage.map { "the saved language \"\($0)\" is not supported; " } ?? ""
            switch environment.languageSource {
            case .savedChoice(let path):
                try Console.output("source: saved choice (\(path))")
            case .system(let preferred):
                try Console.output("source: system (\(ignored)preferred: \(preferred.joined(separator: ", ")))")
            case .fallback:
                let preferred = SystemLanguages.preferred(environment: ProcessInfo.processInfo.environment).map(\.identifier)
                let system = preferred.isEmpty ? "the system sets no preferred language" : "none of \(preferred.joined(separator: ", ")) is supported"
                try Console.output("source: fallback (\(ignored)\(system); using the first of languages)")
            }
        }
    }
}
