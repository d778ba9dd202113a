import JSONParsing
import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `t()` as i18next 1.x did it (`compatibilityJSON: "v1"`, the format of i18next-ios):
/// `__var__` and `__varHTML__`, `key_plural` and numbered `key_plural_N`, context by `key_ctx`,
/// nesting with `$t(key, {json})`, and the 1.x rules for languages and namespaces.
///
/// With `compatibilityJSON: "ios"` it follows the i18next-ios library where that differs from
/// i18next 1.11.5 (see ``I18NextOptions/Compatibility/ios``): the places are marked `ios`.
///
/// i18next 1.x passes one options object through its recursive lookups and mutates it on the
/// way (`lngs`, `ns`, `isFallbackLookup`), and some results depend on that; ``Options`` is a
/// reference type so that this port behaves the same.
final class LegacyTranslator {
    final class Options {
        var values: I18nObject
        init(_ values: I18nObject) { self.values = values }
        func copy() -> Options { Options(values) }
        subscript(name: String) -> I18nValue? {
            get { values[name] }
            set { values[name] = newValue }
        }
    }

    private let options: I18NextOptions
    private let store: ResourceStore
    private var languages: [String] = []
    private let postProcessors: [String: PostProcessor]
    private let keySeparator: String
    private let nsSeparator: String
    private let defaultNamespace: String
    /// `compatibilityJSON: "ios"`.
    private let ios: Bool
    private var replacementCounter = 0
    private var depth = 0
    static let maximumDepth = 400
    /// Lookups left in this `t()` call. The depth limit bounds a chain, not a tree: lookups that
    /// each branch (object members, context, plurals, fallbacks) could still grow exponentially
    /// within it, so one call gets at most this many, far above what real resources make.
    private var lookupsLeft = 0
    static let maximumLookups = 50_000
    /// The objects being returned as trees (`returnObjects`), as language, namespace and the path
    /// segments that reached them, outermost first.
    private var expanding: Set<[String]> = []

    /// Bytes of text that interpolation and post-processors may take in one `t()` call. Lookups
    /// that nest a value into itself hand ever longer text to every later step; real values are
    /// a few hundred bytes processed a few times. The v4 engine bounds its nesting scans alike
    /// (``NestingBudget``).
    static let maximumProcessedBytes = 256 << 10
    private var processedBytesLeft = 0
    /// Whether this `t()` call already warned that i18next-ios nesting stopped growing its text.
    private var growthStopped = false

    /// i18next 1.x had no limit on `$t()` replacements; a cycle looped forever. We stop at this many.
    static let maximumReplacements = 50
    private static let pluralNotFound = I18nValue.string("\u{0}plural_not_found")
    private static let contextNotFound = I18nValue.string("\u{0}context_not_found")

    init(options: I18NextOptions, store: ResourceStore, language: String?, postProcessors: [String: PostProcessor]) {
        self.options = options
        self.store = store
        self.postProcessors = postProcessors
        keySeparator = options.keySeparator ?? "."
        nsSeparator = options.nsSeparator ?? ":"
        defaultNamespace = options.defaultNS.first ?? "translation"
        ios = options.compatibilityJSON == .ios
        languages = toLanguages(language ?? "dev", fallback: nil)
    }

    // MARK: - Public entry

    /// `i18n.t(keys, options)`, with the v4 option names of the conformance corpus mapped to 1.x's.
    func translate(_ keys: [String], _ callOptions: TranslationOptions) -> I18nValue {
        var values = callOptions.values
        if ios { values = Self.iosCallOptions(values) }
        if let trees = values["returnObjects"] { values["returnObjectTrees"] = trees }
        if case .object(let interpolation)? = values["interpolation"] {
            if let escape = interpolation["escapeValue"] { values["escapeInterpolation"] = escape }
            if let prefix = interpolation["prefix"] { values["interpolationPrefix"] = prefix }
            if let suffix = interpolation["suffix"] { values["interpolationSuffix"] = suffix }
        }
        if let separator = values["keySeparator"] { values["keyseparator"] = separator }
        if let separator = values["nsSeparator"] { values["nsseparator"] = separator }
        replacementCounter = 0
        lookupsLeft = Self.maximumLookups
        processedBytesLeft = Self.maximumProcessedBytes
        growthStopped = false
        expanding = []
        var result = innerTranslate(keys, Options(values))
        // The markers are 1.x's internal signals between its own lookups, never an answer.
        if result == Self.pluralNotFound || result == Self.contextNotFound { result = values["defaultValue"] ?? .string(keys.first ?? "") }
        if ios, let arguments = iosSprintfArguments(values) {
            // i18next-ios formats the translation with the `sprintf` arguments as an Objective-C
            // format string, once, after interpolation and nesting (members of a returned object each).
            result = Self.formatStrings(in: result) { ObjectiveCFormat.format($0, arguments) }
        }
        return result
    }

    /// `exists(key, options)`: whether a lookup finds a value, as 1.x and i18next-ios ask it
    /// (a translation that is `null` with `returnNull`, or `""`, exists).
    func exists(_ key: String, _ callOptions: TranslationOptions) -> Bool {
        var values = callOptions.values
        values["defaultValue"] = Self.existsNotFound
        values["sprintf"] = nil
        values["postProcess"] = nil
        return translate([key], TranslationOptions(values)) != Self.existsNotFound
    }
    private static let existsNotFound = I18nValue.string("\u{0}exists_not_found")

    /// i18next-ios's `t:options:` names (`lang`, `namespace`, `variables`) as the engine's. The
    /// variables go beside the options, as in i18next's calls; an option of the same name wins.
    static func iosCallOptions(_ given: I18nObject) -> I18nObject {
        var values = given
        if case .object(let variables)? = values["variables"] {
            values["variables"] = nil
            for (name, value) in variables.members where values[name] == nil { values[name] = value }
        }
        if let language = values["lang"], values["lng"] == nil { values["lng"] = language; values["lang"] = nil }
        if let namespace = values["namespace"], values["ns"] == nil { values["ns"] = namespace; values["namespace"] = nil }
        return values
    }

    /// The `sprintf` arguments i18next-ios formats with: the `sprintf` option (an array, or one
    /// value), or an empty list when `postProcess` names `sprintf` without arguments.
    private func iosSprintfArguments(_ values: I18nObject) -> [I18nValue]? {
        switch values["sprintf"] {
        case .array(let list)?: return list
        case .null?, nil: break
        case let value?: return [value]
        }
        var names = options.postProcess
        switch values["postProcess"] {
        case .string(let name)?: names.append(name)
        case .array(let list)?: names += list.compactMap(\.stringValue)
        default: break
        }
        return names.contains("sprintf") ? [] : nil
    }

    /// `value` with `transform` applied to it if it is a string, or to every string inside it.
    private static func formatStrings(in value: I18nValue, _ transform: (String) -> String) -> I18nValue {
        switch value {
        case .string(let text): return .string(transform(text))
        case .array(let elements): return .array(elements.map { formatStrings(in: $0, transform) })
        case .object(let object):
            var copy = object
            for (position, member) in object.members.enumerated() { copy.setValue(formatStrings(in: member.value, transform), at: position) }
            return .object(copy)
        default: return value
        }
    }

    /// 1.x's public `translate` as its own lookups call it. 1.x reset the replacement counter
    /// here, so a key nesting itself with `count` or `context` (which take this path) recursed
    /// until the stack overflowed; the counter now lives for the whole `t()` call.
    private func publicTranslate(_ key: String, _ options: Options) -> I18nValue {
        innerTranslate([key], options)
    }

    // MARK: - _translate

    private func innerTranslate(_ keys: [String], _ given: Options) -> I18nValue {
        depth += 1
        defer { depth -= 1 }
        // Every recursion of 1.x goes through here (nesting, context, plural, object members); the
        // replacement limit bounds nesting, this bounds the rest (an object resource nested deeper
        // than the stack allows).
        guard depth <= Self.maximumDepth else {
            self.options.warningHandler?("lookup of '\(keys.first ?? "")' stopped at depth \(Self.maximumDepth)")
            return .string(keys.first ?? "")
        }
        lookupsLeft -= 1
        guard lookupsLeft >= 0 else {
            if lookupsLeft == -1 {
                self.options.warningHandler?("lookup of '\(keys.first ?? "")' stopped: one t() call made \(Self.maximumLookups) lookups")
            }
            return .string(keys.first ?? "")
        }
        var options = given
        if var defaults = self.options.interpolation.defaultVariables {
            // Inside the lookup of `key_<context>` (or of a plural key) the default context (count)
            // has been applied already: applying it again would look up `key_<context>_<context>`
            // and so on until the depth limit (i18next 1.x overflows its stack), each level slower.
            if given["defaultValue"] == Self.contextNotFound { defaults["context"] = nil }
            if given["defaultValue"] == Self.pluralNotFound { defaults["count"] = nil }
            options = Options(defaults.merging(given.values))
        }
        guard var key = keys.first, !(keys.count == 1 && key.isEmpty) else { return .string("") }
        if keys.count > 1 {
            for candidate in keys {
                key = candidate
                if find(candidate, options) != nil { break }
            }
        }
        var notFound = options["defaultValue"] ?? .string(key)
        var found = find(key, options)
        var processors = self.options.postProcess
        switch options["postProcess"] {
        case .string(let name)? where !name.isEmpty: processors.append(name)
        case .array(let names)?: processors += names.compactMap(\.stringValue)
        default: break
        }
        // i18next-ios's sprintf is Objective-C's, applied once by ``translate(_:_:)``.
        if ios { processors.removeAll { $0 == "sprintf" } }
        if let value = found, !processors.isEmpty {
            found = postProcess(value, key: key, options, processors)
        }
        if found == nil {
            notFound = applyReplacement(notFound, options)
            notFound = applyReuse(notFound, options)
            if !processors.isEmpty {
                found = postProcess(options["defaultValue"] ?? .string(key), key: key, options, processors)
            }
        }
        return found ?? notFound
    }

    private func postProcess(_ value: I18nValue, key: String, _ options: Options, _ names: [String]) -> I18nValue {
        guard mayProcess(value) else { return value }
        var result = value
        for name in names {
            if let processor = postProcessors[name] {
                result = processor.process(result, [key], TranslationOptions(options.values)) { self.options.warningHandler?($0) }
            }
        }
        return result
    }

    // MARK: - _find

    private func find(_ requested: String, _ options: Options) -> I18nValue? {
        let notFound = options["defaultValue"] ?? .string(requested)
        var lngs = languages
        if lngs.first?.lowercased() == "cimode" { return notFound }
        if case .array(let list)? = options["lngs"] { lngs = list.compactMap(\.stringValue) }
        if case .string(let lng)? = options["lng"], !lng.isEmpty { lngs = toLanguages(lng, fallback: options["fallbackLng"]) }
        guard !lngs.isEmpty else { return nil }

        var namespace = defaultNamespace
        if case .string(let ns)? = options["ns"], !ns.isEmpty { namespace = ns }
        let separator = options["nsseparator"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 } ?? nsSeparator
        var key = requested
        if JSStrings.contains(key, separator) {
            let parts = JSStrings.split(key, by: separator)
            namespace = parts[0]
            key = parts[1]
        }

        if let context = context(options) {
            let withoutContext = options.copy()
            withoutContext["context"] = nil
            withoutContext["defaultValue"] = Self.contextNotFound
            let translated = publicTranslate(namespace + separator + key + "_" + context, withoutContext)
            if translated != Self.contextNotFound {
                return applyReplacement(translated, Options(["context": options["context"]!]))
            }
        }

        if let count = pluralCount(options) {
            let withoutCount = Options(I18nObject([("lngs", .array([.string(lngs[0])]))]).merging(options.values))
            withoutCount["count"] = nil
            let originalLanguage =
                withoutCount["_origLng"].flatMap { $0.isTruthy ? $0 : nil }
                ?? withoutCount["lng"].flatMap { $0.isTruthy ? $0 : nil } ?? .string(lngs[0])
            withoutCount["_origLng"] = originalLanguage
            withoutCount["lng"] = nil
            withoutCount["defaultValue"] = Self.pluralNotFound

            var pluralKey = namespace + separator + key
            let code = lngs[0]
            if ios {
                // i18next-ios: any count but 1 tries `key_plural[_N]` first, N from the rule of
                // the language asked for (`key_plural_1` too, for French 0).
                let whole = abs(count).rounded(.towardZero)
                if whole != 1 {
                    pluralKey += self.options.legacyPluralSuffix
                    let number = Self.iosPluralNumber(code, whole)
                    if number >= 0 { pluralKey += "_" + String(number) }
                }
            } else if Self.needsPlural(code, count) {
                pluralKey += self.options.legacyPluralSuffix
                switch Self.pluralExtension(code, count) {
                case .number(let number) where number >= 0: pluralKey += "_" + String(number)
                case .text(let text) where (Double(text) ?? -1) >= 0: pluralKey += "_" + text
                default: break
                }
            }
            let replacementValues = Options(
                I18nObject(
                    [("count", options["count"]!)]
                        + [("interpolationPrefix", options["interpolationPrefix"]), ("interpolationSuffix", options["interpolationSuffix"])]
                        .compactMap { name, value in value.map { (name, $0) } }))
            var translated = publicTranslate(pluralKey, withoutCount)
            if translated != Self.pluralNotFound {
                return applyReplacement(translated, replacementValues)
            } else if lngs.count > 1 {
                options["lngs"] = .array(lngs.dropFirst().map(I18nValue.string))
                options["_origLng"] = withoutCount["_origLng"]
                options["lng"] = nil
                translated = publicTranslate(namespace + separator + key, options)
                if translated != Self.pluralNotFound { return translated }
            } else {
                withoutCount["lng"] = withoutCount["_origLng"]
                withoutCount["_origLng"] = nil
                translated = publicTranslate(namespace + separator + key, withoutCount)
                return applyReplacement(translated, replacementValues)
            }
        }

        var found: I18nValue? = nil
        let keySeparator = options["keyseparator"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 } ?? self.keySeparator
        let segments = JSStrings.split(key, by: keySeparator)
        let trees = self.options.returnObjects || (options["returnObjectTrees"]?.isTruthy ?? false)
        for language in lngs {
            if found != nil { break }
            var value: I18nValue? = store.data[language]?.ownProperty(namespace)
            var index = 0
            while index < segments.count, !segments[index].isEmpty {
                if let current = value, current.isTruthy { value = Self.property(current, segments[index]) }
                index += 1
            }
            guard var result = value else { continue }
            var resolved: I18nValue? = result
            switch result {
            case .string:
                result = applyReuse(applyReplacement(result, options), options)
                resolved = result
            case .array(let elements) where !trees:
                result = .string(elements.map(\.arrayElementString).joined(separator: "\n"))
                resolved = applyReuse(applyReplacement(result, options), options)
            case .null:
                resolved = self.options.returnNull ? .null : nil
            default:
                if !trees {
                    resolved = .string(
                        ios
                            ? "key '\(namespace)\(separator)\(key) (\(language))' returned an object instead of a string"
                            : "key '\(namespace):\(key) (\(language))' returned an object instead of string.")
                } else if expanding.contains([language, namespace] + segments[..<index]) {
                    // A path with an empty segment (`obj.` from a member named `:x`, whose `:` splits
                    // off the namespace) stops at the object being returned, which would then be
                    // returned inside itself forever (1.x overflows its stack; with two members, the
                    // calls double at every level).
                    self.options.warningHandler?("'\(namespace):\(key)' refers back to the object being returned; returned as the key")
                    resolved = .string(key)
                } else {
                    let path = [language, namespace] + segments[..<index]
                    expanding.insert(path)
                    defer { expanding.remove(path) }
                    switch result {
                    case .object(let object):
                        var copy = I18nObject()
                        for member in object.keys {
                            copy[member] = innerTranslate([namespace + separator + key + keySeparator + member], options)
                        }
                        resolved = .object(copy)
                    case .array(let elements):
                        resolved = .array(elements.indices.map { innerTranslate([namespace + separator + key + keySeparator + String($0)], options) })
                    case .bool:
                        resolved = .object(I18nObject())
                    default:
                        break
                    }
                }
            }
            if case .string(let text)? = resolved, !self.options.returnEmptyString, text.trimmingWhitespace().isEmpty {
                resolved = nil
            }
            found = resolved
        }

        if found == nil, options["isFallbackLookup"]?.isTruthy != true,
            self.options.fallbackToDefaultNS || !(self.options.fallbackNS ?? []).isEmpty
        {
            options["isFallbackLookup"] = .bool(true)
            if let fallbacks = self.options.fallbackNS, !fallbacks.isEmpty {
                for fallback in fallbacks {
                    found = find(fallback + separator + key, options)
                    if let value = found, value.isTruthy || (value == .string("") && self.options.returnEmptyString) {
                        let foundText = value.jsString
                        let notFoundText = notFound.jsString
                        let foundValue = JSStrings.contains(foundText, separator) ? JSStrings.split(foundText, by: separator)[1] : foundText
                        let notFoundValue = JSStrings.contains(notFoundText, separator) ? JSStrings.split(notFoundText, by: separator)[1] : notFoundText
                        if foundValue != notFoundValue { break }
                    }
                }
            } else {
                options["ns"] = .string(defaultNamespace)
                found = find(key, options)
            }
            options["isFallbackLookup"] = .bool(false)
        }
        return found
    }

    /// JavaScript property access as 1.x used it: members, array indices, string characters, `length`.
    private static func property(_ value: I18nValue, _ name: String) -> I18nValue? {
        switch value {
        case .object, .array: return value.ownProperty(name)
        case .string(let text):
            let units = Array(text.utf16)
            if name == "length" { return .integer(units.count) }
            if let index = JSNumber.arrayIndex(name), index < units.count { return .string(String(decoding: [units[index]], as: UTF16.self)) }
            return nil
        default: return nil
        }
    }

    private func context(_ options: Options) -> String? {
        let given = options["context"]
        switch given {
        case .string(let text)? where !text.isEmpty: return text
        case .integer?, .number?, .numberLiteral?: return given?.isTruthy == true ? given?.jsString : nil
        default: return nil
        }
    }

    private func pluralCount(_ options: Options) -> Double? {
        let count = options["count"]
        switch count {
        case nil, .string?: return nil
        case .integer?, .number?, .numberLiteral?: return count?.numberValue
        case .bool(let flag)?: return flag ? 1 : 0
        case .null?: return 0
        default: return .nan
        }
    }

    // MARK: - Plurals (pluralExtensions)

    enum Extension {
        case number(Int)
        /// For a language 1.x did not know it returned the strings "1" or "-1".
        case text(String)
    }

    static func pluralExtension(_ language: String, _ count: Double) -> Extension {
        guard let rule = LegacyPluralRule.rule(for: language) else { return .text(count == 1 ? "1" : "-1") }
        var number = rule.numbers[min(rule.index(for: abs(count)), rule.numbers.count - 1)]
        if rule.numbers.count == 2 && rule.numbers[0] == 1 {
            if number == 2 { number = -1 } else if number == 1 { number = 1 }
        }
        return .number(number)
    }

    /// i18next-ios's `numberForLang:count:`: the suffix number of `count`'s form in the language
    /// of `code` (the part before `-`), with 1.x's two-form rule that the plural has none (-1); a
    /// language without a rule has 1 for one and -1 for the rest.
    static func iosPluralNumber(_ code: String, _ count: Double) -> Int {
        let language = String(code.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)[0]).lowercased()
        guard let rule = LegacyPluralRule.iosTable[language] else { return count == 1 ? 1 : -1 }
        let number = rule.numbers[min(rule.index(for: count), rule.numbers.count - 1)]
        if rule.numbers.count == 2 && rule.numbers[0] == 1 && number == 2 { return -1 }
        return number
    }

    static func needsPlural(_ language: String, _ count: Double) -> Bool {
        if let rule = LegacyPluralRule.rule(for: language), rule.numbers.count <= 1 { return false }
        if case .number(1) = pluralExtension(language, count) { return false }
        return true
    }

    // MARK: - Languages

    /// 1.x's `toLanguages`: the code with its first two parts cased (`zh-hant-tw` → `zh-HANT`),
    /// then its language, then the fallbacks.
    private func toLanguages(_ code: String, fallback: I18nValue?) -> [String] {
        var fallbacks: [String]
        switch fallback {
        case .string(let text)?: fallbacks = [text]
        case .array(let list)?: fallbacks = list.compactMap(\.stringValue)
        default:
            switch options.fallbackLng {
            case .none: fallbacks = []
            case .list(let list): fallbacks = list
            case .map(let map): fallbacks = map["default"] ?? []
            }
        }
        func applyCase(_ text: String) -> String {
            guard text.contains("-") else { return options.lowerCaseLng ? text.lowercased() : text }
            let parts = JSStrings.split(text, by: "-")
            return parts[0].lowercased() + "-" + (options.lowerCaseLng ? parts[1].lowercased() : parts[1].uppercased())
        }
        var result: [String] = []
        if ios {
            // i18next-ios's `languagesForLang:`: split at the first `-` or `_`, the language
            // lowercased, the rest uppercased (lowercased with lowerCaseLng), then the fallbacks as given.
            let cased = Self.iosLanguageCode(code, lowerCase: options.lowerCaseLng)
            if let dash = cased.firstIndex(of: "-") {
                if options.load != .languageOnly { result.append(cased) }
                if options.load != .currentOnly { result.append(String(cased[..<dash])) }
            } else if !cased.isEmpty {
                result.append(cased)
            }
            for language in fallbacks where !result.contains(language) && !language.isEmpty { result.append(language) }
            return result
        }
        if code.contains("-") {
            let parts = JSStrings.split(code, by: "-")
            let countyIndex = ["nb-NO", "nn-NO", "nb-no", "nn-no"].contains(code) ? 1 : 0
            if options.load != .languageOnly { result.append(applyCase(code)) }
            if options.load != .currentOnly { result.append(applyCase(parts[countyIndex])) }
        } else {
            result.append(applyCase(code))
        }
        for language in fallbacks where !result.contains(language) && !language.isEmpty {
            result.append(applyCase(language))
        }
        return result
    }

    /// A language code as i18next-ios writes it: `en_US`, `EN-us` → `en-US` (`en-us` with
    /// `lowerCase`); a code without `-` or `_` as it is.
    static func iosLanguageCode(_ code: String, lowerCase: Bool) -> String {
        guard let separator = code.firstIndex(where: { $0 == "-" || $0 == "_" }) else { return code }
        let region = code[code.index(after: separator)...]
        return code[..<separator].lowercased() + "-" + (lowerCase ? region.lowercased() : region.uppercased())
    }

    // MARK: - Interpolation and nesting

    /// 1.x's `applyReplacement`: `__key__`, `__a.b__`, `__keyHTML__` (never escaped).
    private func applyReplacement(_ value: I18nValue, _ hash: Options) -> I18nValue {
        guard case .string(let text) = value, !text.isEmpty, mayProcess(value) else { return value }
        let prefix = hash["interpolationPrefix"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 } ?? options.interpolation.prefix
        let suffix = hash["interpolationSuffix"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 } ?? options.interpolation.suffix
        guard text.contains(prefix) else { return value }
        let separator = hash["keyseparator"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 } ?? keySeparator
        let variables: I18nValue
        if case .object(let replace)? = hash["replace"] { variables = .object(replace) } else { variables = .object(hash.values) }
        // i18next-ios neither escapes nor knows `__nameHTML__`.
        let escape = !ios && ((hash["escapeInterpolation"]?.isTruthy ?? false) || options.interpolation.escapeValue)
        let bytes = Array(text.utf8)
        let open = Array(prefix.utf8)
        let close = Array(suffix.utf8)
        let html = ios ? [] : Array("HTML".utf8) + close
        var output: [UInt8] = []
        var cursor = 0
        var search = 0
        while let start = Scanner.index(of: open, in: bytes, from: search) {
            var end: Int? = nil
            var innerEnd = 0
            var unescaped = false
            var probe = start + open.count
            if probe < bytes.count, !Scanner.lineTerminatorLength(bytes, at: probe) {
                probe += Scanner.characterLength(bytes, at: probe)
                while probe <= bytes.count {
                    if !html.isEmpty, Scanner.matches(html, in: bytes, at: probe) { end = probe + html.count; innerEnd = probe; unescaped = true; break }
                    if Scanner.matches(close, in: bytes, at: probe) { end = probe + close.count; innerEnd = probe; break }
                    if probe == bytes.count || Scanner.lineTerminatorLength(bytes, at: probe) { break }
                    probe += Scanner.characterLength(bytes, at: probe)
                }
            }
            guard let matchEnd = end else { search = start + 1; continue }
            let name = String(decoding: bytes[(start + open.count)..<innerEnd], as: UTF8.self)
            // i18next-ios's pattern takes word characters and key separators only; anything else
            // is not a placeholder, and the search goes on inside it.
            if ios, !Self.isIOSVariableName(name, separator: separator) { search = start + 1; continue }
            output += bytes[cursor..<start]
            if let replacement = Self.lookup(name, in: variables, separator: separator) {
                // i18next-ios writes the value's `description` (NSNumber's `3`, `1` for true).
                var string = ios ? ObjectiveCFormat.description(replacement) : replacement.jsString
                if escape, !unescaped, case .string = replacement { string = Interpolator.escapeHTML(string) }
                output += Array(string.utf8)
            } else {
                output += bytes[start..<matchEnd]
            }
            cursor = matchEnd
            search = matchEnd
        }
        output += bytes[cursor...]
        return .string(String(decoding: output, as: UTF8.self))
    }

    /// `(?:\w(?:separator)*)+`: a word character first, then word characters and separators.
    private static func isIOSVariableName(_ name: String, separator: String) -> Bool {
        func isWord(_ character: Character) -> Bool {
            character == "_" || character.isLetter || character.isNumber
                || character.unicodeScalars.allSatisfy {
                    $0.properties.generalCategory == .nonspacingMark || $0.properties.generalCategory == .connectorPunctuation
                }
        }
        guard let first = name.first, isWord(first) else { return false }
        let words = separator.isEmpty ? name : name.replacing(separator, with: "")
        return words.allSatisfy(isWord)
    }

    private static func lookup(_ name: String, in variables: I18nValue, separator: String) -> I18nValue? {
        var object: I18nValue? = variables
        var leaf = name
        // An empty separator splits nothing (the standard library finds "" at the start).
        while !separator.isEmpty, let range = leaf.firstRange(of: separator), let current = object, current.isObjectLike, current != .null {
            let property = String(leaf[..<range.lowerBound])
            leaf = String(leaf[range.upperBound...])
            object = current.ownProperty(property)
        }
        guard let container = object, container.isObjectLike, container != .null else { return nil }
        return container.ownProperty(leaf)
    }

    /// Whether `value` may still be interpolated or post-processed in this `t()` call (see
    /// ``maximumProcessedBytes``); past the budget it stays as it is, with one warning.
    private func mayProcess(_ value: I18nValue) -> Bool {
        guard case .string(let text) = value else { return true }
        guard processedBytesLeft >= 0 else { return false }
        processedBytesLeft -= text.utf8.count
        if processedBytesLeft < 0 {
            self.options.warningHandler?(
                "interpolation and post-processing stopped: one t() call handed them more than \(Self.maximumProcessedBytes >> 10) KiB of text; the rest stays as it is"
            )
            return false
        }
        return true
    }

    /// 1.x's `applyReuse`: `$t(key)` and `$t(key, {json})`, innermost (last) first.
    private func applyReuse(_ value: I18nValue, _ options: Options) -> I18nValue {
        guard case .string(var translated) = value else { return value }
        if ios { return .string(iosReuse(translated, options)) }
        let reuseOptions = options.copy()
        reuseOptions["postProcess"] = nil
        reuseOptions["isFallbackLookup"] = nil
        // Inside a plural or context lookup the options carry 1.x's internal "not found" marker as
        // `defaultValue`; 1.x passed it on, so a nested key that was missing showed the marker.
        // i18next-ios resolves such a nesting normally, and so do we: a marker never reaches output.
        if let marker = reuseOptions["defaultValue"], marker == Self.pluralNotFound || marker == Self.contextNotFound {
            reuseOptions["defaultValue"] = nil
        }
        let prefix = self.options.interpolation.nestingPrefix
        let suffix = self.options.interpolation.nestingSuffix
        while let open = translated.ranges(of: prefix).last {
            guard countReplacement() else { break }
            guard let close = translated[open.upperBound...].firstRange(of: suffix) else { return .string("") }
            let token = String(translated[open.lowerBound..<close.upperBound])
            var inner = String(translated[open.upperBound..<close.lowerBound])
            if let comma = inner.firstIndex(of: ","),
                let brace = inner[comma...].firstIndex(of: "{"), inner[comma...].contains("}"),
                let closing = inner[brace...].firstIndex(of: "}")
            {
                let json = String(inner[brace...closing])
                if case .object(let parsed)? = try? I18nValue(jsonData: Data(json.utf8)) {
                    reuseOptions.values = reuseOptions.values.merging(parsed)
                    inner = String(inner[..<comma])
                }
            }
            // A plural or context lookup that found nothing answers with its marker, which the
            // lookups above it read as "not found"; here it would become text, so it is the key.
            var nested = innerTranslate([inner], reuseOptions)
            if nested == Self.pluralNotFound || nested == Self.contextNotFound { nested = .string(inner) }
            let replacement = nested.jsString
            if let range = translated.firstRange(of: token) { translated.replaceSubrange(range, with: replacement) }
        }
        return .string(translated)
    }

    /// Counts one nesting replacement of this `t()` call; false (with one warning) past the limit.
    private func countReplacement() -> Bool {
        replacementCounter += 1
        guard replacementCounter <= Self.maximumReplacements else {
            if replacementCounter == Self.maximumReplacements + 1 {
                self.options.warningHandler?("nesting stopped after \(Self.maximumReplacements) replacements in one t() call; the rest stays as written")
            }
            return false
        }
        return true
    }

    /// The options 1.x reads for itself: not variables (the rest of a call's options are).
    private static let legacyControlOptions: Set<String> = [
        "lng", "ns", "count", "context", "defaultValue", "sprintf", "postProcess", "isFallbackLookup", "lngs", "_origLng",
        "replace", "escapeInterpolation", "interpolation", "interpolationPrefix", "interpolationSuffix", "returnObjects",
        "returnObjectTrees", "keySeparator", "nsSeparator", "keyseparator", "nsseparator", "fallbackLng",
    ]

    /// i18next-ios's `replaceReusedStringsInString:`: every `$t(…)`, left to right, is the
    /// translation of its key with the call's variables (the plural count among them, as text to
    /// interpolate, not as a count) and the options of its JSON (`count`, `context`, `lang`,
    /// `namespace`, `defaultValue`, `variables`; other members are variables). Each is replaced
    /// once, with a translation that resolved its own nestings; an unclosed `$t(` stays as written.
    /// Unlike i18next-ios, the call's `lng` and `ns` stay (i18next-ios looked nested keys up in the
    /// instance's language and default namespace); docs/i18next-deviations.md.
    private func iosReuse(_ text: String, _ options: Options) -> String {
        let prefix = self.options.interpolation.nestingPrefix
        let suffix = self.options.interpolation.nestingSuffix
        var raws: [String] = []
        var from = text.startIndex
        while let open = text[from...].firstRange(of: prefix),
            let close = text[open.upperBound...].firstRange(of: suffix)
        {
            let raw = String(text[open.upperBound..<close.lowerBound])
            if !raws.contains(raw) { raws.append(raw) }
            from = close.upperBound
        }
        guard !raws.isEmpty else { return text }
        var variables = I18nObject()
        var settings = I18nObject()
        if case .object(let replace)? = options["replace"] { variables = replace }
        for (name, value) in options.values.members {
            if ["lng", "ns", "interpolationPrefix", "interpolationSuffix", "keyseparator", "nsseparator", "returnObjectTrees", "fallbackLng"].contains(name) {
                settings[name] = value
            } else if name == "count" || !Self.legacyControlOptions.contains(name) {
                if options["replace"] == nil || name == "count" { variables[name] = value }
            }
        }
        var result = text
        for raw in raws {
            guard countReplacement() else { break }
            var key = raw
            var nested = settings
            var nestedVariables = variables
            if let comma = raw.firstIndex(of: ",") {
                key = String(raw[..<comma])
                let json = raw[raw.index(after: comma)...].trimmingWhitespaceAndNewlines()
                if !json.isEmpty {
                    if case .object(let parsed)? = try? I18nValue(jsonData: Data(json.utf8)) {
                        for (name, value) in parsed.members {
                            switch name {
                            case "variables":
                                if case .object(let given) = value { for (variable, text) in given.members { nestedVariables[variable] = text } }
                            case "count":
                                nested["count"] = value
                                nestedVariables["count"] = value
                            case "context", "defaultValue", "lng", "ns": nested[name] = value
                            case "lang": nested["lng"] = value
                            case "namespace": nested["ns"] = value
                            default: nestedVariables[name] = value
                            }
                        }
                    } else {
                        self.options.warningHandler?("invalid options for nested key: \(raw)")
                    }
                }
            }
            key = key.trimmingWhitespaceAndNewlines()
            nested["replace"] = .object(nestedVariables)
            var value = innerTranslate([key], Options(nested))
            if value == Self.pluralNotFound || value == Self.contextNotFound { value = .string(key) }
            let replacement: String
            if case .string(let string) = value { replacement = string } else { replacement = ObjectiveCFormat.description(value) }
            let token = prefix + raw + suffix
            // Every occurrence is replaced at once, so a value nesting itself twice doubles at each
            // of the 50 levels the replacement limit allows: the text's size is bounded as well.
            let occurrences = result.ranges(of: token).count
            let grown = result.utf8.count + occurrences * (replacement.utf8.count - token.utf8.count)
            guard grown <= Self.maximumProcessedBytes else {
                warnGrowthStopped()
                break
            }
            result = result.replacing(token, with: replacement)
        }
        return result
    }

    /// Warns once per `t()` call that i18next-ios nesting stopped at the size bound.
    private func warnGrowthStopped() {
        guard !growthStopped else { return }
        growthStopped = true
        self.options.warningHandler?("nesting stopped: one t() call's text would grow past \(Self.maximumProcessedBytes >> 10) KiB; the rest stays as written")
    }
}
