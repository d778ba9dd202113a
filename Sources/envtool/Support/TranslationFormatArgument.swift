import ArgumentParser
import TranslationFormats

/// A `--format` or `--from-format` value: a format of the registry, by its name. Its values,
/// completions and help come from ``TranslationFormatRegistry/standard``, so a new format shows
/// up in them with nothing to change here.
struct TranslationFormatArgument: ExpressibleByArgument {
    let format: any TranslationFileFormat

    init?(argument: String) {
        guard let format = TranslationFormatRegistry.standard.format(named: argument) else { return nil }
        self.format = format
    }

    static var allValueStrings: [String] { TranslationFormatRegistry.standard.names }

    /// The format names, for shell completion (a type that is not `CaseIterable` completes nothing by default).
    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }

    /// `i18next|strings|…`, for `valueName` and messages.
    static var valueNames: String { TranslationFormatRegistry.standard.names(separatedBy: "|") }
}
