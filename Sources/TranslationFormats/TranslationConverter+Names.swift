import AppleLocalization
import Diagnostics

extension TranslationConverter {
    /// Whether `text` is a language tag that may name an output folder or file: BCP 47's shape
    /// (a language of 2–3 or 5–8 letters, then subtags of 1–8 letters and digits), with `_`
    /// accepted for `-` as gettext (`pt_BR`) and `.lproj` folders write it, or `base` for
    /// `Base.lproj`.
    ///
    /// Languages are read from inside files (a `.po` header's `Language:`, XLIFF's
    /// `target-language`, a catalog's localizations) that vendors and translation platforms
    /// send, and each becomes a path component of the output; this shape has no `/`, `.` or
    /// anything else a path could be steered with.
    package static func isLanguageTag(_ text: String) -> Bool {
        if text.lowercased() == "base" { return true }
        guard text.utf8.count <= 64 else { return false }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
        guard let first = parts.first, (2...3).contains(first.utf8.count) || (5...8).contains(first.utf8.count),
            first.utf8.allSatisfy({ isASCIILetter($0) })
        else { return false }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.utf8.count) && part.utf8.allSatisfy { isASCIILetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        }
    }

    /// Whether `text` may name a table's output file: not empty, no `/`, not starting with `.`
    /// (which also rules out `.` and `..`), and nothing that changes how the path shows in
    /// `wrote …` lines (controls, bidi overrides, line separators).
    package static func isTableName(_ text: String) -> Bool {
        !text.isEmpty && !text.hasPrefix(".") && !text.utf8.contains(UInt8(ascii: "/"))
            && !text.unicodeScalars.contains(where: Diagnostic.isDisplayControl)
    }

    /// Refuses a table read from `path` whose languages or name could not name an output path.
    static func checkNames(of table: TranslationTable, readFrom path: String) throws(TranslationError) {
        let languages = (table.sourceLanguage.map { [$0] } ?? []) + table.languages.keys.sorted()
        for language in languages where !isLanguageTag(language) {
            throw TranslationError(
                Diagnostic(file: path, message: "the language \(notALanguageTag(language)). Correct it in the file"), kind: .invalidInput)
        }
        guard isTableName(table.name) else {
            throw TranslationError(
                Diagnostic(
                    file: path,
                    message:
                        "the table name \(Diagnostic.quoted(table.name)) cannot name a file (it is empty, starts with '.', or has a '/' or a control character). Correct it in the file"
                ), kind: .invalidInput)
        }
    }

    /// Why `value`, read as a language, is refused: the one wording every reader uses.
    static func notALanguageTag(_ value: String) -> String {
        "\(Diagnostic.quoted(value)) is not a language tag (such as en, pt-BR or zh-Hans); a language names an output folder, so nothing else is accepted"
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }
}
