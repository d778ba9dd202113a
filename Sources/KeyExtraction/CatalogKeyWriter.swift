import AppleLocalization
import Diagnostics
import EnvironmentKit
import Environments
import Foundation
import JSONParsing
import Platform

/// Adds missing keys to a String Catalog (`.xcstrings`) the way Xcode records them, keeping the
/// existing entries, their order and their content; a catalog that does not exist is created.
///
/// An entry from a call Xcode extracts itself (`String(localized:)`, `NSLocalizedString`, `Text`…)
/// is written as Xcode's extraction writes it: with its comment, and with a default value as
/// `extractionState: extracted_with_value` and a source-language string unit in state `new`.
/// An entry from a call Xcode does not know (envtool's `localizedString`) is `manual`, so that
/// Xcode does not mark it stale when it does not find it in code.
package enum CatalogKeyWriter {
    /// A failure to add keys, located at the catalog.
    package struct Failure: Error, Sendable {
        /// What went wrong.
        package let diagnostic: Diagnostic
        /// Whether writing (not reading) failed.
        package let isWriteFailure: Bool
    }

    /// Adds `keys` (missing from the catalog `relativePath` names below `folder`, the tables)
    /// and writes the catalog atomically, never outside `folder` nor through a link (the table
    /// name in the path comes from sources; see ``KeyComparison/confinedDestination(of:)``).
    ///
    /// - Parameter sourceLanguage: The language of a catalog that has to be created.
    /// - Returns: The keys added (keys the catalog already has are skipped).
    /// - Throws: ``Failure`` when the existing catalog does not parse, or the path leaves
    ///   `folder`, passes a link or cannot be written (a write failure).
    package static func add(_ keys: [MissingKey], to relativePath: String, under folder: String, sourceLanguage: String) throws(Failure) -> [String] {
        let path = PathText.appending(folder, relativePath)
        var root: JSONObject
        var layout = JSONLayout.xcode
        let existing = try Result { () throws(EnvironmentError) in try AtomicFile.contents(of: relativePath, under: folder) }
            .mapError { Failure(diagnostic: $0.diagnostic, isWriteFailure: true) }.get().map { Data($0) }
        if let data = existing {
            // Parsed as a catalog first, so a file that is not one is reported as the lookup reports it.
            do throws(AppleLocalizationError) { _ = try StringCatalog(data: data, path: path) } catch {
                throw Failure(diagnostic: error.diagnostic, isWriteFailure: false)
            }
            guard case .object(let object)? = Self.parse(data) else {
                throw Failure(diagnostic: Diagnostic(file: path, line: 1, column: 1, message: "the catalog is not a JSON object"), isWriteFailure: false)
            }
            root = object
            layout = data.withUnsafeBytes { JSONLayout(of: $0.bindMemory(to: UInt8.self), otherwise: .xcode) }
        } else {
            root = ["sourceLanguage": .string(sourceLanguage), "strings": .object(JSONObject()), "version": "1.0"]
        }
        let language: String
        if case .string(let existing)? = root["sourceLanguage"] { language = existing } else { language = sourceLanguage }
        guard case .object(var strings)? = root["strings"] else {
            throw Failure(diagnostic: Diagnostic(file: path, line: 1, column: 1, message: "the catalog lacks a \"strings\" object"), isWriteFailure: false)
        }
        var added = JSONObject()
        for missing in keys where strings[missing.key] == nil && added[missing.key] == nil {
            added[missing.key] = entry(for: missing, language: language)
        }
        guard !added.isEmpty else { return [] }
        // Placed as Xcode places them when the keys are in its order, else after them.
        strings = CatalogKeyOrder.setting(added.members, in: strings)
        root["strings"] = .object(strings)
        // In the catalog's own layout: Xcode's, or the one another tool wrote it in.
        let text = JSONValue.object(root).jsonText(layout: layout)
        // What is written must read back as a catalog; a failure here is a bug, and the old file stays.
        do throws(AppleLocalizationError) { _ = try StringCatalog(data: Data(text.utf8), path: path) } catch {
            throw Failure(
                diagnostic: Diagnostic(file: path, message: "the updated catalog would not parse (\(error.diagnostic.message)); it was not written"),
                isWriteFailure: true)
        }
        do throws(EnvironmentError) {
            try AtomicFile.write(Array(text.utf8), to: relativePath, under: folder)
        } catch {
            throw Failure(diagnostic: error.diagnostic, isWriteFailure: true)
        }
        return added.keys
    }

    /// The catalog entry Xcode would write for `missing`.
    static func entry(for missing: MissingKey, language: String) -> JSONValue {
        var entry = JSONObject()
        if let comment = missing.comment { entry["comment"] = .string(comment) }
        let extracted = CallForms.extractedByXcode.contains(missing.usage.form)
        if let value = missing.defaultValue {
            entry["extractionState"] = .string(extracted ? "extracted_with_value" : "manual")
            let unit: JSONValue = ["stringUnit": ["state": "new", "value": .string(value)]]
            entry["localizations"] = .object(JSONObject([(language, unit)]))
        } else if !extracted {
            entry["extractionState"] = "manual"
        }
        return .object(entry)
    }

    static func parse(_ data: Data) -> JSONValue? {
        data.withUnsafeBytes { raw in
            var parser = JSONParser(bytes: raw.bindMemory(to: UInt8.self))
            return try? parser.parseDocument()
        }
    }
}
