import Diagnostics
import Foundation
import Testing

@testable import SwiftAccessorGenerator

/// The generator reads i18next resources with the one reader convert, status and lint use
/// (`I18NextJSONFormat`): where that reader and the generator's former one disagreed, these are
/// the answers (issue #34, item 5).
@Suite("L10n accessors read i18next resources as the translation model does")
struct I18NextModelTests {
    func generate(_ resource: String, language: String = "en", namespace: String = "translation") throws -> AccessorGenerator.Output {
        let document = #"{"languages": ["\#(language)"], "configurations": {"Debug": {"k": 1}}}"#
        return try GeneratorWorkspace(document: document, files: ["locales/\(language)/\(namespace).json": resource]).generate()
    }

    @Test("a lone key_other is a key of its own where the language has more forms, a plural where it has only other")
    func loneOther() throws {
        // English: `t("add", { count: 1 })` finds no `add_one` and shows the key, so `add(count:)`
        // would be wrong for 1; the key `add_other` is what the file defines.
        let english = try generate(#"{"add_other": "Add {{count}}", "rank_ordinal_other": "{{count}}."}"#)
        #expect(
            english.source.contains(
                #"static func add_other(count p1: Swift.Int) -> Swift.String { EnvtoolL10nRuntime.translate("add_other", ["count": .number(Swift.Double(p1))]) }"#
            ))
        #expect(english.source.contains(#"static func rank_ordinal_other(count p1: Swift.Int)"#))
        #expect(!english.source.contains("func add(") && !english.source.contains("func rank("))
        let japanese = try generate(#"{"add_other": "{{count}} 件"}"#, language: "ja")
        #expect(
            japanese.source.contains(
                #"static func add(count p1: Swift.Int) -> Swift.String { EnvtoolL10nRuntime.translate("add", ["count": .number(Swift.Double(p1))]) }"#))
    }

    @Test("a key's text without a count beside its plural forms is a property beside the plural's function, after it")
    func textWithoutCount() throws {
        let output = try generate(#"{"items": "Items", "items_one": "{{count}} item", "items_other": "{{count}} items"}"#)
        #expect(!output.hasErrors)
        let function = try #require(output.source.range(of: "static func items(count p1: Swift.Int)"))
        let property = try #require(output.source.range(of: "static var items: Swift.String"))
        #expect(function.lowerBound < property.lowerBound)
        #expect(output.source.contains("/// `one: {{count}} item`\n"))
        #expect(output.source.contains("/// `Items`\n"))
    }

    @Test("numbers and booleans are not translations: no accessor (it would return its key), a warning")
    func numbersAndBooleans() throws {
        let output = try generate(#"{"n": 5, "b": true, "list": ["a"], "s": "S"}"#)
        #expect(output.source.contains("static var s: Swift.String"))
        for key in ["n", "b", "list"] {
            #expect(!output.source.contains("static var \(key): Swift.String"), "\(key)")
            #expect(output.diagnostics.contains { $0.severity == .warning && $0.path == key && $0.message.contains("no accessor") }, "\(key)")
        }
        #expect(!output.hasErrors)
    }

    @Test("nested objects and keys with dots are one path; other namespaces are prefixed; ordinals take ordinal:; contexts keep their key")
    func pathsNamespacesOrdinalsContexts() throws {
        let output = try generate(
            #"{"a": {"b": "AB"}, "a.c": "AC", "place_ordinal_one": "{{count}}st", "place_ordinal_other": "{{count}}th", "friend": "F", "friend_male": "M {{name}}", "friend_male_one": "{{count}} m", "friend_male_other": "{{count}} ms"}"#
        )
        #expect(!output.hasErrors)
        #expect(output.source.contains(#"translate("a.b", [:])"#) && output.source.contains(#"translate("a.c", [:])"#))
        #expect(output.source.components(separatedBy: "enum a {").count == 2)
        #expect(
            output.source.contains(
                #"static func place(ordinal p1: Swift.Int) -> Swift.String { EnvtoolL10nRuntime.translate("place", ["count": .number(Swift.Double(p1)), "ordinal": .bool(true)]) }"#
            ))
        #expect(
            output.source.contains(
                #"static func friend_male(name p1: Swift.String) -> Swift.String { EnvtoolL10nRuntime.translate("friend_male", ["name": .string(p1)]) }"#))
        #expect(
            output.source.contains(
                #"static func friend_male(count p1: Swift.Int) -> Swift.String { EnvtoolL10nRuntime.translate("friend_male", ["count": .number(Swift.Double(p1))]) }"#
            ))
        let common = try generate(#"{"ok": "OK"}"#, namespace: "common")
        #expect(common.source.contains(#"translate("ok", [:])"#), "the only namespace is the default one")
    }

    @Test("a variable in a nesting's options is a parameter: i18next fills it before it nests")
    func nestingOptions() throws {
        let output = try generate(#"{"summary": "{{name}}: $t(cart.items, {\"count\": {{count}} })", "cart": {"items_one": "1", "items_other": "n"}}"#)
        #expect(output.source.contains(#"static func summary(count p1: Swift.Int, name p2: Swift.String)"#))
        #expect(output.source.contains(#"/// `{{name}}: $t(cart.items, {"count": {{count}} })`"#))
    }

    @Test("a key written twice in one object is an error at its place, as convert and lint say")
    func duplicateKey() throws {
        let output = try generate("{\"a\": \"A\",\n \"a\": \"B\"}")
        let error = try #require(output.diagnostics.first { $0.severity == .error })
        #expect(error.line == 2)
        #expect(error.file?.hasSuffix("locales/en/translation.json") == true)
    }
}
