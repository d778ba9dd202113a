import Diagnostics
import StringsFile

extension LocalizationTables {
    /// Warnings for translations that are missing: a table of the development language (the
    /// first of `languages`) that another language lacks, or keys it has that the other's table
    /// lacks. They are warnings, not errors, because lookup falls back to the development language.
    public func missingTranslations(languages: [String]) -> [Diagnostic] {
        guard let development = languages.first else { return [] }
        var warnings: [Diagnostic] = []
        for table in tableNames(language: development) {
            guard case .success(let reference)? = file(language: development, table: table) else { continue }
            for language in languages.dropFirst() {
                guard let result = file(language: language, table: table) else {
                    warnings.append(
                        Diagnostic(
                            .warning, file: reference.path, line: 1, column: 1,
                            message: "the table \"\(table)\" has no \(language) translation; add \(language).lproj/\(table).strings"))
                    continue
                }
                guard case .success(let translated) = result else { continue }
                let absent = reference.keys.filter { translated[$0] == nil }
                if !absent.isEmpty {
                    let listed = absent.prefix(5).map { "\"\($0)\"" }.joined(separator: ", ") + (absent.count > 5 ? ", …" : "")
                    warnings.append(
                        Diagnostic(
                            .warning, file: translated.path, line: 1, column: 1,
                            message: absent.count == 1
                                ? "1 key of \(reference.path) is not translated: \(listed)"
                                : "\(absent.count) keys of \(reference.path) are not translated: \(listed)"))
                }
            }
        }
        return warnings
    }
}
