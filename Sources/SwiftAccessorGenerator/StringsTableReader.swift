import AppleLocalization
import Diagnostics
import Platform
import PrintfFormat
import StringsFile

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads the development language's `.strings` tables (`<lng>.lproj/<Table>.strings`, or the
/// flat `<LNG>.strings` that forms `Localizable`, as `AppleTableDirectory` finds them) into accessor entries, one positional
/// parameter per format argument: `%@` a `String`, `%d` an `Int`, `%.2f` a `Double`, `%c` a
/// `Character` (``TranslationEntry/Parameter/parameters(for:)``).
///
/// Parameters are positional (`_ p1: String`) rather than named from comments: comments are
/// free text, and a name guessed from one would change the API when a translator edits it.
struct StringsTableReader {
    private(set) var entries: [TranslationEntry] = []
    private(set) var diagnostics: [Diagnostic] = []
    private(set) var files: [String] = []

    /// Reads the `.strings` tables of `language` in `directory` (no catalog search: it reads none).
    mutating func read(directory: String, language: String) {
        read(AppleTableDirectory(directory: directory, searchingCatalogs: false), language: language)
    }

    /// Reads the `.strings` tables `tables` has for `language`.
    mutating func read(_ tables: AppleTableDirectory, language: String) {
        for table in tables.stringsTables(language: language) {
            guard let path = tables.strings(language: language, table: table) else { continue }
            files.append(path)
            read(table: table, path: path)
        }
    }

    private mutating func read(table: String, path: String) {
        let file: StringsFile
        do {
            file = try StringsFile(contentsOf: path)
        } catch {
            diagnostics.append(error.diagnostic)
            return
        }
        let lines = Self.keyLines(path: path)
        for key in file.keys {
            guard let text = file[key] else { continue }
            let parameters = formatArguments(in: text, file: path, key: key)
            entries.append(
                TranslationEntry(
                    source: .strings(table: table), key: key,
                    path: [table] + key.split(separator: ".", omittingEmptySubsequences: false).map(String.init),
                    parameters: parameters, documentation: [text], file: path, line: lines[key]))
        }
    }

    /// The line each key is first written on, found by a plain search for `"key"` at the start of
    /// a line: good enough to point a diagnostic at, and never wrong about the key itself.
    private static func keyLines(path: String) -> [String: Int] {
        guard let data = RegularFile.contents(atPath: path), let text = String(data: data, encoding: .utf8) else { return [:] }
        var lines: [String: Int] = [:]
        for (index, line) in text.splitLines().enumerated() {
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
            guard trimmed.first == "\"", let end = trimmed.dropFirst().firstIndex(of: "\"") else { continue }
            let key = String(trimmed[trimmed.index(after: trimmed.startIndex)..<end])
            if lines[key] == nil { lines[key] = index + 1 }
        }
        return lines
    }

    /// The arguments `text` formats, in argument order, as the run-time formatter reads them.
    private mutating func formatArguments(in text: String, file: String, key: String) -> [TranslationEntry.Parameter] {
        let signature = FormatString(text).signature()
        for problem in TranslationEntry.Parameter.problems(in: signature) {
            diagnostics.append(Diagnostic(.warning, file: file, path: key, message: problem))
        }
        return TranslationEntry.Parameter.parameters(for: signature)
    }
}
