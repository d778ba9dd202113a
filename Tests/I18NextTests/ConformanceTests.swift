import Foundation
import Testing

@testable import I18Next

/// The conformance corpus (a copy of the recordings in ../shared/i18next-conformance, kept in the
/// fixtures so the suite runs from any clone): cases whose expected values were produced by the
/// real i18next. Every call must give the same result, except the case ids in
/// `Fixtures/conformance/deviations.json`, each explained in docs/i18next-deviations.md.
@Suite("i18next conformance corpus")
struct ConformanceTests {
    static let corpus = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/conformance")

    struct Case: Sendable, CustomTestStringConvertible {
        let suite: String
        let id: String
        let initOptions: I18nObject
        let calls: [I18nValue]
        var testDescription: String { "\(suite)/\(id)" }
    }

    static func load(_ file: String) -> [Case] {
        guard let data = FileManager.default.contents(atPath: corpus.appendingPathComponent(file).path),
            case .object(let root) = try? I18nValue(jsonData: data, source: file),
            case .array(let cases)? = root["cases"]
        else { return [] }
        return cases.compactMap { value in
            guard case .object(let object) = value, case .string(let id)? = object["id"],
                case .object(let initOptions)? = object["init"], case .array(let calls)? = object["calls"]
            else { return nil }
            return Case(suite: file, id: id, initOptions: initOptions, calls: calls)
        }
    }

    /// Case ids skipped on purpose, as data: `{"skipped": [{"id": "…", "reason": "…"}]}`.
    static let deviations: Set<String> = {
        guard let data = FileManager.default.contents(atPath: corpus.appendingPathComponent("deviations.json").path),
            case .object(let root) = try? I18nValue(jsonData: data, source: "deviations.json"),
            case .array(let skipped)? = root["skipped"]
        else { return [] }
        return Set(
            skipped.compactMap { entry in
                if case .object(let object) = entry { return object["id"]?.stringValue }
                return nil
            })
    }()

    static let v4Cases = load("v4.public.json")
    static let v1Cases = load("v1.public.json")

    @Test("the corpus is present and complete")
    func corpusLoads() {
        #expect(Self.v4Cases.count == 137, "expected the corpus at \(Self.corpus.path)")
        #expect(Self.v1Cases.count == 61)
    }

    @Test("v4 cases give i18next's results", arguments: v4Cases)
    func v4(testCase: Case) throws {
        try run(testCase, indexed: true)
    }

    @Test("v1 (legacy JSON) cases give i18next 1.x's results", arguments: v1Cases)
    func v1(testCase: Case) throws {
        try run(testCase, indexed: true)
    }

    /// The key-path index is a cache of the tree walk: without it (as `envtool t` runs), every
    /// case gives the same result.
    @Test("every case gives the same results without the key-path index", arguments: v4Cases + v1Cases)
    func withoutIndex(testCase: Case) throws {
        try run(testCase, indexed: false)
    }

    private func run(_ testCase: Case, indexed: Bool) throws {
        guard !Self.deviations.contains(testCase.id) else { return }
        var initOptions = try I18NextOptions(json: testCase.initOptions, source: testCase.id)
        initOptions.indexesKeyPaths = indexed
        let i18n = I18Next(options: initOptions)
        for call in testCase.calls {
            guard case .object(let object) = call, let expected = object["expected"] else { continue }
            var options = I18nObject()
            if case .object(let given)? = object["options"] { options = given }
            let result: I18nValue
            switch object["key"] {
            case .string(let key)?: result = i18n.t(key, TranslationOptions(options))
            case .array(let keys)?: result = i18n.t(keys.compactMap(\.stringValue), TranslationOptions(options))
            default: continue
            }
            #expect(result.isSameJavaScriptValue(as: expected), "\(testCase.id): t(\(object["key"]!.jsonText()), \(I18nValue.object(options).jsonText()))")
        }
    }
}
