import Platform
import PrintfFormat

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The placeholder syntaxes of the formats, read into and written from ``TranslationMessage``.
///
/// - Apple (`.strings`, `.stringsdict`, `.xcstrings`, XLIFF): printf — `%@`, `%1$@`, `%d`,
///   `%lld`, `%.2f`, `%%`, and `%#@name@` for a plural variable.
/// - i18next: `{{name}}`, `{{name, format}}`, `{{- name}}`, and `$t(key)` nesting.
/// - gettext: `%(name)s`, `%(name)d`, `%s`, `%d`, `%1$s`, `%%`.
///
/// Names and positions translate by one rule, so every direction agrees: a named value becomes
/// a positional argument in Apple formats, numbered by its first appearance in the source
/// language (`argN` keeps its number `N`); an unnamed Apple argument becomes `argN` in i18next,
/// and the plural number is `count` (`%lld` in Apple formats, `%(count)d` in gettext).
package enum PlaceholderSyntax {
    // MARK: Apple

    static func parseApple(_ text: String) -> TranslationMessage {
        var message = TranslationMessage()
        for token in FormatString(text).tokens {
            append(token, to: &message)
        }
        return message
    }

    /// Adds one token of an Apple format string to `message`.
    static func append(_ token: FormatToken, to message: inout TranslationMessage) {
        switch token {
        case .text(let literal): message.append(.text(literal))
        case .percent: message.append(.text("%"))
        case .malformed(let literal): message.append(.text(literal))
        case .conversion(let conversion) where conversion.width?.isArgument == true || conversion.precision?.isArgument == true:
            // `%*d` takes two arguments, and the other formats number one per placeholder:
            // kept as the text it is rather than shifting every later argument.
            message.append(.text(conversion.source))
        case .conversion(let conversion) where conversion.isProse:
            // `Over 20% after`, `100% done`: text, so that no format invents an argument.
            message.append(.text(conversion.source))
        case .conversion(let conversion):
            message.append(.placeholder(TranslationPlaceholder(position: conversion.position, conversion: conversion.specifier)))
        case .variable(let name, let position, _):
            message.append(.placeholder(TranslationPlaceholder(position: position, conversion: "#@" + name + "@")))
        }
    }

    /// The argument order of named values for Apple output: `argN` at `N`, others in order of
    /// first appearance in `reference` (the source language's text).
    static func argumentOrder(_ messages: [TranslationMessage]) -> [String] {
        var order: [String] = []
        for message in messages {
            for placeholder in message.placeholders {
                if let name = placeholder.name, !order.contains(name) { order.append(name) }
            }
        }
        return order
    }

    /// Names, dashes and formats go in the entry's comment (``PlaceholderNames``), which every
    /// Apple writer keeps and its reader reads back.
    ///
    /// - Parameter formatted: Whether the text is always a format string (a plural form or its
    ///   frame, which Foundation formats with the number) even without arguments of its own.
    /// - Parameter platform: What reads the text, named in the warnings about what it cannot show.
    static func renderApple(
        _ message: TranslationMessage, order: [String], pluralNumber: Bool, formatted: Bool = false,
        key: String, platform: String = "Apple's lookup", issues: inout ConversionIssues
    ) -> String {
        let names = order
        let positional = names.count > 1 || names.contains { argumentIndex($0) != nil && argumentIndex($0) != 1 }
        let message = nestingsAsText(message, key: key, platform: platform, issues: &issues)
            .markupAsText(key: key, platform: platform, issues: &issues)
        // A text without arguments is shown as it is (`Over 30% before 08:00`); a format string,
        // or a text that would not read back as itself (`100%ige`, `100%% done`), needs `%%`.
        let isFormat =
            formatted || message.hasPlaceholders
            || message.pieces.contains { piece in
                if case .text(let literal) = piece { literal.containsByte(0x25) && !readsBack(literal, as: parseApple) } else { false }
            }
        var text = ""
        for piece in message.pieces {
            switch piece {
            case .text(let literal): text += isFormat ? literal.replacing("%", with: "%%") : literal
            case .nesting, .markup: break  // made text above
            case .placeholder(let placeholder):
                if let name = placeholder.name {
                    let position = placeholder.position ?? Self.position(of: name, in: names, message: message)
                    let conversion =
                        placeholder.conversion.map(appleConversion)
                        ?? ((name == "count" && pluralNumber) || name == "count" ? "lld" : "@")
                    // A position the source wrote (`{{arg1, 1$}}` from `%1$@`) is written again.
                    text += "%" + (positional || placeholder.position != nil ? "\(position)$" : "") + conversion
                } else {
                    text += "%" + (placeholder.position.map { "\($0)$" } ?? "") + appleConversion(placeholder.conversion ?? "@")
                }
            }
        }
        return text
    }

    /// `message` with each i18next nesting (`$t(key, {…})`) as the text i18next writes, which
    /// every other format keeps as it keeps text (its `%` doubled in a format string, as any
    /// text's) and i18next reads back as the nesting; reported once, since `platform` shows it as
    /// written rather than the nested key's text.
    static func nestingsAsText(_ message: TranslationMessage, key: String, platform: String, issues: inout ConversionIssues) -> TranslationMessage {
        guard message.pieces.contains(where: { if case .nesting = $0 { true } else { false } }) else { return message }
        var text = TranslationMessage()
        for piece in message.pieces {
            guard case .nesting(let nested) = piece else { text.append(piece); continue }
            issues.report(
                key, "$t(\(nested)) is written as text, which i18next reads back as the nesting; \(platform) shows it as written",
                kind: "$t(…) is written as text, which i18next reads back as the nesting; \(platform) shows it as written")
            text.append(.text("$t(" + nested + ")"))
        }
        return text
    }

    /// gettext's and C's `s` prints text; Apple's text conversion is `@`.
    private static func appleConversion(_ conversion: String) -> String {
        conversion.hasSuffix("s") && !conversion.hasPrefix("#@") ? String(conversion.dropLast()) + "@" : conversion
    }

    /// `N` for a name `argN`, `nil` otherwise.
    static func argumentIndex(_ name: String) -> Int? {
        guard name.hasPrefix("arg"), name.count > 3, name.count <= 6, let value = Int(name.dropFirst(3)), value > 0 else { return nil }
        return value
    }

    /// The argument position of the value named `name` in `message`, among the key's names
    /// `order`: `argN` is `N`; every other name takes, in order, the positions no `argN` of
    /// `order` claims, so that `{{arg2}} has {{count}}` is `%2$@ has %1$lld`, not two arguments
    /// at 2. `count`, the plural number, gives way only to the `argN` of its own message: a
    /// language or form that is not plural names the same argument `arg1`.
    ///
    /// A name `order` lacks (a translator renamed `item_index` to `ITEM_INDEX`) takes its place
    /// among the message's own such names, after the positions its other names take: numbered
    /// past the key's names, `%3$s` would ask for an argument the app never passes.
    static func position(of name: String, in order: [String], message: TranslationMessage) -> Int {
        if let index = argumentIndex(name) { return index }
        guard order.contains(name) else {
            let own = argumentOrder([message])
            var claimed = Set(
                own.filter { $0 != name && (argumentIndex($0) != nil || order.contains($0)) }.map { Self.position(of: $0, in: order, message: message) })
            var position = 0
            for other in own where argumentIndex(other) == nil && !order.contains(other) {
                repeat { position += 1 } while claimed.contains(position)
                if other == name { return position }
                claimed.insert(position)
            }
            return position + 1
        }
        let claimants = name == "count" ? message.placeholders.compactMap(\.name) : order
        let claimed = Set(claimants.compactMap(argumentIndex))
        var position = 0
        func next() {
            repeat { position += 1 } while claimed.contains(position)
        }
        for other in order where argumentIndex(other) == nil {
            next()
            if other == name { return position }
        }
        return position
    }

    /// Which unnamed argument of a plural form is the plural number (`{{count}}`, `%(count)d`),
    /// by its position (or its place among the unnamed): of those printed with the form's
    /// number conversion, the first by position. One only: `%1$d/%2$d selected` prints the count
    /// and another number, which stays `arg2` (both were `count`, and came back the same number).
    static func pluralNumberSlot(in message: TranslationMessage, conversion pluralNumber: String?) -> Int? {
        guard let pluralNumber else { return nil }
        var slot: Int? = nil
        var index = 0
        for placeholder in message.placeholders where placeholder.name == nil && placeholder.conversion?.hasPrefix("#@") != true {
            index += 1
            guard placeholder.isNumeric, placeholder.conversion == pluralNumber else { continue }
            let candidate = placeholder.position ?? index
            if slot.map({ candidate < $0 }) ?? true { slot = candidate }
        }
        return slot
    }

    /// Whether `literal`, written as it is, reads back as the same text: not when a `%` in it
    /// reads as a conversion (`100%ige`) or `%%` reads as one `%` (`100%% done` from an Android
    /// text, which is shown as written). Such a text is written as a format string, `%` doubled.
    static func readsBack(_ literal: String, as parse: (String) -> TranslationMessage) -> Bool {
        parse(literal) == TranslationMessage(merged: literal.isEmpty ? [] : [.text(literal)])
    }

    /// `text` with each `%` written `%%` (most texts have none, and are returned as they are).
    static func doublingPercent(_ text: String) -> String {
        text.containsByte(0x25) ? text.replacingBytes("%", with: "%%") : text
    }

    // MARK: i18next

    /// Whether `text` is a printf conversion without its `%` (`lld`, `.2f`, `-5d`, `@`), as an
    /// i18next placeholder carries one from an Apple or gettext source.
    static func isPrintfSpecifier(_ text: String) -> Bool {
        let tokens = FormatString("%" + text).tokens
        guard tokens.count == 1, case .conversion(let conversion) = tokens[0] else { return false }
        // Only one argument each (no `*` width or precision), and no pointer conversions (`%S`,
        // `%C`, `%p`), which would misread the String a name stands for.
        return conversion.position == nil && conversion.source == "%" + text
            && conversion.width?.isArgument != true && conversion.precision?.isArgument != true
            && !["S", "C", "p"].contains(conversion.conversion)
    }

    static func parseI18Next(_ text: String) -> TranslationMessage {
        var steps = 0
        return parseI18Next(text, steps: &steps)
    }

    /// An i18next value: its placeholders and nestings, then its inline markup (``InlineMarkup``),
    /// which react-i18next's `Trans` renders and Android keeps.
    static func parseI18NextText(_ text: String) -> TranslationMessage {
        var steps = 0
        return InlineMarkup.reading(parseI18Next(text, steps: &steps), steps: &steps)
    }

    /// ``parseI18Next(_:)``, adding to `steps` the bytes its searches examine: the test that the
    /// scan is linear (twice the text, twice the steps) counts them, not time.
    package static func parseI18Next(_ text: String, steps: inout Int) -> TranslationMessage {
        // Scanned as UTF-8 (the reader of a 20k-key file spent a third of its time in
        // Character-by-Character searches), matching where the Character search matched: a
        // match counts only when it starts and ends on Character boundaries, so `{` followed by
        // a combining mark is not a brace, as before.
        var copy = text
        return copy.withUTF8 { bytes in
            func isBoundary(_ offset: Int) -> Bool {
                if offset == 0 || offset == bytes.count { return true }
                let before = bytes[offset - 1]
                let after = bytes[offset]
                // Between two ASCII characters there is always a boundary, but inside CR LF.
                if before < 0x80, after < 0x80 { return !(before == 0x0D && after == 0x0A) }
                guard after & 0xC0 != 0x80 else { return false }
                return String.Index(text.utf8.index(text.utf8.startIndex, offsetBy: offset), within: text) != nil
            }
            func find(_ pattern: StaticString, from start: Int) -> Int? {
                let count = pattern.utf8CodeUnitCount
                let units = pattern.utf8Start
                var index = start
                while index + count <= bytes.count {
                    steps += 1
                    if bytes[index] == units[0] {
                        var matched = 1
                        while matched < count, bytes[index + matched] == units[matched] { matched += 1 }
                        if matched == count, isBoundary(index), isBoundary(index + count) { return index }
                    }
                    index += 1
                }
                return nil
            }
            func string(_ range: Range<Int>) -> String {
                String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
            }
            var message = TranslationMessage()
            var position = 0
            // The next `{{` and `$t(` at or after `position` (`bytes.count`: none), searched again
            // only once `position` has passed them: searching both from every placeholder made a
            // text of 40,000 `{{x}}` without a `$t(` quadratic (15 s for 200 KB).
            var nextOpen = -1
            var nextNest = -1
            while position < bytes.count {
                if nextOpen < position { nextOpen = find("{{", from: position) ?? bytes.count }
                if nextNest < position { nextNest = find("$t(", from: position) ?? bytes.count }
                let open = nextOpen < bytes.count ? nextOpen : nil
                let nest = nextNest < bytes.count ? nextNest : nil
                guard open != nil || nest != nil else { message.append(.text(string(position..<bytes.count))); break }
                if let open, nest.map({ open < $0 }) ?? true {
                    guard let close = find("}}", from: open + 2) else { message.append(.text(string(position..<bytes.count))); break }
                    message.append(.text(string(position..<open)))
                    var inside = string((open + 2)..<close).trimmingWhitespace()
                    let unescaped = inside.hasPrefix("-")
                    if unescaped { inside = String(inside.dropFirst()).trimmingWhitespace() }
                    var format: String? = nil
                    var written: Int? = nil
                    if let comma = inside.firstIndex(of: ",") {
                        (format, written) = writtenPosition(inside[inside.index(after: comma)...].trimmingWhitespace())
                        inside = inside[..<comma].trimmingWhitespace()
                    }
                    // `{{arg1, lld}}`: the printf conversion an Apple or gettext source had, kept as
                    // an i18next format (i18next prints a value with a format it does not know as given).
                    if let specifier = format, isPrintfSpecifier(specifier) {
                        message.append(
                            .placeholder(TranslationPlaceholder(name: inside, position: written, conversion: specifier, unescaped: unescaped)))
                    } else {
                        message.append(.placeholder(TranslationPlaceholder(name: inside, position: written, format: format, unescaped: unescaped)))
                    }
                    position = close + 2
                } else if let nest {
                    guard let close = find(")", from: nest + 3) else { message.append(.text(string(position..<bytes.count))); break }
                    message.append(.text(string(position..<nest)))
                    message.append(.nesting(string((nest + 3)..<close)))
                    position = close + 1
                }
            }
            return message
        }
    }

    static func renderI18Next(_ message: TranslationMessage, pluralNumber: String?, key: String, issues: inout ConversionIssues) -> String {
        var bytes: [UInt8] = []
        appendI18Next(message, pluralNumber: pluralNumber, key: key, issues: &issues, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// ``renderI18Next(_:pluralNumber:key:issues:)`` appended to `out` as UTF-8: the i18next
    /// writer quotes it from there, without a String for each text (a String made and joined
    /// piece by piece was a sixth of writing a 20k-key file). A String's `+` joins UTF-8 bytes,
    /// so the bytes are the String's.
    static func appendI18Next(
        _ message: TranslationMessage, pluralNumber: String?, key: String, issues: inout ConversionIssues,
        to out: inout [UInt8]
    ) {
        func add(_ text: String) {
            var text = text
            text.withUTF8 { out.append(contentsOf: $0) }
        }
        func add(_ text: StaticString) {
            out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }
        let start = out.count
        defer {
            // Only a text with a `<` can read back otherwise.
            if out[start...].contains(0x3C) {
                let written = String(decoding: out[start...], as: UTF8.self)
                reportMarkupReadBack(of: message, as: parseI18NextText(written), format: "i18next", key: key, issues: &issues)
            }
        }
        let countSlot = pluralNumberSlot(in: message, conversion: pluralNumber)
        var index = 0
        let arguments = message.placeholders.filter { $0.conversion?.hasPrefix("#@") != true }
        // One argument numbered (`%1$s`) or several not (`%d/%d`): what i18next's `{{arg1}}`
        // does not say by itself. The first is carried (`{{arg1, 1$}}`), the second reported.
        let markedPositions = arguments.count == 1
        if arguments.count > 1, arguments.contains(where: { $0.name == nil && $0.position == nil }) {
            issues.report(
                key, "arguments written without positions (%d … %d) get positions through i18next (%1$d … %2$d)",
                kind: "arguments written without positions get positions through i18next")
        }
        /// `, format` and the written position, as the placeholder's format says them.
        func addFormat(_ format: String?, position: Int?) {
            if let format {
                add(", ")
                add(format)
            }
            if markedPositions, let position {
                add(", ")
                add(String(position))
                add("$")
            }
        }
        for piece in InlineMarkup.escapingText(message).pieces {
            switch piece {
            case .text(let literal), .markup(let literal): add(literal)
            case .nesting(let nested):
                add("$t(")
                add(nested)
                add(")")
            case .placeholder(let placeholder):
                if let name = placeholder.name {
                    let conversion = placeholder.conversion.flatMap { ["@", "s"].contains($0) || name == "count" ? nil : $0 }
                    add(placeholder.unescaped ? "{{- " : "{{")
                    add(name)
                    addFormat(placeholder.format ?? conversion.map(i18nextFormat), position: placeholder.position)
                    add("}}")
                    continue
                }
                if let conversion = placeholder.conversion, conversion.hasPrefix("#@") {
                    issues.report(
                        key, "the plural variable %\(conversion) inside a plural form cannot be expressed in this format; written as text",
                        kind: "the plural variable inside a plural form cannot be expressed in this format; written as text")
                    add("%")
                    add(conversion)
                    continue
                }
                index += 1
                if let countSlot, (placeholder.position ?? index) == countSlot {
                    // A whole number is `{{count}}` (`%d` and `%lld` alike); another kind goes along
                    // as the format (`%lf` is `{{count, lf}}`), so that the way back writes it again.
                    add("{{count")
                    let conversion = placeholder.conversion.flatMap { isWholeNumberConversion($0) ? nil : $0 }
                    addFormat(conversion.map(i18nextFormat), position: placeholder.position)
                    add("}}")
                    continue
                }
                add("{{arg")
                add(String(placeholder.position ?? index))
                // The conversion goes along as the placeholder's format (`%lld` is `{{arg1, lld}}`),
                // so that the way back writes it again; `%@` and `%s` are plain values.
                let conversion = placeholder.conversion.flatMap { ["@", "s"].contains($0) ? nil : $0 }
                addFormat(conversion.map(i18nextFormat), position: placeholder.position)
                add("}}")
            }
        }
    }

    /// The i18next format that carries a printf conversion: i18next's own `number` for a grouped
    /// whole number (`%'d`, Android's `%,d`), which groups as they do; the conversion itself
    /// otherwise (`.2f`, `'.2f`), which i18next prints as given and the way back reads.
    static func i18nextFormat(_ conversion: String) -> String {
        FormatConversion.isGroupedWholeNumber(conversion) ? "number" : conversion
    }

    /// An i18next format without its last item when that is a written position (`number, 1$`:
    /// `%1$,d` was numbered though it is a string's only argument), and the position.
    static func writtenPosition(_ format: String) -> (format: String?, position: Int?) {
        let items = format.split(separator: ",", omittingEmptySubsequences: false)
        guard let last = items.last?.trimmingWhitespace(), last.hasSuffix("$"), let position = Int(last.dropLast()), position > 0,
            last.first != "+", last.first != "0"
        else { return (format, nil) }
        let rest = items.dropLast().joined(separator: ",").trimmingWhitespace()
        return (rest.isEmpty ? nil : rest, position)
    }

    /// Whether `conversion` prints a whole number plainly (`d`, `lld`, `u`, `ld`): the plural
    /// number every format writes as its default.
    static func isWholeNumberConversion(_ conversion: String) -> Bool {
        guard let last = conversion.unicodeScalars.last, "diuDU".unicodeScalars.contains(last) else { return false }
        return conversion.unicodeScalars.dropLast().allSatisfy { "hlqLzjt".unicodeScalars.contains($0) }
    }

    // MARK: gettext

    /// A gettext text: its placeholders, then its inline markup (``InlineMarkup``), unless
    /// `tagsAreText` (the message's ``InlineMarkup/tagsAreTextLine``).
    static func parseGettext(_ text: String, tagsAreText: Bool = false) -> TranslationMessage {
        guard !tagsAreText else { return gettextPlaceholders(text) }
        var steps = 0
        return InlineMarkup.reading(gettextPlaceholders(text), steps: &steps)
    }

    /// ``parseGettext(_:tagsAreText:)`` of a text's UTF-8 `bytes` (valid UTF-8, as a reader's file is).
    static func parseGettext(_ bytes: UnsafeBufferPointer<UInt8>, tagsAreText: Bool = false) -> TranslationMessage {
        guard !tagsAreText else { return gettextPlaceholders(bytes) }
        var steps = 0
        return InlineMarkup.reading(gettextPlaceholders(bytes), steps: &steps)
    }

    /// The placeholders of a gettext text; the rest is text.
    private static func gettextPlaceholders(_ text: String) -> TranslationMessage {
        // Without a `%` a text is all text (most are): no scalar-by-scalar scan. Searched in
        // contiguous UTF-8: the view's iterator cost more than the rest of a plain text's reading.
        guard text.containsByte(0x25) else {
            return TranslationMessage(merged: text.isEmpty ? [] : [.text(text)])
        }
        var copy = text
        if let named = copy.withUTF8(parseNamedGettext) { return named }
        var message = TranslationMessage()
        let scalars = Array(text.unicodeScalars)
        var literal = ""
        var index = 0
        func flush() {
            message.append(.text(literal))
            literal = ""
        }
        while index < scalars.count {
            guard scalars[index] == "%", index + 1 < scalars.count else {
                // The text up to the next `%`, at once.
                var next = index + 1
                while next < scalars.count, scalars[next] != "%" { next += 1 }
                literal += String(encoding: scalars[index..<next])
                index = next
                continue
            }
            if scalars[index + 1] == "%" {
                literal += "%"
                index += 2
                continue
            }
            if scalars[index + 1] == "(" {
                var end = index + 2
                while end < scalars.count, scalars[end] != ")" { end += 1 }
                // After the name, a printf conversion with its flags, width, precision and length
                // (`%(n)d`, `%(arg1).1f`, `%(arg2)lld`, as the writer gives Apple's specifiers):
                // read by the same tokenizer as a conversion that starts at the `)`.
                if end + 1 < scalars.count, case (.conversion(let conversion), let conversionEnd) = FormatString.token(at: end, in: scalars),
                    conversion.position == nil, conversion.width?.isArgument != true, conversion.precision?.isArgument != true,
                    "sdiouxXeEfFgGc".contains(conversion.conversion)
                {
                    flush()
                    let name = String(String.UnicodeScalarView(scalars[(index + 2)..<end]))
                    var specifier = conversion.specifier
                    // `%(count)d` is the plural number: each format writes it its own way
                    // (Apple: %lld); a plain `s` is the default string, `@` in Apple's terms.
                    if specifier == "s" || (specifier == "d" && name == "count") {
                        message.append(.placeholder(TranslationPlaceholder(name: name, conversion: nil)))
                    } else {
                        if specifier.hasSuffix("s") { specifier = String(specifier.dropLast()) + "@" }
                        message.append(.placeholder(TranslationPlaceholder(name: name, conversion: specifier)))
                    }
                    index = conversionEnd
                    continue
                }
                literal.unicodeScalars.append(scalars[index])
                index += 1
                continue
            }
            // A printf conversion: gettext's c-format is the Apple grammar's C subset, read by
            // the same tokenizer.
            let (token, end) = FormatString.token(at: index, in: scalars)
            var parsed = TranslationMessage()
            append(token, to: &parsed)
            if case .conversion = token, parsed.placeholders.count == 1 {
                flush()
                message.append(parsed.pieces[0])
                index = end
            } else {
                literal.unicodeScalars.append(scalars[index])
                index += 1
            }
        }
        flush()
        return message
    }

    /// ``parseGettext(_:)`` of a text whose every `%` is `%%` or a named conversion with a bare
    /// letter (`%(name)s`, as envtool and most tools write them), scanned as UTF-8: the same
    /// message, without a copy of the text as scalars (a fifth of reading such a `.po`); `nil`
    /// for any other `%`, which the general scan reads.
    private static func parseNamedGettext(_ bytes: UnsafeBufferPointer<UInt8>) -> TranslationMessage? {
        func string(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
        // The pieces as `TranslationMessage.append` merges them, made here in one array: a text
        // is the bytes since the last placeholder (`run`), after what a `%%` cut (`literal`).
        var pieces: [TranslationMessage.Piece] = []
        pieces.reserveCapacity(3)
        var literal = ""
        var run = 0
        func text(upTo end: Int) {
            if literal.isEmpty {
                if end > run { pieces.append(.text(string(run..<end))) }
            } else {
                literal += string(run..<end)
                pieces.append(.text(literal))
                literal = ""
            }
        }
        var index = 0
        while index < bytes.count {
            guard bytes[index] == 0x25 else { index += 1; continue }
            // A `%` that ends the text is text: the run goes on to the end.
            guard index + 1 < bytes.count else { break }
            if bytes[index + 1] == 0x25 {
                literal += string(run..<(index + 1))
                index += 2
                run = index
                continue
            }
            guard bytes[index + 1] == UInt8(ascii: "(") else { return nil }
            var close = index + 2
            while close < bytes.count, bytes[close] != UInt8(ascii: ")") { close += 1 }
            guard close + 1 < bytes.count, let letter = namedConversionLetters.firstIndex(of: bytes[close + 1]) else { return nil }
            text(upTo: index)
            let name = string(index + 2..<close)
            let specifier = namedConversionLetters[letter]
            if specifier == UInt8(ascii: "s") || (specifier == UInt8(ascii: "d") && name == "count") {
                pieces.append(.placeholder(TranslationPlaceholder(name: name, conversion: nil)))
            } else {
                pieces.append(.placeholder(TranslationPlaceholder(name: name, conversion: String(UnicodeScalar(specifier)))))
            }
            index = close + 2
            run = index
        }
        text(upTo: bytes.count)
        return TranslationMessage(merged: pieces)
    }

    /// ``gettextPlaceholders(_:)`` of a text's UTF-8 `bytes`: a text without `%`, or with named
    /// conversions only, is read from the bytes without a String of the whole text first (the
    /// `.po` reader made one per msgstr only to drop it); any other is read as its String.
    private static func gettextPlaceholders(_ bytes: UnsafeBufferPointer<UInt8>) -> TranslationMessage {
        guard bytes.contains(0x25) else {
            return TranslationMessage(merged: bytes.isEmpty ? [] : [.text(String(decoding: bytes, as: UTF8.self))])
        }
        return parseNamedGettext(bytes) ?? gettextPlaceholders(String(decoding: bytes, as: UTF8.self))
    }

    /// `conversion` as written after `%(name)`: `@` as `s`, and without the grouping flag, which
    /// python-format has not (reported: `%1$,d` prints ungrouped there).
    private static func namedConversion(_ conversion: String, key: String, issues: inout ConversionIssues) -> String {
        var scalars = Array(conversion.unicodeScalars)
        if scalars.last == "@" { scalars[scalars.count - 1] = "s" }
        if scalars.contains(FormatConversion.groupingFlag) {
            issues.report(
                key, "python-format has no grouping flag; %\(conversion) is written without it",
                kind: "python-format has no grouping flag; the conversion is written without it")
            scalars.removeAll { $0 == FormatConversion.groupingFlag }
        }
        return String(String.UnicodeScalarView(scalars))
    }

    /// The letter of `conversion` that a named gettext placeholder ends with (`f` of `'.2f`, `s`
    /// of Apple's `@`).
    static func gettextLetter(_ conversion: String) -> String {
        guard let last = conversion.unicodeScalars.last else { return "s" }
        return last == "@" ? "s" : String(last)
    }

    /// The conversions a named placeholder may end with as a bare letter (`%(name)d`).
    private static let namedConversionLetters = Array("sdiouxXeEfFgGc".utf8)

    /// `message` as gettext writes it. Inline markup is written as its tags, as `android2po` does;
    /// what reads back otherwise (``InlineMarkup``) is reported.
    static func renderGettext(_ message: TranslationMessage, pluralNumber: String?, key: String, issues: inout ConversionIssues) -> String {
        renderGettext(message, pluralNumber: pluralNumber, key: key, issues: &issues, saysTagsAreText: false).text
    }

    /// ``renderGettext(_:pluralNumber:key:issues:)`` for a message whose comment can say its tags
    /// are text (``InlineMarkup/tagsAreTextLine``): a text without markup that shows a balanced
    /// tag (Android's `&lt;br/&gt;`) is not reported but answered `showsTags`, for the writer to
    /// add the line that reads it back as text.
    static func renderGettext(
        _ message: TranslationMessage, pluralNumber: String?, key: String, issues: inout ConversionIssues, saysTagsAreText: Bool
    ) -> (text: String, showsTags: Bool) {
        let text = renderGettextText(message, pluralNumber: pluralNumber, key: key, issues: &issues)
        // Only a text with a `<` can read back otherwise.
        guard text.containsByte(0x3C) else { return (text, false) }
        let readBack = parseGettext(text)
        if saysTagsAreText, !message.hasMarkup, readBack.hasMarkup { return (text, true) }
        reportMarkupReadBack(of: message, as: readBack, format: "gettext", precedent: ", as android2po's .po does", key: key, issues: &issues)
        return (text, false)
    }

    /// Reports where `message`, written in a format whose markup is its tags (gettext, i18next),
    /// reads back with other markup: a text that shows a balanced tag (Android's `&lt;b&gt;`)
    /// becomes markup, as in `android2po`'s `.po`, and markup that no longer balances becomes text.
    private static func reportMarkupReadBack(
        of message: TranslationMessage, as readBack: TranslationMessage, format: String, precedent: String = "", key: String,
        issues: inout ConversionIssues
    ) {
        let own = markupTags(of: message)
        let read = markupTags(of: readBack)
        if read.count > own.count {
            let shown = read.filter { !own.contains($0) }.prefix(3).joined(separator: ", ")
            issues.report(
                key, "a text that shows a tag (\(shown)) reads back from \(format) as inline markup\(precedent)",
                kind: "a text that shows a tag reads back from \(format) as inline markup\(precedent)")
        } else if read != own {
            issues.report(
                key, "inline markup (\(own.prefix(3).joined(separator: ", "))) does not balance in \(format)'s text; read back, it is text",
                kind: "inline markup that does not balance in \(format)'s text reads back as text")
        }
    }

    /// The tags of `message`'s markup, in order.
    private static func markupTags(of message: TranslationMessage) -> [String] {
        message.pieces.compactMap { if case .markup(let tag) = $0 { tag } else { nil } }
    }

    private static func renderGettextText(_ message: TranslationMessage, pluralNumber: String?, key: String, issues: inout ConversionIssues) -> String {
        // A plural form is formatted with the number even when it does not print it; a text that
        // would not read back as itself (`100%ige`, `100%% done`) is doubled too.
        let message = InlineMarkup.escapingText(nestingsAsText(message, key: key, platform: "gettext", issues: &issues))
        let isFormat =
            pluralNumber != nil || message.hasPlaceholders
            || message.pieces.contains { piece in
                switch piece {
                case .text(let literal), .markup(let literal): literal.containsByte(0x25) && !readsBack(literal, as: gettextPlaceholders)
                case .placeholder, .nesting: false
                }
            }
        var text = ""
        text.reserveCapacity(64)
        var index = 0
        // Arguments a printf source left unnamed are named `argN` (`%(arg1)s`), unless that loses
        // what the source wrote: one argument numbered (`%1$s`), several without numbers
        // (`%d/%d`), or the grouping flag (`%1$,d`), which python-format has not. Such a text is
        // written as the source wrote it, in c-format (`%1$s`, `%1$'d`).
        let placeholders = message.placeholders
        let countSlot = pluralNumberSlot(in: message, conversion: pluralNumber)
        let unnamed =
            placeholders.allSatisfy { $0.name == nil && $0.conversion?.hasPrefix("#@") != true }
            && ((placeholders.count == 1 ? placeholders[0].position != nil : placeholders.contains { $0.position == nil })
                || placeholders.contains { $0.conversion?.unicodeScalars.contains(FormatConversion.groupingFlag) == true })
        for piece in message.pieces {
            switch piece {
            case .text(let literal): text += isFormat ? doublingPercent(literal) : literal
            case .markup(let tag): text += isFormat ? doublingPercent(tag) : tag
            case .nesting: break  // made text above
            case .placeholder(let placeholder):
                if let name = placeholder.name {
                    // python-format's letter only (`%(size)f`): the dash, the format, a conversion
                    // that says more (`'.2f`, `lld`) and a lone argument's number go in the `#.`
                    // comment's line (PlaceholderNames).
                    let conversion = placeholder.conversion.map(gettextLetter) ?? (name == "count" ? "d" : "s")
                    // Appended one by one: `+` made a string for each step.
                    text += "%("
                    text += name
                    text += ")"
                    text += conversion
                } else if let conversion = placeholder.conversion, conversion.hasPrefix("#@") {
                    issues.report(
                        key, "the plural variable %\(conversion) inside a plural form has no gettext equivalent; written as text",
                        kind: "the plural variable inside a plural form has no gettext equivalent; written as text")
                    text += "%" + conversion
                } else {
                    index += 1
                    let conversion = placeholder.conversion ?? "@"
                    if unnamed {
                        text +=
                            "%" + (placeholder.position.map { "\($0)$" } ?? "") + (conversion.hasSuffix("@") ? String(conversion.dropLast()) + "s" : conversion)
                        continue
                    }
                    if let countSlot, (placeholder.position ?? index) == countSlot {
                        if let conversion = placeholder.conversion { _ = namedConversion(conversion, key: key, issues: &issues) }
                        text += "%(count)d"
                        continue
                    }
                    // Named as in i18next (argN), so that positions survive the way back.
                    text += "%(arg\(placeholder.position ?? index))" + namedConversion(conversion, key: key, issues: &issues)
                }
            }
        }
        return text
    }
}
