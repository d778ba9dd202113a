import AppleLocalization
import Diagnostics

/// How far each language of each table is translated, against the table's source language:
/// what `i18n status` prints as text, JSON (``json``) and an HTML page (``htmlPage(title:)``).
///
/// A key of the source language is, in another language, *missing* (no entry), *untranslated*
/// (the same text as the source, or a catalog's state `new`) or *translated*; the three add up to
/// the source's keys. Apart from those counts, each language lists its *plural gaps* (plural
/// entries without a form its CLDR rules need) and its *placeholder mismatches* (a translation
/// that reads other values than the source, ``TranslationEntry/arguments``) and its *extra keys*
/// (entries the source does not have: left over, or added in the wrong language).
///
/// These are the one set of checks of a directory's translations: `i18n status` prints them as a
/// report, `i18n lint` and `validate` as located findings (``findings``).
public struct TranslationCoverage: Sendable, Hashable {
    /// One table (an i18next namespace, an Apple table, a catalog) of one format in one directory.
    public struct Table: Sendable, Hashable {
        /// The directory it was read from, as given.
        public var directory: String
        /// The format's name (``TranslationFileFormat/name``).
        public var format: String
        /// The table's name in its format (`translation`, `Localizable`).
        public var name: String
        /// The language the others are compared with.
        public var sourceLanguage: String
        /// The source language's keys.
        public var keys: Int
        /// Each language, the source first, then by tag.
        public var languages: [Language]
    }

    /// One language of a table.
    public struct Language: Sendable, Hashable {
        /// The language tag, as the files name it.
        public var language: String
        /// Whether it is the table's source language.
        public var isSource: Bool
        /// The source language's keys (the whole this language is measured against).
        public var keys: Int
        /// Where this language's entries of the table are (its first entry's file), or the
        /// table's directory when it has none or its format gives no positions.
        public var file: String
        /// The source keys this language has no entry for, in the source's order.
        public var missingKeys: [String]
        /// Whether the language has no entry of the table at all (no file of it, where the
        /// format has a file per language), though other tables of the directory have it.
        public var lacksTable: Bool = false
        /// The keys this language has that the source does not, in this language's order.
        public var extraKeys: [String] = []
        /// The source keys whose text here is the source's (or whose state is `new`).
        public var untranslatedKeys: [String]
        /// Plural entries that lack forms this language's CLDR rules need.
        public var pluralGaps: [PluralGap]
        /// Entries that read other values than the source's.
        public var placeholderMismatches: [PlaceholderMismatch]

        /// The keys neither missing nor untranslated.
        public var translated: Int { keys - missingKeys.count - untranslatedKeys.count }

        /// The share translated in tenths of a percent, rounded down, so that 100.0 means
        /// nothing is left (a table without keys is complete).
        public var coverageTenths: Int { keys == 0 ? 1000 : translated * 1000 / keys }

        /// The share translated as printed everywhere (`87.5`): one decimal, rounded down.
        public var coverageText: String { "\(coverageTenths / 10).\(coverageTenths % 10)" }

        /// Whether at least `minimum` percent of the keys are translated (exactly, not rounded).
        public func meets(minimum: Double) -> Bool {
            keys == 0 || Double(translated) * 100 >= minimum * Double(keys)
        }
    }

    /// A plural entry without every form its language needs.
    public struct PluralGap: Sendable, Hashable {
        /// The key.
        public var key: String
        /// The CLDR categories it lacks (`few`, `many`), in CLDR order.
        public var missing: [String]
        /// The categories the language needs.
        public var needed: [String]
        /// Where the entry is, when the format gives positions.
        public var location: SourceLocation?
    }

    /// A translation that reads other values than the source.
    public struct PlaceholderMismatch: Sendable, Hashable {
        /// The key.
        public var key: String
        /// The values the translation reads (`{{name}}`, `%1$`), sorted.
        public var found: [String]
        /// The values the source reads, sorted.
        public var expected: [String]
        /// Where the translation is, when the format gives positions.
        public var location: SourceLocation?
    }

    /// The tables, in the order of the directories, the registry's formats, then by name.
    public var tables: [Table]
    /// Warnings about the reading that are not findings of a language: a declared source
    /// language that overrides the one the files record (``SourceLanguageRule``).
    public var notices: [Diagnostic]
    /// The files that could not be read or parsed, when read for checking (their tables are
    /// checked without them); a reading for a report stops at the first instead.
    public var failures: [Diagnostic]

    /// A report of `tables`.
    public init(tables: [Table], notices: [Diagnostic] = [], failures: [Diagnostic] = []) {
        self.tables = tables
        self.notices = notices
        self.failures = failures
    }

    /// Whether every language of every table has at least `minimum` percent translated.
    public func meets(minimum: Double) -> Bool {
        tables.allSatisfy { $0.languages.allSatisfy { $0.meets(minimum: minimum) } }
    }
}
