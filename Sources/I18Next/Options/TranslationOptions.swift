/// The options object of `t(key, options)`: i18next's call options (`count`, `context`, `lng`,
/// `ns`, `defaultValue`, `replace`, …) and, in the same object, the interpolation variables.
public struct TranslationOptions: Sendable, ExpressibleByDictionaryLiteral {
    /// The object as given: every member is also an interpolation variable.
    public internal(set) var values: I18nObject

    /// Options from an object.
    public init(_ values: I18nObject = I18nObject()) {
        self.values = values
    }

    public init(dictionaryLiteral elements: (String, I18nValue)...) {
        self.values = I18nObject(elements)
    }

    subscript(name: String) -> I18nValue? {
        get { values[name] }
        set { values[name] = newValue }
    }

    /// `count`, when it is not a string (i18next ignores string counts for plurals).
    var pluralCount: Double?? {
        switch values["count"] {
        case nil: return .none
        case .string?: return .none
        case .number(let value)?: return .some(value)
        case .bool(let value)?: return .some(value ? 1 : 0)
        case .null?: return .some(0)
        default: return .some(Double.nan)
        }
    }

    var ordinal: Bool { values["ordinal"]?.isTruthy ?? false }

    /// `context`, when it is a non-empty string or a number.
    var context: String? {
        switch values["context"] {
        case .string(let text)? where !text.isEmpty: return text
        case .number(let number)?: return JSNumber.string(number)
        default: return nil
        }
    }

    var language: String? {
        if case .string(let text)? = values["lng"], !text.isEmpty { return text }
        return nil
    }

    var languages: [String]? {
        switch values["lngs"] {
        case .string(let text)?: return [text]
        case .array(let list)?: return list.compactMap(\.stringValue)
        default: return nil
        }
    }

    var namespaces: [String]? {
        switch values["ns"] {
        case .string(let text)? where !text.isEmpty: return [text]
        case .array(let list)?: return list.compactMap(\.stringValue)
        default: return nil
        }
    }

    var fallbackLanguages: I18NextOptions.FallbackLanguages? {
        switch values["fallbackLng"] {
        case .string(let text)?: return .list([text])
        case .array(let list)?: return .list(list.compactMap(\.stringValue))
        case .bool(false)?: return I18NextOptions.FallbackLanguages.none
        default: return nil
        }
    }

    /// A separator option: `nil` when not given, `.some(nil)` for `false`.
    func separator(_ name: String) -> String?? {
        switch values[name] {
        case nil: return .none
        case .string(let text)?: return .some(text)
        case .bool(false)?: return .some(nil)
        default: return .none
        }
    }

    var hasDefaultValue: Bool {
        values.members.contains { $0.key.hasPrefix("defaultValue") }
    }

    /// `replace` when it is an object: then it, not the options, holds the variables.
    var replacement: I18nObject? {
        if case .object(let object)? = values["replace"] { return object }
        return nil
    }

    var interpolationOverrides: I18nObject? {
        if case .object(let object)? = values["interpolation"] { return object }
        return nil
    }
}
