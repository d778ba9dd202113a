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
    /// The 1-based argument position written in the source (`1` in `%1$@`), if any.
    public var position: Int?
    /// The printf conversion without `%` and position (`@`, `d`, `lld`, `.2f`, `s`), if the source
    /// format has one; `nil` for a plain named value.
    public var conversion: String?
    /// An i18next format (`number` in `{{value, number}}`), kept for i18next only.
    public var format: String?
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
