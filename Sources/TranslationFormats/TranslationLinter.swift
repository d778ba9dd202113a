import Diagnostics

/// Checks the translation files in a directory, file by file, through the formats of a
/// registry: what `i18n lint --from-format` reports, and how a format registered by an app or a
/// test is linted with nothing else to change.
public struct TranslationLinter: Sendable {
    /// The formats it finds files of.
    public let registry: TranslationFormatRegistry

    /// A linter over the formats of `registry`.
    public init(registry: TranslationFormatRegistry = .standard) {
        self.registry = registry
    }

    /// The findings for every file of `format` (every format of the registry when `nil`) that
    /// ``TranslationFileFormat/discover(in:)`` finds in `directory`, in discovery order.
    public func lint(directory: String, format: (any TranslationFileFormat)? = nil) -> [Diagnostic] {
        let formats = format.map { [$0] } ?? registry.formats
        var findings: [Diagnostic] = []
        for format in formats {
            for file in format.discover(in: directory) { findings += format.lint(file) }
        }
        return findings
    }
}
