/// The file formats `envtool i18n convert` reads and writes.
public enum TranslationFormat: String, Sendable, Hashable, CaseIterable {
    /// i18next JSON, `<lng>/<ns>.json` (v4 plural suffixes; v3 and v1 are read too).
    case i18next
    /// Apple `.strings` with `.stringsdict` for plurals, `<lang>.lproj/<Table>.strings|stringsdict`.
    case strings
    /// An Apple String Catalog, `<Table>.xcstrings`, every language in one file.
    case xcstrings
    /// gettext `.po`, `<lang>/<table>.po`.
    case po
    /// XLIFF 1.2 as Xcode exports it, `<lang>.xliff`.
    case xliff

    /// The format a file's extension names, or `nil`.
    public init?(fileExtension: String) {
        switch fileExtension.lowercased() {
        case "json": self = .i18next
        case "strings", "stringsdict": self = .strings
        case "xcstrings": self = .xcstrings
        case "po": self = .po
        case "xliff", "xlf": self = .xliff
        default: return nil
        }
    }

    /// i18next's default namespace and Apple's default table are the same table.
    static func tableName(_ name: String, for format: TranslationFormat) -> String {
        switch format {
        case .i18next, .po: name == "Localizable" ? "translation" : name
        case .strings, .xcstrings, .xliff: name == "translation" ? "Localizable" : name
        }
    }
}
