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

    @Test("a language or namespace that is not one path component is refused, and nothing outside the resources is read (issue #33)",
          arguments: [("..", "translation"), ("../en", "translation"), ("en/..", "translation"), ("", "translation"), (".hidden", "translation"),
                      ("en", "../secret"), ("en", "sub/translation"), ("en", ".."), ("en\u{0}", "translation")])
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

    @Test("the rule is i18next's: translation when listed or when nothing is, else the first", arguments: [
        ([String](), "translation"), (["translation"], "translation"), (["common", "translation"], "translation"), (["zeta", "common"], "zeta"),
    ])
    func rule(namespaces: [String], expected: String) throws {
        #expect(I18NextOptions.defaultNamespace(among: namespaces) == expected)
        guard !namespaces.isEmpty else { return }
        let options = try I18NextOptions(json: ["ns": .array(namespaces.map { .string($0) })])
        #expect(options.defaultNS == [expected])
    }
}

@Suite("i18n lint")
struct LintTests {
    @Test("missing keys, missing CLDR plural forms and differing variables, at their line and column")
    func findings() {
        let directory = ResourceDirectory()
        directory.write("en/translation.json", """
            {
              "greeting": "Hello {{name}}",
              "items_one": "{{count}} item",
              "items_other": "{{count}} items",
              "only_en": "x"
            }
            """)
        directory.write("ru/translation.json", """
            {
              "greeting": "Привет {{user}}",
              "items_one": "{{count}} предмет",
              "items_other": "{{count}} предметов"
            }
            """)
        let diagnostics = ResourceLinter(directory: directory.path, reference: "en").run().map(\.description)
        let ru = directory.path + "/ru/translation.json"
        #expect(diagnostics.contains(ru + ":1:1: warning: 1 key(s) missing for ru: \"only_en\""))
        #expect(diagnostics.contains { $0.hasPrefix(ru + ":3:16: warning: \"items\" lacks the plural form(s) \"items_few\", \"items_many\"") })
        #expect(diagnostics.contains(ru + ":2:15: warning: \"greeting\" uses {{user}} but en uses {{name}} (lacks {{name}}; {{user}} not in en)"))
        #expect(!diagnostics.contains { $0.contains("/en/") && $0.contains("lacks") })
    }

    @Test("a differing variable is named beside {{count}}, which is not compared, and en wins a tie for the reference")
    func countNamedNotCompared() {
        let directory = ResourceDirectory()
        directory.write("ca/translation.json", "{\n  \"summary\": \"{{count}} articles\"\n}")
        directory.write("en/translation.json", "{\n  \"summary\": \"{{count}} items for {{name}}\"\n}")
        let diagnostics = ResourceLinter(directory: directory.path).run().map(\.description)
        // ca has as many keys as en and sorts first; the reference is still en.
        #expect(diagnostics == [directory.path + "/ca/translation.json:2:14: warning: \"summary\" uses {{count}} but en uses {{count}}, {{name}} (lacks {{name}})"])
    }

    @Test("a malformed file is an error with its position")
    func malformed() {
        let directory = ResourceDirectory()
        directory.write("en/translation.json", "{\n  \"a\": \"b\",\n}")
        let diagnostics = ResourceLinter(directory: directory.path).run()
        #expect(diagnostics.first?.severity == .error)
        #expect(diagnostics.first?.description.hasPrefix(directory.path + "/en/translation.json:3:1: error: trailing comma") == true)
    }
}
