import AppleLocalization
import ArgumentParser
import Diagnostics
import TranslationFormats

/// What `i18n convert` and `i18n pseudo` read, declared once: the file or directory, its format,
/// and the language of a single-language file whose path does not name it; and the checks both
/// make of their options before reading.
struct TranslationInputOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The file or directory to read.", valueName: "path"), completion: .file())
    var from: String

    @Option(help: ArgumentHelp("The format to read (default: from the extensions under --from).", valueName: TranslationFormatArgument.valueNames))
    var fromFormat: TranslationFormatArgument?

    @Option(
        name: .shortAndLong, help: ArgumentHelp("The language of a single-language input whose path does not name it.", valueName: "code"),
        completion: DocumentCompletions.languages)
    var language: String?

    /// Reads `--from` into `converter`.
    func read(into converter: inout TranslationConverter) throws(TranslationError) {
        try converter.read(from, format: fromFormat?.format, language: language)
    }

    /// Refuses a `--language` that is not a language tag: it becomes a path of the files written
    /// (``SourceLanguageOptions`` checks `--source-language`).
    func validate() throws {
        if let language, !TranslationConverter.isLanguageTag(language) {
            throw ValidationError("--language \(Diagnostic.quoted(language)) is not a language tag (such as en, pt-BR or zh-Hans)")
        }
    }

    /// `--to` without trailing slashes (`out/` and `out` are one folder; without this the paths
    /// printed would read `out//es/…`). `-` is standard output elsewhere, and these commands write
    /// files: it is refused, as is an empty path; `writes` says what is written, for the message.
    static func destination(_ to: String, writes: String) throws -> String {
        guard to != "-", !to.isEmpty else {
            throw ValidationError("--to \(to.isEmpty ? "''" : "-") is not supported: \(writes)")
        }
        var to = to
        while to.count > 1, to.hasSuffix("/") { to.removeLast() }
        return to
    }
}
