import Foundation
import Testing

@testable import I18Next

@Suite("nesting")
struct NestingTests {
    func engine(
        _ resources: I18nObject, compatibility: I18NextOptions.Compatibility = .v4,
        warnings: WarningLog? = nil
    ) -> I18Next {
        // Through the init object, as i18next-ios users write it: "v1" and "ios" also set 1.x's `__var__` interpolation.
        var options = (try? I18NextOptions(json: ["lng": "en", "compatibilityJSON": .string(compatibility.rawValue)], source: "test")) ?? I18NextOptions()
        options.resources = ["en": .object(["translation": .object(resources)])]
        options.warningHandler = warnings?.handler
        return I18Next(options: options)
    }

    @Test("the same key nested twice is replaced twice, as i18next does")
    func sameKeyTwice() {
        let i18n = engine([
            "q": "Q", "a": "$t(q)$t(q)", "b": "$t(q) and $t(q) and $t(q)", "c": "$t(item, {\"count\": 1}) $t(q)$t(q)",
            "item_one": "{{count}} item", "item_other": "{{count}} items",
        ])
        #expect(i18n.t("a") == "QQ")
        #expect(i18n.t("b") == "Q and Q and Q")
        #expect(i18n.t("c") == "1 item QQ")
    }

    @Test("nesting with options resolves: a missing key with context gives the key, a space before the brace is fine")
    func nestingWithOptions() {
        let i18n = engine([
            "item_one": "{{count}} item", "item_other": "{{count}} items", "friend": "a friend",
            "m": #"$t(missing.key, {"context": "male"})"#, "s": #"$t(item, {"count": 1234.5678 })"#,
            "two": #"$t(friend, {"context": "female"}) $t(missing, {"count": 3})"#,
        ])
        #expect(i18n.t("m") == "missing.key")
        #expect(i18n.t("s") == "1234.5678 items")
        #expect(i18n.t("two") == "a friend missing")
    }

    @Test("a nesting that brings itself back through a variable stops, with a warning")
    func endlessReplacement() {
        let warnings = WarningLog()
        let i18n = engine(["k": "{{v}}", "a": "$t(k)"], warnings: warnings)
        let result = i18n.t("a", ["v": "$t(k)"])
        #expect(result.stringValue != nil)
        #expect(warnings.all.contains { $0.contains("nesting stopped") })
    }

    @Test("v1: nested plurals resolve as in i18next-ios")
    func legacyNestedPlural() {
        let i18n = engine(
            [
                "girlsAndBoys": #"$t(girls, {"count": __girls__}) and __count__ boy"#,
                "girlsAndBoys_plural": #"$t(girls, {"count": __girls__}) and __count__ boys"#,
                "girls": "__count__ girl", "girls_plural": "__count__ girls",
            ], compatibility: .v1)
        #expect(i18n.t("girlsAndBoys", ["count": 2, "girls": 3]) == "3 girls and 2 boys")
        #expect(i18n.t("girlsAndBoys", ["count": 1, "girls": 1]) == "1 girl and 1 boy")
    }

    @Test(
        "v1: a nested key that is not found never shows the internal not-found marker",
        arguments: [#"A $t(missing, {"count": 3}) B"#, "x $t(nope)", #"$t(gone, {"context": "male"})"#])
    func legacyNoMarker(template: String) {
        let i18n = engine(["k": .string(template), "k_plural": .string(template)], compatibility: .v1)
        for options: TranslationOptions in [[:], ["count": 2], ["context": "female"], ["count": 2, "context": "male"]] {
            guard case .string(let text) = i18n.t("k", options) else { Issue.record("expected a string"); continue }
            #expect(!text.contains("\u{0}"))
            #expect(!text.contains("not_found"))
        }
    }

    @Test(
        "v1: a key nesting itself with options stops after 50 replacements instead of overflowing the stack",
        arguments: [#"x $t(self, {"count": 2})"#, #"x $t(self, {"context": "a"})"#, #"x $t(self, {"count": 2, "context": "a"})"#, "x $t(self)"])
    func legacySelfNesting(template: String) {
        let warnings = WarningLog()
        let i18n = engine(
            ["self": .string(template), "self_plural": .string(template), "self_a": .string(template)],
            compatibility: .v1, warnings: warnings)
        guard case .string(let text) = i18n.t("self") else { Issue.record("expected a string"); return }
        #expect(text.hasPrefix("x x x"))
        #expect(text.components(separatedBy: "x ").count <= 52)
        #expect(!warnings.all.isEmpty)
    }

    @Test("keys that nest each other twice stop after 1000 nested translations instead of doubling to depth 32")
    func branchingCycle() {
        let warnings = WarningLog()
        let i18n = engine(["a": "A$t(b)$t(b)", "b": "B$t(a, {\"count\": 1})$t(a, {\"count\": 2})"], warnings: warnings)
        guard case .string(let text) = i18n.t("a") else { Issue.record("expected a string"); return }
        #expect(text.hasPrefix("ABAB"))
        // One letter per translation: the call itself and at most 1000 nested ones.
        #expect(text.filter { $0 == "A" || $0 == "B" }.count <= NestingBudget.maximumTranslations + 1)
        #expect(warnings.all.count == 1 && warnings.all.allSatisfy { $0.contains("1000 nested translations") }, "\(warnings.all.prefix(3))")
    }

    /// The resource of the report: objects whose every member nests the next object, in a ring,
    /// so that each nesting builds a whole object again (`fanOut` members, each nesting once more).
    static func nestedObjectRing(fanOut: Int) -> I18nObject {
        I18nObject(
            (0..<5).map { ring in
                ("o\(ring)", I18nValue.object(I18nObject((0..<fanOut).map { ("m\($0)", I18nValue.string("$t(o\((ring + 1) % 5))")) })))
            })
    }

    /// The members of a returned tree that were translated (objects built by a nesting, and the
    /// empty strings of nestings refused below them), and those left as written (`$t(o…)`).
    static func members(of value: I18nValue) -> (translated: Int, asWritten: Int) {
        guard case .object(let object) = value else { return (0, 0) }
        var counts = (translated: 0, asWritten: 0)
        for (_, member) in object.members {
            if case .string(let text) = member, text.hasPrefix("$t(") {
                counts.asWritten += 1
            } else {
                counts.translated += 1
                let inner = members(of: member)
                counts.translated += inner.translated
                counts.asWritten += inner.asWritten
            }
        }
        return counts
    }

    @Test(
        "returnObjects: objects whose members nest objects translate at most 1000 members in one call, whatever the fan-out, with one warning",
        arguments: [20, 60])
    func returnedObjectsShareTheBudget(fanOut: Int) {
        let warnings = WarningLog()
        let i18n = engine(Self.nestedObjectRing(fanOut: fanOut), warnings: warnings)
        let result = i18n.t("o0", ["returnObjects": true])
        let counts = Self.members(of: result)
        // Without the budget covering members, fan-out 20 made 18,741 warnings and 915 KB of output.
        #expect(counts.translated <= NestingBudget.maximumTranslations)
        #expect(counts.translated > 0 && counts.asWritten > 0)
        #expect(warnings.all.count == 1, "\(warnings.all.prefix(3))")
    }

    @Test("returnObjects: a returned object whose members nest objects within the budget is whole, without a warning")
    func returnedObjectsWithinTheBudget() {
        let warnings = WarningLog()
        let i18n = engine(
            ["menu": .object(["file": "$t(file)", "title": "Menu"]), "file": .object(["open": "Open {{what}}", "close": "Close"])],
            warnings: warnings)
        let result = i18n.t("menu", ["returnObjects": true, "what": "a file"])
        #expect(result == .object(["file": .object(["open": "Open a file", "close": "Close"]), "title": "Menu"]))
        #expect(warnings.all.isEmpty)
    }

    @Test("returnObjects: members past the call's 1000 nested translations stay as written, with one warning")
    func returnedMembersPastTheBudget() {
        let warnings = WarningLog()
        let i18n = engine(["big": .object(I18nObject((0..<1500).map { ("k\($0)", I18nValue.string("{{n}}")) }))], warnings: warnings)
        guard case .object(let object) = i18n.t("big", ["returnObjects": true, "n": "1"]) else { Issue.record("expected an object"); return }
        #expect(object.count == 1500)
        #expect(object.members.filter { $0.value == "1" }.count == NestingBudget.maximumTranslations)
        #expect(object.members.filter { $0.value == "{{n}}" }.count == 500)
        #expect(warnings.all.count == 1 && warnings.all.allSatisfy { $0.contains("1000 nested translations") })
    }

    @Test("v1: an object member whose name holds the namespace separator does not return the object inside itself forever")
    func legacyReturnObjectsCycle() {
        let warnings = WarningLog()
        // `:arr` makes the member path `translation:obj.:arr`; the `:` splits off `obj.`, whose empty
        // segment stops at `obj` itself. With two members the calls doubled at every level.
        let i18n = engine(["obj": .object(["sub": .object(["deep": "d"]), ":arr": .array(["x"])])], compatibility: .v1, warnings: warnings)
        guard case .object(let object) = i18n.t("obj", ["returnObjects": true]) else { Issue.record("expected an object"); return }
        #expect(object["sub"] == .object(["deep": "d"]))
        #expect(warnings.all.contains { $0.contains("refers back to the object being returned") })
    }

    @Test("v1: one t() call makes at most 50,000 lookups, whatever branches")
    func legacyLookupBudget() {
        let warnings = WarningLog()
        // A wide tree: 250 members of 250 members each is 62,500 lookups for one call.
        let row = I18nObject((0..<250).map { ("c\($0)", I18nValue.string("v")) })
        let table = I18nObject((0..<250).map { ("r\($0)", I18nValue.object(row)) })
        let i18n = engine(["table": .object(table)], compatibility: .v1, warnings: warnings)
        guard case .object = i18n.t("table", ["returnObjects": true]) else { Issue.record("expected an object"); return }
        #expect(warnings.all.contains { $0.contains("one t() call made 50000 lookups") })
        // A table within the budget is returned whole, without a warning.
        let small = WarningLog()
        let within = engine(["row": .object(row)], compatibility: .v1, warnings: small)
        guard case .object(let object) = within.t("row", ["returnObjects": true]) else { Issue.record("expected an object"); return }
        #expect(object.count == 250 && object["c249"] == "v")
        #expect(small.all.isEmpty)
    }

    @Test("nesting stops once its scans in one t() call passed over 4 MB, with a warning")
    func scanBudget() {
        let warnings = WarningLog()
        // Two keys of 10 KB that nest each other twice: well within 1000 nested translations, the
        // values rescanned after every replacement pass over far more than 4 MB.
        let filler = String(repeating: "x", count: 10_000)
        let i18n = engine(["a": .string(filler + "$t(b)$t(b)"), "b": .string(filler + "$t(a)$t(a)")], warnings: warnings)
        guard case .string(let text) = i18n.t("a") else { Issue.record("expected a string"); return }
        #expect(text.hasPrefix(filler + filler))
        #expect(warnings.all.contains { $0.contains("nesting stopped after scanning 4 MB of text in one t() call") })
        #expect(!warnings.all.contains { $0.contains("1000 nested translations") })
    }

    @Test("i18next-ios: a value that nests itself twice stops at 256 KiB instead of doubling 50 times, with a warning")
    func iosDoublingCycle() {
        let warnings = WarningLog()
        // i18next-ios replaces every occurrence of a nesting at once; found by the fuzzer
        // (Fuzz/Crashers/i18next-grammar/ios-nesting-every-occurrence-growth), this asked for 2^50 copies.
        let i18n = engine(["twice": "ab$t(twice)$t(twice)"], compatibility: .ios, warnings: warnings)
        guard case .string(let text) = i18n.t("twice") else { Issue.record("expected a string"); return }
        #expect(text.utf8.count <= 256 << 10, "\(text.utf8.count) bytes")
        #expect(text.hasPrefix("abababab"))
        #expect(warnings.all.filter { $0.contains("would grow past 256 KiB") }.count == 1, "\(warnings.all)")
        // A nesting that stays small is replaced in full, without a warning.
        let small = WarningLog()
        let within = engine(["pair": "$t(one) and $t(one)", "one": "1"], compatibility: .ios, warnings: small)
        #expect(within.t("pair") == "1 and 1")
        #expect(small.all.isEmpty, "\(small.all)")
    }

    @Test("v4: a nesting cycle through several keys ends, with a warning")
    func cycle() {
        let warnings = WarningLog()
        let i18n = engine(["a": "A $t(b)", "b": "B $t(c, {\"count\": 2})", "c": "C $t(a)"], warnings: warnings)
        guard case .string(let text) = i18n.t("a") else { Issue.record("expected a string"); return }
        #expect(text.hasPrefix("A B C A B C"))
        #expect(!warnings.all.isEmpty)
    }

    @Test(
        "a deeply nested object resource with returnObjects does not overflow the stack",
        arguments: [I18NextOptions.Compatibility.v4, .v1])
    func deepObject(compatibility: I18NextOptions.Compatibility) {
        var value = I18nValue.string("leaf")
        for _ in 0..<3000 { value = .object(["x": value]) }
        let i18n = engine(["deep": value], compatibility: compatibility)
        #expect(i18n.t("deep", ["returnObjects": true]).isObjectLike)
    }
}
