import EnvironmentKit
import Platform
import TranslationFormats

/// The environments document whose development language (the first of `"languages"`) is the
/// second step of ``SourceLanguageRule``, for every command that asks for a source language
/// (`i18n convert`, `pseudo`, `status`, `lint`, `extract`, `strings lint`).
///
/// The document is `--environments`, else `$ENVTOOL_ENVIRONMENTS`, else the `environments.json`
/// in the folder above the translations (`environments/` for `environments/locales`), else
/// the document every command finds (``EnvironmentSelection/discoveredPath()``), whichever exists first. Translations are read without a
/// document, so a missing default document declares nothing, but one that was named, or exists
/// and is broken, is an error: comparing with a guessed language would report the wrong keys.
enum DeclaredSourceLanguage {
    /// The declared language and the document it comes from, or `nil` when no document applies.
    ///
    /// - Throws: ``EnvironmentError`` when the document was named and cannot be read, or exists
    ///   and is not valid.
    static func find(environments: String?, near directories: [String]) throws(EnvironmentError) -> SourceLanguageRule.Declaration? {
        var candidates: [String] = []
        if let named = environments ?? EnvironmentSelection.environmentValue(EnvironmentSelection.pathVariable).flatMap({ $0.isEmpty ? nil : $0 }) {
            candidates = [named]
        } else {
            for directory in directories {
                let parent = PathText.deletingLastComponent(directory)
                candidates.append(PathText.appending(parent.isEmpty ? "." : parent, "environments.json"))
                candidates.append(PathText.appending(directory, "environments.json"))
            }
            candidates.append(EnvironmentSelection.path(nil))
        }
        let named = candidates.count == 1 && (environments != nil || candidates[0] != EnvironmentSelection.defaultPath)
        for path in candidates where named || pathKind(path) == .file {
            let document = try EnvironmentsDocument(contentsOf: path)
            if let first = document.languages.first { return .init(language: first.identifier, origin: path) }
        }
        return nil
    }

    /// The rule for a command's `--source-language` and `--environments`, with the files read
    /// from `directories`.
    static func rule(option: String?, environments: String?, near directories: [String]) throws(EnvironmentError) -> SourceLanguageRule {
        SourceLanguageRule(option: option, document: try find(environments: environments, near: directories))
    }
}
