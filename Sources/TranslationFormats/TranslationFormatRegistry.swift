/// The translation formats envtool knows, in the order a directory is searched for them.
///
/// The one list the converter, the CLI's `--format` options (values, completions and help) and
/// every other loop over formats read; ``standard`` is envtool's, and a registry with more
/// formats (a test's, an app's) is made with ``registering(_:)``.
public struct TranslationFormatRegistry: Sendable {
    /// The formats, in search order: a directory read without `--from-format` is read in the
    /// first of these that has files there.
    public let formats: [any TranslationFileFormat]

    /// A registry of `formats`, in search order.
    public init(_ formats: [any TranslationFileFormat]) {
        self.formats = formats
    }

    /// envtool's formats: String Catalogs, `.strings` + `.stringsdict`, i18next JSON, gettext
    /// `.po` and XLIFF 1.2.
    public static let standard = TranslationFormatRegistry([
        StringCatalogFormat(), AppleStringsFormat(), I18NextJSONFormat(), GettextFormat(), XLIFFFormat(),
    ])

    /// This registry with `format` added after the others (replacing one of the same name).
    public func registering(_ format: any TranslationFileFormat) -> TranslationFormatRegistry {
        TranslationFormatRegistry(formats.filter { $0.name != format.name } + [format])
    }

    /// The format named `name` (`po`), if registered.
    public func format(named name: String) -> (any TranslationFileFormat)? {
        formats.first { $0.name == name }
    }

    /// The format whose files end in `.fileExtension` (any case), if one does.
    public func format(forExtension fileExtension: String) -> (any TranslationFileFormat)? {
        let lowered = fileExtension.lowercased()
        return formats.first { $0.fileExtensions.contains(lowered) }
    }

    /// The names, in order, as `--format` lists them (`i18next|strings|…`).
    public var names: [String] { formats.map(\.name) }

    /// One line per format for help: its name and what it reads and writes.
    public var summaries: String {
        let width = formats.map(\.name.count).max() ?? 0
        return formats.map { format in
            format.name + String(repeating: " ", count: width - format.name.count + 2) + format.summary
        }.joined(separator: "\n")
    }
}
