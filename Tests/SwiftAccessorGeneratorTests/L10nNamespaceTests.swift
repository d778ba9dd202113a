import Diagnostics
import Foundation
import Testing

@testable import SwiftAccessorGenerator

@Suite("L10n accessors from translations")
struct L10nNamespaceTests {
    static let environments = #"{"languages": ["en", "es"], "configurations": {"Debug": {"k": 1}}}"#

    func generate(_ files: [String: String]) throws -> AccessorGenerator.Output {
        try GeneratorWorkspace(document: Self.environments, files: files).generate()
    }

    @Test("i18next: placeholders become labelled parameters, documented with the development-language text")
    func placeholders() throws {
        let output = try generate([
            "locales/en/translation.json": #"{"app": {"welcome": "Welcome, {{name}}!", "title": "Demo"}}"#,
            "locales/es/translation.json": #"{"app": {"welcome": "¡Hola, {{name}}!"}}"#,
        ])
        #expect(output.diagnostics.isEmpty)
        #expect(
            output.source.contains(
                """
                        /// `Welcome, {{name}}!`
                        ///
                        /// Key: `app.welcome`.
                        static func welcome(name p1: Swift.String) -> Swift.String { EnvtoolL10nRuntime.translate("app.welcome", ["name": .string(p1)]) }
                """))
        #expect(output.source.contains("static var title: Swift.String"))
        #expect(!output.source.contains("¡Hola"))
    }

    @Test("i18next: plural forms collapse into one function taking count; ordinals take ordinal:")
    func plurals() throws {
        let output = try generate([
            "locales/en/translation.json": #"""
            {"cart": {"items_zero": "Empty", "items_one": "{{count}} item", "items_other": "{{count}} items"},
             "place_ordinal_one": "{{count}}st", "place_ordinal_other": "{{count}}th", "place_one": "{{count}} place", "place_other": "{{count}} places"}
            """#
        ])
        #expect(
            output.source.contains(
                #"static func items(count p1: Swift.Int) -> Swift.String { EnvtoolL10nRuntime.translate("cart.items", ["count": .number(Swift.Double(p1))]) }"#)
        )
        #expect(output.source.contains("/// `zero: Empty`\n"))
        #expect(
            output.source.contains(
                #"static func place(ordinal p1: Swift.Int) -> Swift.String { EnvtoolL10nRuntime.translate("place", ["count": .number(Swift.Double(p1)), "ordinal": .bool(true)]) }"#
            ))
        #expect(output.source.contains("static func place(count p1: Swift.Int)"))
        #expect(output.source.components(separatedBy: "func items(").count == 2)
    }

    @Test("i18next: formats type their variable; nested variables are reported, not silently dropped")
    func formats() throws {
        let output = try generate(["locales/en/translation.json": #"{"price": "Total: {{amount, currency(EUR)}} for {{- user.name}}"}"#])
        #expect(output.source.contains("static func price(amount p1: Swift.Double)"))
        #expect(output.diagnostics.contains { $0.severity == .warning && $0.message.contains("\"user.name\" is nested") })
    }

    @Test("i18next: other namespaces are a namespace of their own, with ns:key")
    func namespaces() throws {
        let output = try generate(["locales/en/translation.json": #"{"a": "A"}"#, "locales/en/common.json": #"{"ok": "OK"}"#])
        #expect(output.source.contains("enum common {"))
        #expect(output.source.contains(#"EnvtoolL10nRuntime.translate("common:ok", [:])"#))
    }

    @Test(".strings: format arguments become positional parameters in argument order")
    func strings() throws {
        let output = try generate(["en.lproj/Localizable.strings": #""transfer" = "Send %2$d to %1$@ at %.1f%%";"# + "\n\"plain\" = \"100%\";\n"])
        #expect(output.diagnostics.isEmpty)
        #expect(
            output.source.contains(
                #"static func transfer(_ p1: Swift.String, _ p2: Swift.Int) -> Swift.String { EnvtoolL10nRuntime.localized("transfer", table: "Localizable", [p1, p2]) }"#
            ))
        #expect(output.source.contains("enum Localizable {"))
        #expect(output.source.contains("static var plain: Swift.String"))
    }

    @Test("without i18next resources the file neither imports I18Next nor has the helper that needs it")
    func stringsOnly() throws {
        let output = try generate(["en.lproj/Localizable.strings": #""a" = "A";"#])
        #expect(!output.source.contains("I18Next"))
        #expect(!output.source.contains("TranslationOptions"))
        #expect(output.source.contains("static func localized("))
        let i18nextOnly = try generate(["locales/en/translation.json": #"{"a": "A"}"#])
        #expect(!i18nextOnly.source.contains("static func localized("))
    }

    @Test(".strings: a broken table is an error with its file and line")
    func brokenStrings() throws {
        let output = try generate(["en.lproj/Localizable.strings": "\"a\" = \"b\";\n\"c\" = \n"])
        let error = try #require(output.diagnostics.first { $0.severity == .error })
        #expect(error.file?.hasSuffix("en.lproj/Localizable.strings") == true)
        #expect(error.line == 2 || error.line == 3)
        #expect(output.hasErrors)
    }

    @Test("two keys with one Swift name are an error that names both keys and the file and line")
    func collisions() throws {
        let output = try generate(["locales/en/translation.json": "{\n\"a-b\": \"x\",\n\"a_b\": \"y\"\n}"])
        let error = try #require(output.diagnostics.first { $0.severity == .error })
        #expect(error.message.contains("\"a-b\" and \"a_b\""))
        #expect(error.line == 3)
        #expect(error.file?.hasSuffix("locales/en/translation.json") == true)
    }

    @Test("a key and a namespace of the same name collide; a property and a function may share one")
    func keyAndNamespace() throws {
        let clash = try generate(["locales/en/translation.json": #"{"a": "x", "a.b": "y"}"#])
        #expect(clash.diagnostics.contains { $0.severity == .error && $0.message.contains("\"a\" and \"a.b\"") })
        let overload = try generate([
            "locales/en/translation.json": #"{"friend": "A friend", "friend_one": "{{count}} friend", "friend_other": "{{count}} friends"}"#
        ])
        #expect(!overload.hasErrors)
        #expect(overload.source.contains("static var friend: Swift.String"))
        #expect(overload.source.contains("static func friend(count p1: Swift.Int)"))
    }

    @Test("keys that are not identifiers are escaped, never dropped")
    func escaping() throws {
        let output = try generate(["locales/en/translation.json": #"{"2fa": {"title": "T"}, "class": "C", "environment": "E", "naïve": "N"}"#])
        #expect(!output.hasErrors)
        for expected in ["enum _2fa {", "static var `class`:", "static var environment_:", "static var naïve:", #"translate("2fa.title""#] {
            #expect(output.source.contains(expected), "missing \(expected)")
        }
    }

    @Test("a malformed resource file is an error with its position; nothing else is lost")
    func malformed() throws {
        let output = try generate(["locales/en/translation.json": "{\"a\": \"x\",\n \"b\" }", "en.lproj/Localizable.strings": "\"s\" = \"S\";"])
        let error = try #require(output.diagnostics.first { $0.severity == .error })
        #expect(error.line == 2)
        #expect(output.source.contains("static var s: Swift.String"))
    }

    @Test("the tricky fixture: every key has an accessor and the inputs are listed")
    func trickyFixture() throws {
        let output = try AccessorGenerator(environmentsPath: fixtures + "/tricky/environments.json").generate()
        #expect(!output.hasErrors)
        #expect(output.inputFiles.count == 3)
        for key in ["\"2fa.title\"", "\"default.in\"", "\"naïve\"", "\"quote\"", "\"rank\"", "\"swap\"", "\"pct\""] {
            #expect(output.source.contains(key), "no accessor for \(key)")
        }
    }
}
