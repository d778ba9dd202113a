import JSONParsing

/// The options object of `t(key, options)`: i18next's call options (`count`, `context`, `lng`,
/// `ns`, `defaultValue`, `replace`, …) and, in the same object, the interpolation variables.
public struct TranslationOptions: Sendable, ExpressibleByDictionaryLiteral {
    /// The object as given: every member is also an interpolation variable.
    public internal(set) var values: I18nObject {
        get { storage.values }
        set {
            if isKnownUniquelyReferenced(&storage) {
                storage.values = newValue
                storage.facts = Facts(newValue)
            } else {
                storage = Storage(newValue)
            }
        }
    }

    /// The object and its facts, behind one reference: the options pass through several calls
    /// (a nested `$t()` makes its own), and a struct of a dozen strings and objects cost a dozen
    /// retains and releases at each copy (~10% of an interpolation call).
    private final class Storage: @unchecked Sendable {
        // Mutated only through `values`' setter, on a storage no other copy holds.
        var values: I18nObject
        var facts: Facts

        init(_ values: I18nObject) {
            self.values = values
            self.facts = Facts(values)
        }
    }

    private var storage: Storage

    /// What `t()` asks of the options on every call, worked out once when they are made.
    struct Facts: Sendable {
        var isEmpty = true
        var hasCount = false
        var hasContext = false
        var hasLanguageOptions = false
        var hasSeparators = false
        var hasDefaultValue = false
        var hasPostProcess = false
        var hasInterpolationOverrides = false
        var hasReplace = false
        var hasJoinArrays = false
        var hasReturnObjects = false
        var hasNamespace = false
        var skipInterpolation = false
        var language: String?
        var pluralCount: Double??
        /// `count === 0` (the number, not `null` or `false`): only then is `_zero` tried.
        var countIsZero = false
        var context: String?
        /// `ordinal`, when there is a count.
        var ordinal = false

        /// Whether the options change nothing of how a key is found but its plural: a cardinal
        /// `count`, interpolation variables and options that act on the value found (`replace`,
        /// `interpolation`, `postProcess`, `skipInterpolation`, `returnObjects`). A call with such
        /// options looks its key up as a call without options does, plural keys first.
        var findsByKeyAndCount: Bool {
            !ordinal && !hasContext && !hasLanguageOptions && !hasSeparators && !hasDefaultValue && !hasNamespace && !hasJoinArrays
        }

        init() {}

        init(_ values: I18nObject) {
            isEmpty = values.isEmpty
            guard !isEmpty else { return }
            defer {
                if hasLanguageOptions, case .string(let text)? = values["lng"], !text.isEmpty { language = text }
                if hasCount {
                    ordinal = values["ordinal"]?.isTruthy ?? false
                    let count = values["count"]
                    switch count {
                    case nil, .string?: pluralCount = .none
                    case .integer?, .number?, .numberLiteral?:
                        let value = count?.numberValue ?? .nan
                        pluralCount = .some(value); countIsZero = value == 0
                    case .bool(let value)?: pluralCount = .some(value ? 1 : 0)
                    case .null?: pluralCount = .some(0)
                    default: pluralCount = .some(Double.nan)
                    }
                }
                if hasContext {
                    let given = values["context"]
                    switch given {
                    case .string(let text)? where !text.isEmpty: context = text
                    case .integer?, .number?, .numberLiteral?: context = given?.jsString
                    default: context = nil
                    }
                }
            }
            // The members, not `keys`: JSONObject builds that array on every read.
            for member in values.members {
                switch member.key {
                case "count": hasCount = true
                case "context": hasContext = true
                case "lng", "lngs", "fallbackLng": hasLanguageOptions = true
                case "keySeparator", "nsSeparator", "ignoreJSONStructure": hasSeparators = true
                case "postProcess", "applyPostProcessor": hasPostProcess = true
                case "interpolation": hasInterpolationOverrides = true
                case "replace": hasReplace = true
                case "joinArrays": hasJoinArrays = true
                case "returnObjects": hasReturnObjects = true
                case "ns": hasNamespace = true
                case "skipInterpolation": skipInterpolation = true
                default: if member.key.hasPrefix("defaultValue") { hasDefaultValue = true }
                }
            }
        }
    }

    var facts: Facts { storage.facts }

    /// Set on the options of a nested `$t()`: i18next passes `applyPostProcessor: false` to it.
    var suppressesPostProcessing = false

    /// Options from an object.
    public init(_ values: I18nObject = I18nObject()) {
        storage = Storage(values)
    }

    public init(dictionaryLiteral elements: (String, I18nValue)...) {
        self.init(I18nObject(elements))
    }

    subscript(name: String) -> I18nValue? {
        get { facts.isEmpty ? nil : values[name] }
        set { values[name] = newValue }
    }

    /// `count`, when it is not a string (i18next ignores string counts for plurals).
    var pluralCount: Double?? { facts.pluralCount }
    var countIsZero: Bool { facts.countIsZero }

    var ordinal: Bool { facts.ordinal }

    /// `context`, when it is a non-empty string or a number.
    var context: String? { facts.context }

    var language: String? { facts.language ?? implicitLanguage }

    /// i18next sets `lng` on the options of nested `$t()` calls; kept here instead of in
    /// ``values`` so that nesting does not copy the options object.
    var implicitLanguage: String?

    var languages: [String]? {
        guard facts.hasLanguageOptions else { return nil }
        switch values["lngs"] {
        case .string(let text)?: return [text]
        case .array(let list)?: return list.compactMap(\.stringValue)
        default: return nil
        }
    }

    var namespaces: [String]? {
        guard facts.hasNamespace else { return nil }
        switch values["ns"] {
        case .string(let text)? where !text.isEmpty: return [text]
        case .array(let list)?: return list.compactMap(\.stringValue)
        default: return nil
        }
    }

    var fallbackLanguages: I18NextOptions.FallbackLanguages? {
        guard facts.hasLanguageOptions else { return nil }
        switch values["fallbackLng"] {
        case .string(let text)?: return .list([text])
        case .array(let list)?: return .list(list.compactMap(\.stringValue))
        case .bool(false)?: return I18NextOptions.FallbackLanguages.none
        default: return nil
        }
    }

    /// A separator option: `nil` when not given, `.some(nil)` for `false`.
    func separator(_ name: String) -> String?? {
        guard facts.hasSeparators else { return .none }
        switch values[name] {
        case nil: return .none
        case .string(let text)?: return .some(text)
        case .bool(false)?: return .some(nil)
        default: return .none
        }
    }

    var hasDefaultValue: Bool { facts.hasDefaultValue }

    /// `replace` when it is an object: then it, not the options, holds the variables.
    var replacement: I18nObject? {
        guard facts.hasReplace else { return nil }
        if case .object(let object)? = values["replace"] { return object }
        return nil
    }

    var interpolationOverrides: I18nObject? {
        guard facts.hasInterpolationOverrides else { return nil }
        if case .object(let object)? = values["interpolation"] { return object }
        return nil
    }
}
