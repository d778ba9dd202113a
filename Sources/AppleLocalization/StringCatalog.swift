import Diagnostics
import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A parsed String Catalog (`.xcstrings`), the format Xcode creates by default since Xcode 15:
/// JSON with a source language and, per key, localizations whose text may vary by plural
/// category and by device and may hold plural substitutions.
///
/// A catalog serves one table, named after the file: `Localizable.xcstrings` is `Localizable`.
public struct StringCatalog: Sendable {
    /// The path the catalog was read from (used in diagnostics).
    public let path: String
    /// The language the keys are written in (`sourceLanguage`).
    public let sourceLanguage: String
    /// The catalog format version, if recorded (`1.0`).
    public let version: String?
    /// The entries by key.
    public let entries: [String: CatalogEntry]
    /// The keys in file order.
    public let keys: [String]
    /// Problems that do not make the catalog unusable: unknown devices, unused substitutions.
    public let warnings: [Diagnostic]

    /// The table the catalog serves: its file name without `.xcstrings`.
    public var table: String {
        let name = PathText.lastComponent(path)
        return name.hasSuffix(".xcstrings") ? String(name.dropLast(10)) : name
    }

    /// The entry for `key`, or `nil` when the catalog has no such key.
    public subscript(key: String) -> CatalogEntry? { entries[key] }

    /// Reads and parses the catalog at `path`.
    ///
    /// Only a regular file is read, without waiting: a FIFO or device at `path` is an error.
    ///
    /// - Throws: ``AppleLocalizationError`` when the file cannot be read (located at 1:1) or is
    ///   not a valid catalog (located at the problem).
    public init(contentsOf path: String) throws(AppleLocalizationError) {
        try self.init(data: AppleLocalizationError.contents(of: path), path: path)
    }

    /// Parses a catalog held in memory.
    ///
    /// - Parameters:
    ///   - data: The file's bytes, UTF-8 JSON.
    ///   - path: The name used in diagnostics.
    /// - Throws: ``AppleLocalizationError`` at the first problem: malformed JSON, a missing
    ///   `sourceLanguage`, a value of the wrong type, an unknown state, a plural variation
    ///   without `other`, a `%#@name@` without its substitution.
    public init(data: Data, path: String) throws(AppleLocalizationError) {
        self = try data.withBytes { bytes throws(AppleLocalizationError) in try StringCatalog.parse(bytes, path: path) }
    }

    /// A catalog from its parts.
    init(path: String, sourceLanguage: String, version: String?, entries: [String: CatalogEntry], keys: [String], warnings: [Diagnostic]) {
        self.path = path
        self.sourceLanguage = sourceLanguage
        self.version = version
        self.entries = entries
        self.keys = keys
        self.warnings = warnings
    }

    /// The languages with at least one localization, and the source language, sorted.
    public var languages: [String] {
        var seen: Set<String> = [AppleTableDirectory.languageKey(sourceLanguage)]
        var result = [sourceLanguage]
        for key in keys {
            for language in entries[key]?.localizations.keys.sorted() ?? [] where seen.insert(AppleTableDirectory.languageKey(language)).inserted {
                result.append(language)
            }
        }
        return result.sorted()
    }
}
