import AppleLocalization
import EnvironmentKit
import Foundation
import Testing

@testable import SwiftAccessorGenerator

@Suite("The generator, the run-time lookup, the lint and LocalizationTables see one set of tables")
struct TableDiscoveryAgreementTests {
    static let catalog =
        #"{"sourceLanguage": "en", "version": "1.0", "strings": {"buy": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Buy %lld"}}}}}}"#

    @Test("one tree: Base.lproj, a flat EN.strings, an en_US-style folder, a catalog in a subfolder, a hidden one")
    func sameTables() throws {
        let workspace = try GeneratorWorkspace(
            document: #"{"languages": ["en", "pt-BR"], "configurations": {"Debug": {"k": 1}}}"#,
            files: [
                "en.lproj/Localizable.strings": "\"greeting\" = \"Hello\";\n",
                "EN.strings": "\"flat\" = \"shadowed by en.lproj\";\n",
                "Base.lproj/Main.strings": "\"title\" = \"Main\";\n",
                "pt_BR.lproj/Localizable.strings": "\"greeting\" = \"Olá\";\n",
                "Resources/Store/Shop.xcstrings": Self.catalog,
                ".cache/Stale.xcstrings": Self.catalog,
            ])
        let output = try workspace.generate()
        #expect(!output.hasErrors)
        let lookup = AppleStringsLookup(directory: workspace.path)
        let linter = AppleStringsLinter(lookup: lookup, developmentLanguage: "en")
        let tables = LocalizationTables(directory: workspace.path)
        let found = lookup.tableDirectory

        // The generator reads every catalog and the development language's tables, as the lookup finds them.
        var expected = Set(found.catalogs.values)
        for table in found.stringsTables(language: "en") { found.strings(language: "en", table: table).map { _ = expected.insert($0) } }
        let read = Set(output.inputFiles.filter { !$0.hasSuffix("environments.json") })
        #expect(read == expected)
        #expect(read == [workspace.path + "/en.lproj/Localizable.strings", workspace.path + "/Resources/Store/Shop.xcstrings"])
        #expect(output.source.contains("func buy("))
        #expect(output.source.contains("greeting"))
        #expect(!output.source.contains("flat"))

        #expect(linter.lookup.tables == lookup.tables)
        #expect(lookup.tables == ["Localizable", "Main", "Shop"])
        for language in ["en", "pt-BR", "pt_BR", "Base"] {
            #expect(tables.tableNames(language: language) == found.stringsTables(language: language))
        }
        #expect(tables.allFiles == lookup.allFiles.filter { $0.hasSuffix(".strings") })
        #expect(tables.string(forKey: "greeting", table: "Localizable", languageChain: ["pt-br"]) == "Olá")
    }
}

@Suite("The generator and the app's engine read one namespace listing and one default namespace")
struct NamespaceAgreementTests {
    @Test("without translation.json the first namespace is the default for both; a hidden file is no namespace")
    func defaultNamespace() throws {
        let workspace = try GeneratorWorkspace(
            document: #"{"languages": ["en"], "configurations": {"Debug": {"k": 1}}}"#,
            files: [
                "locales/en/common.json": #"{"ok": "OK"}"#,
                "locales/en/zeta.json": #"{"z": "Z"}"#,
                "locales/en/.backup.json": #"{"ok": "stale"}"#,
            ])
        let output = try workspace.generate()
        #expect(!output.hasErrors)
        #expect(output.source.contains(#"EnvtoolL10nRuntime.translate("ok", [:])"#))
        #expect(output.source.contains(#"EnvtoolL10nRuntime.translate("zeta:z", [:])"#))
        #expect(!output.inputFiles.contains { $0.contains(".backup") })

        var options = AppEnvironment.Options(environment: ["LANG": "en_US.UTF-8", "XDG_CONFIG_HOME": workspace.path + "/config"])
        options.translationOrder = [.i18next]
        let environment = try AppEnvironment(contentsOf: workspace.documentPath, options: options)
        #expect(environment.translate("ok") == "OK")
        #expect(environment.translate("zeta:z") == "Z")
    }
}
