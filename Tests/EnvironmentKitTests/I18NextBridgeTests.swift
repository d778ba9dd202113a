import Foundation
import I18Next
import Testing

@testable import EnvironmentKit
@testable import Environments

@Suite("One language for the whole app: the environment drives i18next")
struct I18NextBridgeTests {
    let directory = TemporaryDirectory()
    let documentPath: String

    init() {
        documentPath = directory.write("environments.json", sampleJSON)
        directory.write("locales/en/translation.json", #"{"title": "Title", "items_one": "{{count}} item", "items_other": "{{count}} items", "en_only": "EN"}"#)
        directory.write(
            "locales/es/translation.json",
            #"{"title": "Título", "items_one": "{{count}} artículo", "items_many": "{{count}} de artículos", "items_other": "{{count}} artículos"}"#)
        directory.write("es.lproj/Localizable.strings", #""title" = "Título (strings)"; "strings_only" = "Sólo strings";"#)
        directory.write("locales/ca/translation.json", #"{"title": "Títol"}"#)
    }

    func environment(_ order: [TranslationSource] = [.i18next, .stringsTables]) throws -> AppEnvironment {
        var options = AppEnvironment.Options(environment: ["LANG": "en_US.UTF-8", "XDG_CONFIG_HOME": directory.path + "/config"])
        options.translationOrder = order
        return try AppEnvironment(contentsOf: documentPath, options: options)
    }

    @Test("setAppLanguage switches i18next translations too, and observers fire once")
    func switching() throws {
        let env = try environment()
        let observer = RecordingObserver()
        env.addEnvironmentObserver(observer)
        #expect(env.translate("title") == "Title")
        #expect(env.translate("items", ["count": 2]) == "2 items")
        try env.setAppLanguage("es")
        #expect(env.translate("title") == "Título")
        #expect(env.translate("items", ["count": 1_000_000]) == "1000000 de artículos")
        #expect(env.translate("en_only") == "EN", "falls back to the development language")
        #expect(env.i18next?.language == "es")
        #expect(observer.changes.withLock { $0 } == ["es"])
    }

    @Test("localizedString asks the sources in the configured order")
    func order() throws {
        let i18nFirst = try environment([.i18next, .stringsTables])
        try i18nFirst.setAppLanguage("es")
        #expect(i18nFirst.localizedString("title") == "Título")
        #expect(i18nFirst.localizedString("strings_only") == "Sólo strings")
        let stringsFirst = try environment([.stringsTables, .i18next])
        #expect(stringsFirst.localizedString("title", language: "es") == "Título (strings)")
        #expect(stringsFirst.localizedString("title", language: "ca") == "Títol")
    }

    @Test("a malformed resource file is a warning naming it; the rest still translates")
    func malformedResource() throws {
        directory.write("locales/en/broken.json", "{\"a\": ")
        let env = try environment()
        #expect(env.translate("title") == "Title")
        #expect(env.i18nextWarnings.contains { $0.description.contains("locales/en/broken.json:1:7: error:") })
    }

    @Test("by default the Apple tables answer first, and a key they have never builds the i18next engine")
    func appleTablesFirst() throws {
        directory.write("locales/en/broken.json", "{\"a\": ")
        var options = AppEnvironment.Options(environment: ["LANG": "en_US.UTF-8", "XDG_CONFIG_HOME": directory.path + "/config"])
        #expect(options.translationOrder == [.stringsTables, .i18next])
        options.persistsLanguage = false
        let env = try AppEnvironment(contentsOf: documentPath, options: options)
        #expect(env.localizedString("title", language: "es") == "Título (strings)")
        #expect(env.localizedString("strings_only", language: "es") == "Sólo strings")
        #expect(env.i18nextWarnings.isEmpty, "the i18next resources were read for a key the .strings tables have")
        #expect(env.localizedString("title", language: "ca") == "Títol")
        #expect(env.i18nextWarnings.count == 1, "a key the Apple tables lack reaches i18next")
    }

    @Test("translation files are read only when a translation is asked for")
    func lazyLoading() throws {
        directory.write("locales/en/broken.json", "{\"a\": ")
        let env = try environment()
        _ = try env.current.string("base_url")
        #expect(env.i18nextWarnings.isEmpty, "nothing was read yet")
        _ = env.translate("title")
        #expect(env.i18nextWarnings.count == 1)
    }
}
