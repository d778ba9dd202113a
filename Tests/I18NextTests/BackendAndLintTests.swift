import Foundation
import Testing

@testable import I18Next

final class ResourceDirectory: @unchecked Sendable {
    // @unchecked: only an immutable String is stored.
    let path = NSTemporaryDirectory() + "envtool-i18n-" + UUID().uuidString
    init() { try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(atPath: path) }

    func write(_ name: String, _ text: String) {
        let full = path + "/" + name
        try! FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try! Data(text.utf8).write(to: URL(fileURLWithPath: full))
    }
}

@Suite("Directory backend")
struct DirectoryBackendTests {
    @Test("loads only the languages the fallback chain needs, and a bad file does not stop the others")
    func loading() throws {
        let directory = ResourceDirectory()
        directory.write("en/translation.json", #"{"hello": "Hello", "only": "en only"}"#)
        directory.write("en/common.json", #"{"ok": "OK"}"#)
        directory.write("de/translation.json", #"{"hello": "Hallo"}"#)
        directory.write("de/common.json", #"{"ok": "OK", broken"#)
        directory.write("fr/translation.json", #"{"hello": "Bonjour"}"#)
        var options = I18NextOptions()
        options.lng = "de-AT"
        options.fallbackLng = .list(["en"])
        options.ns = ["translation", "common"]
        let i18n = I18Next(options: options)
        #expect(i18n.languagesToLoad() == ["de-AT", "de", "en"])
        let errors = i18n.load(from: DirectoryBackend(directory: directory.path))
        #expect(i18n.t("hello") == "Hallo")
        #expect(i18n.t("only") == "en only")
        #expect(i18n.t("common:ok") == "OK")
        #expect(!i18n.hasTranslations(for: "fr"), "French is not in the chain and must not be loaded")
        let malformed = try #require(errors.first { $0.kind == .malformedResource })
        #expect(malformed.description.hasPrefix(directory.path + "/de/common.json:1:14: error:"))
        #expect(errors.contains { $0.kind == .loadFailed && $0.source.hasSuffix("de-AT/translation.json") })
    }

    @Test(
        "a language or namespace that is not one path component is refused, and nothing outside the resources is read (issue #33)",
        arguments: [
            ("..", "translation"), ("../en", "translation"), ("en/..", "translation"), ("", "translation"), (".hidden", "translation"),
            ("en", "../secret"), ("en", "sub/translation"), ("en", ".."), ("en\u{0}", "translation"),
        ])
    func pathComponents(language: String, namespace: String) {
        let directory = ResourceDirectory()
        directory.write("locales/en/translation.json", #"{"a": "A"}"#)
        directory.write("translation.json", #"{"outside": "read"}"#)
        directory.write("locales/secret.json", #"{"outside": "read"}"#)
        let backend = DirectoryBackend(directory: directory.path + "/locales")
        #expect(throws: I18NextError.self) { try backend.load(language: language, namespace: namespace) }
        #expect((try? backend.load(language: "en", namespace: "translation")) != nil)
    }

    @Test("a namespace file that is not an object is refused with its path")
    func notObject() {
        let directory = ResourceDirectory()
        directory.write("en/translation.json", "[1, 2]")
        #expect {
            try DirectoryBackend(directory: directory.path).load(language: "en", namespace: "translation")
        } throws: { error in
            (error as? I18NextError)?.description.contains("must be a JSON object") == true
        }
    }
}

@Suite("A directory's namespaces and its default namespace")
struct NamespaceListingTests {
    @Test("namespaces(language:): the language's .json files, sorted; hidden files and other files are not namespaces")
    func listing() {
        let directory = ResourceDirectory()
        directory.write("en/translation.json", "{}")
        directory.write("en/common.json", "{}")
        directory.write("en/.draft.json", "{}")
        directory.write("en/.json", "{}")
        directory.write("en/notes.txt", "")
        directory.write("de/zeta.json", "{}")
        let backend = DirectoryBackend(directory: directory.path)
        #expect(backend.namespaces(language: "en") == ["common", "translation"])
        #expect(backend.namespaces(language: "fr").isEmpty)
        #expect(backend.namespaces() == ["common", "translation", "zeta"])
        #expect(backend.defaultNamespace == "translation")
        #expect(backend.path(language: "de", namespace: "zeta") == directory.path + "/de/zeta.json")
    }

    @Test("without translation.json the default namespace is the first of every language's")
    func defaultWithoutTranslation() {
        let directory = ResourceDirectory()
        directory.write("en/zeta.json", "{}")
        directory.write("de/common.json", "{}")
        #expect(DirectoryBackend(directory: directory.path).defaultNamespace == "common")
        #expect(DirectoryBackend(directory: directory.path + "/missing").defaultNamespace == "translation")
    }

    @Test(
        "the rule is i18next's: translation when listed or when nothing is, else the first",
        arguments: [
            ([String](), "translation"), (["translation"], "translation"), (["common", "translation"], "translation"), (["zeta", "common"], "zeta"),
        ])
    func rule(namespaces: [String], expected: String) throws {
        #expect(I18NextOptions.defaultNamespace(among: namespaces) == expected)
        guard !namespaces.isEmpty else { return }
        let options = try I18NextOptions(json: ["ns": .array(namespaces.map { .string($0) })])
        #expect(options.defaultNS == [expected])
    }
}
