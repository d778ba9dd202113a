import PrintfFormat

/// A translatable text in a form every supported format can be written from: literal text and
/// typed placeholders, rather than any one format's syntax (`{{name}}`, `%1$@`, `%(name)s`).
public struct TranslationMessage: Sendable, Hashable {
    /// One piece of a message.
    public enum Piece: Sendable, Hashable {
        /// Text shown as is.
        case text(String)
        /// A value inserted at run time.
        case placeholder(TranslationPlaceholder)
        /// i18next's `$t(key)`: another key's text inserted here. Only i18next expresses it.
        case nesting(String)
        /// Inline markup as the source wrote it (`<b>`, `</b>`, `<a href="…">`), well-formed XML:
        /// styling that Android keeps as markup, and gettext and i18next as its tags
        /// (``InlineMarkup``). The Apple formats have none, so they write the tags as text
        /// (``markupAsText(key:platform:issues:)``); read back, they are text, not markup.
        case markup(String)
    }

    /// The pieces in order; adjacent texts are merged.
    public private(set) var pieces: [Piece]

    /// A message of `pieces`.
    public init(_ pieces: [Piece] = []) {
        self.pieces = []
        for piece in pieces { append(piece) }
    }

    /// A message of `pieces` that are merged already (no empty text, no text after a text), as
    /// a reader that merges while it scans makes them: one array, not one grown piece by piece.
    init(merged pieces: [Piece]) {
        self.pieces = pieces
    }

    /// Appends `piece`, merging it into a preceding text.
    public mutating func append(_ piece: Piece) {
        if case .text(let added) = piece {
            if added.isEmpty { return }
            if case .text(let previous)? = pieces.last {
                pieces[pieces.count - 1] = .text(previous + added)
                return
            }
        }
        pieces.append(piece)
    }

    /// Whether a piece is a placeholder (``placeholders`` without making the array).
    var hasPlaceholders: Bool {
        pieces.contains { if case .placeholder = $0 { true } else { false } }
    }

    /// Whether a piece is inline markup.
    var hasMarkup: Bool {
        pieces.contains { if case .markup = $0 { true } else { false } }
    }

    /// This message with its inline markup as text, for a format without markup, which shows the
    /// tags; reported once per key. Read back, the tags are text, and an Android file escapes them
    /// (`&lt;b&gt;`), as it must for a text that really shows a tag (`&lt;br/&gt;` for
    /// `Html.fromHtml`): the loss is said here, where it happens.
    func markupAsText(key: String, platform: String, issues: inout ConversionIssues) -> TranslationMessage {
        guard hasMarkup else { return self }
        var tags: [String] = []
        var text = TranslationMessage()
        for piece in pieces {
            guard case .markup(let tag) = piece else { text.append(piece); continue }
            if let name = Self.elementName(tag), !tags.contains(name) { tags.append(name) }
            text.append(.text(tag))
        }
        issues.report(
            key,
            "inline markup (\(tags.map { "<\($0)>" }.joined(separator: ", "))) is written as text: \(platform) has no markup and shows the tags (read back, they are text)",
            kind: "inline markup is written as text: \(platform) has no markup and shows the tags (read back, they are text)")
        return text
    }

    /// `b` for `<b>`, `</b>` and `<b x="1">`.
    private static func elementName(_ tag: String) -> String? {
        let name = tag.drop { $0 == "<" || $0 == "/" }.prefix { !$0.isWhitespace && $0 != ">" && $0 != "/" }
        return name.isEmpty ? nil : String(name)
    }

    /// The placeholders, in order.
    public var placeholders: [TranslationPlaceholder] {
        pieces.compactMap { if case .placeholder(let placeholder) = $0 { placeholder } else { nil } }
    }
}

/// A value inserted into a message, as the formats name it: by name (i18next, gettext's
/// `%(name)s`), by position (`%1$@`), or by order (`%@`), with the printf conversion that prints
/// it where the format has one.
public struct TranslationPlaceholder: Sendable, Hashable {
    /// The name (`name` in `{{name}}`), if the source format names it.
    public var name: String?
    /// The printf conversion without `%` and position (`@`, `d`, `lld`, `.2f`, `s`), if the source
    /// format has one; `nil` for a plain named value.
    public var conversion: String?
    /// An i18next format (`number` in `{{value, number}}`), kept for i18next only.
    public var format: String?
    // The number and the flag after the Strings, side by side: a piece of text has the room of
    // a placeholder (``TranslationMessage/Piece``), padding included.
    /// The 1-based argument position written in the source (`1` in `%1$@`), if any.
    public var position: Int?
    /// i18next's `{{- name}}`: the value is inserted without HTML escaping. Formats without
    /// escaping print every value so; i18next and Android keep the mark.
    public var unescaped: Bool

    /// A placeholder.
    public init(name: String? = nil, position: Int? = nil, conversion: String? = nil, format: String? = nil, unescaped: Bool = false) {
        self.name = name
        self.position = position
        self.conversion = conversion
        self.format = format
        self.unescaped = unescaped
    }

    /// Whether the conversion prints a number (`d`, `lld`, `.2f`, `D`, …), by the one Apple
    /// printf grammar (``FormatArgumentType``).
    var isNumeric: Bool {
        conversion.flatMap(FormatArgumentType.init(valueType:))?.isNumeric ?? false
    }
}
