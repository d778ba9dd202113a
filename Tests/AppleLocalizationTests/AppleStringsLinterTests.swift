import AppleLocalization
import Foundation
import Testing

@Suite("AppleStringsLinter")
struct AppleStringsLinterTests {
    /// The findings for the files written by `write`, with the directory's path removed.
    static func lint(languages: [String]? = nil, _ write: (TemporaryDirectory) -> Void) -> [String] {
        let directory = TemporaryDirectory()
        write(directory)
        let lookup = AppleStringsLookup(directory: directory.path)
        let findings = AppleStringsLinter(lookup: lookup, developmentLanguage: "en", languages: languages).lint()
        return withExtendedLifetime(directory) { findings.map { $0.description.replacingOccurrences(of: directory.path + "/", with: "") } }
    }

    @Test("the sample is clean, for its own languages and for environments.json's")
    func sampleIsClean() {
        let lookup = AppleStringsLookup(directory: Fixtures.path("environments"))
        #expect(AppleStringsLinter(lookup: lookup, developmentLanguage: "en").lint().map(\.description) == [])
        #expect(AppleStringsLinter(lookup: lookup, developmentLanguage: "en", languages: ["en", "es", "ca"]).lint().map(\.description) == [])
    }

    @Test("plural categories a language needs and ones it cannot use; zero is allowed everywhere")
    func pluralCategories() {
        let findings = Self.lint { directory in
            directory.write("ru.lproj/Localizable.stringsdict", stringsdict(forms: [("zero", "none"), ("one", "%d one"), ("other", "%d other")]))
            directory.write(
                "en.lproj/Localizable.stringsdict", stringsdict(forms: [("zero", "none"), ("one", "%d one"), ("few", "%d few"), ("other", "%d other")]))
            directory.write(
                "Localizable.xcstrings",
                """
                {"sourceLanguage": "en", "strings": {"c": {"localizations": {
                  "en": {"stringUnit": {"value": "%lld"}},
                  "ar": {"variations": {"plural": {"one": {"stringUnit": {"value": "%lld"}}, "other": {"stringUnit": {"value": "%lld"}}}}}}}}}
                """)
        }
        #expect(
            findings == [
                "Localizable.xcstrings:3:9: warning: \"c\" of the table Localizable has no text for ru (it has for ar, en); those languages fall back to another language",
                "Localizable.xcstrings:3:35: warning: the plural variation of \"c\" (ar) lacks zero, two, few, many; CLDR gives ar zero, one, two, few, many, other, and a missing form shows \"other\"",
                // The source's %d reads 32 bits, as Foundation does; the accessor passes an Int.
                "en.lproj/Localizable.stringsdict:6:38: warning: \"k\" (en) reads %d as a 32-bit int, as Foundation does: a Swift Int beyond ±2147483647 prints wrong; write %lld (or %ld)",
                "en.lproj/Localizable.stringsdict:6:38: warning: \"k\" of the table Localizable has no text for ar (it has for en, ru); those languages fall back to another language",
                "en.lproj/Localizable.stringsdict:7:1: warning: the variable \"n\" of \"k\" (en) has few, which en never uses (CLDR: one, other); remove it",
                "ru.lproj/Localizable.stringsdict:7:1: warning: the variable \"n\" of \"k\" (ru) lacks few, many; CLDR gives ru one, few, many, other, and a missing form shows \"other\"",
            ])
    }

    @Test("arguments that differ from the source: kind, count, positions")
    func formatSpecifiers() {
        let findings = Self.lint { directory in
            directory.write("en.lproj/Localizable.strings", "\"greet\" = \"Hello %@\";\n\"move\" = \"%1$@ to %2$d\";\n\"files\" = \"%d files\";\n")
            directory.write("ru.lproj/Localizable.strings", "\"greet\" = \"Привет %d\";\n\"move\" = \"%2$d: %1$@\";\n")
            directory.write("es.lproj/Localizable.strings", "\"greet\" = \"Hola %@ y %@\";\n\"move\" = \"%2$@ a %1$d\";\n\"files\" = \"%d archivos\";\n")
            directory.write(
                "ru.lproj/Localizable.stringsdict",
                stringsdict(key: "files", format: "%#@n@", valueType: "@", forms: [("one", "%@"), ("few", "%@"), ("many", "%@"), ("other", "%@")]))
        }
        #expect(
            findings == [
                "en.lproj/Localizable.strings:2:1: warning: \"move\" (en) reads %2$d as a 32-bit int, as Foundation does: a Swift Int beyond ±2147483647 prints wrong; write %2$lld (or %ld)",
                "en.lproj/Localizable.strings:3:1: warning: \"files\" (en) reads %d as a 32-bit int, as Foundation does: a Swift Int beyond ±2147483647 prints wrong; write %lld (or %ld)",
                "es.lproj/Localizable.strings:1:1: warning: \"greet\" (es) reads 2 argument(s) where the source (en) reads 1; translations must use the same arguments",
                "es.lproj/Localizable.strings:2:1: warning: \"move\" (es): argument 1 is %1$d (integer) where the source (en) has %1$@ (object)",
                "es.lproj/Localizable.strings:2:1: warning: \"move\" (es): argument 2 is %2$@ (object) where the source (en) has %2$d (integer)",
                "ru.lproj/Localizable.strings:1:1: warning: \"greet\" (ru): argument 1 is %d (integer) where the source (en) has %@ (object)",
                "ru.lproj/Localizable.stringsdict:6:38: warning: \"files\" (ru): argument 1 is %@ (%#@n@) (object) where the source (en) has %d (integer)",
            ])
    }

    @Test("integers without a length in the source and the ' flag anywhere are reported once per key and file")
    func narrowIntegersAndGrouping() {
        let findings = Self.lint { directory in
            directory.write("en.lproj/Localizable.strings", "\"a\" = \"%u of %5x, %D and %lld\";\n\"b\" = \"%'lld\";\n")
            directory.write("ru.lproj/Localizable.strings", "\"a\" = \"%u of %5x, %D and %lld\";\n\"b\" = \"%'lld\";\n")
        }
        #expect(
            findings == [
                "en.lproj/Localizable.strings:1:1: warning: \"a\" (en) reads %u, %5x, %D as a 32-bit int, as Foundation does: a Swift Int beyond ±2147483647 prints wrong; write %llu, %5llx, %lld (or %ld)",
                "en.lproj/Localizable.strings:2:1: warning: \"b\" (en): the ' flag of %'lld is ignored (String(format:) does not group digits); remove it",
                "ru.lproj/Localizable.strings:2:1: warning: \"b\" (ru): the ' flag of %'lld is ignored (String(format:) does not group digits); remove it",
            ])
    }

    @Test("catalog states and stale keys are reported; new and stale fall back")
    func states() {
        let findings = Self.lint { directory in
            directory.write(
                "Localizable.xcstrings",
                """
                {"sourceLanguage": "en", "strings": {
                  "a": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "A"}},
                    "de": {"stringUnit": {"state": "new", "value": "A"}},
                    "fr": {"stringUnit": {"state": "stale", "value": "A"}},
                    "it": {"stringUnit": {"state": "needs_review", "value": "A"}}}},
                  "gone": {"extractionState": "stale", "localizations": {"en": {"stringUnit": {"value": "G"}}, "de": {"stringUnit": {"value": "G"}},
                    "fr": {"stringUnit": {"value": "G"}}, "it": {"stringUnit": {"value": "G"}}}}
                }}
                """)
        }
        #expect(
            findings == [
                "Localizable.xcstrings:3:52: warning: \"a\" (de) is not translated yet (state new); its text is shown as it is until it is",
                "Localizable.xcstrings:4:54: warning: \"a\" (fr) is stale (state stale); its text is still shown",
                "Localizable.xcstrings:5:61: warning: \"a\" (it) needs review (state needs_review); it is shown until reviewed",
                "Localizable.xcstrings:6:11: warning: \"gone\" is no longer in the code (extractionState stale); remove it from the catalog or use it again",
            ])
    }

    @Test("keys present in one language and not another, including languages the app offers without files")
    func missingKeys() {
        let write: (TemporaryDirectory) -> Void = { directory in
            directory.write("en.lproj/Localizable.strings", "\"both\" = \"x\";\n\"only_en\" = \"y\";\n")
            directory.write("ru.lproj/Localizable.strings", "\"both\" = \"x\";\n")
            directory.write("Base.lproj/Localizable.strings", "\"base\" = \"b\";\n")
            directory.write("Localizable.xcstrings", "{\"sourceLanguage\": \"en\", \"strings\": {\"brand\": {\"shouldTranslate\": false}}}")
        }
        #expect(
            Self.lint(write) == [
                "en.lproj/Localizable.strings:2:1: warning: \"only_en\" of the table Localizable has no text for ru (it has for en); those languages fall back to another language"
            ])
        #expect(
            Self.lint(languages: ["en", "ru", "fr"], write) == [
                "en.lproj/Localizable.strings:1:1: warning: \"both\" of the table Localizable has no text for fr (it has for en, ru); those languages fall back to another language",
                "en.lproj/Localizable.strings:2:1: warning: \"only_en\" of the table Localizable has no text for fr, ru (it has for en); those languages fall back to another language",
            ])
    }

    @Test("one key defined differently by two formats of a language; identical definitions are fine")
    func conflicts() {
        let findings = Self.lint { directory in
            directory.write("ru.lproj/Localizable.strings", "\"k\" = \"%d штук\";\n\"same\" = \"Да\";\n")
            directory.write(
                "ru.lproj/Localizable.stringsdict", stringsdict(forms: [("one", "%d штука"), ("few", "%d штуки"), ("many", "%d штук"), ("other", "%d штуки")]))
            directory.write(
                "Localizable.xcstrings",
                "{\"sourceLanguage\": \"ru\", \"strings\": {\"same\": {\"localizations\": {\"ru\": {\"stringUnit\": {\"value\": \"Да\"}}}}}}")
        }
        #expect(
            findings == [
                "ru.lproj/Localizable.strings:1:1: warning: \"k\" (ru) is defined differently in ru.lproj/Localizable.stringsdict (stringsdict) and here (strings); lookups use the stringsdict, which comes first (xcstrings, stringsdict, strings). Remove one"
            ])
    }

    @Test("files that fail to parse are errors in the lint")
    func parseErrors() {
        let findings = Self.lint { directory in
            directory.write("ru.lproj/Localizable.stringsdict", stringsdict(forms: [("one", "%d")]))
            directory.write(
                "Localizable.xcstrings", "{\"sourceLanguage\": \"en\", \"strings\": {\"k\": {\"localizations\": {\"en\": {\"variations\": {\"plural\": {}}}}}}}"
            )
            directory.write("en.lproj/Localizable.strings", "\"k\" = \"x\"")
        }
        #expect(findings.count == 3, "\(findings)")
        #expect(findings.contains { $0.hasPrefix("Localizable.xcstrings:1:94: error: the plural variation of the en localization of \"k\" lacks \"other\"") })
        #expect(findings.contains { $0.hasPrefix("ru.lproj/Localizable.stringsdict:7:1: error: the variable \"n\" of \"k\" lacks the form \"other\"") })
        #expect(findings.contains { $0.hasPrefix("en.lproj/Localizable.strings:1:10: error:") })
    }
}
