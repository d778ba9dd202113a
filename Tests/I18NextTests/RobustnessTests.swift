import Foundation
import Testing

@testable import I18Next

/// Seeded random resources made of the pieces that have broken engines before (nestings that
/// nest each other, odd numbers, sprintf placeholders, format options Intl rejects), in v4 and
/// v1: every call must come back, quickly, without a trap and without 1.x's internal markers.
@Suite("random resources never trap or hang the engine")
struct RobustnessTests {
    static let pieces = [
        "$t(", ")", "{", "}", "\"", "'", ",", "{{", "}}", "-", "%", "1", ".", "a", "k", " ", "count", ":", "__", "\\", "\n", "é", "😀",
        "$t(k)", "$t(a, {\"count\": 2})", "$t(k, {\"context\": \"{{v}}\"})", "$t(b, number)", "$t(k)$t(k)", "{{v, number}}", "{{- v}}",
        "{{v, number(minimumFractionDigits: -5)}}", "{{v, currency(XYZ)}}", "{{v, datetime}}", "{{v, list}}", "__v__", "__count__",
        "%(x)s", "%5$d", "%.3e", "%c", "%99999999d", "%.100e", "_plural", "99999999999", "-1",
    ]

    @Test("600 random instances, 2400 calls", arguments: [1, 2])
    func random(seed: UInt64) throws {
        var state = seed
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        for _ in 0..<300 {
            var resources = I18nObject()
            for key in ["k", "a", "a_plural", "a_one", "a_other", "k_x", "b"] {
                var text = ""
                for _ in 0..<next(12) { text += Self.pieces[next(Self.pieces.count)] }
                resources[key] = .string(text)
            }
            let i18n = I18Next(
                options: try I18NextOptions(
                    json: [
                        "lng": .string(["en", "ar", "de-AT", "dev"][next(4)]), "compatibilityJSON": next(2) == 0 ? "v1" : "v4",
                        "resources": ["en": ["translation": .object(resources)]],
                    ], source: "random"))
            var options = I18nObject()
            if next(2) == 0 { options["count"] = [I18nValue.number(.nan), .number(1e308), .number(-1), .number(2), .string("nan"), .null][next(6)] }
            if next(3) == 0 { options["context"] = .string(["x", "", "{{v}}"][next(3)]) }
            if next(2) == 0 { options["v"] = [I18nValue.string("$t(k)"), .number(.infinity), .string("{{v}}"), .number(-0.0)][next(4)] }
            if next(3) == 0 {
                options["postProcess"] = "sprintf"
                options["sprintf"] = [I18nValue.array([.number(.nan), .string("inf"), .number(-5)]), .object(["x": .number(1e21)])][next(2)]
            }
            if next(4) == 0 { options["returnObjects"] = true }
            if next(5) == 0 { options["interpolation"] = ["skipOnVariables": false] }
            if next(5) == 0 { options["formatParams"] = ["v": ["minimumFractionDigits": [I18nValue.number(-1), .number(1e9), .string("x")][next(3)]]] }
            for key in ["k", "a", "b", "missing"] {
                let started = ContinuousClock.now
                let result = i18n.t(key, TranslationOptions(options))
                #expect(ContinuousClock.now - started < .seconds(10), "t(\(key)) with \(I18nValue.object(resources).jsonText())")
                if case .string(let text) = result { #expect(!text.contains("\u{0}plural_not_found") && !text.contains("\u{0}context_not_found")) }
            }
        }
    }
}
