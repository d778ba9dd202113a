import EnvironmentKit
import Platform

/// The one rule by which `i18n status` and `i18n lint` choose the language others are compared
/// with, when the command line names none: the development language (the first of
/// `"languages"`) of the environments document.
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
    static func find(environments: String?, near directories: [String]) throws(EnvironmentError) -> (language: String, origin: String)? {
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
            if let first = document.languages.first { return (first.identifier, path) }
        }
        return nil
    }
}
