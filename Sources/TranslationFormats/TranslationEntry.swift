import AppleLocalization
import CLDRPlurals
import Diagnostics

/// One key of one language in the neutral model every converter reads into and writes from.
public struct TranslationEntry: Sendable, Hashable {
    /// The text of an entry: one message, or one per CLDR plural category.
    public enum Value: Sendable, Hashable {
        /// One message.
        case single(TranslationMessage)
        /// One message per plural category (`other` present unless the file had none: Android's
        /// `<plurals>` without it, which aapt accepts; ``TranslationConverter`` gives `other` to a
        /// format that needs one, see ``TranslationFileFormat/holdsPluralsWithoutOther``), chosen by the number
        /// argument. `frame` is Apple's outer format around the plural variable (`Cart: %#@items@`)
        /// when the source had one, kept so that Apple formats round-trip; `variable` names it.
        ///
        /// Boxed (`indirect`): a plural's fields are five words that most entries, single
        /// messages, would otherwise carry empty, and a large file is this value many times over.
        indirect case plural([PluralCategory: TranslationMessage], variable: String?, frame: TranslationMessage?, valueType: String?)
    }

    /// How far the translation is.
    public enum State: String, Sendable, Hashable {
        /// Done.
        case translated
        /// Translated but to be checked (a catalog's `needs_review`, gettext's `fuzzy`).
        case needsReview = "needs_review"
        /// Not translated yet.
        case new
    }

    /// The key (a gettext `msgid`, an XLIFF `id`).
    public var key: String
    /// gettext's `msgctxt` (i18next's context); `nil` when none.
    public var context: String?
    /// A comment for translators.
    public var comment: String?
    /// The text.
    public var value: Value
    // The one-byte fields side by side, not each padded to a word: a large file is this
    // struct many times over, and copies of its list.
    /// The state.
    public var state: State
    /// Which CLDR rules choose among the plural forms: cardinal (`1 file`, `2 files`), or ordinal
    /// (`1st`, `2nd`, `3rd`: i18next's `place_ordinal_one`, `place_ordinal_two`…, read as the
    /// plural `place_ordinal`). Only i18next has ordinals; ``TranslationConverter`` writes them
    /// into the other formats as one text per form, under i18next's keys, and reads them back.
    public var pluralKind: PluralRules.Kind = .cardinal
    /// Whether the text is for translators: `false` for a brand name or a URL kept in the
    /// table (Android's `translatable="false"`, a catalog's `"shouldTranslate": false`, XLIFF's
    /// `translate="no"`).
    public var shouldTranslate: Bool
    /// gettext's `msgid_plural` (the source language's plural text) when a `.po` had one other
    /// than the key; only `.po` has a place for it.
    public var pluralID: String?
    /// i18next's text for the key called without a count, beside its plural forms (`"k"` beside
    /// `"k_one"` and `"k_other"`); only i18next JSON has a place for it.
    public var textWithoutCount: TranslationMessage?

    /// Where the entry was read from (its first form's key), when the format's reader gives
    /// positions (``TranslationSourceFile/recordsPositions``): what a finding about it names.
    /// Not part of the entry's identity: the same text read from another place is the same entry.
    public var location: SourceLocation? {
        get { position.location }
        set { position.location = newValue }
    }
    private var position = Position()

    /// An entry.
    public init(
        key: String, context: String? = nil, comment: String? = nil, value: Value, state: State = .translated,
        pluralID: String? = nil, textWithoutCount: TranslationMessage? = nil, shouldTranslate: Bool = true
    ) {
        self.shouldTranslate = shouldTranslate
        self.key = key
        self.context = context
        self.comment = comment
        self.value = value
        self.state = state
        self.pluralID = pluralID
        self.textWithoutCount = textWithoutCount
    }

    /// The key with the context folded in (`key_context`), as formats without contexts (Apple's
    /// tables) write the entry; the key itself when there is no context.
    public var foldedKey: String {
        context.map { key + "_" + $0 } ?? key
    }

    /// Whether the text is one message per plural category.
    var isPlural: Bool {
        if case .plural = value { return true }
        return false
    }

    /// The plural forms with the frame applied: what the app shows, per category. A single
    /// message has only `other`.
    var expandedForms: [PluralCategory: TranslationMessage] {
        switch value {
        case .single(let message): return [.other: message]
        case .plural(let forms, let variable, let frame, _):
            guard let frame, let variable else { return forms }
            return forms.mapValues { form in
                var expanded = TranslationMessage()
                for piece in frame.pieces {
                    if case .placeholder(let placeholder) = piece, placeholder.conversion == "#@" + variable + "@" {
                        for inner in form.pieces { expanded.append(inner) }
                    } else {
                        expanded.append(piece)
                    }
                }
                return expanded
            }
        }
    }
}

/// A ``TranslationEntry/location`` that every equality and hash ignores, boxed: one word in
/// every entry instead of five, for the readers that record none (a conversion).
private struct Position: Sendable, Hashable {
    private final class Box: Sendable {
        let location: SourceLocation
        init(_ location: SourceLocation) { self.location = location }
    }
    private var box: Box?

    var location: SourceLocation? {
        get { box?.location }
        set { box = newValue.map(Box.init) }
    }

    static func == (lhs: Position, rhs: Position) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}

/// One table (an i18next namespace, an Apple table) in one or more languages.
public struct TranslationTable: Sendable, Hashable {
    /// The table or namespace name (`Localizable`, `translation`).
    public var name: String
    /// The language the keys' source texts are in, when the format records it.
    public var sourceLanguage: String?
    /// The entries of each language, in their order of appearance.
    public var languages: [String: [TranslationEntry]]
    /// The document the table was read from, in its format's own terms, for what the entries
    /// have no field for; the same format's writer gives it back.
    public var original: OriginalDocument?
    /// What its reader assumed where the files do not say (Android's `values/` without
    /// `tools:locale` read as English, as Android's tools read it), for the command to show.
    public var notices: [Diagnostic] = []

    /// The neutral name of the default table: Apple's `Localizable`, which is i18next's
    /// `translation` namespace (see ``TranslationFileFormat/defaultTableName``).
    public static let defaultName = "Localizable"

    /// A table.
    public init(name: String, sourceLanguage: String? = nil, languages: [String: [TranslationEntry]] = [:]) {
        self.name = name
        self.sourceLanguage = sourceLanguage
        self.languages = languages
    }

    /// The languages, the source language first, then by name.
    public var languageOrder: [String] {
        languages.keys.sorted { lhs, rhs in
            if lhs == sourceLanguage { return rhs != sourceLanguage }
            if rhs == sourceLanguage { return false }
            return lhs < rhs
        }
    }
}

extension Dictionary where Key == PluralCategory {
    /// The form that stands for all: `other`, or the last category there is when a plural has
    /// no `other` (an Android `<plurals>` without it), to find the plural's number in.
    var representative: Value? {
        self[.other] ?? PluralCategory.allCases.reversed().lazy.compactMap { self[$0] }.first
    }
}
