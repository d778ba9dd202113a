import Diagnostics
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform

/// A parsed Apple `.strings` localization table (`"key" = "value";`).
///
/// The parser gives the same table as Apple's for every valid file, and reports what Apple's
/// silently drops (garbage after an entry, an unterminated comment, a stray quote) as errors with
/// a file, line and column.
///
/// ```swift
/// let file = try StringsFile(contentsOf: "en.lproj/Localizable.strings")
/// file["greeting"]    // "Hello"
/// ```
public struct StringsFile: Sendable {
    /// The path the table was read from (used in diagnostics).
    public let path: String
    /// The table: each key with its last value.
    public let table: [String: String]
    /// The keys in the order they first appear in the file.
    public let keys: [String]
    /// Problems that do not make the file invalid: duplicate keys, `\u` escapes, lone surrogates.
    public let warnings: [Diagnostic]
    /// The translator's comment of each key that has one: the `/* … */` or `// …` ending on the
    /// line above its (last) definition or on its line, trimmed.
    public let comments: [String: String]
    /// Where each of ``keys`` is first defined, as byte offsets; see ``keyLocations()``.
    private let keyOffsets: [Int]

    /// The value for `key`, or `nil` when the table has no such key.
    public subscript(key: String) -> String? { table[key] }

    /// Reads and parses the file at `path`.
    ///
    /// - Throws: ``StringsFileError`` when the file cannot be read (located at line 1, column 1)
    ///   or is not a valid strings file.
    public init(contentsOf path: String) throws(StringsFileError) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw StringsFileError(.unreadable, diagnostic: Diagnostic(.error, file: path, line: 1, column: 1,
                message: "cannot read file: \(unreadableReason(path))"))
        }
        try self.init(data: data, path: path)
    }

    /// Parses a strings file held in memory.
    ///
    /// - Parameters:
    ///   - data: The file's bytes: UTF-8 (with or without BOM) or UTF-16 with a BOM.
    ///   - path: The name used in diagnostics.
    /// - Throws: ``StringsFileError`` when the bytes are not a valid strings file.
    public init(data: Data, path: String) throws(StringsFileError) {
        let result: Result<StringsParser.Output, StringsFileError> = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            return Result { () throws(StringsFileError) in try StringsParser.parse(bytes, path: path) }
        }
        let output = try result.get()
        self.path = path
        self.table = output.table
        self.keys = output.keys
        self.warnings = output.warnings
        self.comments = output.comments
        self.keyOffsets = output.keyOffsets
    }

    /// The line and column (in Unicode scalars, 1-based) where each key is first defined, for
    /// diagnostics about keys (unused, inconsistent). Positions are not tracked while parsing, which
    /// keeps them off the hot path: the file at ``path`` is read again, once, and every key located
    /// in one pass. Empty when it can no longer be read (or the table was parsed from memory under
    /// a name that is not a file).
    public func keyLocations() -> [String: (line: Int, column: Int)] {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path)) else { return [:] }
        let located: [String: (line: Int, column: Int)]? = data.withUnsafeBytes { raw in
            StringsParser.withParsedBytes(raw.bindMemory(to: UInt8.self)) { bytes in
                var locator = SourceLocator()
                var result: [String: (line: Int, column: Int)] = [:]
                result.reserveCapacity(keys.count)
                // Offsets grow with the keys' order, so the locator makes one pass.
                for (key, offset) in zip(keys, keyOffsets) where offset <= bytes.count {
                    result[key] = locator.location(of: offset, in: bytes)
                }
                return result
            }
        }
        return located ?? [:]
    }
}
