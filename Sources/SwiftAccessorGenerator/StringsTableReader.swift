import Diagnostics
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform
import StringsFile

/// Reads the development language's `.strings` tables (`<lng>.lproj/<Table>.strings`, or the
/// flat `<LNG>.strings` that forms `Localizable`) into accessor entries, one positional
/// parameter per format argument: `%@` a `String`, `%d` an `Int`, `%.2f` a `Double`.
///
/// Parameters are positional (`_ p1: String`) rather than named from comments: comments are
/// free text, and a name guessed from one would change the API when a translator edits it.
struct StringsTableReader {
    private(set) var entries: [TranslationEntry] = []
    private(set) var diagnostics: [Diagnostic] = []
    private(set) var files: [String] = []

    mutating func read(directory: String, language: String) {
        var tables: [(table: String, path: String)] = []
        let lproj = PathText.appending(directory, "\(language).lproj")
        if let names = try? FileManager.default.contentsOfDirectory(atPath: lproj) {
            for name in names.sorted() where name.hasSuffix(".strings") {
                tables.append((String(name.dropLast(8)), PathText.appending(lproj, name)))
            }
        }
        if !tables.contains(where: { $0.table == "Localizable" }),
           let names = try? FileManager.default.contentsOfDirectory(atPath: directory),
           let flat = names.sorted().first(where: { $0.lowercased() == "\(language.lowercased()).strings" }) {
            tables.append(("Localizable", PathText.appending(directory, flat)))
        }
        for (table, path) in tables {
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
            entries.append(TranslationEntry(
                source: .strings(table: table), key: key,
                path: [table] + key.split(separator: ".", omittingEmptySubsequences: false).map(String.init),
                parameters: parameters, documentation: [text], file: path, line: lines[key]))
        }
    }

    /// The line each key is first written on, found by a plain search for `"key"` at the start of
    /// a line: good enough to point a diagnostic at, and never wrong about the key itself.
    private static func keyLines(path: String) -> [String: Int] {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else { return [:] }
        var lines: [String: Int] = [:]
        for (index, line) in text.splitLines().enumerated() {
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
            guard trimmed.first == "\"", let end = trimmed.dropFirst().firstIndex(of: "\"") else { continue }
            let key = String(trimmed[trimmed.index(after: trimmed.startIndex)..<end])
            if lines[key] == nil { lines[key] = index + 1 }
        }
        return lines
    }

    /// The arguments `text` formats, in argument order; an argument no specifier uses is a `String`.
    private mutating func formatArguments(in text: String, file: String, key: String) -> [TranslationEntry.Parameter] {
        var kinds: [Int: TranslationEntry.Parameter.Kind] = [:]
        var next = 1
        let scalars = Array(text.unicodeScalars)
        var index = 0
        // A position beyond any sensible count is a typo; it must not make thousands of parameters.
        let maximumPosition = 64
        while index < scalars.count {
            guard scalars[index] == "%" else { index += 1; continue }
            index += 1
            guard index < scalars.count else { break }
            if scalars[index] == "%" { index += 1; continue }
            var digits = 0
            var start = index
            while index < scalars.count, let digit = Int(String(scalars[index])), digit >= 0, digits < 3 { digits += 1; index += 1 }
            var position: Int?
            if digits > 0, index < scalars.count, scalars[index] == "$" {
                position = Int(String(String.UnicodeScalarView(scalars[start..<index])))
                index += 1
            } else {
                index = start
            }
            while index < scalars.count, "-+ #0'".unicodeScalars.contains(scalars[index]) { index += 1 }
            start = index
            while index < scalars.count, ("0"..."9").contains(scalars[index]) || scalars[index] == "." { index += 1 }
            while index < scalars.count, "hlqLztj".unicodeScalars.contains(scalars[index]) { index += 1 }
            guard index < scalars.count else { break }
            let conversion = scalars[index]
            index += 1
            let kind: TranslationEntry.Parameter.Kind
            switch conversion {
            case "@", "s", "S": kind = .string
            case "d", "i", "u", "o", "x", "X", "c", "C", "D", "U", "O": kind = .int
            case "f", "F", "e", "E", "g", "G", "a", "A": kind = .double
            default:
                diagnostics.append(Diagnostic(.warning, file: file, path: key,
                    message: "\"%\(conversion)\" is not a format specifier; the accessor takes no argument for it (write %% for a percent sign)"))
                continue
            }
            let argument = position ?? next
            guard argument >= 1, argument <= maximumPosition else {
                diagnostics.append(Diagnostic(.warning, file: file, path: key, message: "the argument position \(argument) is outside 1…\(maximumPosition); the accessor ignores it"))
                continue
            }
            if position == nil { next += 1 }
            kinds[argument] = kinds[argument] ?? kind
        }
        guard let last = kinds.keys.max() else { return [] }
        return (1...last).map { TranslationEntry.Parameter(variable: nil, kind: kinds[$0] ?? .string) }
    }
}
