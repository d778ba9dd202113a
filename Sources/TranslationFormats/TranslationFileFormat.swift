import CLDRPlurals
import Diagnostics

/// One translation file format: how its files are laid out and found, how one is read into the
/// one table model (``TranslationTable``), and which files a table becomes.
///
/// Shaped after swift-configuration's `FileConfigSnapshot`: a format declares itself and is read
/// into a shared model; nothing outside the format switches over formats. A new format is one
/// conforming type and one line in ``TranslationFormatRegistry/standard``; the converter, the
/// `--format` options and their help loop over the registry.
public protocol TranslationFileFormat: Sendable {
    /// The error this format's reader and writer throw: its own (``TranslationFileError``), so
    /// that a caller can tell the formats' failures apart by type.
    associatedtype Failure: TranslationFailure

    /// The name `--format` and `--from-format` take (`po`).
    var name: String { get }
    /// The files it reads and writes, for help (`gettext .po, <lang>/<table>.po`).
    var summary: String { get }
    /// The extensions of its files, lowercase, without the dot (`["po"]`).
    var fileExtensions: [String] { get }
    /// The name of the default table in this format's world: i18next's `translation` namespace
    /// and Apple's `Localizable` table are the same table.
    var defaultTableName: String { get }
    /// Whether a whole conversion can be one file named by `--to` (a catalog, an XLIFF file);
    /// `false` for a folder layout (`<lang>.lproj/`).
    var writesSingleFile: Bool { get }
    /// Whether entries keep a context apart from the key (gettext's `msgctxt`, i18next's
    /// `key_context`); a context goes into the key for formats without.
    var holdsContexts: Bool { get }
    /// Whether the contexts this format reads are suffixes of its keys (i18next's
    /// `key_context`), so that folding them back into the key restores the key it had.
    var readsContextsFromKeys: Bool { get }
    /// Whether it keeps gettext's `msgid_plural` (the source text of the plural).
    var holdsPluralSourceText: Bool { get }
    /// Whether what it writes depends on the source language (a catalog's or XLIFF's
    /// `sourceLanguage`, Android's `values/`): a conversion into it must tell the language
    /// (``SourceLanguageRule``), one into a format with a file per language need not.
    var recordsSourceLanguage: Bool { get }
    /// Whether it keeps a key's text without a count beside its plural forms
    /// (``TranslationEntry/textWithoutCount``, i18next's `"k"` beside `"k_one"`).
    var holdsTextWithoutCount: Bool { get }
    /// Whether it marks a text that is not for translators (``TranslationEntry/shouldTranslate``).
    var holdsDoNotTranslate: Bool { get }
    /// Whether it records how far a translation is (gettext's `fuzzy` and empty `msgstr`, a
    /// catalog's and XLIFF's `state`): into a format that does not, texts not translated or to be
    /// reviewed are left out (``TranslationConverter/includesFuzzy``).
    var holdsStates: Bool { get }
    /// Whether it has ordinal plurals (``TranslationEntry/pluralKind``): i18next only.
    var holdsOrdinals: Bool { get }
    /// Whether a plural may have forms its language's CLDR rules never choose (English `zero`,
    /// which Android's `<plurals>`, the Apple formats and i18next keep); gettext has a `msgstr`
    /// only for the forms of its `Plural-Forms`, so such a form is carried as a text of its own
    /// (``TranslationConverter/splittingFormsOutsideRules(_:for:destination:issues:)``).
    var holdsFormsOutsideRules: Bool { get }
    /// Whether it can write plural forms without `other` as they are (Android's `<plurals>`,
    /// i18next's suffixes); the converter gives the others an `other` form.
    var holdsPluralsWithoutOther: Bool { get }
    /// Whether a key without a text in the source language stands for its own source text, as
    /// Xcode leaves a catalog's source-language text out until someone changes it: the checks
    /// then compare the translations with the key (``TranslationCoverage``).
    var keyIsSourceText: Bool { get }
    /// Whether one file holds a table in all of its languages (a String Catalog), rather than a
    /// file per language: a language such a file leaves out is not a file missing.
    var holdsAllLanguagesInOneFile: Bool { get }
    /// The formats read along with this one when a directory is read without `--from-format`
    /// (a catalog's table may be completed by `.strings` tables, as in lookups).
    var companionFormats: [String] { get }

    /// The files of this format in `directory` and its language folders, in reading order.
    func discover(in directory: String) -> [TranslationSourceFile]

    /// The language and table the path of a single file of this format names
    /// (`ru.lproj/Localizable.strings`, `locales/ru/translation.json`), each `nil` or the
    /// default table when the path does not say.
    func languageAndTable(of path: String) -> (language: String?, table: String)

    /// Reads one file into tables named with the neutral names (``neutralTableName(_:)``).
    ///
    /// - Parameter file: The file, with its language (from its path or the user's `--language`,
    ///   `nil` when neither says) and the table its path names.
    /// - Throws: ``Failure`` at the first malformed place, positioned.
    func read(_ file: TranslationSourceFile, issues: inout [ConversionIssue]) throws(Failure) -> [TranslationTable]

    /// The files `table` becomes: below `destination` (``TranslationConverter/Output/relativePath``),
    /// or `destination` itself when `singleFile` is set.
    ///
    /// - Parameter table: The table with its neutral name, its source language set, entries sorted by key.
    /// - Throws: ``Failure`` when the table cannot be written at all.
    func write(_ table: TranslationTable, to destination: String, singleFile: Bool, issues: inout [ConversionIssue]) throws(Failure)
        -> [TranslationConverter.Output]

    /// `table` once every file of a directory is read: what one file cannot decide alone, decided
    /// for the whole table (i18next's plural suffixes, across languages). By default `table`.
    func normalized(_ table: TranslationTable) -> TranslationTable

    /// The problems of `file` on its own, for `i18n lint --from-format` (``TranslationLinter``):
    /// by default the first malformed place as an error, and what reading leaves out as warnings.
    /// Checks across files (a key one language lacks) belong to a format's own linter.
    func lint(_ file: TranslationSourceFile) -> [Diagnostic]
}

extension TranslationFileFormat {
    public var writesSingleFile: Bool { true }
    public var holdsContexts: Bool { false }
    public var readsContextsFromKeys: Bool { false }
    public var holdsPluralSourceText: Bool { false }
    public var recordsSourceLanguage: Bool { false }
    public var holdsTextWithoutCount: Bool { false }
    public var holdsPluralsWithoutOther: Bool { false }
    public var holdsOrdinals: Bool { false }
    public var holdsFormsOutsideRules: Bool { true }
    public var holdsStates: Bool { false }
    public var holdsDoNotTranslate: Bool { false }
    public var companionFormats: [String] { [] }
    public var keyIsSourceText: Bool { false }
    public var holdsAllLanguagesInOneFile: Bool { false }

    public func normalized(_ table: TranslationTable) -> TranslationTable { table }

    public func lint(_ file: TranslationSourceFile) -> [Diagnostic] {
        var issues: [ConversionIssue] = []
        do throws(Failure) {
            _ = try read(file, issues: &issues)
        } catch {
            return issues.map(\.diagnostic) + [error.diagnostic]
        }
        return issues.map(\.diagnostic)
    }

    /// The neutral name of a table this format calls `name`: the default table is `Localizable`.
    public func neutralTableName(_ name: String) -> String {
        name == defaultTableName ? TranslationTable.defaultName : name
    }

    /// The name this format gives the table with the neutral name `name`.
    public func tableName(_ name: String) -> String {
        name == TranslationTable.defaultName ? defaultTableName : name
    }
}

/// A file a format found (or was given), with what its path says.
public struct TranslationSourceFile: Sendable, Hashable {
    /// The path.
    public var path: String
    /// The language its path names (`ru` in `ru.lproj/`), if any.
    public var language: String?
    /// The table its path names, in the format's own naming.
    public var table: String
    /// The name of the format that reads it.
    public var format: String
    /// Whether the reader keeps the document as it was (``TranslationTable/original``), which only
    /// a writer of the same format uses; a conversion to another format turns it off, as keeping
    /// the original of a 20k-key `.po` was a fifth of reading it.
    public var keepsOriginal = true
    /// Whether the reader reports what only its own format keeps (``ConversionIssue/keptBy``):
    /// not when nothing of another format is written (`i18n status`, `i18n lint`, a `.po`
    /// converted to `.po`), where a large `.po`'s issue for each reference, flag and comment was
    /// memory for nothing.
    public var reportsWhatOnlyItKeeps = true
    /// Whether the reader sets each entry's ``TranslationEntry/location``, for a checker that
    /// names file:line:col; off for a conversion, which has no use for them.
    public var recordsPositions = false

    /// A file.
    public init(path: String, language: String?, table: String, format: String) {
        self.path = path
        self.language = language
        self.table = table
        self.format = format
    }
}
