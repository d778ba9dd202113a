#if Extract
import Diagnostics
import Foundation
@testable import KeyExtraction
import Testing

@Suite("SwiftKeyExtractor: keys found with swift-syntax")
struct SwiftKeyExtractorTests {
    struct Expected: Sendable, CustomStringConvertible {
        let key: String
        let system: KeyUsage.System
        let table: String
        let form: String
        var comment: String? = nil
        var value: String? = nil
        var context = false
        /// The text searched in the file for the expected position.
        var literal: String? = nil
        var description: String { key }
    }

    static let calls: [Expected] = [
        Expected(key: "welcome.title", system: .apple, table: "Onboarding", form: "Text", comment: "Title of the first screen"),
        Expected(key: "Continue", system: .apple, table: "Localizable", form: "Button"),
        Expected(key: "alert.saved", system: .apple, table: "Alerts", form: "NSLocalizedString", comment: "After saving", value: "Saved!"),
        Expected(key: "Settings", system: .apple, table: "Localizable", form: "Label"),
        Expected(key: "greeting", system: .apple, table: "Main", form: "String(localized:)", comment: "Says hello", value: "Hello"),
        Expected(key: "key.literal", system: .apple, table: "Localizable", form: "LocalizedStringKey"),
        Expected(key: "resource.key", system: .apple, table: "Localizable", form: "LocalizedStringResource", comment: "A resource", value: "Resource"),
        Expected(key: "files_count", system: .apple, table: "Localizable", form: "localizedString", value: "%d files"),
        Expected(key: "plain", system: .apple, table: "Extra", form: "lookupLocalizedString"),
        Expected(key: "bundle.key", system: .apple, table: "Localizable", form: "localizedString(forKey:)", value: "From bundle"),
        Expected(key: "app.title", system: .i18next, table: "translation", form: "translate"),
        Expected(key: "cart.items", system: .i18next, table: "translation", form: "t", value: "{{count}} items"),
        Expected(key: "hello", system: .i18next, table: "common", form: "t", value: "Hi", literal: "\"common:hello\""),
        Expected(key: "farewell", system: .i18next, table: "extra", form: "t"),
        Expected(key: "friend", system: .i18next, table: "translation", form: "t", context: true),
        Expected(key: "first.choice", system: .i18next, table: "translation", form: "t"),
        Expected(key: "second.choice", system: .i18next, table: "translation", form: "t"),
    ]

    static let callsResult = SwiftKeyExtractor.extract(file: Fixtures.path("Sources/Calls.swift"))

    @Test("each call form gives its key, table, comment, default value and position", arguments: calls)
    func callForm(_ expected: Expected) throws {
        let usage = try #require(Self.callsResult.usages.first { $0.key == expected.key })
        #expect(usage.system == expected.system)
        #expect(usage.table == expected.table)
        #expect(usage.form == expected.form)
        #expect(usage.comment == expected.comment)
        #expect(usage.defaultValue == expected.value)
        #expect(usage.hasContext == expected.context)
        let at = try #require(Fixtures.position(of: expected.literal ?? "\"\(expected.key)\"", in: "Sources/Calls.swift"))
        #expect(usage.line == at.line && usage.column == at.column)
        #expect(usage.file == Fixtures.path("Sources/Calls.swift"))
    }

    @Test("the fixture's calls are all found, in source order, and nothing else")
    func nothingElse() {
        #expect(Self.callsResult.usages.map(\.key) == Self.calls.map(\.key))
        #expect(Self.callsResult.diagnostics.isEmpty)
    }

    @Test("a call names its table (tableName:) or namespace (ns:key, \"ns\"); an i18next key without one is left to the resources' default")
    func namesNamespace() {
        let source = #"t("ok"); t("zeta:z"); t("z", ["ns": "zeta"]); NSLocalizedString("k", comment: ""); NSLocalizedString("k", tableName: "T", comment: "")"#
        let usages = SwiftKeyExtractor.extract(source: Array(source.utf8), file: "App.swift").usages
        #expect(usages.map(\.table) == ["translation", "zeta", "zeta", "Localizable", "T"])
        #expect(usages.map(\.namesTable) == [false, true, true, false, true])
    }

    @Test("raw, multiline and escaped literals give the string the compiler sees; comments and strings are not calls")
    func literals() throws {
        let result = SwiftKeyExtractor.extract(file: Fixtures.path("Sources/Literals.swift"))
        #expect(result.usages.map(\.key) == ["after.accent", #"raw "quoted" \n"#, "café", "multi\n  line"])
        #expect(result.diagnostics.isEmpty)
        // The column counts Unicode scalars: "café" before the key is 4 scalars but 5 bytes.
        let accent = try #require(result.usages.first)
        #expect(accent.line == 2 && accent.column == 45)
        // An empty comment is no comment.
        #expect(accent.comment == nil)
    }

    @Test("interpolated and computed keys are warnings at their position, never guessed; nested closures are searched")
    func dynamicKeys() throws {
        let file = "Sources/Nested/Dynamic.swift"
        let result = SwiftKeyExtractor.extract(file: Fixtures.path(file))
        #expect(result.usages.map(\.key) == ["nested.deep"])
        // (text searched in the file, scalars from its start to the argument, message)
        let expected: [(String, Int, String)] = [
            ("\"hello \\(name)\"", 0, "the key of NSLocalizedString is an interpolated string"),
            ("env.translate(key)", "env.translate(".count, "the key of translate is not a string literal"),
            ("table, comment", 0, "the table name of NSLocalizedString is not a string literal"),
            ("\"prefix.\" + key", 0, "the key of String(localized:) is not a string literal"),
        ]
        #expect(result.diagnostics.count == expected.count)
        for (diagnostic, (needle, offset, message)) in zip(result.diagnostics, expected) {
            #expect(diagnostic.severity == .warning)
            #expect(diagnostic.message.hasPrefix(message), "\(diagnostic)")
            let at = try #require(Fixtures.position(of: needle, in: file))
            #expect(diagnostic.line == at.line && diagnostic.column == at.column + offset, "\(diagnostic)")
        }
        // Text(key) shows a String verbatim: not a key, and no warning.
        #expect(!result.diagnostics.contains { $0.message.contains("of Text") })
    }

    @Test("i18next's ns:key splits only at a prefix without spaces")
    func namespacePrefix() {
        #expect(KeyCallVisitor.namespacePrefix("common:hello").map { [$0.0, $0.1] } == ["common", "hello"])
        #expect(KeyCallVisitor.namespacePrefix("Error: {{message}}") == nil)
        #expect(KeyCallVisitor.namespacePrefix(":x") == nil)
        #expect(KeyCallVisitor.namespacePrefix("ns:") == nil)
    }

    @Test("source that does not parse still gives the calls the parser recovers, and never traps")
    func malformedSource() {
        let source = Array("func f( { NSLocalizedString(\"kept\", comment: \"\") \u{0}\u{FF} ((((((".utf8) + [0xFF, 0xFE]
        let result = SwiftKeyExtractor.extract(source: source, file: "broken.swift")
        #expect(result.usages.map(\.key) == ["kept"])
        let deep = String(repeating: "(", count: 10_000) + "t(\"deep\")" + String(repeating: ")", count: 10_000)
        _ = SwiftKeyExtractor.extract(source: Array(deep.utf8), file: "deep.swift")
    }

    @Test("an unreadable file is an error naming it")
    func unreadable() {
        let result = SwiftKeyExtractor.extract(file: "/nonexistent/File.swift")
        #expect(result.usages.isEmpty)
        #expect(result.diagnostics.first?.severity == .error)
        #expect(result.diagnostics.first?.file == "/nonexistent/File.swift")
    }
}
#endif
