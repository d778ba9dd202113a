import CLDRPlurals
import PrintfFormat

/// Pseudo-localization: a fake translation made from the source language, to see before any
/// translator does which texts are hard-coded, which are cut off when they grow, and which
/// layouts break right to left.
///
/// It works on the message model (``TranslationMessage``), so every format is pseudo-localized
/// alike and what a format treats as code is never touched: placeholders (`{{name}}`, `%1$@`,
/// `%(name)s`, `%#@items@`) and `$t(…)` nesting are pieces of their own; inside the text, inline
/// markup (`<b>`, `</a>`, `<br/>`), character references (`&amp;`, `&#8217;`), brace groups
/// (`{0}`, `{name}`, an ICU `{count, plural, …}`), printf conversions a format keeps as text
/// (`%s` in i18next JSON) and `$t(…)` are kept as they are.
///
/// The two pseudo languages are Android's (`aapt2`'s pseudolocales):
///
/// - ``Method/accented`` (`en-XA`): each ASCII letter becomes an accented one (`Settings` is
///   `Šéţţíñĝš`), the message is bracketed (`[…]`) so that a cut-off end or two messages glued
///   together show, it grows by ``expansion`` percent of its text with filler words (`one two
///   three …`), and each placeholder is marked `»…«`.
/// - ``Method/bidi`` (`ar-XB`): the source text forced right to left, each word and each
///   placeholder wrapped in U+200F U+202E … U+202C U+200F (RLM, RLO, PDF, RLM): it reads as the
///   source, mirrored, and lays out as Arabic does. It is not expanded.
///
/// An empty message stays empty (an empty `msgstr` means "not translated").
public struct PseudoLocalizer: Sendable {
    /// How a pseudo language is made from the source text, and the language tag it is written as.
    public enum Method: String, Sendable, CaseIterable {
        /// Accented, bracketed and expanded: `en-XA`.
        case accented
        /// Right to left: `ar-XB`.
        case bidi

        /// The language it is written as: Android's pseudolocales, which Android, ICU and CLDR
        /// know (`en-XA` has English plural rules, `ar-XB` Arabic ones).
        public var language: String {
            switch self {
            case .accented: "en-XA"
            case .bidi: "ar-XB"
            }
        }
    }

    /// A `--expand` that is not a percentage between 0 and ``maximumExpansion``.
    public struct InvalidExpansion: Error, CustomStringConvertible, Sendable {
        /// The value given.
        public var value: String
        /// What is wrong and what is accepted.
        public var description: String {
            "the expansion \"\(value)\" is not a whole percentage from 0% to \(PseudoLocalizer.maximumExpansion)% (such as 40%)"
        }
    }

    /// The growth of ``Method/accented`` messages when none is given: 40%, about what German or
    /// Finnish add to English UI text. (Android's `aapt2` adds half a message's length, or all of
    /// it past three words: `--expand 50%` or `100%`.)
    public static let defaultExpansion = 40
    /// The largest growth accepted, 300%: short labels grow that much in some languages, and no
    /// layout test needs more. A bound, so that a mistyped `--expand 4000000` is an error and not
    /// a gigabyte of filler.
    public static let maximumExpansion = 300

    /// How much longer an ``Method/accented`` message gets, in percent of its text (its letters,
    /// digits, spaces and punctuation; placeholders and markup do not count).
    public let expansion: Int

    /// A pseudo-localizer growing accented messages by `expansion` percent.
    ///
    /// - Throws: ``InvalidExpansion`` when `expansion` is negative or above ``maximumExpansion``.
    public init(expansion: Int = PseudoLocalizer.defaultExpansion) throws(InvalidExpansion) {
        guard (0...Self.maximumExpansion).contains(expansion) else { throw InvalidExpansion(value: "\(expansion)%") }
        self.expansion = expansion
    }

    /// A pseudo-localizer growing accented messages by `expansion`, written `40%` or `40`.
    ///
    /// - Throws: ``InvalidExpansion`` when `expansion` is not a whole number from 0 to
    ///   ``maximumExpansion``, with or without a `%`.
    public init(expansion text: String) throws(InvalidExpansion) {
        var digits = Substring(text)
        if digits.hasSuffix("%") { digits = digits.dropLast() }
        // Digits only (no sign, no space), and few enough that the number cannot overflow.
        guard !digits.isEmpty, digits.utf8.count <= 4, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            let value = Int(digits), (0...Self.maximumExpansion).contains(value)
        else {
            throw InvalidExpansion(value: text)
        }
        self.expansion = value
    }

    // MARK: Tables

    /// `table` with one language added per method, each made from the entries of `source`
    /// (replacing any the table had under that language). Plurals get every CLDR category of the
    /// pseudo language: a category the source has is made from its form, the others from its
    /// `other` form (so `ar-XB` has zero, one, two, few, many and other from English's two).
    public func pseudoLocalized(_ table: TranslationTable, source: String, methods: [Method]) -> TranslationTable {
        var result = table
        let entries = table.languages[source] ?? []
        for method in methods {
            let cardinal = PluralRules(locale: method.language, kind: .cardinal).categories
            let ordinal = PluralRules(locale: method.language, kind: .ordinal).categories
            result.languages[method.language] = entries.map { entry in
                let categories = entry.pluralKind == .ordinal ? ordinal : cardinal
                var entry = entry
                switch entry.value {
                case .single(let message):
                    entry.value = .single(pseudoLocalized(message, method: method))
                case .plural(let forms, let variable, let frame, let valueType):
                    var written: [PluralCategory: TranslationMessage] = [:]
                    for category in categories {
                        written[category] = pseudoLocalized(forms[category] ?? forms[.other] ?? TranslationMessage(), method: method)
                    }
                    entry.value = .plural(
                        written, variable: variable, frame: frame.map { pseudoLocalized($0, method: method) },
                        valueType: valueType)
                }
                // Generated, so done: a pseudo language is never sent to translators.
                entry.state = .translated
                return entry
            }
        }
        return result
    }

    // MARK: Messages

    /// `message` pseudo-localized by `method`; its placeholders and nesting are the same pieces,
    /// in the same order, and the protected parts of its text (markup, references, brace groups,
    /// conversions) are unchanged.
    public func pseudoLocalized(_ message: TranslationMessage, method: Method) -> TranslationMessage {
        guard !message.pieces.isEmpty else { return message }
        switch method {
        case .accented: return accented(message)
        case .bidi: return bidi(message)
        }
    }

    private func accented(_ message: TranslationMessage) -> TranslationMessage {
        var result = TranslationMessage([.text("[")])
        var length = 0
        // The text the filler joins (adjacent texts are one piece).
        var lastText = "["
        for piece in message.pieces {
            switch piece {
            case .text(let text):
                var accented = ""
                for segment in Self.segments(of: text) {
                    switch segment {
                    case .kept(let kept): accented += kept
                    case .text(let plain):
                        length += plain.count
                        accented.unicodeScalars.append(contentsOf: plain.unicodeScalars.map(Self.accent))
                    }
                }
                result.append(.text(accented))
                lastText += accented
            case .placeholder:
                result.append(.text("\u{BB}"))
                result.append(piece)
                result.append(.text("\u{AB}"))
                lastText = "\u{AB}"
            case .nesting, .markup:
                result.append(piece)
                lastText = ""
            }
        }
        var filler = Self.filler(count: Self.growth(of: length, percent: expansion)) + "]"
        // A `%` left unfinished at the end of the text (`%#`) must not become a conversion with
        // the filler (`%# o`): a word joiner, which no conversion takes, stands between them.
        if Self.keptParts(lastText + filler) != Self.keptParts(lastText) + Self.keptParts(filler) { filler = "\u{2060}" + filler }
        result.append(.text(filler))
        return result
    }

    /// The parts of `text` kept as they are (conversions, markup, entities), in order.
    private static func keptParts(_ text: String) -> [String] {
        segments(of: text).compactMap { if case .kept(let kept) = $0 { kept } else { nil } }
    }

    private func bidi(_ message: TranslationMessage) -> TranslationMessage {
        var result = TranslationMessage()
        for piece in message.pieces {
            switch piece {
            case .text(let text):
                var mirrored = ""
                for segment in Self.segments(of: text) {
                    switch segment {
                    case .kept(let kept): mirrored += kept
                    case .text(let plain): mirrored += Self.rightToLeftWords(plain)
                    }
                }
                result.append(.text(mirrored))
            case .placeholder:
                result.append(.text(Self.rightToLeftStart))
                result.append(piece)
                result.append(.text(Self.rightToLeftEnd))
            case .nesting, .markup:
                result.append(piece)
            }
        }
        return result
    }

    /// RLM RLO: what starts a word forced right to left.
    static let rightToLeftStart = "\u{200F}\u{202E}"
    /// PDF RLM: what ends it.
    static let rightToLeftEnd = "\u{202C}\u{200F}"

    /// Each run of `text` that is not white space, wrapped in ``rightToLeftStart`` … ``rightToLeftEnd``.
    static func rightToLeftWords(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var inWord = false
        for scalar in text.unicodeScalars {
            let space = scalar.properties.isWhitespace
            if space, inWord { result.append(contentsOf: rightToLeftEnd.unicodeScalars) }
            if !space, !inWord { result.append(contentsOf: rightToLeftStart.unicodeScalars) }
            inWord = !space
            result.append(scalar)
        }
        if inWord { result.append(contentsOf: rightToLeftEnd.unicodeScalars) }
        return String(result)
    }

    // MARK: Accents and growth

    /// An accented look-alike of each ASCII letter, one precomposed scalar each (so that a text
    /// keeps its length in characters and its NFC form).
    private static let accents: [Unicode.Scalar] = Array(
        "\u{E1}\u{180}\u{E7}\u{10F}\u{E9}\u{192}\u{11D}\u{125}\u{ED}\u{135}\u{137}\u{13A}\u{271}\u{F1}\u{F3}\u{1A5}\u{2A0}\u{155}\u{161}\u{163}\u{FA}\u{1E7D}\u{175}\u{1E8B}\u{FD}\u{17E}"
            .unicodeScalars)
    private static let capitalAccents: [Unicode.Scalar] = Array(
        "\u{C1}\u{181}\u{C7}\u{10E}\u{C9}\u{191}\u{11C}\u{124}\u{CD}\u{134}\u{136}\u{139}\u{1E40}\u{D1}\u{D3}\u{1A4}\u{1EA}\u{154}\u{160}\u{162}\u{DA}\u{1E7C}\u{174}\u{1E8A}\u{DD}\u{17D}"
            .unicodeScalars)

    static func accent(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0x61...0x7A: accents[Int(scalar.value - 0x61)]
        case 0x41...0x5A: capitalAccents[Int(scalar.value - 0x41)]
        default: scalar
        }
    }

    /// `percent` of `length`, rounded up; `length` is bounded by the text in memory, so the
    /// product cannot overflow for any real message, and saturates if it would.
    static func growth(of length: Int, percent: Int) -> Int {
        let (product, overflow) = length.multipliedReportingOverflow(by: percent)
        return overflow ? Int.max / 100 : (product + 99) / 100
    }

    private static let fillerWords = Array(" one two three four five six seven eight nine ten".unicodeScalars)

    /// `count` characters of filler: ` one two three …`, cut at `count`, repeated as needed.
    static func filler(count: Int) -> String {
        var result = String.UnicodeScalarView()
        var index = 0
        while index < count {
            result.append(fillerWords[index % fillerWords.count])
            index += 1
        }
        return String(result)
    }

    // MARK: What stays as it is

    /// A part of a text: pseudo-localized, or kept as it is.
    package enum Segment: Equatable {
        case text(String)
        case kept(String)
    }

    /// `text` split into what is pseudo-localized and what is kept: markup tags, character
    /// references, brace groups, printf conversions and `$t(…)`. Linear in the text: each
    /// search for a closing character is done once.
    package static func segments(of text: String) -> [Segment] {
        let scalars = Array(text.unicodeScalars)
        let braces = matchingBraces(scalars)
        var segments: [Segment] = []
        var plain = String.UnicodeScalarView()
        // Past the last `>` or `)` no tag or nesting can close: remembered, so that a text of
        // many `<` is not searched again and again to its end.
        var noCloseAfter: [Unicode.Scalar: Int] = [:]
        func keep(_ range: Range<Int>) {
            if !plain.isEmpty { segments.append(.text(String(plain))); plain = String.UnicodeScalarView() }
            segments.append(.kept(String(String.UnicodeScalarView(scalars[range]))))
        }
        func closing(_ close: Unicode.Scalar, from start: Int, stoppingAt stop: Unicode.Scalar?) -> Int? {
            if let known = noCloseAfter[close], start >= known { return nil }
            var index = start
            while index < scalars.count {
                if scalars[index] == close { return index }
                if let stop, scalars[index] == stop { return nil }
                index += 1
            }
            noCloseAfter[close] = start
            return nil
        }
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            var end: Int? = nil
            switch scalar {
            case "<":
                if index + 1 < scalars.count, isTagStart(scalars[index + 1]) {
                    end = closing(">", from: index + 1, stoppingAt: "<").map { $0 + 1 }
                }
            case "&": end = referenceEnd(scalars, from: index)
            case "{": end = braces[index].map { $0 + 1 }
            case "%": end = conversionEnd(scalars, from: index)
            case "$":
                if index + 2 < scalars.count, scalars[index + 1] == "t", scalars[index + 2] == "(" {
                    end = closing(")", from: index + 3, stoppingAt: nil).map { $0 + 1 }
                }
            default: break
            }
            if let end {
                keep(index..<end)
                index = end
            } else {
                plain.append(scalar)
                index += 1
            }
        }
        if !plain.isEmpty { segments.append(.text(String(plain))) }
        return segments
    }

    /// A letter, `/`, `!` or `?` after `<` starts a tag (`<b>`, `</b>`, `<!-- -->`, `<?xml`);
    /// `a < b` and `<3` are text.
    private static func isTagStart(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "/", "!", "?": true
        default: false
        }
    }

    /// For each `{`, the index of the `}` that closes it, nesting counted; one pass with a stack.
    private static func matchingBraces(_ scalars: [Unicode.Scalar]) -> [Int: Int] {
        var open: [Int] = []
        var matches: [Int: Int] = [:]
        for (index, scalar) in scalars.enumerated() {
            if scalar == "{" { open.append(index) }
            if scalar == "}", let start = open.popLast() { matches[start] = index }
        }
        return matches
    }

    /// The end of a character reference at `start` (`&amp;`, `&#39;`, `&#x2F;`), if one is there.
    private static func referenceEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var index = start + 1
        let numeric = index < scalars.count && scalars[index] == "#"
        if numeric { index += 1 }
        let hex = numeric && index < scalars.count && (scalars[index] == "x" || scalars[index] == "X")
        if hex { index += 1 }
        let first = index
        // Entity names are at most 31 characters (`&CounterClockwiseContourIntegral;`), numbers 8 digits.
        while index < scalars.count, index - first < 32 {
            let scalar = scalars[index]
            let fits =
                switch scalar {
                case "0"..."9": true
                case "a"..."f", "A"..."F": !numeric || hex
                case "g"..."z", "G"..."Z": !numeric
                default: false
                }
            guard fits else { break }
            index += 1
        }
        guard index > first, index < scalars.count, scalars[index] == ";" else { return nil }
        return index + 1
    }

    /// The end of a printf conversion at `start` (`%s`, `%1$@`, `%-5.2lf`, `%#@items@`, `%%`, and
    /// gettext's `%(name)s`), if one is there: one a format keeps as text (i18next's sprintf
    /// post-processor reads `%s`). Read by the one printf grammar, with `100% done` as prose.
    private static func conversionEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var start = start
        let named = start + 1 < scalars.count && scalars[start + 1] == "("
        if named {
            // A name of letters, digits and `_`, as gettext's python-format has; the conversion
            // after it is read from the `)`.
            var close = start + 2
            while close < scalars.count, close - start < 66,
                scalars[close] == "_" || scalars[close].properties.isAlphabetic || ("0"..."9").contains(scalars[close])
            { close += 1 }
            guard close < scalars.count, scalars[close] == ")" else { return nil }
            start = close
        }
        switch FormatString.token(at: start, in: scalars) {
        case (.conversion(let conversion), let end): return conversion.isProse ? nil : end
        case (.percent, let end), (.variable, let end): return named ? nil : end
        case (.text, _), (.malformed, _): return nil
        }
    }
}
