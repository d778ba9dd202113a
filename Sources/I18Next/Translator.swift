import JSONParsing
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The lookup and the rules of `t()`, a port of i18next's `Translator`: key and namespace
/// extraction, the search over namespaces, language codes, plural and context keys, default
/// values, objects and arrays, interpolation, nesting and post-processing.
///
/// It is an immutable snapshot of the instance, built when the language, resources or options
/// change, so a `t()` call takes one reference under the lock and never waits on another call.
final class Translator: Sendable {
    let options: I18NextOptions
    let store: ResourceStore
    let language: String?
    let languageUtils: LanguageUtils
    let plurals: PluralResolver
    let interpolator: Interpolator
    let formatter: ValueFormatter
    let postProcessors: [String: PostProcessor]
    /// The hierarchy of `language`, computed when the language is set.
    let languageHierarchy: [String]
    private let nsSeparatorBytes: [UInt8]
    private let hasPostProcessors: Bool
    private let isCIMode: Bool
    /// The namespace indexes of the common case, looked up once: default namespaces (then the
    /// fallback namespaces) × the language hierarchy.
    private let defaultIndexes: [[ResourceStore.NamespaceIndex?]]
    private let defaultNamespaces: [String]
    /// The cardinal plural rules of each language of ``languageHierarchy``, looked up once.
    private let hierarchyPluralRules: [PluralRules]
    /// The namespaces of ``defaultIndexes``' rows: the default namespaces, then the fallback ones.
    private let searchedNamespaces: [String]
    /// Hierarchies of languages asked for per call (`lng`), worked out once each.
    private let hierarchies = Mutex<[String: [String]]>([:])

    private func hierarchy(for code: String) -> [String] {
        if let known = hierarchies.withLock({ $0[code] }) { return known }
        let computed = languageUtils.resolveHierarchy(code)
        hierarchies.withLock { cache in if cache.count < 1024 { cache[code] = computed } }
        return computed
    }

    init(
        options: I18NextOptions, store: ResourceStore, language: String?, plurals: PluralResolver,
        interpolator: Interpolator, formatter: ValueFormatter, postProcessors: [String: PostProcessor]
    ) {
        self.options = options
        self.store = store
        self.language = language
        self.languageUtils = LanguageUtils(options: options)
        self.plurals = plurals
        self.interpolator = interpolator
        self.formatter = formatter
        self.postProcessors = postProcessors
        self.languageHierarchy = languageUtils.resolveHierarchy(language)
        self.nsSeparatorBytes = Array((options.nsSeparator ?? "").utf8)
        self.hasPostProcessors = !options.postProcess.isEmpty
        self.isCIMode = language?.lowercased() == "cimode"
        let namespaces = options.fallbackNS.map { options.defaultNS + $0 } ?? options.defaultNS
        self.defaultNamespaces = options.defaultNS
        self.searchedNamespaces = namespaces
        self.hierarchyPluralRules = languageHierarchy.map { plurals.rules(for: $0, ordinal: false) }
        let hierarchy = languageHierarchy
        self.defaultIndexes = namespaces.map { namespace in
            hierarchy.map { store.index(language: $0, namespace: namespace) }
        }
    }

    /// How deep `$t()` may nest. i18next stops only direct self-reference and overflows its stack on
    /// longer cycles; we stop there instead (see docs/i18next-deviations.md).
    static let maximumNestingDepth = 32

    /// How deep `returnObjects` translates the members of an object resource.
    static let maximumObjectDepth = 200

    /// The keys a call asked for: one (most calls; no array is made for it) or several.
    enum RequestedKeys {
        case one(String)
        case several([String])

        var first: String? {
            switch self {
            case .one(let key): key
            case .several(let keys): keys.first
            }
        }

        var all: [String] {
            switch self {
            case .one(let key): [key]
            case .several(let keys): keys
            }
        }
    }

    /// What ``extend`` needs of the search: the value found and its language.
    struct Found {
        let value: I18nValue?
        let language: String?
    }

    struct Resolution {
        var value: I18nValue? = nil
        var usedKey: String? = nil
        var exactUsedKey: String? = nil
        var usedLanguage: String? = nil
        var usedNamespace: String? = nil
    }

    // MARK: - t()

    func translate(_ keys: [String], _ callOptions: TranslationOptions) -> I18nValue {
        var budget = NestingBudget()
        return translate(keys, callOptions, lastKey: nil, depth: 0, budget: &budget)
    }

    /// `t(key)`: a string found with nothing to interpolate, nest or post-process is the answer
    /// before the list of keys the general path needs is even made.
    func translate(_ key: String, _ callOptions: TranslationOptions) -> I18nValue {
        var budget = NestingBudget()
        return translate(key, callOptions, lastKey: nil, depth: 0, budget: &budget)
    }

    /// One key at a nesting `depth` (a top-level `t(key)` or a nested `$t(key)`), by the short
    /// lookup where it applies.
    private func translate(
        _ key: String, _ callOptions: TranslationOptions, lastKey: String?, depth: Int,
        budget: inout NestingBudget
    ) -> I18nValue {
        guard callOptions.facts.findsByKeyAndCount, callOptions.implicitLanguage == nil || callOptions.implicitLanguage == language else {
            return translate([key], callOptions, lastKey: lastKey, depth: depth, budget: &budget)
        }
        let lookup = defaultLookup(key, count: callOptions.pluralCount ?? nil, countIsZero: callOptions.countIsZero)
        if case .string(let found) = lookup {
            // What translate(_:_:lastKey:depth:budget:lookup:) does with a string found, without
            // the one-element array of keys.
            if answersUnextended(found, callOptions) { return found.value }
            return extend(
                found.value, keys: .one(key), callOptions, found: Found(value: found.value, language: languageHierarchy[found.codeOffset]),
                lastKey: lastKey, depth: depth, budget: &budget, known: found.facts)
        }
        return translate([key], callOptions, lastKey: lastKey, depth: depth, budget: &budget, lookup: lookup)
    }

    /// `t()` at a nesting `depth`, sharing the call's `budget` of nested translations.
    ///
    /// - Parameter lookup: What ``defaultLookup(_:count:countIsZero:)`` found for the only key,
    ///   when the caller has looked already.
    func translate(
        _ keys: [String], _ callOptions: TranslationOptions, lastKey: String?, depth: Int,
        budget: inout NestingBudget, lookup: DefaultLookup? = nil
    ) -> I18nValue {
        guard let lastRequested = keys.last else { return .string("") }
        var knownResolution: Resolution? = nil
        if keys.count == 1, callOptions.facts.findsByKeyAndCount,
            callOptions.implicitLanguage == nil || callOptions.implicitLanguage == language
        {
            switch lookup ?? defaultLookup(lastRequested, count: callOptions.pluralCount ?? nil, countIsZero: callOptions.countIsZero) {
            case .string(let found):
                // What the general path below does with a string it found, minus the steps that
                // cannot apply to one (objects, arrays, defaults, missing keys).
                if answersUnextended(found, callOptions) { return found.value }
                return extend(
                    found.value, keys: .several(keys), callOptions, found: Found(value: found.value, language: languageHierarchy[found.codeOffset]),
                    lastKey: lastKey, depth: depth, budget: &budget, known: found.facts)
            case .missing(let resolution):
                // The search below would repeat the same lookups; its record is this one.
                knownResolution = resolution
            case .general:
                break
            }
        }
        let opt = callOptions
        let (key, namespaces) = extract(lastRequested, opt)
        let namespace = namespaces.last ?? "undefined"
        let nsSeparator: String = opt.separator("nsSeparator").map { $0 ?? "false" } ?? (options.nsSeparator ?? "false")
        let lng = opt.language ?? language

        if opt.language == nil ? isCIMode : lng?.lowercased() == "cimode" {
            if opt["appendNamespaceToCIMode"]?.isTruthy == true || options.appendNamespaceToCIMode {
                return .string(namespace + nsSeparator + key)
            }
            return .string(key)
        }

        let resolution = knownResolution ?? resolve(keys, opt)
        var result = resolution.value
        let usedKey = resolution.usedKey ?? key
        let exactUsedKey = resolution.exactUsedKey ?? key
        let joinArrays: String?
        switch opt.facts.hasJoinArrays ? opt["joinArrays"] : nil {
        case .string(let text)?: joinArrays = text
        case nil: joinArrays = options.joinArrays
        default: joinArrays = nil
        }

        let count = opt.pluralCount
        let needsPlural = count != nil
        let hasDefault = opt.hasDefaultValue
        var defaultValue: I18nValue? = nil
        if hasDefault {
            let defaultSuffix = needsPlural ? plurals.suffix(for: lng, count: count!!, ordinal: opt.ordinal) : ""
            let ordinalFallbackSuffix = opt.ordinal && needsPlural ? plurals.suffix(for: lng, count: count!!, ordinal: false) : ""
            let needsZero = needsPlural && !opt.ordinal && opt.countIsZero
            for candidate in [
                needsZero ? opt["defaultValue" + options.pluralSeparator + "zero"] : nil,
                opt["defaultValue" + defaultSuffix], opt["defaultValue" + ordinalFallbackSuffix],
            ] {
                if let candidate, candidate.isTruthy { defaultValue = candidate; break }
            }
            if defaultValue == nil { defaultValue = opt["defaultValue"] }
        }

        var forObjectHandling = result
        if (result == nil || !result!.isTruthy) && hasDefault { forObjectHandling = defaultValue }

        if let value = forObjectHandling, value.isTruthy, value.isObjectLike,
            !(joinArrays != nil
                && {
                    if case .array = value { return true }; return false
                }())
        {
            if opt["returnObjects"]?.isTruthy != true && !options.returnObjects {
                return .string("key '\(key) (\(language ?? "undefined"))' returned an object instead of string.")
            }
            let keySeparator: String? = opt.separator("keySeparator") ?? options.keySeparator
            if let keySeparator, !keySeparator.isEmpty {
                var childOptions = opt
                childOptions["joinArrays"] = .bool(false)
                childOptions["ns"] = .array(namespaces.map(I18nValue.string))
                let useDefault = hasDefault && !(result?.isTruthy ?? false)
                func child(_ member: String, _ original: I18nValue, prefix: String) -> I18nValue {
                    // Each level of a returned object is one more t() on the stack; a resource nested
                    // deeper than any real one stays as written below this depth instead of overflowing it.
                    guard depth < Self.maximumObjectDepth else { return original }
                    // Each member is one more t() of the call: an object whose members nest objects
                    // builds each of them again per nesting, so members draw on the call's budget too.
                    guard budget.take(warn: warn) else { return original }
                    var options = childOptions
                    if useDefault {
                        options["defaultValue"] = defaultValue.flatMap { $0.isObjectLike ? $0.ownProperty(member) : nil }
                    }
                    let deepKey = prefix + keySeparator + member
                    let translated = translate([deepKey], options, lastKey: nil, depth: depth + 1, budget: &budget)
                    return translated == .string(deepKey) ? original : translated
                }
                switch value {
                case .array(let elements):
                    result = .array(elements.enumerated().map { child(String($0.offset), $0.element, prefix: exactUsedKey) })
                case .object(let object):
                    var copy = I18nObject()
                    for (member, original) in object.members { copy[member] = child(member, original, prefix: usedKey) }
                    result = .object(copy)
                default: break
                }
            }
            return postProcessOnly(result ?? .null, keys: keys, opt)
        }

        if let separator = joinArrays, case .array(let elements)? = result {
            let joined = elements.map(\.arrayElementString).joined(separator: separator)
            if joined.isEmpty { return .string("") }
            return extend(.string(joined), keys: .several(keys), opt, found: nil, lastKey: nil, depth: depth, budget: &budget)
        }

        var usedDefault = false
        var usedKeyAsValue = false
        if !isValidLookup(result) && hasDefault {
            usedDefault = true
            result = defaultValue
        }
        if !isValidLookup(result) {
            usedKeyAsValue = true
            result = .string(key)
        }
        if options.saveMissing, usedKeyAsValue || usedDefault, let handler = options.missingKeyHandler {
            reportMissing(
                key: key, namespace: namespace, language: lng, value: result, defaultValue: hasDefault ? defaultValue : nil,
                needsPlural: needsPlural, opt: opt, handler: handler)
        }
        var extended = extend(
            result!, keys: .several(keys), opt, found: Found(value: resolution.value, language: resolution.usedLanguage),
            lastKey: lastKey, depth: depth, budget: &budget)
        if usedKeyAsValue, extended == .string(key), options.appendNamespaceToMissingKey {
            extended = .string(namespace + nsSeparator + key)
        }
        return extended
    }

    /// A string found for `key` the way a call without options finds it (default namespaces, then
    /// fallback namespaces, each across the language hierarchy, from the snapshot's indexes).
    struct FoundString {
        let value: I18nValue
        let namespaceOffset: Int
        let codeOffset: Int
        /// What the string holds for the default interpolator.
        let facts: TextFacts

        /// Whether interpolation or nesting would change the string.
        var needsExtending: Bool { facts.hasPlaceholder || facts.hasNesting }
    }

    /// Whether a text has a placeholder prefix (`{{`) and a nesting prefix (`$t(`) of the
    /// instance's interpolator, found once by the lookup so that ``extend`` need not search again.
    struct TextFacts {
        let hasPlaceholder: Bool
        let hasNesting: Bool
    }

    /// Whether `found` is the call's answer as it stands: no placeholder or nesting of the
    /// instance's interpolator, no interpolation settings in the call (they may name other
    /// prefixes), and no post-processor.
    private func answersUnextended(_ found: FoundString, _ callOptions: TranslationOptions) -> Bool {
        !found.needsExtending && !callOptions.facts.hasInterpolationOverrides && !hasPostProcessors && !callOptions.facts.hasPostProcess
    }

    /// What ``defaultLookup(_:count:countIsZero:)`` found.
    enum DefaultLookup {
        /// A string: the call's answer is this value, extended.
        case string(FoundString)
        /// No valid value: the record ``resolve(_:_:)`` would have made of the same search.
        case missing(Resolution)
        /// The general path must answer (a namespace in the key, `cimode`, a value that is not a string).
        case general
    }

    /// The lookup of the most frequent calls: one key, with no options, with interpolation
    /// variables, or with a cardinal `count` (a nested `$t(key)` included). For a count it tries,
    /// in each language, `key_zero` (for a count of 0), `key` + the language's plural suffix, then
    /// `key`, as ``resolve(_:_:)`` does. Keeping this path free of the general one's bookkeeping
    /// (the namespace array, separators as strings, the list of candidate keys) is what brings a
    /// plain lookup near the cost of one hash probe.
    private func defaultLookup(_ key: String, count: Double?, countIsZero: Bool) -> DefaultLookup {
        guard !isCIMode, !key.isEmpty, nsSeparatorBytes.isEmpty || !Scanner.contains(key, nsSeparatorBytes) else { return .general }
        let zeroKey = count != nil && countIsZero ? key + options.pluralSeparator + "zero" : nil
        // The record of a search that finds nothing: where it last looked, made into a
        // ``Resolution`` only then (building it as the search goes cost retains on every call).
        var lastNamespace: Int? = nil
        var lastMiss: (codeOffset: Int, value: I18nValue?)? = nil
        for (namespaceOffset, row) in defaultIndexes.enumerated() {
            lastNamespace = namespaceOffset
            for (codeOffset, index) in row.enumerated() {
                let code = languageHierarchy[codeOffset]
                let namespace = searchedNamespaces[namespaceOffset]
                func find(_ candidate: String) -> I18nValue? {
                    store.resource(
                        indexed: index, language: code, namespace: namespace, key: candidate, keySeparator: options.keySeparator,
                        ignoreJSONStructure: options.ignoreJSONStructure)
                }
                var value: I18nValue? = nil
                if let count {
                    if let zeroKey { value = find(zeroKey) }
                    if !isValidLookup(value) {
                        value = find(key + plurals.suffix(for: code, rules: hierarchyPluralRules[codeOffset], count: count, ordinal: false))
                    }
                }
                if !isValidLookup(value) { value = find(key) }
                guard isValidLookup(value) else {
                    lastMiss = (codeOffset, value)
                    continue
                }
                guard case .string(let text)? = value else { return .general }
                let facts = TextFacts(hasPlaceholder: interpolator.hasPlaceholderPrefix(text), hasNesting: Scanner.contains(text, interpolator.nestingPrefix))
                return .string(FoundString(value: value!, namespaceOffset: namespaceOffset, codeOffset: codeOffset, facts: facts))
            }
        }
        var missing = Resolution(usedKey: key)
        if let lastNamespace { missing.usedNamespace = searchedNamespaces[lastNamespace] }
        if let lastMiss {
            missing.usedLanguage = languageHierarchy[lastMiss.codeOffset]
            missing.exactUsedKey = key
            missing.value = lastMiss.value
        }
        return .missing(missing)
    }

    private func isValidLookup(_ value: I18nValue?) -> Bool {
        guard let value else { return false }
        if !options.returnNull, value.isNull { return false }
        if !options.returnEmptyString, value.isEmptyString { return false }
        return true
    }

    /// Passes a warning to the options' handler, if any.
    func warn(_ message: String) {
        options.warningHandler?(message)
    }

    // MARK: - Keys and namespaces

    /// Splits `ns:key` unless the key reads like natural language ("Error: not found.").
    func extract(_ rawKey: String, _ opt: TranslationOptions) -> (key: String, namespaces: [String]) {
        var namespaces = opt.namespaces ?? options.defaultNS
        if !opt.facts.hasSeparators, !nsSeparatorBytes.isEmpty, !Scanner.contains(rawKey, nsSeparatorBytes) {
            return (rawKey, namespaces)
        }
        let nsSeparator: String? = opt.separator("nsSeparator") ?? options.nsSeparator
        let keySeparator: String? = opt.separator("keySeparator") ?? options.keySeparator
        var key = rawKey
        guard let nsSeparator, !nsSeparator.isEmpty, key.contains(nsSeparator) else { return (key, namespaces) }
        let seemsNaturalLanguage =
            !(options.userDefinedKeySeparator?.isTruthy ?? false) && !(opt["keySeparator"]?.isTruthy ?? false)
            && !(options.userDefinedNsSeparator?.isTruthy ?? false) && !(opt["nsSeparator"]?.isTruthy ?? false)
            && !Self.looksLikeObjectPath(key, nsSeparator: nsSeparator, keySeparator: keySeparator)
        guard !seemsNaturalLanguage else { return (key, namespaces) }
        if interpolator.nestingCount(key) > 0 { return (key, namespaces) }
        var parts = JSStrings.split(key, by: nsSeparator)
        if nsSeparator != keySeparator || options.ns.contains(parts[0]) {
            namespaces = [parts.removeFirst()]
        }
        key = parts.joined(separator: keySeparator ?? "false")
        return (key, namespaces)
    }

    static func looksLikeObjectPath(_ key: String, nsSeparator: String?, keySeparator: String?) -> Bool {
        let ns = nsSeparator ?? ""
        let ks = keySeparator ?? ""
        let possible: [Character] = [" ", ",", "?", "!", ";"].filter { !ns.contains($0) && !ks.contains($0) }
        if possible.isEmpty { return true }
        var matched = !key.contains(where: { possible.contains($0) })
        if !matched, !ks.isEmpty, let range = key.firstRange(of: ks), range.lowerBound > key.startIndex,
            !key[..<range.lowerBound].contains(where: { possible.contains($0) })
        {
            matched = true
        }
        return matched
    }

    // MARK: - Resolution

    func resolve(_ keys: [String], _ opt: TranslationOptions) -> Resolution {
        var resolution = Resolution()
        let count = opt.pluralCount
        let needsPlural = count != nil
        let needsZero = needsPlural && !opt.ordinal && opt.countIsZero
        let context = opt.context
        let separator = options.pluralSeparator
        let codes: [String]
        var defaultCodes = false
        if let languages = opt.languages {
            codes = languages
        } else if opt.fallbackLanguages == nil, opt.language == nil || opt.language == language {
            codes = languageHierarchy
            defaultCodes = true
        } else if opt.fallbackLanguages == nil, let requested = opt.language {
            codes = hierarchy(for: requested)
        } else {
            codes = languageUtils.resolveHierarchy(opt.language ?? language, fallback: opt.fallbackLanguages)
        }
        for rawKey in keys {
            if isValidLookup(resolution.value) { break }
            let (key, extracted) = extract(rawKey, opt)
            resolution.usedKey = key
            let namespaces = options.fallbackNS.map { extracted + $0 } ?? extracted
            let indexed = defaultCodes && !opt.facts.hasSeparators && extracted == defaultNamespaces
            for (namespaceOffset, namespace) in namespaces.enumerated() {
                if isValidLookup(resolution.value) { break }
                resolution.usedNamespace = namespace
                for (codeOffset, code) in codes.enumerated() {
                    if isValidLookup(resolution.value) { break }
                    resolution.usedLanguage = code
                    if !needsPlural && context == nil {
                        if !key.isEmpty {
                            resolution.exactUsedKey = key
                            resolution.value =
                                indexed
                                ? store.resource(
                                    indexed: defaultIndexes[namespaceOffset][codeOffset], language: code, namespace: namespace, key: key,
                                    keySeparator: options.keySeparator, ignoreJSONStructure: options.ignoreJSONStructure)
                                : resource(code, namespace, key, opt)
                        }
                        continue
                    }
                    var finalKeys: [String] = []
                    finalKeys.reserveCapacity(context == nil ? 4 : 8)
                    finalKeys.append(key)
                    var pluralSuffix = ""
                    let ordinalPrefix = opt.ordinal ? separator + "ordinal" + separator : ""
                    if needsPlural {
                        pluralSuffix =
                            defaultCodes && !opt.ordinal
                            ? plurals.suffix(for: code, rules: hierarchyPluralRules[codeOffset], count: count!!, ordinal: false)
                            : plurals.suffix(for: code, count: count!!, ordinal: opt.ordinal)
                        if opt.ordinal, pluralSuffix.hasPrefix(ordinalPrefix) {
                            finalKeys.append(key + separator + pluralSuffix.dropFirst(ordinalPrefix.count))
                        }
                        finalKeys.append(key + pluralSuffix)
                        if needsZero { finalKeys.append(key + separator + "zero") }
                    }
                    if let context {
                        let contextKey = key + (options.contextSeparator.isEmpty ? "_" : options.contextSeparator) + context
                        finalKeys.append(contextKey)
                        if needsPlural {
                            if opt.ordinal, pluralSuffix.hasPrefix(ordinalPrefix) {
                                finalKeys.append(contextKey + separator + pluralSuffix.dropFirst(ordinalPrefix.count))
                            }
                            finalKeys.append(contextKey + pluralSuffix)
                            if needsZero { finalKeys.append(contextKey + separator + "zero") }
                        }
                    }
                    // Most specific first; like i18next's `while (k = keys.pop())`, an empty key ends the search.
                    while let candidate = finalKeys.popLast(), !candidate.isEmpty {
                        if !isValidLookup(resolution.value) {
                            resolution.exactUsedKey = candidate
                            resolution.value =
                                indexed
                                ? store.resource(
                                    indexed: defaultIndexes[namespaceOffset][codeOffset], language: code, namespace: namespace, key: candidate,
                                    keySeparator: options.keySeparator, ignoreJSONStructure: options.ignoreJSONStructure)
                                : resource(code, namespace, candidate, opt)
                        }
                    }
                }
            }
        }
        return resolution
    }

    func resource(_ language: String, _ namespace: String, _ key: String, _ opt: TranslationOptions) -> I18nValue? {
        guard opt.facts.hasSeparators else {
            return store.resource(
                language: language, namespace: namespace, key: key, keySeparator: options.keySeparator,
                ignoreJSONStructure: options.ignoreJSONStructure)
        }
        let keySeparator: String? = opt.separator("keySeparator") ?? options.keySeparator
        let ignore = opt["ignoreJSONStructure"].map(\.isTruthy) ?? options.ignoreJSONStructure
        return store.resource(language: language, namespace: namespace, key: key, keySeparator: keySeparator, ignoreJSONStructure: ignore)
    }

    // MARK: - Interpolation, nesting, post-processing

    /// Interpolation, nesting and post-processing of a value found.
    ///
    /// - Parameter known: What the value's text holds for the instance's interpolator, when the
    ///   caller has looked already.
    func extend(
        _ value: I18nValue, keys: RequestedKeys, _ callOptions: TranslationOptions, found: Found?,
        lastKey: String?, depth: Int, budget: inout NestingBudget, known: TextFacts? = nil
    ) -> I18nValue {
        var opt = callOptions
        var result = value
        if !opt.facts.skipInterpolation || opt["skipInterpolation"]?.isTruthy != true {
            var active = interpolator
            var skipOnVariables = options.interpolation.skipOnVariables
            if let overrides = opt.interpolationOverrides {
                var settings = options.interpolation
                settings.apply(overrides)
                active = Interpolator(settings: settings)
                if let skip = overrides["skipOnVariables"] { skipOnVariables = skip.isTruthy }
            }
            // `known` speaks of the instance's own prefixes, which call options may replace.
            let known = opt.interpolationOverrides == nil ? known : nil
            // Without a placeholder, interpolation changes nothing and cannot add nestings.
            var hasNesting: Bool? = nil
            if case .string(let text) = result, known?.hasPlaceholder ?? active.hasPlaceholderPrefix(text) {
                let nestBefore = skipOnVariables && known?.hasNesting != false ? active.nestingCount(text) : 0
                let data = opt.replacement ?? opt.values
                let lng = opt.language ?? language ?? found?.language
                let interpolated = active.interpolate(
                    text, data: data, implicitLanguage: opt.replacement == nil ? opt.implicitLanguage : nil,
                    callOptions: opt, skipOnVariables: skipOnVariables
                ) { value, format, variable in
                    formatter.format(
                        value, format, language: lng, options: opt.values.merging(data).merging(["interpolationkey": .string(variable)]),
                        variable: variable, warn: warn)
                }
                result = .string(interpolated)
                if skipOnVariables {
                    let nestAfter = active.nestingCount(interpolated)
                    hasNesting = nestAfter > 0
                    if nestBefore < nestAfter { opt["nest"] = .bool(false) }
                }
            } else {
                hasNesting = known?.hasNesting
            }
            if case .string(let text) = result, hasNesting ?? Scanner.contains(text, active.nestingPrefix), opt["nest"]?.isFalse != true {
                if opt.language == nil, let value = found?.value, value.isTruthy {
                    opt.implicitLanguage = language ?? found?.language
                }
                result = nest(text, keys: keys, opt, interpolator: active, lastKey: lastKey, depth: depth, budget: &budget)
            }
        }
        return postProcessOnly(result, keys: keys.all, opt)
    }

    private func nest(
        _ text: String, keys: RequestedKeys, _ opt: TranslationOptions, interpolator active: Interpolator,
        lastKey: String?, depth: Int, budget: inout NestingBudget
    ) -> I18nValue {
        return active.nest(
            text,
            resolve: { nesting in
                var cloned = opt.replacement ?? opt.values
                if opt.facts.hasDefaultValue { cloned["defaultValue"] = nil }
                let (key, nestedOptions) = nestingOptions(nesting.key, inherited: cloned, interpolator: active)
                if lastKey == key, opt.context == nil { return .init(value: nil, restartsScan: false) }
                guard depth < Self.maximumNestingDepth else {
                    budget.stop("nesting of '\(key)' stopped at depth \(Self.maximumNestingDepth) (a cycle through \(keys.first ?? key)?)", warn: warn)
                    return .init(value: nil, restartsScan: false)
                }
                // A nesting without options of its own inherits the call's options unchanged: they
                // are shared, not made again.
                let inheritsUnchanged = opt.replacement == nil && !opt.facts.hasDefaultValue && key == nesting.key
                var nested = inheritsUnchanged ? opt : TranslationOptions(nestedOptions)
                nested.suppressesPostProcessing = true
                nested.implicitLanguage = opt.replacement == nil ? opt.implicitLanguage : nil
                guard budget.take(warn: warn) else { return .init(value: nil, restartsScan: false) }
                let value = translate(key, nested, lastKey: keys.first, depth: depth + 1, budget: &budget)
                return .init(value: value, restartsScan: nested["skipInterpolation"]?.isTruthy != true)
            },
            applyFormats: { value, nesting in
                var current = I18nValue.string(value)
                for format in nesting.formats {
                    current = formatter.format(
                        current, format, language: opt.language,
                        options: opt.values.merging(["interpolationkey": .string(nesting.key)]), variable: nesting.key, warn: warn)
                }
                return current.madeString
            }, mayScan: { budget.scan($0, warn: warn) }, warn: { budget.stop($0, warn: warn) })
    }

    /// `$t(key, {"count": 2})`: the key and the options, merged over the inherited ones.
    private func nestingOptions(_ raw: String, inherited: I18nObject, interpolator active: Interpolator) -> (String, I18nObject) {
        let separator = active.settings.nestingOptionsSeparator
        guard Scanner.contains(raw, active.nestingOptionsSeparatorBytes) else { return (raw, inherited) }
        let bytes = Array(raw.utf8)
        let separatorBytes = Array(separator.utf8)
        var splits: [Range<Int>] = []
        var index = 0
        while let found = Scanner.index(of: separatorBytes, in: bytes, from: index) {
            var cursor = found + separatorBytes.count
            while cursor < bytes.count, bytes[cursor] == 0x20 { cursor += 1 }
            if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "{") {
                splits.append(found..<(cursor + 1))
                index = cursor + 1
            } else {
                index = found + 1
            }
        }
        let key: String
        var optionsText: String
        if let first = splits.first {
            key = String(decoding: bytes[0..<first.lowerBound], as: UTF8.self)
            let end = splits.count > 1 ? splits[1].lowerBound : bytes.count
            optionsText = "{" + String(decoding: bytes[first.upperBound..<end], as: UTF8.self)
        } else {
            key = raw
            optionsText = "{undefined"
        }
        optionsText = active.interpolate(optionsText, data: inherited, callOptions: nil, skipOnVariables: options.interpolation.skipOnVariables) {
            value, _, _ in value
        }
        let singles = optionsText.filter { $0 == "'" }.count
        let doubles = optionsText.filter { $0 == "\"" }.count
        if (singles % 2 == 0 && doubles == 0) || doubles % 2 != 0 {
            optionsText = optionsText.replacing("'", with: "\"")
        }
        guard let parsed = try? I18nValue(jsonData: Data(optionsText.utf8)) else {
            return (key + separator + optionsText, inherited)
        }
        var merged = inherited
        if case .object(let object) = parsed { merged = inherited.merging(object) }
        if case .string(let text)? = merged["defaultValue"], text.contains(JSStrings.regexEscape(active.settings.prefix)) {
            merged["defaultValue"] = nil
        }
        return (key, merged)
    }

    private func postProcessOnly(_ value: I18nValue, keys: [String], _ opt: TranslationOptions) -> I18nValue {
        guard hasPostProcessors || opt.facts.hasPostProcess, !opt.suppressesPostProcessing else { return value }
        let names: [String]
        switch opt["postProcess"] {
        case .string(let name)?: names = [name]
        case .array(let list)?: names = list.compactMap(\.stringValue)
        default: names = options.postProcess
        }
        guard !value.isNull, !names.isEmpty, opt["applyPostProcessor"]?.isFalse != true else { return value }
        var result = value
        for name in names {
            if let processor = postProcessors[name] { result = processor.process(result, keys, opt, warn) }
        }
        return result
    }

    // MARK: - Missing keys

    private func reportMissing(
        key: String, namespace: String, language: String?, value: I18nValue?, defaultValue: I18nValue?,
        needsPlural: Bool, opt: TranslationOptions, handler: I18NextOptions.MissingKeyHandler
    ) {
        var languages: [String]
        let fallbacks = languageUtils.fallbackCodes(options.fallbackLng, for: language)
        if options.saveMissingTo == "fallback", let first = fallbacks.first, !first.isEmpty {
            languages = fallbacks
        } else if options.saveMissingTo == "all" {
            languages = languageUtils.resolveHierarchy(language)
        } else {
            languages = language.map { [$0] } ?? []
        }
        let fallbackValue = defaultValue ?? value
        if needsPlural {
            for language in languages {
                for suffix in plurals.suffixes(for: language, ordinal: opt.ordinal) {
                    handler([language], namespace, key + suffix, opt["defaultValue" + suffix] ?? fallbackValue)
                }
            }
        } else {
            handler(languages, namespace, key, fallbackValue)
        }
    }
}
