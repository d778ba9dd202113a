/// The translations, `lng → ns → key`, and i18next's two ways of finding a key in them: the
/// path split by the key separator, then (`ignoreJSONStructure`) a search that also accepts keys
/// containing the separator (`"flat.key"`).
struct ResourceStore: Sendable {
    private(set) var data: I18nObject

    init(data: I18nObject) {
        self.data = data
    }

    func hasTranslations(_ language: String) -> Bool {
        guard case .object(let namespaces)? = data[language] else { return false }
        return namespaces.members.contains { member in
            if case .object(let object) = member.value { return !object.isEmpty }
            return false
        }
    }

    /// Adds or deep-merges a namespace of a language (later values win).
    mutating func addBundle(language: String, namespace: String, resources: I18nObject) {
        var namespaces: I18nObject
        if case .object(let existing)? = data[language] { namespaces = existing } else { namespaces = I18nObject() }
        if case .object(let existing)? = namespaces[namespace] {
            namespaces[namespace] = .object(Self.deepMerge(existing, resources))
        } else {
            namespaces[namespace] = .object(resources)
        }
        data[language] = .object(namespaces)
    }

    private static func deepMerge(_ target: I18nObject, _ source: I18nObject) -> I18nObject {
        var result = target
        for (key, value) in source.members {
            if case .object(let left)? = result[key], case .object(let right) = value {
                result[key] = .object(deepMerge(left, right))
            } else {
                result[key] = value
            }
        }
        return result
    }

    func namespace(_ language: String, _ namespace: String) -> I18nValue? {
        data[language]?.ownProperty(namespace)
    }

    func resource(language: String, namespace: String, key: String, keySeparator: String?, ignoreJSONStructure: Bool) -> I18nValue? {
        guard let root = data[language]?.ownProperty(namespace) else { return nil }
        var result: I18nValue? = nil
        if let keySeparator, !keySeparator.isEmpty {
            result = Self.path(root, key, separator: keySeparator)
        } else {
            result = Self.lastOfPath(root, [key])
        }
        if let result, result.isTruthy { return result }
        if !ignoreJSONStructure { return result }
        // With `keySeparator: false` i18next splits on the string "false", which in practice never splits.
        return Self.deepFind(root, key, separator: keySeparator ?? "false") ?? result
    }

    /// i18next's `getPath`: walk the segments; primitives other than strings can be stepped into
    /// (and yield nothing), strings cannot.
    static func path(_ root: I18nValue, _ key: String, separator: String) -> I18nValue? {
        if separator == ".", !key.contains(".") { return lastOfPath(root, [key]) }
        return lastOfPath(root, key.components(separatedBy: separator))
    }

    static func lastOfPath(_ root: I18nValue, _ segments: [String]) -> I18nValue? {
        var current: I18nValue? = root
        for (index, raw) in segments.enumerated() {
            guard let object = current else { return nil }
            if case .string = object { return nil }
            let segment = raw.contains("###") ? raw.replacingOccurrences(of: "###", with: ".") : raw
            let next = object.ownProperty(segment)
            if index == segments.count - 1 { return next }
            current = next ?? .object(I18nObject())
        }
        return nil
    }

    /// i18next's `deepFind`: at each level, the longest run of segments joined with the separator
    /// that names a member wins, so `"mixed.inner.dot"` finds `{"mixed": {"inner.dot": …}}`.
    static func deepFind(_ root: I18nValue, _ path: String, separator: String) -> I18nValue? {
        if let direct = root.ownProperty(path), direct.isTruthy { return direct }
        let tokens = path.components(separatedBy: separator)
        var current: I18nValue? = root
        var index = 0
        while index < tokens.count {
            guard let object = current else { return nil }
            switch object {
            case .object, .array: break
            default: return nil
            }
            var next: I18nValue? = nil
            var nextPath = ""
            var advanced = false
            for j in index..<tokens.count {
                if j != index { nextPath += separator }
                nextPath += tokens[j]
                next = object.ownProperty(nextPath)
                if let found = next {
                    switch found {
                    case .string, .number, .bool:
                        if j < tokens.count - 1 { continue }
                    default: break
                    }
                    index += j - index + 1
                    advanced = true
                    break
                }
            }
            current = next
            if !advanced && next == nil { return nil }
        }
        return current
    }
}
