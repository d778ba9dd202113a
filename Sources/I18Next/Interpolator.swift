import JSONParsing
import Platform
import Synchronization

/// i18next's interpolation (`{{var}}`, `{{- raw}}`, `{{value, format}}`) and nesting (`$t(key)`).
///
/// i18next implements both with global regular expressions and `String.replace`, and some of
/// their results depend on that (a replacement goes to the *first* occurrence of the matched
/// text, and scanning resumes at an index computed on the old string). This type reproduces
/// those semantics with plain byte scanning, which is also much faster than a regex engine.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

final class Interpolator: Sendable {
    let settings: InterpolationOptions
    private let prefix: [UInt8]
    private let suffix: [UInt8]
    private let unescapeOpen: [UInt8]
    private let unescapeClose: [UInt8]
    let nestingPrefix: [UInt8]
    let nestingSuffix: [UInt8]
    private let formatSeparatorBytes: [UInt8]
    let nestingOptionsSeparatorBytes: [UInt8]
    /// The templates of the texts interpolated so far, when this interpolator keeps them (the
    /// instance's does; one made for a call's own settings does not). Bounded: past
    /// ``maximumTemplates`` texts, a new text is interpolated by the loop.
    private let templates = Mutex<TemplateCache>(TemplateCache())
    private let keepsTemplates: Bool
    static let maximumTemplates = 4096

    /// - Parameter keepsTemplates: Whether texts are parsed once into templates and kept, for an
    ///   interpolator that serves many calls.
    init(settings: InterpolationOptions, keepsTemplates: Bool = false) {
        self.keepsTemplates = keepsTemplates
        self.settings = settings
        prefix = Array(settings.prefix.utf8)
        suffix = Array(settings.suffix.utf8)
        unescapeOpen = prefix + Array(settings.unescapePrefix.utf8)
        unescapeClose = Array(settings.unescapeSuffix.utf8) + suffix
        nestingPrefix = Array(settings.nestingPrefix.utf8)
        nestingSuffix = Array(settings.nestingSuffix.utf8)
        formatSeparatorBytes = Array(settings.formatSeparator.utf8)
        nestingOptionsSeparatorBytes = Array(settings.nestingOptionsSeparator.utf8)
    }

    // MARK: - Interpolation

    /// Whether `text` contains the placeholder prefix at all (then ``interpolate`` has work to do).
    func hasPlaceholderPrefix(_ text: String) -> Bool { Scanner.contains(text, prefix) }

    /// Replaces the placeholders of `text` with values from `data`.
    ///
    /// - Parameters:
    ///   - callOptions: The t() options; a variable missing from `data` but present here becomes "".
    ///   - format: Applies a format (`number`, `datetime(…)`) to a value.
    func interpolate(
        _ text: String, data: I18nObject, implicitLanguage: String? = nil, callOptions: TranslationOptions?, skipOnVariables: Bool,
        format: (I18nValue, String, String) -> I18nValue
    ) -> String {
        // A kept template answers before any scan (a text without placeholders is one literal).
        if skipOnVariables, let template = template(for: text), template.isUsable,
            let filled = template.fill(
                prefixByte: prefix[0], maxReplaces: settings.maxReplaces, escape: settings.escapeValue,
                value: { placeholder in
                    let found =
                        placeholder.isMember
                        ? data[placeholder.name] ?? settings.defaultVariables?[placeholder.name]
                        : Self.variable(placeholder.name, in: data, defaults: settings.defaultVariables)
                    if let found { return found.madeString }
                    return placeholder.name == "lng" ? implicitLanguage : nil
                }, keepsMissing: { callOptions?.values[$0.name] == nil })
        {
            return filled
        }
        guard Scanner.contains(text, prefix) else { return text }
        var string = Array(text.utf8)
        // The first pass (`{{- raw}}`) can only find something where its opening is in the text.
        for pass in (Scanner.contains(text, unescapeOpen) ? 0 : 1)..<2 {
            let (open, close, escapes) = pass == 0 ? (unescapeOpen, unescapeClose, false) : (prefix, suffix, settings.escapeValue)
            var replaces = 0
            var lastIndex = 0
            while let match = Scanner.placeholder(in: string, from: lastIndex, open: open, close: close) {
                let matchedCount = match.end - match.start
                let variable = Self.trimmedText(string, match.innerStart..<match.innerEnd)
                var value: String
                if let found = lookup(variable, in: data, format: format)
                    ?? (variable == "lng" ? implicitLanguage.map(I18nValue.string) : nil)
                {
                    value = found.madeString
                } else if callOptions?.values[variable] != nil {
                    value = ""
                } else if skipOnVariables {
                    lastIndex = match.end
                    continue
                } else {
                    value = ""
                }
                if escapes { value = Self.escapeHTML(value) }
                // `String.replace(match, value)`: the first occurrence of the matched text, which is
                // this match unless the same text stands earlier.
                let at = Scanner.firstOccurrence(of: match.start..<match.end, in: string)
                string.replaceSubrange(at..<(at + matchedCount), with: value.utf8)
                if skipOnVariables {
                    lastIndex = match.end + value.utf8.count - matchedCount
                } else {
                    lastIndex = 0
                }
                replaces += 1
                if replaces >= settings.maxReplaces { break }
            }
        }
        return String(decoding: string, as: UTF8.self)
    }

    /// The template of `text`, made and kept on first use; `nil` when this interpolator keeps none.
    private func template(for text: String) -> InterpolationTemplate? {
        guard keepsTemplates else { return nil }
        let address = TemplateCache.address(of: text)
        if let kept = templates.withLock({ $0.template(for: text, address: address) }) { return kept }
        let made = InterpolationTemplate.make(text, prefix: prefix, suffix: suffix, unescapeOpen: unescapeOpen, formatSeparator: formatSeparatorBytes)
        templates.withLock { $0.keep(made, address: address) }
        return made
    }

    /// The text of `bytes[range]` trimmed as JavaScript's `trim()` does. ASCII white space at the
    /// ends, the common case, is trimmed before the string is made, so only one string is made.
    static func trimmedText(_ bytes: [UInt8], _ range: Range<Int>) -> String {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, JSStrings.isASCIISpace(bytes[lower]) { lower += 1 }
        while upper > lower, JSStrings.isASCIISpace(bytes[upper - 1]) { upper -= 1 }
        let text = String(decoding: bytes[lower..<upper], as: UTF8.self)
        // Non-ASCII at an end may be white space JavaScript trims (U+00A0, U+FEFF, …).
        if lower == upper || (bytes[lower] < 0x80 && bytes[upper - 1] < 0x80) { return text }
        return JSStrings.trim(text)
    }

    /// The value of a placeholder: `name`, a dotted path, or `name, format`.
    private func lookup(_ variable: String, in data: I18nObject, format: (I18nValue, String, String) -> I18nValue) -> I18nValue? {
        guard Scanner.contains(variable, formatSeparatorBytes) else {
            return Self.variable(variable, in: data, defaults: settings.defaultVariables)
        }
        var parts = JSStrings.split(variable, by: settings.formatSeparator)
        let name = JSStrings.trim(parts.removeFirst())
        let formatString = JSStrings.trim(parts.joined(separator: settings.formatSeparator))
        guard let value = Self.variable(name, in: data, defaults: settings.defaultVariables) else { return nil }
        return format(value, formatString, name)
    }

    /// i18next's `deepFindWithDefaults`: a path split on `.`, then a search that accepts dotted keys.
    static func variable(_ path: String, in data: I18nObject, defaults: I18nObject?) -> I18nValue? {
        if !Scanner.containsEither(path, UInt8(ascii: "."), UInt8(ascii: "#")) {
            // One segment: the path lookup and i18next's deepFind both come down to the member itself.
            return data[path] ?? defaults?[path]
        }
        let root = I18nValue.object(data)
        var value = ResourceStore.path(root, path, separator: ".")
        if value == nil, let defaults { value = ResourceStore.path(.object(defaults), path, separator: ".") }
        if value == nil || !value!.isTruthy {
            value = ResourceStore.deepFind(root, path, separator: ".")
            if value == nil, let defaults { value = ResourceStore.deepFind(.object(defaults), path, separator: ".") }
        }
        return value
    }

    /// Whether HTML escaping replaces this byte (`&`, `<`, `>`, `"`, `'`, `/`).
    @inline(__always)
    static func isEscapable(_ byte: UInt8) -> Bool {
        byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 || byte == 0x27 || byte == 0x2F
    }

    static func escapeHTML(_ text: String) -> String {
        guard text.utf8.withContiguousStorageIfAvailable({ $0.contains(where: isEscapable) }) ?? text.utf8.contains(where: isEscapable) else { return text }
        return text.replacingScalars(htmlEscapes)
    }

    /// i18next's `escape`: what `escapeValue` replaces in an interpolated value.
    private static let htmlEscapes = ASCIIEscapes(["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;", "/": "&#x2F;"])

    // MARK: - Nesting

    /// How many `$t(…)` the text contains.
    func nestingCount(_ text: String) -> Int {
        guard Scanner.contains(text, nestingPrefix) else { return 0 }
        let bytes = Array(text.utf8)
        var count = 0
        var index = 0
        while let match = Scanner.nesting(in: bytes, from: index, prefix: nestingPrefix, suffix: nestingSuffix) {
            count += 1
            index = match.end
        }
        return count
    }

    /// The parts of a nesting: the key, the options JSON (if any), and formats after the key.
    struct Nesting {
        let key: String
        let formats: [String]
    }

    /// What `resolve` found for one nesting.
    struct Resolved {
        let value: I18nValue?
        /// Whether the lookup ran a nested `t()` through interpolation. i18next's nesting regex is
        /// global and shared: the nested `t()` scans with it and leaves its `lastIndex` at 0, so
        /// the outer scan starts over and finds a second `$t(q)` in `"$t(q)$t(q)"`.
        let restartsScan: Bool
    }

    /// How many nestings one text may resolve. i18next has no limit: a nested value that brings
    /// back the nesting it replaced (through `skipOnVariables`) loops forever there.
    static let maximumNestingReplacements = 1000

    /// Replaces each `$t(key)` / `$t(key, {options})` / `$t(key, format)` with `resolve`'s result.
    ///
    /// - Returns: The new string, or the object `resolve` returned when the whole text was one nesting.
    /// - Parameter mayScan: Asked before each scan with the length of the text; `false` stops
    ///   the nesting there (the text stays as it is).
    func nest(
        _ text: String, resolve: (Nesting) -> Resolved, applyFormats: (String, Nesting) -> String,
        mayScan: (Int) -> Bool = { _ in true }, warn: (String) -> Void = { _ in }
    ) -> I18nValue {
        guard Scanner.contains(text, nestingPrefix) else { return .string(text) }
        var string = Array(text.utf8)
        guard !nestingPrefix.isEmpty, string.count >= nestingPrefix.count else { return .string(text) }
        var lastIndex = 0
        var replacements = 0
        while mayScan(string.count), let match = Scanner.nesting(in: string, from: lastIndex, prefix: nestingPrefix, suffix: nestingSuffix) {
            replacements += 1
            guard replacements <= Self.maximumNestingReplacements else {
                warn("nesting stopped after \(Self.maximumNestingReplacements) replacements in one value; the rest stays as written")
                break
            }
            lastIndex = match.end
            let innerRange = match.innerStart..<match.innerEnd
            var formats: [String] = []
            // i18next: with `{…}` options the key ends after the last `}`; else at the first format separator.
            var keyEnd: Int? = nil
            if let open = string[innerRange].firstIndex(of: UInt8(ascii: "{")), let close = string[innerRange].lastIndex(of: UInt8(ascii: "}")),
                close > open
            {
                keyEnd = close + 1
            } else if let separator = Scanner.index(of: formatSeparatorBytes, in: string, from: innerRange.lowerBound),
                separator + formatSeparatorBytes.count <= innerRange.upperBound
            {
                keyEnd = separator
            }
            let key: String
            if let keyEnd {
                key = Self.trimmedText(string, innerRange.lowerBound..<keyEnd)
                formats = JSStrings.split(String(decoding: string[keyEnd..<innerRange.upperBound], as: UTF8.self), by: settings.formatSeparator)
                    .map { JSStrings.trim($0) }.filter { !$0.isEmpty }
            } else {
                key = Self.trimmedText(string, innerRange)
            }
            let nesting = Nesting(key: key, formats: formats)
            let resolved = resolve(nesting)
            let result = resolved.value
            if resolved.restartsScan { lastIndex = 0 }
            if let result, result.isTruthy, match.start == 0, match.end == string.count, result.stringValue == nil {
                return result
            }
            var value = result?.madeString ?? ""
            if !formats.isEmpty { value = applyFormats(JSStrings.trim(value), nesting) }
            // `String.replace(matched, value)`: the first occurrence of the matched text.
            let at = Scanner.firstOccurrence(of: match.start..<match.end, in: string)
            string.replaceSubrange(at..<(at + match.end - match.start), with: value.utf8)
        }
        return .string(String(decoding: string, as: UTF8.self))
    }
}

/// The templates an interpolator has made, found by where their text is stored.
///
/// The texts are the resource store's, each stored once for the life of a snapshot: a text's
/// storage address finds its template without hashing the whole text on every call. A kept
/// template is used only when its text equals the one asked for (the same storage compares equal
/// at once), so an address that a freed text left to another is a miss, never a wrong answer.
/// Texts short enough to be stored inline in a `String` have no address and are found by content.
struct TemplateCache: ~Copyable {
    private var byAddress = AddressTable()
    private var byText: [String: InterpolationTemplate] = [:]

    /// The address of the text's storage, or `nil` for a text stored inline.
    static func address(of text: String) -> Int? {
        // Up to 15 UTF-8 bytes a String may hold inline, where its address is a copy's.
        guard text.utf8.count > 15 else { return nil }
        return text.utf8.withContiguousStorageIfAvailable { Int(bitPattern: $0.baseAddress) }
    }

    func template(for text: String, address: Int?) -> InterpolationTemplate? {
        let kept = address.map { byAddress.template(at: $0) } ?? byText[text]
        guard let kept, kept.text == text else { return nil }
        return kept
    }

    /// Keeps `made`, replacing what was kept at its address; past ``Interpolator/maximumTemplates``,
    /// only replacing.
    mutating func keep(_ made: InterpolationTemplate, address: Int?) {
        let replaces = address.map { byAddress.template(at: $0) != nil } ?? (byText[made.text] != nil)
        guard replaces || byAddress.count + byText.count < Interpolator.maximumTemplates else { return }
        if let address { byAddress.set(made, at: address) } else { byText[made.text] = made }
    }

    /// Templates by the address of their text: open addressing with linear probing over one
    /// array, grown at three quarters full; entries are replaced, never removed.
    ///
    /// Not an `[Int: InterpolationTemplate]`: the first such dictionary makes the runtime look
    /// up `Int: Hashable`, a scan of every conformance record of the binary, which was one of
    /// the larger costs of a one-shot `envtool t`.
    private struct AddressTable {
        private struct Entry {
            /// `0` marks an empty slot: no text is stored at address zero.
            var address: Int
            var template: InterpolationTemplate?
        }

        private var entries: [Entry] = []
        private(set) var count = 0

        func template(at address: Int) -> InterpolationTemplate? {
            guard !entries.isEmpty else { return nil }
            let mask = entries.count - 1
            var slot = Self.slot(of: address, mask: mask)
            while true {
                let entry = entries[slot]
                if entry.address == address { return entry.template }
                if entry.address == 0 { return nil }
                slot = (slot + 1) & mask
            }
        }

        mutating func set(_ template: InterpolationTemplate, at address: Int) {
            if (count + 1) * 4 > entries.count * 3 { grow() }
            let mask = entries.count - 1
            var slot = Self.slot(of: address, mask: mask)
            while entries[slot].address != 0, entries[slot].address != address { slot = (slot + 1) & mask }
            if entries[slot].address == 0 { count += 1 }
            entries[slot] = Entry(address: address, template: template)
        }

        private mutating func grow() {
            let old = entries
            entries = Array(repeating: Entry(address: 0, template: nil), count: max(16, old.count * 2))
            count = 0
            for entry in old where entry.address != 0 { set(entry.template!, at: entry.address) }
        }

        /// Fibonacci hashing: storage addresses are 16-byte aligned, so their low bits alone
        /// would crowd a few slots.
        private static func slot(of address: Int, mask: Int) -> Int {
            Int(truncatingIfNeeded: (UInt64(UInt(bitPattern: address)) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
        }
    }
}
