import Foundation
import I18Next
import Synchronization
import Testing

@testable import EnvironmentKit
@testable import Environments

/// Collects what a warning handler is given.
final class WarningRecorder: Sendable {
    let warnings = Mutex<[EnvironmentError]>([])
    var handler: @Sendable (EnvironmentError) -> Void { { warning in self.warnings.withLock { $0.append(warning) } } }
    var all: [EnvironmentError] { warnings.withLock { $0 } }
}

@Suite("App environment as a facade: parts start on first use, one owner of the language")
struct AppEnvironmentPartsTests {
    let directory = TemporaryDirectory()
    let documentPath: String

    init() {
        documentPath = directory.write("environments.json", sampleJSON)
        directory.write("en.lproj/Localizable.strings", #""hello" = "Hello %@";"#)
        directory.write("es.lproj/Localizable.strings", #""hello" = "Hola %@";"#)
        directory.write("locales/en/translation.json", #"{"title": "Title", "i18n_only": "From i18next"}"#)
        directory.write("locales/es/translation.json", #"{"title": "Título"}"#)
        directory.write("locales/ca/translation.json", #"{"title": "Títol"}"#)
        directory.write("locales/pt-BR/translation.json", #"{"title": "Título (BR)"}"#)
    }

    func environment(_ recorder: WarningRecorder? = nil, persists: Bool = true) throws -> AppEnvironment {
        var options = AppEnvironment.Options(
            appID: "com.example.parts",
            environment: ["LANG": "en_US.UTF-8", "XDG_CONFIG_HOME": directory.path + "/config"],
            persistsLanguage: persists)
        options.startupWarningHandler = recorder?.handler
        return try AppEnvironment(contentsOf: documentPath, options: options)
    }

    func corruptPreferences() {
        directory.write("config/envtool/com.example.parts/preferences.json", "{\"language\": ")
    }

    @Test("the default environment holds exactly the variables the library reads that are set")
    func processVariables() {
        let variables = AppEnvironment.Options.processVariables()
        for name in AppEnvironment.Options.variableNames {
            #expect(variables[name] == getenv(name).map { String(cString: $0) }, "\(name)")
        }
        #expect(Set(variables.keys).isSubset(of: AppEnvironment.Options.variableNames))
        // PATH is set in any test run and is not one of them.
        #expect(getenv("PATH") != nil)
        #expect(variables["PATH"] == nil)
        #expect(AppEnvironment.Options().environment == variables)
    }

    @Test("reading variables starts neither the language nor the localization part")
    func variablesStartNothing() throws {
        corruptPreferences()
        let recorder = WarningRecorder()
        let env = try environment(recorder)
        #expect(try env.current.string("base_url") == "https://dev.example.com")
        #expect(env.configuration()["retries"] as? Int == 3)
        #expect(env.getConfigurationName() == "Debug")
        #expect(env.availableLanguages() == ["en", "es", "ca", "pt-BR"])
        #expect(env.i18nextWarnings.isEmpty)
        #expect(!env.hasStartedLanguage)
        #expect(!env.hasStartedLocalization)
        #expect(recorder.all.isEmpty, "no preferences were read, so nothing to warn about")
    }

    @Test("the startup warning is reported once, when the language is first needed")
    func warningOnFirstUse() throws {
        corruptPreferences()
        let recorder = WarningRecorder()
        let env = try environment(recorder)
        #expect(env.getAppLanguage() == "en")
        #expect(env.hasStartedLanguage)
        #expect(!env.hasStartedLocalization)
        _ = env.languageSource
        try env.setAppLanguage("es")
        #expect(recorder.all.count == 1)
        #expect(recorder.all.first?.description.contains("preferences.json:1:14: error:") == true)
        #expect(env.startupWarnings.map(\.description) == recorder.all.map(\.description))
    }

    @Test("an i18next lookup lists no Apple or .strings table; a strings lookup does")
    func i18nextLeavesTablesAlone() throws {
        let env = try environment()
        _ = env.i18next
        #expect(env.hasStartedLocalization)
        #expect(!env.hasListedStringsTables)
        #expect(env.lookupLocalizedString("hello", language: "es", sources: [.stringsTables], arguments: ["Ana"]) == "Hola Ana")
        #expect(env.hasListedStringsTables)
    }

    @Test("a lookup in an explicit language does not start the language part; one in the app language does")
    func explicitLanguageLookup() throws {
        let env = try environment()
        #expect(env.lookupLocalizedString("hello", language: "es", sources: [.stringsTables], arguments: ["Ana"]) == "Hola Ana")
        #expect(env.hasStartedLocalization)
        #expect(!env.hasStartedLanguage)
        #expect(env.lookupLocalizedString("hello", sources: [.stringsTables], arguments: ["Ana"]) == "Hello Ana")
        #expect(env.hasStartedLanguage)
    }

    @Test("a lookup says when no source has the key; localizedString then falls back to the default or the key")
    func notFound() throws {
        let env = try environment()
        #expect(env.lookupLocalizedString("nope") == nil)
        #expect(env.lookupLocalizedString("i18n_only", sources: [.stringsTables]) == nil)
        #expect(env.lookupLocalizedString("i18n_only", sources: [.i18next]) == "From i18next")
        #expect(env.lookupLocalizedString("hello", sources: [.i18next]) == nil)
        #expect(env.localizedString("nope") == "nope")
        #expect(env.localizedString("nope", defaultValue: "%@!", arguments: ["x"]) == "x!")
        #expect(env.localizedString("hello", arguments: ["Ana"]) == "Hello Ana")
    }

    @Test("an unsupported saved language is named until the language is set")
    func ignoredSavedLanguage() throws {
        directory.write("config/envtool/com.example.parts/preferences.json", #"{"language": "fr"}"#)
        let env = try environment()
        #expect(env.ignoredSavedLanguage == "fr")
        #expect(env.languageSource == .system(preferred: ["en-US"]))
        #expect(env.startupWarnings.first?.kind == .unsupportedLanguage)
        #expect(env.startupWarnings.first?.message.contains("the saved language \"fr\" is not supported") == true)
        try env.setAppLanguage("es")
        #expect(env.ignoredSavedLanguage == nil)
    }

    @Test(
        "an over-long or unsafe app id is refused with the rule and the limit",
        arguments: [
            (String(repeating: "a", count: 201), "is 201 characters long; the limit is 200"),
            ("../x", "contains '/'"),
            (".hidden", "starts with '.'"),
            ("", "is empty"),
        ])
    func appIDRules(appID: String, expected: String) {
        #expect(throws: EnvironmentError.self) { try LanguagePreferenceStore.validate(appID: appID) }
        do {
            _ = try AppEnvironment(contentsOf: documentPath, options: .init(appID: appID, environment: [:]))
            Issue.record("\(appID) was accepted")
        } catch {
            #expect(error.message.contains(expected), "\(error.message)")
        }
    }

    @Test("saving the language already saved leaves the file untouched; another language replaces it")
    func unchangedPreferenceNotRewritten() throws {
        let store = LanguagePreferenceStore(path: directory.path + "/prefs/preferences.json")
        try store.write(language: "es")
        func identity() throws -> (inode: UInt64, modified: Date?) {
            let attributes = try FileManager.default.attributesOfItem(atPath: store.path)
            return ((attributes[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0, attributes[.modificationDate] as? Date)
        }
        let first = try identity()
        try store.write(language: "es")
        let second = try identity()
        #expect(second.inode == first.inode && second.modified == first.modified, "an unchanged choice is not written again")
        try store.write(language: "en")
        #expect(try identity().inode != first.inode, "a new choice replaces the file")
        guard case .language("en") = store.read() else { Issue.record("expected en"); return }
        try store.write(language: nil)
        guard case .unset = store.read() else { Issue.record("expected unset"); return }
    }

    @Test("an app id of exactly 200 characters is accepted")
    func appIDAtLimit() throws {
        try LanguagePreferenceStore.validate(appID: String(repeating: "a", count: 200))
    }

    @Test(
        "setAppLanguage racing first use of i18next and translate: engine and owner agree; each change notified once, in order",
        arguments: 0..<12)
    func race(round: Int) async throws {
        let env = try environment(persists: round % 2 == 0)
        let observer = RecordingObserver()
        env.addEnvironmentObserver(observer)
        let stream = env.languageChanges()
        let languages = ["es", "ca", "pt-BR", "en"]
        let results = await withTaskGroup(of: (updated: Int, engine: I18Next?).self) { group in
            for task in 0..<32 {
                group.addTask {
                    switch task % 4 {
                    case 0, 1:
                        let result = try? env.setAppLanguage(languages[(task + round) % languages.count])
                        return (result == .updated ? 1 : 0, nil)
                    case 2:
                        return (0, env.i18next)
                    default:
                        _ = env.translate("title")
                        return (0, env.i18next)
                    }
                }
            }
            return await group.reduce(into: [(updated: Int, engine: I18Next?)]()) { $0.append($1) }
        }
        let final = env.getAppLanguage()
        let engines = results.compactMap(\.engine)
        let engine = try #require(env.i18next)
        #expect(engines.count == 16)
        #expect(engines.allSatisfy { $0 === engine }, "one engine, created once")
        #expect(engine.language == final, "an engine created while the language changed still follows the owner")
        #expect(env.translate("title") == engine.t("title"))

        let updates = results.map(\.updated).reduce(0, +)
        let seen = observer.changes.withLock { $0 }
        #expect(seen.count == updates, "one notification per actual change")
        #expect(seen.last ?? "en" == final, "the last notification is the language in use")
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $0 != $1 }, "each notification is a change from the one before")
        var streamed: [String] = []
        var iterator = stream.makeAsyncIterator()
        while streamed.count < seen.count, let next = await iterator.next() { streamed.append(next) }
        #expect(streamed == seen, "the stream sees the same changes as observers, in the same order")
    }

    @Test("a change made after the language starts but before the engine exists is not lost")
    func changeBeforeEngine() throws {
        corruptPreferences()
        // The warning handler runs when the first i18next call starts the language part, just
        // before the engine is created: exactly the gap where a change used to be lost.
        let holder = Mutex<AppEnvironment?>(nil)
        var options = AppEnvironment.Options(
            appID: "com.example.parts",
            environment: ["LANG": "en_US.UTF-8", "XDG_CONFIG_HOME": directory.path + "/config"])
        options.startupWarningHandler = { _ in _ = try? holder.withLock { $0 }?.setAppLanguage("ca") }
        let env = try AppEnvironment(contentsOf: documentPath, options: options)
        holder.withLock { $0 = env }
        #expect(env.translate("title") == "Títol")
        #expect(env.i18next?.language == "ca")
        #expect(env.getAppLanguage() == "ca")
    }

    @Test("an observer may change the language again; later changes still arrive in order")
    func reentrantObserver() throws {
        final class Redirect: EnvironmentObserver {
            let environment: AppEnvironment
            let seen = Mutex<[String]>([])
            init(_ environment: AppEnvironment) { self.environment = environment }
            func environmentLanguageDidChange(to language: String) {
                seen.withLock { $0.append(language) }
                if language == "ca" { _ = try? environment.setAppLanguage("es") }
            }
        }
        let env = try environment(persists: false)
        let redirect = Redirect(env)
        env.addEnvironmentObserver(redirect)
        try env.setAppLanguage("ca")
        #expect(redirect.seen.withLock { $0 } == ["ca", "es"])
        #expect(env.getAppLanguage() == "es")
        #expect(env.i18next?.language == "es")
    }
}
