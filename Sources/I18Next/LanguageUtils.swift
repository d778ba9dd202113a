/// i18next's language code rules: canonical casing, script and language parts, supported
/// languages, fallback codes and the hierarchy of codes a lookup walks (`de-AT` → `de` → `en`).
struct LanguageUtils: Sendable {
    let options: I18NextOptions

    static func cleaned(_ code: String) -> String {
        code.utf8.contains(UInt8(ascii: "_")) ? String(code.map { $0 == "_" ? "-" : $0 }) : code
    }

    @inline(__always)
    static func hasDash(_ code: String) -> Bool { code.utf8.contains(UInt8(ascii: "-")) }

    /// `Intl.getCanonicalLocales` casing for a tag with subtags, then `lowerCaseLng`/`cleanCode`.
    func formatLanguageCode(_ code: String) -> String {
        if Self.hasDash(code) {
            if let canonical = Self.canonicalLocale(code) {
                return options.lowerCaseLng ? canonical.lowercased() : canonical
            }
            return options.lowerCaseLng ? code.lowercased() : code
        }
        return options.cleanCode || options.lowerCaseLng ? code.lowercased() : code
    }

    /// BCP 47 canonical case (`zh-hant-tw` → `zh-Hant-TW`), or `nil` for an invalid tag.
    static func canonicalLocale(_ code: String) -> String? {
        let parts = code.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.count) || (5...8).contains(first.count),
            first.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return nil }
        var result = [first.lowercased()]
        var index = 1
        var privateUse = false
        for part in parts.dropFirst() {
            guard !part.isEmpty, part.count <= 8, part.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return nil }
            if privateUse || part.count == 1 {
                if part.lowercased() == "x" { privateUse = true }
                result.append(part.lowercased())
            } else if index == 1 && part.count == 4 && part.allSatisfy(\.isLetter) {
                result.append(part.prefix(1).uppercased() + part.dropFirst().lowercased())
            } else if index <= 2 && part.count == 2 && part.allSatisfy(\.isLetter) {
                result.append(part.uppercased())
            } else if index <= 2 && part.count == 3 && part.allSatisfy(\.isNumber) {
                result.append(String(part))
            } else if part.count >= 4 || (part.count == 4 && part.first!.isNumber) {
                result.append(part.lowercased())
            } else {
                return nil
            }
            index += 1
        }
        return result.joined(separator: "-")
    }

    func scriptPart(_ code: String) -> String? {
        let cleaned = Self.cleaned(code)
        guard Self.hasDash(cleaned) else { return nil }
        var parts = cleaned.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        if parts.count == 2 { return nil }
        parts.removeLast()
        if parts.last?.lowercased() == "x" { return nil }
        return formatLanguageCode(parts.joined(separator: "-"))
    }

    func languagePart(_ code: String) -> String {
        let cleaned = Self.cleaned(code)
        guard Self.hasDash(cleaned) else { return cleaned }
        return formatLanguageCode(String(cleaned.split(separator: "-", omittingEmptySubsequences: false)[0]))
    }

    func isSupported(_ code: String) -> Bool {
        var code = code
        if options.load == .languageOnly || options.nonExplicitSupportedLngs { code = languagePart(code) }
        guard let supported = options.supportedLngs, !supported.isEmpty else { return true }
        return supported.contains(code)
    }

    func bestMatch(from codes: [String]) -> String? {
        var found: String? = nil
        for code in codes {
            let cleaned = formatLanguageCode(code)
            if options.supportedLngs == nil || isSupported(cleaned) { found = cleaned; break }
        }
        if found == nil, let supported = options.supportedLngs {
            for code in codes {
                if let script = scriptPart(code), isSupported(script) { found = script; break }
                let language = languagePart(code)
                if isSupported(language) { found = language; break }
                found = supported.first { candidate in
                    if candidate == language { return true }
                    if !Self.hasDash(candidate) && !Self.hasDash(language) { return false }
                    if Self.hasDash(candidate) && !Self.hasDash(language), candidate.split(separator: "-")[0] == language { return true }
                    return candidate.hasPrefix(language) && language.count > 1
                }
                if found != nil { break }
            }
        }
        return found ?? fallbackCodes(options.fallbackLng, for: nil).first
    }

    func fallbackCodes(_ fallbacks: I18NextOptions.FallbackLanguages, for code: String?) -> [String] {
        switch fallbacks {
        case .none: return []
        case .list(let codes): return codes
        case .map(let map):
            guard let code else { return map["default"] ?? [] }
            if let found = map[code], !found.isEmpty { return found }
            if let script = scriptPart(code), let found = map[script], !found.isEmpty { return found }
            if let found = map[formatLanguageCode(code)], !found.isEmpty { return found }
            if let found = map[languagePart(code)], !found.isEmpty { return found }
            return map["default"] ?? []
        }
    }

    /// The codes looked up for `code`, most specific first, then the fallbacks.
    func resolveHierarchy(_ code: String?, fallback: I18NextOptions.FallbackLanguages? = nil) -> [String] {
        let fallbackCodes = fallbackCodes(fallback ?? options.fallbackLng, for: code)
        var codes: [String] = []
        func add(_ candidate: String?) {
            guard let candidate, !candidate.isEmpty, isSupported(candidate) else { return }
            codes.append(candidate)
        }
        if let code {
            if Self.hasDash(code) || code.utf8.contains(UInt8(ascii: "_")) {
                if options.load != .languageOnly { add(formatLanguageCode(code)) }
                if options.load == .all { add(scriptPart(code)) }
                if options.load != .currentOnly { add(languagePart(code)) }
            } else {
                add(formatLanguageCode(code))
            }
        }
        for fallbackCode in fallbackCodes where !codes.contains(fallbackCode) {
            add(formatLanguageCode(fallbackCode))
        }
        return codes
    }
}
