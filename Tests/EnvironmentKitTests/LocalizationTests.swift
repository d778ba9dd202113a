import AppleLocalization
import Foundation
import PrintfFormat
import Testing

@testable import EnvironmentKit
@testable import Environments

@Suite("Localized strings")
struct LocalizationTests {
    let directory = TemporaryDirectory()
    let documentPath: String

    init() {
        documentPath = directory.write("environments.json", sampleJSON)
        directory.write("en.lproj/Localizable.strings", "\"hello\" = \"Hello %@\";\n\"only_en\" = \"English only\";\n\"count\" = \"%d items, %.1f%%\";")
        directory.write("es.lproj/Localizable.strings", "\"hello\" = \"Hola %@\";\n\"pair\" = \"%2$@ y %1$@\";")
        directory.write("es.lproj/Errors.strings", "\"oops\" = \"¡Uy!\";")
        directory.write("Base.lproj/Localizable.strings", "\"base_only\" = \"From Base\";")
        directory.write("CA.strings", "\"hello\" = \"Hola (ca) %@\";")
        directory.write("pt.lproj/Localizable.strings", "\"hello\" = \"Olá %@\";")
    }

    func environment(language: String) throws -> AppEnvironment {
        let env = try AppEnvironment(contentsOf: documentPath, options: .init(environment: ["LANG": "en_US"], persistsLanguage: false))
        try env.setAppLanguage(language)
        return env
    }

    @Test("lookup: language, language without region, development language, Base, default, key")
    func lookup() throws {
        let es = try environment(language: "es")
        #expect(es.localizedString("hello", arguments: ["Ana"]) == "Hola Ana")
        #expect(es.localizedString("only_en") == "English only")
        #expect(es.localizedString("base_only") == "From Base")
        #expect(es.localizedString("missing") == "missing")
        #expect(es.localizedString("missing", defaultValue: "Fallback") == "Fallback")
        #expect(es.localizedString("oops", table: "Errors") == "¡Uy!")
        let ptBR = try environment(language: "pt-BR")
        #expect(ptBR.localizedString("hello", arguments: ["Ana"]) == "Olá Ana")
    }

    @Test("flat T21Environment files (CA.strings) are the Localizable table")
    func flatFiles() throws {
        #expect(try environment(language: "ca").localizedString("hello", arguments: ["Pau"]) == "Hola (ca) Pau")
    }

    @Test("switching language switches strings")
    func switching() throws {
        let env = try environment(language: "en")
        #expect(env.localizedString("hello", arguments: ["X"]) == "Hello X")
        try env.setAppLanguage("es")
        #expect(env.localizedString("hello", arguments: ["X"]) == "Hola X")
        #expect(env.localizedString("hello", language: "en", arguments: ["X"]) == "Hello X")
    }

    @Test("format arguments: %@, %d, %.1f, %%, positional")
    func formatting() throws {
        #expect(try environment(language: "en").localizedString("count", arguments: [3, 2.25]) == "3 items, 2.2%")
        #expect(try environment(language: "es").localizedString("pair", arguments: ["A", "B"]) == "B y A")
        #expect(FormatString("%d/%@").format(["7", "x"]) == "7/x")
        #expect(FormatString("%@ and %@").format(["one"]) == "one and %@")
        #expect(FormatString("100%").format([FormatArgument]()) == "100%")
        #expect(FormatString("%05.1f|%x").format([3.14159, 255]) == "003.1|ff")
    }

    @Test("a broken table is reported by diagnostics and does not break lookups in other tables")
    func brokenTable() throws {
        directory.write("ca.lproj/Localizable.strings", "\"hello\" = \"broken\n")
        let env = try environment(language: "ca")
        #expect(env.localizedString("hello", arguments: ["Pau"]) == "Hello Pau")
        let errors = env.localization.diagnostics().filter { $0.severity == .error }
        #expect(errors.count == 1)
        #expect(errors[0].description.contains("ca.lproj/Localizable.strings:1:11: error: unterminated string"))
    }

    @Test("missing translations are warnings")
    func missingTranslations() throws {
        let env = try environment(language: "en")
        let warnings = env.localization.missingTranslations(languages: env.availableLanguages())
        #expect(warnings.contains { $0.file?.hasSuffix("es.lproj/Localizable.strings") == true && $0.message.contains("\"only_en\"") })
        #expect(warnings.allSatisfy { $0.severity == .warning })
    }

    @Test("missing-key warnings agree in number: 1 key is, 2 keys are")
    func missingTranslationsCount() throws {
        directory.write("en.lproj/Errors.strings", "\"a\" = \"A\";\n\"b\" = \"B\";\n\"c\" = \"C\";")
        directory.write("es.lproj/Errors.strings", "\"a\" = \"A\";")
        directory.write("ca.lproj/Errors.strings", "\"a\" = \"A\";\n\"b\" = \"B\";")
        let env = try environment(language: "en")
        let messages = env.localization.missingTranslations(languages: env.availableLanguages()).map(\.message)
        #expect(messages.contains { $0.hasPrefix("2 keys of ") && $0.contains("en.lproj/Errors.strings are not translated: \"b\", \"c\"") })
        #expect(messages.contains { $0.hasPrefix("1 key of ") && $0.contains("en.lproj/Errors.strings is not translated: \"c\"") })
    }
}

@Suite("Localized strings from .stringsdict and .xcstrings")
struct ApplePluralLocalizationTests {
    let directory = TemporaryDirectory()
    let documentPath: String

    init() {
        documentPath = directory.write("environments.json", #"{"languages": ["en", "ru"], "configurations": {"Debug": {}}}"#)
        directory.write("en.lproj/Localizable.strings", "\"files\" = \"%d files (strings)\";\n\"title\" = \"Title\";")
        directory.write(
            "ru.lproj/Localizable.stringsdict",
            """
            <plist version="1.0"><dict><key>files</key><dict>
            <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
            <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
            <key>NSStringFormatValueTypeKey</key><string>d</string>
            <key>one</key><string>%d файл</string><key>few</key><string>%d файла</string>
            <key>many</key><string>%d файлов</string><key>other</key><string>%d файла</string></dict></dict></dict></plist>
            """)
        directory.write(
            "Localizable.xcstrings",
            """
            {"sourceLanguage": "en", "strings": {"files": {"localizations": {"en": {"variations": {"plural": {
              "one": {"stringUnit": {"state": "translated", "value": "%lld file"}},
              "other": {"stringUnit": {"state": "translated", "value": "%lld files"}}}}}}}}}
            """)
    }

    func environment() throws -> AppEnvironment {
        try AppEnvironment(contentsOf: documentPath, options: .init(environment: ["LANG": "en_US"], persistsLanguage: false))
    }

    @Test(
        "the plural form follows the app language and the number",
        arguments: [
            ("ru", 1, "1 файл"), ("ru", 3, "3 файла"), ("ru", 11, "11 файлов"), ("ru", 22, "22 файла"),
            ("en", 1, "1 file"), ("en", 7, "7 files"),
        ])
    func plural(language: String, count: Int, expected: String) throws {
        let env = try environment()
        try env.setAppLanguage(language)
        #expect(env.localizedString("files", arguments: [count]) == expected)
    }

    @Test("the catalog wins over the .strings of the same language; a missing key is the key")
    func order() throws {
        let env = try environment()
        #expect(env.localizedString("files", language: "en", arguments: [2]) == "2 files")
        #expect(env.localizedString("title", language: "ru") == "Title")
        #expect(env.localizedString("absent", language: "ru") == "absent")
        #expect(env.lookupLocalizedString("absent", language: "ru") == nil)
    }
}
