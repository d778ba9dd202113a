import Diagnostics
import Foundation
import Testing

@testable import SwiftAccessorGenerator

@Suite("L10n accessors from String Catalogs and .stringsdict")
struct AppleFormatsAccessorTests {
    static let environments = #"{"languages": ["en", "ru"], "configurations": {"Debug": {"k": 1}}}"#

    static let stringsDict = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
            <key>cart.items</key>
            <dict>
                <key>NSStringLocalizedFormatKey</key>
                <string>%#@items@ for %@</string>
                <key>items</key>
                <dict>
                    <key>NSStringFormatSpecTypeKey</key>
                    <string>NSStringPluralRuleType</string>
                    <key>NSStringFormatValueTypeKey</key>
                    <string>lld</string>
                    <key>one</key>
                    <string>%lld item</string>
                    <key>other</key>
                    <string>%lld items</string>
                </dict>
            </dict>
            <key>distance</key>
            <dict>
                <key>NSStringLocalizedFormatKey</key>
                <string>%2$@: %1$#@km@</string>
                <key>km</key>
                <dict>
                    <key>NSStringFormatSpecTypeKey</key>
                    <string>NSStringPluralRuleType</string>
                    <key>NSStringFormatValueTypeKey</key>
                    <string>f</string>
                    <key>one</key>
                    <string>%.1f kilometre</string>
                    <key>other</key>
                    <string>%.1f kilometres</string>
                </dict>
            </dict>
        </dict>
        </plist>
        """

    static let catalog = #"""
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "files": {"localizations": {"en": {"variations": {"plural": {
            "one": {"stringUnit": {"state": "translated", "value": "%lld file"}},
            "other": {"stringUnit": {"state": "translated", "value": "%lld files"}}}}}}},
          "shared": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "%1$@ shared %2$#@photos@"}, "substitutions": {
            "photos": {"argNum": 2, "formatSpecifier": "lld", "variations": {"plural": {
              "one": {"stringUnit": {"state": "translated", "value": "a photo"}},
              "other": {"stringUnit": {"state": "translated", "value": "%arg photos"}}}}}}}}},
          "price": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Total: %.2f"}}}}
        }}
        """#

    @Test(".stringsdict: a plural variable is an Int (or its value type), other specifiers typed, positions honoured")
    func stringsDictEntries() throws {
        let output = try GeneratorWorkspace(document: Self.environments, files: ["en.lproj/Cart.stringsdict": Self.stringsDict]).generate()
        #expect(!output.hasErrors, "\(output.diagnostics)")
        #expect(
            output.source.contains(
                #"static func items(_ p1: Swift.Int, _ p2: Swift.String) -> Swift.String { EnvtoolL10nRuntime.localized("cart.items", table: "Cart", [p1, p2]) }"#
            ))
        #expect(output.source.contains(#"static func distance(_ p1: Swift.Double, _ p2: Swift.String) -> Swift.String"#))
        // Documented with the format and every form, `other` first.
        #expect(output.source.contains("/// `%#@items@ for %@`\n"))
        #expect(output.source.contains("/// `items.other: %lld items`\n"))
        #expect(output.source.contains("/// `items.one: %lld item`\n"))
        #expect(output.inputFiles.contains { $0.hasSuffix("en.lproj/Cart.stringsdict") })
        // The run-time helper asks every Apple format, so plurals are chosen there.
        #expect(output.source.contains("environment.lookupLocalizedString(key, table: table, sources: [.stringsTables], arguments: arguments) ?? key"))
    }

    @Test(".xcstrings: plural variations and substitutions (argNum, formatSpecifier) become parameters")
    func catalogEntries() throws {
        let output = try GeneratorWorkspace(document: Self.environments, files: ["Localizable.xcstrings": Self.catalog]).generate()
        #expect(!output.hasErrors, "\(output.diagnostics)")
        #expect(
            output.source.contains(#"static func files(_ p1: Swift.Int) -> Swift.String { EnvtoolL10nRuntime.localized("files", table: "Localizable", [p1]) }"#)
        )
        #expect(output.source.contains(#"static func shared(_ p1: Swift.String, _ p2: Swift.Int) -> Swift.String"#))
        #expect(output.source.contains(#"static func price(_ p1: Swift.Double) -> Swift.String"#))
        #expect(output.source.contains("/// `plural.other: %lld files`\n"))
        // `%arg` is documented as the parser binds it, to the substitution's argument.
        #expect(output.source.contains("/// `photos.other: %2$lld photos`\n"))
    }

    @Test("a key in several formats of one table: the catalog wins, and differing arguments warn naming both files")
    func lookupOrder() throws {
        let strings = #""files" = "%@ files";"# + "\n" + #""price" = "Total: %.2f";"# + "\n"
        let output = try GeneratorWorkspace(
            document: Self.environments,
            files: [
                "Localizable.xcstrings": Self.catalog, "en.lproj/Localizable.strings": strings,
            ]
        ).generate()
        #expect(output.source.components(separatedBy: "static func files(").count == 2)
        #expect(output.source.contains("static func files(_ p1: Swift.Int)"))
        let warnings = output.diagnostics.filter { $0.severity == .warning && $0.message.contains("\"files\"") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.file?.hasSuffix("en.lproj/Localizable.strings") == true)
        #expect(warnings.first?.message.contains("Localizable.xcstrings") == true)
        // Same arguments in both: no warning.
        #expect(!output.diagnostics.contains { $0.message.contains("\"price\"") })
    }

    @Test("a broken catalog or .stringsdict is an error naming the file; the other tables still generate")
    func broken() throws {
        let output = try GeneratorWorkspace(
            document: Self.environments,
            files: [
                "Broken.xcstrings": "{\"strings\": ", "en.lproj/Cart.stringsdict": "<plist><dict>",
                "en.lproj/Localizable.strings": #""ok" = "OK";"#,
            ]
        ).generate()
        #expect(output.hasErrors)
        #expect(output.diagnostics.contains { $0.severity == .error && $0.file?.hasSuffix("Broken.xcstrings") == true })
        #expect(output.diagnostics.contains { $0.severity == .error && $0.file?.hasSuffix("Cart.stringsdict") == true })
        #expect(output.source.contains("static var ok: Swift.String"))
    }

    @Test("a variable that names itself or a position out of range does not recurse or make parameters")
    func hostileFormats() throws {
        let catalog = #"""
            {"sourceLanguage": "en", "strings": {
              "loop": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "%#@a@"}, "substitutions": {
                "a": {"formatSpecifier": "lld", "variations": {"plural": {"other": {"stringUnit": {"state": "translated", "value": "%#@a@ again"}}}}}}}}},
              "far": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "%999$@ and %1$d"}}}}
            }}
            """#
        let output = try GeneratorWorkspace(document: Self.environments, files: ["Localizable.xcstrings": catalog]).generate()
        #expect(output.source.contains("static func loop(_ p1: Swift.Int)"))
        #expect(output.source.contains("static func far(_ p1: Swift.Int)"))
    }
}
