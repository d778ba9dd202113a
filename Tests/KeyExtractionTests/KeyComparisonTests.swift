import Diagnostics
import Foundation
import I18Next
import Testing
import TranslationFormats

@testable import KeyExtraction

@Suite("KeyComparison: missing and unused keys")
struct KeyComparisonTests {
    static let resources = Fixtures.path("Resources")

    static func comparison(_ directory: String = resources) -> KeyComparison {
        let apple = AppleKeyInventory(directory: directory)
        return KeyComparison(apple: apple, i18next: I18NextKeyInventory(directory: directory + "/locales", developmentLanguage: apple.developmentLanguage))
    }

    static func use(
        _ key: String, _ system: KeyUsage.System = .apple, table: String? = nil, context: Bool = false,
        value: String? = nil, form: String = "NSLocalizedString", line: Int = 1
    ) -> KeyUsage {
        KeyUsage(
            system: system, key: key, table: table ?? (system == .apple ? KeyUsage.defaultTable : KeyUsage.defaultNamespace),
            defaultValue: value, hasContext: context, form: form, file: "App.swift", line: line, column: 1)
    }

    @Test("a key is defined by the catalog, the development language's .strings, or the i18next files (plural forms, objects, contexts)")
    func defined() {
        let comparison = Self.comparison()
        #expect(comparison.apple.developmentLanguage == "en")
        for usage in [
            Self.use("after.accent"), Self.use("files_count"), Self.use("key.literal"),
            Self.use("app.title", .i18next), Self.use("cart.items", .i18next), Self.use("app", .i18next),
            Self.use("friend", .i18next, context: true), Self.use("hello", .i18next, table: "common"),
        ] {
            #expect(comparison.defines(usage), "\(usage.key)")
        }
        for usage in [
            Self.use("nope"), Self.use("files_count", table: "Other"), Self.use("friend", .i18next),
            Self.use("hello", .i18next), Self.use("app.tit", .i18next),
        ] {
            #expect(!comparison.defines(usage), "\(usage.key) in \(usage.table)")
        }
    }

    @Test("missing keys are reported once each, at their first use, with the file to add them to")
    func missing() {
        let comparison = Self.comparison()
        let usages = [
            Self.use("nope", line: 3), Self.use("after.accent"), Self.use("nope", value: "Nope", line: 9),
            Self.use("new.key", .i18next, line: 4),
        ]
        let missing = comparison.missing(usages)
        #expect(missing.map { $0.key } == ["nope", "new.key"])
        #expect(missing[0].uses == 2 && missing[0].usage.line == 3 && missing[0].defaultValue == "Nope")
        let first = comparison.diagnostic(missing[0])
        #expect(
            first.description
                == "App.swift:3:1: warning: \"nope\" is not in the table Localizable for en (used in 2 places); add it to \(Self.resources)/Localizable.xcstrings, or run extract with --write"
        )
        #expect(comparison.diagnostic(missing[1]).message.contains("\(Self.resources)/locales/en/translation.json"))
    }

    @Test("--unused lists what no source uses, where it is defined")
    func unused() throws {
        let comparison = Self.comparison()
        let usages = [
            Self.use("after.accent"), Self.use("files_count"), Self.use("key.literal"),
            Self.use("app.title", .i18next), Self.use("cart.items", .i18next), Self.use("friend", .i18next, context: true),
            Self.use("first.choice", .i18next),
        ]
        let unused = comparison.unused(usages)
        #expect(unused.map(\.key.key).sorted() == ["app.welcome", "hello", "orphan", "stale.key", "strings.unused"])
        let orphan = try #require(unused.first { $0.key.key == "orphan" })
        let at = try #require(Fixtures.position(of: "\"Unused\"", in: "Resources/locales/en/translation.json"))
        #expect(orphan.key.line == at.line && orphan.key.column == at.column)
        let stale = try #require(unused.first { $0.key.key == "stale.key" })
        #expect(stale.key.line == Fixtures.position(of: "\"stale.key\"", in: "Resources/Localizable.xcstrings")?.line)
        #expect(KeyComparison.diagnostic(unused: orphan).message.hasPrefix("\"orphan\" (i18next namespace translation) is not used"))
        // A .strings key is located by the parser's own offsets, not by searching the text.
        let inStrings = try #require(unused.first { $0.key.key == "strings.unused" })
        let written = try #require(Fixtures.position(of: "\"strings.unused\"", in: "Resources/en.lproj/Localizable.strings"))
        #expect(inStrings.key.line == written.line && inStrings.key.column == written.column)
    }

    @Test("a malformed resource file is an error at its position, and the others are still read")
    func malformed() {
        let directory = TemporaryDirectory()
        directory.write("locales/en/translation.json", "{\"a\": \"x\",\n \"b\": }")
        directory.write("locales/en/other.json", "{\"c\": \"y\"}")
        directory.write("Localizable.xcstrings", "{\"sourceLanguage\": \"en\"}")
        let comparison = Self.comparison(directory.path)
        let problems = comparison.i18next.problems + comparison.apple.problems
        #expect(problems.count == 2)
        #expect(problems.allSatisfy { $0.severity == .error })
        #expect(problems.contains { $0.file == directory.path + "/locales/en/translation.json" && $0.line == 2 })
        #expect(comparison.defines(Self.use("c", .i18next, table: "other")))
    }

    @Test("a plural is its base key, an ordinal's without _ordinal; other underscores are kept")
    func baseKey() {
        let directory = TemporaryDirectory()
        directory.write(
            "locales/en/translation.json",
            #"{"items_one": "1", "items_other": "n", "place_ordinal_one": "1st", "place_ordinal_few": "3rd", "friend_male": "m", "_other": "o"}"#)
        let inventory = I18NextKeyInventory(directory: directory.path + "/locales", developmentLanguage: "en")
        #expect(inventory.keys["translation"]?.map(\.key) == ["items", "place", "friend_male", "_other"])
        for key in ["items", "items_one", "items_other", "place", "place_ordinal_few", "friend_male", "_other"] {
            #expect(inventory.defines(key, namespace: "translation", withContext: false), "\(key)")
        }
    }

    @Test("Swift files are found recursively, sorted, skipping hidden folders and .build; a missing path is an error")
    func sourceFiles() {
        let directory = TemporaryDirectory()
        directory.write("B.swift", "")
        directory.write("sub/A.swift", "")
        directory.write("sub/notes.txt", "")
        directory.write(".hidden/H.swift", "")
        directory.write(".build/debug/G.swift", "")
        directory.write("DerivedData/D.swift", "")
        try? FileManager.default.createSymbolicLink(atPath: directory.path + "/loop", withDestinationPath: directory.path)
        let found = SwiftSourceFiles.find(in: [directory.path, directory.path + "/B.swift", directory.path + "/missing"])
        #expect(found.files == [directory.path + "/B.swift", directory.path + "/sub/A.swift"])
        #expect(found.problems.map(\.file) == [directory.path + "/missing"])
    }
}

@Suite("KeyPieces: an interpolated key against a table's keys")
struct KeyPiecesTests {
    @Test(
        "each interpolation is one printf conversion, as the one grammar reads it",
        arguments: [
            ("Hello %@, you have %lld files", true), ("Hello %1$@, you have %2$-5.2f files", true), ("Hello %*d, you have %S files", true),
            ("Hello , you have  files", false), ("Hello %y, you have %d files", false), ("Hello %#@n@, you have %d files", false),
            ("Hello %@, you have %d files!", false), ("Hello %%, you have %d files", false),
        ])
    func matches(_ defined: String, _ expected: Bool) {
        #expect(KeyPieces.matches(defined, pieces: ["Hello ", ", you have ", " files"]) == expected)
    }
}

@Suite("I18NextKeyInventory: key prefixes")
struct KeyPrefixTests {
    @Test(
        "the parts before each separator, without empty ones",
        arguments: [
            ("a.b.c", Character("."), ["a", "a.b"]),
            ("friend_male_x", Character("_"), ["friend", "friend_male"]),
            ("plain", Character("."), []),
            (".lead.", Character("."), [".lead"]),
        ])
    func prefixes(_ key: String, _ separator: Character, _ expected: [String]) {
        #expect(I18NextKeyInventory.prefixes(of: key, before: separator) == expected)
    }
}

@Suite("The inventories read the tables and namespaces the app reads")
struct InventoryDiscoveryTests {
    @Test("i18next: the development language's namespaces as DirectoryBackend lists them, hidden files not")
    func namespaces() {
        let directory = TemporaryDirectory()
        directory.write("locales/en/common.json", #"{"ok": "OK"}"#)
        directory.write("locales/en/.backup.json", #"{"stale": "x"}"#)
        directory.write("locales/de/zeta.json", #"{"z": "Z"}"#)
        let inventory = I18NextKeyInventory(directory: directory.path + "/locales", developmentLanguage: "en")
        #expect(inventory.namespaces == DirectoryBackend(directory: directory.path + "/locales").namespaces(language: "en"))
        #expect(inventory.namespaces == ["common"])
        #expect(inventory.problems.isEmpty)
    }

    @Test("i18next: a key whose call names no namespace is in the engine's default one, the first without translation.json")
    func defaultNamespace() throws {
        let directory = TemporaryDirectory()
        directory.write("locales/en/common.json", #"{"ok": "OK"}"#)
        directory.write("locales/en/zeta.json", #"{"z": "Z"}"#)
        // t("ok"), t("nope"), t("zeta:z"), t("translation:ok")
        func use(_ key: String, _ namespace: String?) -> KeyUsage {
            KeyUsage(
                system: .i18next, key: key, table: namespace ?? KeyUsage.defaultNamespace, namesTable: namespace != nil,
                form: "t", file: "App.swift", line: 1, column: 1)
        }
        let usages = [use("ok", nil), use("nope", nil), use("z", "zeta"), use("ok", "translation")]
        let i18next = I18NextKeyInventory(directory: directory.path + "/locales", developmentLanguage: "en")
        #expect(i18next.defaultNamespace == DirectoryBackend(directory: directory.path + "/locales").defaultNamespace)
        #expect(i18next.defaultNamespace == "common")
        let comparison = KeyComparison(apple: AppleKeyInventory(directory: directory.path, sourceLanguage: .init(option: "en")), i18next: i18next)
        let missing = comparison.missing(usages)
        #expect(missing.map { "\($0.table):\($0.usage.key)" } == ["common:nope", "translation:ok"])
        #expect(comparison.unused(usages).isEmpty)
    }

    @Test("Apple: the development language's tables by the lookup's language key (pt_BR.lproj is pt-BR), then its language, then Base")
    func appleTables() {
        let directory = TemporaryDirectory()
        directory.write("pt_BR.lproj/Localizable.strings", "\"a\" = \"A\";")
        directory.write("pt.lproj/Localizable.strings", "\"b\" = \"B\";")
        directory.write("Base.lproj/Localizable.strings", "\"c\" = \"C\";")
        directory.write("de.lproj/Localizable.strings", "\"d\" = \"D\";")
        directory.write("Sub/Shop.xcstrings", #"{"sourceLanguage": "pt-BR", "version": "1.0", "strings": {"buy": {}}}"#)
        let inventory = AppleKeyInventory(directory: directory.path, sourceLanguage: .init(option: "pt-BR"))
        #expect(inventory.tables == ["Localizable", "Shop"])
        #expect(["a", "b", "c"].allSatisfy { inventory.defines($0, table: "Localizable") })
        #expect(!inventory.defines("d", table: "Localizable"))
        #expect(inventory.defines("buy", table: "Shop"))
    }
}

/// i18next resources are read by the translation model's reader (`I18NextJSONFormat`), so a key
/// is defined where convert, status and the generated accessors say it is (issue #34, item 5).
@Suite("I18NextKeyInventory: keys as the translation model reads them")
struct I18NextModelKeyTests {
    func inventory(_ resource: String, language: String = "en") -> (I18NextKeyInventory, TemporaryDirectory) {
        let directory = TemporaryDirectory()
        directory.write("locales/\(language)/translation.json", resource)
        return (I18NextKeyInventory(directory: directory.path + "/locales", developmentLanguage: language), directory)
    }

    @Test("a lone key_other is the key key_other where the language has more forms, the plural key where it has only other")
    func loneOther() {
        let (english, _) = inventory(#"{"add_other": "Add {{count}}"}"#)
        #expect(english.keys["translation"]?.map(\.key) == ["add_other"])
        #expect(english.defines("add_other", namespace: "translation", withContext: false))
        #expect(!english.defines("add", namespace: "translation", withContext: false))
        let (japanese, _) = inventory(#"{"add_other": "{{count}} 件"}"#, language: "ja")
        #expect(japanese.keys["translation"]?.map(\.key) == ["add"])
        #expect(japanese.defines("add", namespace: "translation", withContext: false))
        #expect(japanese.defines("add_other", namespace: "translation", withContext: false))
    }

    @Test("a key beside its plural forms is one key, unused only when neither it nor a form is called")
    func textWithoutCount() {
        let (inventory, _) = inventory(#"{"items": "Items", "items_one": "{{count}} item", "items_other": "{{count}} items"}"#)
        #expect(inventory.keys["translation"]?.map(\.key) == ["items"])
        let usage = KeyUsage(system: .i18next, key: "items", table: "translation", namesTable: true, form: "t", file: "App.swift", line: 1, column: 1)
        let comparison = KeyComparison(apple: AppleKeyInventory(directory: inventory.directory, sourceLanguage: .init(option: "en")), i18next: inventory)
        #expect(comparison.defines(usage))
        #expect(comparison.unused([usage]).isEmpty)
    }

    @Test("numbers, booleans and arrays are not translations, so no key; objects hold keys; contexts reach key_context")
    func leavesObjectsContexts() {
        let (inventory, _) = inventory(#"{"n": 5, "b": false, "list": ["a"], "app": {"title": "T"}, "friend_male": "M", "s": "S"}"#)
        #expect(inventory.keys["translation"]?.map(\.key).sorted() == ["app.title", "friend_male", "s"])
        for key in ["n", "b", "list"] { #expect(!inventory.defines(key, namespace: "translation", withContext: false), "\(key)") }
        #expect(inventory.defines("app", namespace: "translation", withContext: false))
        #expect(inventory.defines("friend", namespace: "translation", withContext: true))
        #expect(!inventory.defines("friend", namespace: "translation", withContext: false))
    }

    @Test("a key written twice is an error at its place, as convert and lint say")
    func duplicateKey() {
        let (inventory, _) = inventory("{\"a\": \"A\",\n \"a\": \"B\"}")
        #expect(inventory.problems.count == 1)
        #expect(inventory.problems.first?.line == 2)
    }
}
