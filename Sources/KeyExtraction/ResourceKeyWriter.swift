import AppleLocalization
import Diagnostics
import EnvironmentKit
import Environments
import Foundation
import JSONParsing
import Platform
import TranslationFormats

/// Adds missing keys to an i18next resource file, `<locales>/<lng>/<ns>.json`, keeping its
/// existing keys, order and values; a file (or language folder) that does not exist is created.
///
/// A key is nested at its `.`s (`app.title` goes into the `app` object), as i18next's
/// `keySeparator` reads it; its value is the call's `defaultValue`, else the key itself, which is
/// what i18next shows for a missing key. A call with `count` needs no `_one`/`_other` forms to
/// work: i18next falls back to the base key, which is what is added.
package enum ResourceKeyWriter {
    /// A failure to add keys, located at the file.
    package struct Failure: Error, Sendable {
        /// What went wrong.
        package let diagnostic: Diagnostic
        /// Whether writing (not reading) failed.
        package let isWriteFailure: Bool
    }

    /// Adds `keys` to the resource file `relativePath` names below `folder` (the locales) and
    /// writes it atomically, never outside `folder` nor through a link (the namespace in the
    /// path comes from sources; see ``KeyComparison/confinedDestination(of:)``).
    ///
    /// - Returns: The keys added, and a warning for each key that cannot be placed because a
    ///   part of its path is already a string (`app` is text, so `app.title` has no place).
    /// - Throws: ``Failure`` when the existing file does not parse, or the path leaves `folder`,
    ///   passes a link or cannot be written (a write failure).
    package static func add(_ keys: [MissingKey], to relativePath: String, under folder: String) throws(Failure) -> (added: [String], skipped: [Diagnostic]) {
        let path = PathText.appending(folder, relativePath)
        var root = JSONObject()
        var endsWithNewline = true
        let existing = try Result { () throws(EnvironmentError) in try AtomicFile.contents(of: relativePath, under: folder) }
            .mapError { Failure(diagnostic: $0.diagnostic, isWriteFailure: true) }.get().map { Data($0) }
        if let data = existing {
            do throws(I18NextResourceError) {
                // Only whether it reads is asked, so any language's plural rules do.
                _ = try I18NextKeyInventory.entries(data, path: path, language: "en")
            } catch {
                throw Failure(diagnostic: error.diagnostic, isWriteFailure: false)
            }
            guard case .object(let object)? = CatalogKeyWriter.parse(data) else {
                throw Failure(diagnostic: Diagnostic(file: path, line: 1, column: 1, message: "the resource file is not a JSON object"), isWriteFailure: false)
            }
            root = object
            endsWithNewline = data.last == UInt8(ascii: "\n")
        }
        var added: [String] = []
        var skipped: [Diagnostic] = []
        for missing in keys {
            let components = missing.key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard components.count <= I18NextJSONFormat.maximumNesting, !components.contains(where: \.isEmpty) else {
                skipped.append(skip(missing, "its path has an empty part or is deeper than \(I18NextJSONFormat.maximumNesting) levels"))
                continue
            }
            switch insert(.string(missing.defaultValue ?? missing.key), at: components[...], into: &root) {
            case .added: added.append(missing.key)
            case .present: break
            case .blocked(let prefix): skipped.append(skip(missing, "\(quotedKey(prefix)) is already a value, not an object; rename the key or move the value"))
            }
        }
        guard !added.isEmpty else { return ([], skipped) }
        var text = JSONValue.object(root).jsonText(pretty: true)
        if endsWithNewline { text += "\n" }
        do throws(EnvironmentError) {
            try AtomicFile.write(Array(text.utf8), to: relativePath, under: folder)
        } catch {
            throw Failure(diagnostic: error.diagnostic, isWriteFailure: true)
        }
        return (added, skipped)
    }

    private enum Insertion {
        case added, present
        case blocked(String)
    }

    /// Puts `value` at `components` under `object`, making the objects on the way.
    private static func insert(
        _ value: JSONValue, at components: ArraySlice<String>, into object: inout JSONObject,
        walked: String = ""
    ) -> Insertion {
        guard let name = components.first else { return .present }
        let path = walked.isEmpty ? name : walked + "." + name
        if components.count == 1 {
            if object[name] != nil { return .present }
            object[name] = value
            return .added
        }
        var child: JSONObject
        switch object[name] {
        case nil: child = JSONObject()
        case .object(let existing)?: child = existing
        default: return .blocked(path)
        }
        let result = insert(value, at: components.dropFirst(), into: &child, walked: path)
        if case .added = result { object[name] = .object(child) }
        return result
    }

    private static func skip(_ missing: MissingKey, _ reason: String) -> Diagnostic {
        let usage = missing.usage
        return Diagnostic(
            .warning, file: usage.file, line: usage.line, column: usage.column,
            message: "\(quotedKey(missing.key)) was not added: \(reason)")
    }
}
