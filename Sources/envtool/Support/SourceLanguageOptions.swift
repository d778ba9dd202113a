import ArgumentParser
import Diagnostics
import EnvironmentKit
import TranslationFormats

/// `--source-language` and the environments document, declared once for every command that asks
/// which language is the source (`i18n convert`, `pseudo`, `status`, `lint`, `extract`, `strings
/// lint`); the rule itself is ``SourceLanguageRule``, in the translation model.
struct SourceLanguageOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The source language: the one keys are written in and the others are compared with (default: the environments document's development language when the files have it, else the one they record, else en, else the only one; docs/source-language.md).",
            valueName: "code"),
        completion: DocumentCompletions.languages)
    var sourceLanguage: String?

    // The names this option had before it was one option everywhere (`i18n lint --reference`,
    // `strings lint` and `i18n extract --development-language`), kept working for scripts.
    @Option(name: .customLong("reference"), help: .hidden)
    var reference: String?

    @Option(name: .customLong("development-language"), help: .hidden)
    var developmentLanguage: String?

    @Option(
        name: [.customShort("e"), .long],
        help: ArgumentHelp(
            "The environments document whose development language is the source language (default: $ENVTOOL_ENVIRONMENTS, else the environments.json beside or above the translations, else environments/environments.json).",
            valueName: "path"),
        completion: .file(extensions: ["json"]))
    var environments: String?

    /// The rule in one paragraph, for the help of every command that has these options.
    static let ruleSummary =
        "The source language is --source-language; else the development language (the first of \"languages\") of the environments document (-e, else $ENVTOOL_ENVIRONMENTS, else the environments.json beside or above the files, else environments/environments.json) when the files have that language; else the one the files record (a catalog's or XLIFF's sourceLanguage); else en; else the only language; else the command lists the languages and exits 64. A declared language that differs from the recorded one is used, with a warning naming both (docs/source-language.md)."

    /// The language the command line names, under any of its names.
    var option: String? { sourceLanguage ?? reference ?? developmentLanguage }

    func validate() throws {
        if let option, !TranslationConverter.isLanguageTag(option) {
            throw ValidationError("--source-language \(Diagnostic.quoted(option)) is not a language tag (such as en, pt-BR or zh-Hans)")
        }
    }

    /// The rule for translations read from `directories` (files or folders).
    func rule(near directories: [String]) throws(EnvironmentError) -> SourceLanguageRule {
        try DeclaredSourceLanguage.rule(option: option, environments: environments, near: directories)
    }
}
