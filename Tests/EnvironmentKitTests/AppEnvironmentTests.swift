import Foundation
import Synchronization
import Testing

@testable import EnvironmentKit
@testable import Environments

final class RecordingObserver: EnvironmentObserver {
    let changes = Mutex<[String]>([])
    func environmentLanguageDidChange(to language: String) { changes.withLock { $0.append(language) } }
}

@Suite("App environment: language at start, switching, persistence, observers")
struct AppEnvironmentTests {
    let directory = TemporaryDirectory()
    let documentPath: String

    init() {
        documentPath = directory.write("environments.json", sampleJSON)
    }

    func environment(_ variables: [String: String] = [:], appID: String = "com.example.test") throws -> AppEnvironment {
        var all = variables
        all["XDG_CONFIG_HOME"] = directory.path + "/config"
        return try AppEnvironment(contentsOf: documentPath, options: .init(appID: appID, environment: all))
    }

    @Test("the app starts in the best system match, else the development language")
    func startLanguage() throws {
        #expect(try environment(["LANG": "es_MX.UTF-8"]).getAppLanguage() == "es")
        #expect(try environment(["LANG": "es_MX.UTF-8"]).languageSource == .system(preferred: ["es-MX"]))
        #expect(try environment(["LANG": "de_DE.UTF-8"]).getAppLanguage() == "en")
        #expect(try environment(["LANG": "de_DE.UTF-8"]).languageSource == .fallback)
        #expect(try environment(["LANG": "pt_PT.UTF-8"]).getAppLanguage() == "pt-BR")
    }

    @Test("configuration follows the options, and an unknown one lists the known ones")
    func configuration() throws {
        let release = try AppEnvironment(contentsOf: documentPath, options: .init(configurationName: "Release", persistsLanguage: false))
        #expect(release.getConfigurationName() == "Release")
        #expect(release.configuration()["base_url"] as? String == "https://example.com")
        let fromVariable = try AppEnvironment(
            contentsOf: documentPath, options: .init(environment: ["ENVTOOL_CONFIGURATION": "Release"], persistsLanguage: false))
        #expect(fromVariable.getConfigurationName() == "Release")
        #expect(throws: EnvironmentError.self) {
            try AppEnvironment(contentsOf: documentPath, options: .init(configurationName: "Staging", persistsLanguage: false))
        }
    }

    @Test("a chosen language is saved and wins over the system at the next start")
    func persistence() throws {
        let first = try environment(["LANG": "es_ES.UTF-8"])
        #expect(try first.setAppLanguage("CA") == .updated)
        #expect(first.getAppLanguage() == "ca")
        let second = try environment(["LANG": "es_ES.UTF-8"])
        #expect(second.getAppLanguage() == "ca")
        guard case .savedChoice = second.languageSource else { Issue.record("expected a saved choice"); return }
        let other = try environment(["LANG": "es_ES.UTF-8"], appID: "com.example.other")
        #expect(other.getAppLanguage() == "es")
    }

    @Test("a detected language is not saved")
    func detectedNotSaved() throws {
        _ = try environment(["LANG": "es_ES.UTF-8"])
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/config/envtool/com.example.test/preferences.json"))
        #expect(try environment(["LANG": "ca_ES.UTF-8"]).getAppLanguage() == "ca")
    }

    @Test("set-language results: updated, not supported, same as before")
    func results() throws {
        let env = try environment(["LANG": "en_US.UTF-8"])
        #expect(try env.setAppLanguage("fr") == .notSupported)
        #expect(env.getAppLanguage() == "en")
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/config/envtool/com.example.test/preferences.json"))
        #expect(try env.setAppLanguage("EN") == .sameAsBefore)
        #expect(try env.setAppLanguage("es") == .updated)
        #expect(try env.setAppLanguage("ES") == .sameAsBefore)
    }

    @Test("reset follows the system again")
    func reset() throws {
        let env = try environment(["LANG": "ca_ES.UTF-8"])
        try env.setAppLanguage("es")
        #expect(try env.resetLanguage() == "ca")
        #expect(try environment(["LANG": "ca_ES.UTF-8"]).getAppLanguage() == "ca")
    }

    @Test("observers are notified once per actual change and held weakly")
    func observers() throws {
        let env = try environment(["LANG": "en_US.UTF-8"])
        let observer = RecordingObserver()
        env.addEnvironmentObserver(observer)
        env.addEnvironmentObserver(observer)
        try env.setAppLanguage("es")
        try env.setAppLanguage("es")
        try env.setAppLanguage("fr")
        try env.setAppLanguage("ca")
        #expect(observer.changes.withLock { $0 } == ["es", "ca"])
        env.removeEnvironmentObserver(observer)
        try env.setAppLanguage("en")
        #expect(observer.changes.withLock { $0 } == ["es", "ca"])

        weak var released: RecordingObserver?
        do {
            let temporary = RecordingObserver()
            released = temporary
            env.addEnvironmentObserver(temporary)
        }
        #expect(released == nil)
        try env.setAppLanguage("es")
    }

    @Test("an AsyncStream delivers each change")
    func stream() async throws {
        let env = try environment(["LANG": "en_US.UTF-8"])
        let changes = env.languageChanges()
        try env.setAppLanguage("es")
        try env.setAppLanguage("es")
        try env.setAppLanguage("ca")
        var iterator = changes.makeAsyncIterator()
        #expect(await iterator.next() == "es")
        #expect(await iterator.next() == "ca")
    }

    /// The saved language is written without a disk flush (AtomicFile.Durability.atomic): a
    /// power failure can leave it cut short or empty, which must read as unset.
    @Test("a corrupt or empty preferences file is reported and treated as unset", arguments: ["{\"language\": ", ""])
    func corrupt(text: String) throws {
        directory.write("config/envtool/com.example.test/preferences.json", text)
        let env = try environment(["LANG": "es_ES.UTF-8"])
        #expect(env.getAppLanguage() == "es")
        #expect(env.startupWarnings.count == 1)
        #expect(env.startupWarnings[0].description.contains(text.isEmpty ? "preferences.json:1:1: error:" : "preferences.json:1:14: error:"))
        try env.setAppLanguage("ca")
        #expect(try environment().getAppLanguage() == "ca")
    }

    @Test("a saved language that is no longer supported is reported and ignored")
    func savedUnsupported() throws {
        directory.write("config/envtool/com.example.test/preferences.json", "{\"language\": \"fr\"}")
        let env = try environment(["LANG": "es_ES.UTF-8"])
        #expect(env.getAppLanguage() == "es")
        #expect(env.startupWarnings.first?.kind == .unsupportedLanguage)
    }

    @Test("a failed save changes nothing")
    func failedSave() throws {
        // A file where the preferences directory should be makes every write fail, even as root.
        directory.write("blocked/envtool", "not a directory")
        let env = try AppEnvironment(
            contentsOf: documentPath,
            options: .init(
                appID: "com.example.test", environment: ["XDG_CONFIG_HOME": directory.path + "/blocked", "LANG": "en_US.UTF-8"]))
        let observer = RecordingObserver()
        env.addEnvironmentObserver(observer)
        #expect(throws: EnvironmentError.self) { try env.setAppLanguage("es") }
        #expect(env.getAppLanguage() == "en")
        #expect(observer.changes.withLock { $0 }.isEmpty)
        #expect(directory.read("blocked/envtool") == "not a directory")
    }

    @Test("an app id that is not a safe directory name is refused")
    func unsafeAppID() {
        #expect(throws: EnvironmentError.self) { try environment(appID: "../../etc") }
    }
}
