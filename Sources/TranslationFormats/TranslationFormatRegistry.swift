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
    /// `.po`, XLIFF 1.2 and Android string resources.
    public static let standard = TranslationFormatRegistry([
        StringCatalogFormat(), AppleStringsFormat(), I18NextJSONFormat(), GettextFormat(), XLIFFFormat(), AndroidFormat(),
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

    /// The names joined by `separator`, for help and messages.
    ///
    /// Built with plain appends: the CLI reads this in every command's configuration, and a
    /// generic `joined(separator:)` makes the runtime scan every conformance record the first
    /// time (~0.4M instructions a command).
    public func names(separatedBy separator: String) -> String {
        var text = ""
        for format in formats {
            if !text.isEmpty { text += separator }
            text += format.name
        }
        return text
    }

    /// One line per format for help, each indented by `indent` spaces: its name and what it
    /// reads and writes (built with plain appends, see ``names(separatedBy:)``).
    public func summaries(indent: Int = 0) -> String {
        var width = 0
        for format in formats where format.name.utf8.count > width { width = format.name.utf8.count }
        var text = ""
        for format in formats {
            if !text.isEmpty { text += "\n" }
            for _ in 0..<indent { text += " " }
            text += format.name
            for _ in 0..<(width - format.name.utf8.count + 2) { text += " " }
            text += format.summary
        }
        return text
    }
}
