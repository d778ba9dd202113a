import Foundation

/// Finds where a key of a `.strings` file is written, for diagnostics: the parser's public API
/// gives the table but not the positions of its keys.
///
/// The first `"key"` (or bare `key`) at the start of an entry is taken; a key written with escapes
/// is not found and is located at line 1, column 1.
struct StringsKeyLocator {
    let path: String
    private let lines: [Substring]

    init(path: String) {
        self.path = path
        let text = FileManager.default.contents(atPath: path).flatMap { String(data: $0, encoding: .utf8) } ?? ""
        lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    func location(of key: String) -> SourceLocation {
        let quoted = "\"" + key + "\""
        for (index, line) in lines.enumerated() {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix(quoted) || (trimmed.hasPrefix(key) && trimmed.dropFirst(key.count).first.map { $0 == " " || $0 == "=" || $0 == ";" } == true) {
                let column = line.unicodeScalars.count - trimmed.unicodeScalars.count + 1
                return SourceLocation(file: path, line: index + 1, column: column)
            }
        }
        return SourceLocation(file: path, line: 1, column: 1)
    }
}
