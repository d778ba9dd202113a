import Foundation
import Testing

@testable import I18Next

/// The differential corpus: random resources, options and calls (scripts/i18next-differential.mjs)
/// recorded through the real i18next. Agreement must stay at or above 99.5%, and every call that
/// disagrees must be listed by id, with its reason, in `Fixtures/differential/deviations.json` (and
/// docs/i18next-deviations.md), so agreement cannot drop unnoticed; a listed call that agrees again
/// fails too, so the list never outlives its reason.
@Suite("i18next differential corpus")
struct DifferentialTests {
    static let directory = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/differential")

    struct Call {
        let id: String
        let key: I18nValue
        let options: I18nObject
        let expected: I18nValue
    }

    struct Case {
        let id: String
        let initOptions: I18nObject
        let calls: [Call]
    }

    /// `{"$js": "NaN"}` and friends stand for the JavaScript numbers JSON cannot write.
    static func decode(_ value: I18nValue) -> I18nValue {
        switch value {
        case .object(let object):
            if object.count == 1, case .string(let name)? = object["$js"] {
                switch name {
                case "NaN": return .number(.nan)
                case "Infinity": return .number(.infinity)
                case "-Infinity": return .number(-.infinity)
                case "-0": return .number(-0.0)
                default: return value
                }
            }
            var decoded = I18nObject()
            for (key, member) in object.members { decoded[key] = decode(member) }
            return .object(decoded)
        case .array(let elements): return .array(elements.map(decode))
        default: return value
        }
    }

    static let cases: [Case] = {
        guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent("corpus.json").path),
            case .object(let root) = try? I18nValue(jsonData: data, source: "corpus.json"),
            case .array(let cases)? = root["cases"]
        else { return [] }
        return cases.compactMap { value in
            guard case .object(let object) = value, case .string(let id)? = object["id"],
                case .object(let initOptions) = decode(object["init"] ?? .null), case .array(let calls)? = object["calls"]
            else { return nil }
            return Case(
                id: id, initOptions: initOptions,
                calls: calls.enumerated().compactMap { offset, call in
                    guard case .object(let fields) = call, let key = fields["key"], let expected = fields["expected"] else { return nil }
                    var options = I18nObject()
                    if case .object(let given) = decode(fields["options"] ?? .null) { options = given }
                    return Call(id: "\(id)/\(offset)", key: key, options: options, expected: decode(expected))
                })
        }
    }()

    /// Call ids (`d0042/3`) whose disagreement is known and explained: `{"deviations": [{"id", "reason"}]}`.
    static let deviations: [String: String] = {
        guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent("deviations.json").path),
            case .object(let root) = try? I18nValue(jsonData: data, source: "deviations.json"),
            case .array(let entries)? = root["deviations"]
        else { return [:] }
        var result: [String: String] = [:]
        for case .object(let entry) in entries {
            if let id = entry["id"]?.stringValue { result[id] = entry["reason"]?.stringValue ?? "" }
        }
        return result
    }()

    static func same(_ a: I18nValue, _ b: I18nValue) -> Bool {
        a.isSameJavaScriptValue(as: b)
    }

    @Test("agrees with i18next on at least 99.5% of the recorded calls, and every disagreement is a listed one")
    func agreement() throws {
        let total = Self.cases.reduce(0) { $0 + $1.calls.count }
        #expect(total > 2500, "expected the corpus at \(Self.directory.path)")
        var agreed = 0
        var unlisted: [String] = []
        var stale: [String] = []
        for testCase in Self.cases {
            let i18n = I18Next(options: try I18NextOptions(json: testCase.initOptions, source: testCase.id))
            for call in testCase.calls {
                let result: I18nValue
                switch call.key {
                case .string(let key): result = i18n.t(key, TranslationOptions(call.options))
                case .array(let keys): result = i18n.t(keys.compactMap(\.stringValue), TranslationOptions(call.options))
                default: continue
                }
                let listed = Self.deviations[call.id] != nil
                if Self.same(result, call.expected) {
                    agreed += 1
                    if listed { stale.append(call.id) }
                } else if !listed {
                    unlisted.append(
                        "\(call.id): t(\(call.key.jsonText()), \(I18nValue.object(call.options).jsonText())) gave \(result.jsonText()), i18next \(call.expected.jsonText())"
                    )
                }
            }
        }
        let agreement = total == 0 ? 0 : Double(agreed) / Double(total)
        #expect(agreement >= 0.995, "agreement \(agreed)/\(total)")
        #expect(unlisted.isEmpty, "disagreements not in deviations.json:\n\(unlisted.joined(separator: "\n"))")
        #expect(stale.isEmpty, "listed in deviations.json but agreeing now (remove them): \(stale)")
    }

    @Test("every listed deviation gives its reason")
    func deviationsExplained() {
        #expect(Self.deviations.values.allSatisfy { !$0.isEmpty })
    }
}
