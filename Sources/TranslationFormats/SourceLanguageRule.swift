import AppleLocalization
import Diagnostics

/// The one answer to "which language of a table is the source?": the language its keys are
/// written in, that the others are compared with, pseudo-localized from, and recorded as a
/// catalog's or XLIFF's `sourceLanguage`. `i18n convert`, `pseudo`, `status`, `lint`,
/// `strings lint` and `i18n extract` all ask it (docs/source-language.md).
///
/// In order:
/// 1. `--source-language` (``option``);
/// 2. the environments document's development language (``document``), when the table has it
///    (or has no language yet: `i18n extract --write` creates it in that language);
/// 3. the language the files record (a catalog's or XLIFF's `sourceLanguage`);
/// 4. `en`, when the table has it or has no language yet;
/// 5. the table's only language;
/// 6. else an error listing the languages (a usage error: exit 64).
///
/// A declared language (1 or 2) that differs from the one the files record wins, with a warning
/// that names both, so a flag never silently loses to a file nor a file to a flag.
public struct SourceLanguageRule: Sendable, Hashable {
    /// A source language declared outside the translation files, and where, for messages.
    public struct Declaration: Sendable, Hashable {
        /// The language tag.
        public var language: String
        /// Where it was declared (`--source-language`, the document's path).
        public var origin: String

        /// A declared source language.
        public init(language: String, origin: String) {
            self.language = language
            self.origin = origin
        }
    }

    /// The language `--source-language` names.
    public var option: String?
    /// The development language of the environments document that applies, if any.
    public var document: Declaration?

    /// The rule with a command line's language and a document's.
    public init(option: String? = nil, document: Declaration? = nil) {
        self.option = option
        self.document = document
    }

    /// The source language of a table, and a warning when a declared language overrides the one
    /// the files record.
    ///
    /// - Parameters:
    ///   - languages: The table's languages (those that may be the source: a pseudo-localization
    ///     leaves its pseudo languages out).
    ///   - recorded: The language the files record, if any.
    ///   - table: How messages name the table (`the Localizable table (xcstrings)`).
    ///   - file: The file or directory messages are located at.
    /// - Throws: ``TranslationError`` of kind `usage` when nothing tells the language.
    public func resolve(
        languages: some Collection<String>, recorded: String?, table: String,
        file: String
    ) throws(TranslationError) -> (language: String, warning: Diagnostic?) {
        if let declared = declaration(among: languages) {
            var warning: Diagnostic? = nil
            if let recorded, recorded != declared.language {
                warning = Diagnostic(
                    .warning, file: file,
                    message: "\(table) records the source language \(recorded); \(declared.language) (from \(declared.origin)) is used instead")
            }
            return (declared.language, warning)
        }
        if let recorded { return (recorded, nil) }
        if languages.isEmpty || languages.contains("en") { return ("en", nil) }
        if languages.count == 1, let only = languages.first { return (only, nil) }
        let listed = languages.sorted().joined(separator: ", ")
        throw TranslationError(
            Diagnostic(
                file: file,
                message:
                    "the source language of \(table) is not known (no --source-language, no environments.json declares one the table has, the files record none, and it has no en); it has \(listed.isEmpty ? "no language" : listed); pass --source-language"
            ), kind: .usage)
    }

    /// The declared source language that applies to a table of `languages`: `--source-language`,
    /// else the document's development language when the table has it (or has no language).
    /// `nil` when the source comes from the files or is inferred (`en`, the only language).
    public func declaration(among languages: some Collection<String>) -> Declaration? {
        option.map { Declaration(language: $0, origin: "--source-language") }
            ?? document.flatMap { languages.isEmpty || languages.contains($0.language) ? $0 : nil }
    }

    /// The source language of `table` (see ``resolve(languages:recorded:table:file:)``).
    public func resolve(
        _ table: TranslationTable, named name: String, file: String,
        excluding excluded: Set<String> = []
    ) throws(TranslationError) -> (language: String, warning: Diagnostic?) {
        try resolve(languages: table.languageOrder.filter { !excluded.contains($0) }, recorded: table.sourceLanguage, table: name, file: file)
    }
}
