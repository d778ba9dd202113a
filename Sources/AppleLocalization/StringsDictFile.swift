import Diagnostics
import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A parsed `.stringsdict` table: for each key, a format with plural variables.
///
/// ```xml
/// <key>files</key>
/// <dict>
///     <key>NSStringLocalizedFormatKey</key><string>%#@files@</string>
///     <key>files</key>
///     <dict>
///         <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
///         <key>NSStringFormatValueTypeKey</key><string>d</string>
///         <key>one</key><string>%d file</string>
///         <key>other</key><string>%d files</string>
///     </dict>
/// </dict>
/// ```
public struct StringsDictFile: Sendable {
    /// The path the table was read from (used in diagnostics).
    public let path: String
    /// The entries by key.
    public let entries: [String: LocalizedFormat]
    /// The keys in file order.
    public let keys: [String]
    /// Problems that do not make the file unusable: a repeated key, an unknown key in a variable,
    /// a variable no format uses, an entry of a rule type other than plurals (skipped).
    public let warnings: [Diagnostic]

    /// The comment right above each key that has one (`<!-- … -->`, only white space between),
    /// without its delimiters and the space inside them: where translators, and the converter,
    /// write a key's comment.
    let comments: [String: String]

    /// The entry for `key`, or `nil` when the table has no such key.
    public subscript(key: String) -> LocalizedFormat? { entries[key] }

    /// The comment right above `key` (`<!-- Shown on the toolbar -->`), if it has one.
    public func comment(forKey key: String) -> String? { comments[key] }

    /// Reads and parses the file at `path`.
    ///
    /// Only a regular file is read, without waiting: a FIFO or device at `path` is an error.
    ///
    /// - Throws: ``AppleLocalizationError`` when the file cannot be read (located at 1:1) or is
    ///   not a valid `.stringsdict` (located at the problem).
    public init(contentsOf path: String) throws(AppleLocalizationError) {
        try self.init(data: AppleLocalizationError.contents(of: path), path: path)
    }

    /// Parses a `.stringsdict` held in memory.
    ///
    /// - Parameters:
    ///   - data: The file's bytes, UTF-8 XML.
    ///   - path: The name used in diagnostics.
    /// - Throws: ``AppleLocalizationError`` at the first problem: malformed XML, a value of the
    ///   wrong type, a variable without `other`, a `%#@name@` without its dictionary.
    public init(data: Data, path: String) throws(AppleLocalizationError) {
        self = try data.withBytes { bytes throws(AppleLocalizationError) in try StringsDictFile(bytes: bytes, path: path) }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, path: String) throws(AppleLocalizationError) {
        var locator = SourceLocator()
        func location(_ offset: Int) -> SourceLocation {
            let (line, column) = locator.location(of: offset, in: bytes)
            return SourceLocation(file: path, line: line, column: column)
        }
        var reader = PropertyListReader(bytes: bytes)
        let root: PropertyListNode
        do {
            root = try reader.parseDocument()
        } catch {
            let at = location(error.offset)
            throw AppleLocalizationError(Diagnostic(file: path, line: at.line, column: at.column, message: error.message))
        }
        var warnings = reader.warnings.map { failure -> Diagnostic in
            let at = location(failure.offset)
            return Diagnostic(.warning, file: path, line: at.line, column: at.column, message: failure.message)
        }
        var builder = StringsDictBuilder(path: path, location: location)
        let (entries, keys) = try builder.entries(from: root)
        warnings += builder.warnings
        var comments: [String: String] = [:]
        if case .dictionary(let members) = root.value {
            for member in members {
                if let comment = PropertyListReader.comment(endingBefore: member.keyOffset, in: bytes) { comments[member.key] = comment }
            }
        }
        self.path = path
        self.entries = entries
        self.keys = keys
        self.warnings = warnings
        self.comments = comments
    }
}
