/// The translations, `lng → ns → key`, and i18next's two ways of finding a key in them: the
/// path split by the key separator, then (`ignoreJSONStructure`) a search that also accepts keys
/// containing the separator (`"flat.key"`).
import JSONParsing

struct ResourceStore: Sendable {
    private(set) var data: I18nObject
    /// The indexes by language, then namespace. Keyed by `String`, not by a (language,
    /// namespace) struct: a dictionary keyed by a type of our own makes the runtime scan every
    /// conformance record for its `Hashable` conformance when the first one is made, at the
    /// start of every `envtool t`; `String`'s is looked up already.
    private var indexes: [String: [String: NamespaceIndex]] = [:]
    /// The key separator the indexes are built for; `nil` when there are none.
    let indexSeparator: String?

    /// Every path of a namespace joined with the key separator, so that a lookup is one hash probe
    /// instead of splitting the key and walking the tree on every `t()`.
    struct NamespaceIndex: Sendable {
        var entries: [JSONKey: JSONValue] = [:]
        /// Whether some member name contains the separator; only then can i18next's `deepFind`
        /// find what the plain path does not.
        var hasSeparatorInNames = false
        var separatorBytes: [UInt8] = []

        /// Whether a key missing from the index is missing from the tree too: true unless the key
        /// has what the index leaves to the tree walk (`###`, a `length` segment, empty segments).
        func missIsFinal(_ key: String) -> Bool {
            let length = Array("length".utf8)
            let found: Bool? = key.utf8.withContiguousStorageIfAvailable { bytes in
                if bytes.isEmpty { return false }
                var segmentStart = 0
                var index = 0
                func segmentIsFinal(_ end: Int) -> Bool {
                    let count = end - segmentStart
                    if count == 0 { return false }
                    if count == length.count, (0..<count).allSatisfy({ bytes[segmentStart + $0] == length[$0] }) { return false }
                    return true
                }
                while index < bytes.count {
                    let byte = bytes[index]
                    if byte == UInt8(ascii: "#"), index + 2 < bytes.count, bytes[index + 1] == byte, bytes[index + 2] == byte {
                        return false
                    }
                    if byte == separatorBytes[0], index + separatorBytes.count <= bytes.count,
                        separatorBytes.indices.allSatisfy({ bytes[index + $0] == separatorBytes[$0] })
                    {
                        if !segmentIsFinal(index) { return false }
                        index += separatorBytes.count
                        segmentStart = index
                        continue
                    }
                    index += 1
                }
                return segmentIsFinal(bytes.count)
            }
            return found ?? false
        }
    }

    /// - Parameter indexed: Whether to build the path indexes (``NamespaceIndex``); without them
    ///   every lookup walks the tree, with the same results.
    init(data: I18nObject, keySeparator: String? = ".", indexed: Bool = true) {
        self.data = data
        self.indexSeparator = indexed ? keySeparator.flatMap { $0.isEmpty ? nil : $0 } : nil
        for (language, namespaces) in data.members {
            guard case .object(let object) = namespaces else { continue }
            for (namespace, root) in object.members { reindex(language, namespace, root) }
        }
    }

    private mutating func reindex(_ language: String, _ namespace: String, _ root: I18nValue) {
        guard let separator = indexSeparator else { return }
        var index = NamespaceIndex()
        index.separatorBytes = Array(separator.utf8)
        // Sized once: growing a dictionary of every path of a large namespace rehashes it again
        // and again (an eighth of loading 7 MB of resources, measured).
        index.entries.reserveCapacity(Self.nodeCount(root))
        let marker = Array("###".utf8)
        func add(_ value: I18nValue, path: String?) {
            switch value {
            case .object(let object):
                for (name, child) in object.members {
                    // Code units, as i18next's indexOf compares (String.contains would go through
                    // Foundation's Unicode-aware search: a fifth of loading large resources).
                    if Scanner.contains(name, index.separatorBytes) || Scanner.contains(name, marker) {
                        index.hasSeparatorInNames = true
                        continue
                    }
                    let childPath = path.map { $0 + separator + name } ?? name
                    index.entries[JSONKey(childPath)] = child
                    add(child, path: childPath)
                }
            case .array(let elements):
                for (offset, child) in elements.enumerated() {
                    let childPath = path.map { $0 + separator + String(offset) } ?? String(offset)
                    index.entries[JSONKey(childPath)] = child
                    add(child, path: childPath)
                }
            default:
                break
            }
        }
        add(root, path: nil)
        indexes[language, default: [:]][namespace] = index
    }

    /// The objects' members and arrays' elements under `value`, iteratively (no recursion limit).
    private static func nodeCount(_ value: I18nValue) -> Int {
        var count = 0
        var pending = [value]
        while let next = pending.popLast() {
            switch next {
            case .object(let object):
                count += object.count
                for (_, child) in object.members { if child.isObjectOrArray { pending.append(child) } }
            case .array(let elements):
                count += elements.count
                for child in elements where child.isObjectOrArray { pending.append(child) }
            default:
                break
            }
        }
        return count
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
        if let root = namespaces[namespace] { reindex(language, namespace, root) }
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

    /// The index of one namespace of one language, for callers that look it up once and reuse it.
    func index(language: String, namespace: String) -> NamespaceIndex? {
        indexes[language]?[namespace]
    }

    func resource(language: String, namespace: String, key: String, keySeparator: String?, ignoreJSONStructure: Bool) -> I18nValue? {
        resource(
            indexed: indexSeparator == nil ? nil : index(language: language, namespace: namespace),
            language: language, namespace: namespace, key: key, keySeparator: keySeparator, ignoreJSONStructure: ignoreJSONStructure)
    }

    func resource(
        indexed index: NamespaceIndex?, language: String, namespace: String, key: String, keySeparator: String?,
        ignoreJSONStructure: Bool
    ) -> I18nValue? {
        if let separator = indexSeparator, keySeparator == separator, let index, !key.isEmpty {
            let needsDeepFind = ignoreJSONStructure && index.hasSeparatorInNames
            if let value = index.entries[JSONKey(key)] {
                if value.isTruthy || !needsDeepFind { return value }
            } else if !needsDeepFind, index.missIsFinal(key) {
                return nil
            }
        }
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
        if !JSStrings.contains(key, separator) { return lastOfPath(root, [key]) }
        return lastOfPath(root, JSStrings.split(key, by: separator))
    }

    static func lastOfPath(_ root: I18nValue, _ segments: [String]) -> I18nValue? {
        var current: I18nValue? = root
        for (index, raw) in segments.enumerated() {
            guard let object = current else { return nil }
            if case .string = object { return nil }
            let segment = JSStrings.contains(raw, "###") ? raw.replacing("###", with: ".") : raw
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
        let tokens = JSStrings.split(path, by: separator)
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
                    case .string, .integer, .number, .numberLiteral, .bool:
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

extension JSONValue {
    fileprivate var isObjectOrArray: Bool {
        switch self {
        case .object, .array: true
        default: false
        }
    }
}
