import Diagnostics
import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
    /// Problems that do not make the file invalid: duplicate keys, `\u` escapes, lone surrogates.
    public let warnings: [Diagnostic]
    /// The entries, read into strings only when asked for.
    private let storage: StringsTable

    /// The value for `key`, or `nil` when the table has no such key.
    ///
    /// Keys are compared byte for byte in UTF-8, as Apple's lookup compares them.
    public subscript(key: String) -> String? {
        storage.entry(forKey: key).map { storage.string($0.value) }
    }

    /// The number of keys.
    public var count: Int { storage.entries.count }

    /// The keys in the order they first appear in the file.
    ///
    /// Made anew on each access; read it once for a loop.
    public var keys: [String] { storage.entries.map { storage.string($0.key) } }

    /// The whole table: each key with its last value.
    ///
    /// Made anew on each access; look single keys up with the subscript.
    public var table: [String: String] {
        var table: [String: String] = [:]
        table.reserveCapacity(storage.entries.count)
        for entry in storage.entries { table[storage.string(entry.key)] = storage.string(entry.value) }
        return table
    }

    /// The translator's comment of `key`: the `/* … */` or `// …` ending on the line above its
    /// (last) definition or on its line, trimmed; `nil` when it has none or the table has no such key.
    public func comment(forKey key: String) -> String? {
        storage.entry(forKey: key)?.comment.map { storage.string($0) }
    }

    /// The translator's comment of each key that has one (see ``comment(forKey:)``).
    ///
    /// Made anew on each access.
    public var comments: [String: String] {
        var comments: [String: String] = [:]
        for entry in storage.entries {
            if let comment = entry.comment { comments[storage.string(entry.key)] = storage.string(comment) }
        }
        return comments
    }

    /// Reads and parses the file at `path`.
    ///
    /// Only a regular file is read, without waiting: a FIFO or device at `path` is an error.
    ///
    /// - Throws: ``StringsFileError`` when the file cannot be read (located at line 1, column 1)
    ///   or is not a valid strings file.
    public init(contentsOf path: String) throws(StringsFileError) {
        let data: Data
        do throws(UnreadableFile) {
            data = try RegularFile.read(path)
        } catch {
            throw StringsFileError(.unreadable, diagnostic: Diagnostic(error))
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
        let output = try StringsParser.parse(data, path: path)
        self.path = path
        self.warnings = output.warnings
        self.storage = output.table
    }

    /// The line and column (in Unicode scalars, 1-based) where each key is first defined, for
    /// diagnostics about keys (unused, inconsistent). Positions are not tracked while parsing, which
    /// keeps them off the hot path: every key is located here, in one pass over the bytes parsed.
    public func keyLocations() -> [String: (line: Int, column: Int)] {
        var result: [String: (line: Int, column: Int)] = [:]
        result.reserveCapacity(storage.entries.count)
        forEachEntry { key, _, location in
            if let location { result[key] = location }
        }
        return result
    }

    /// Calls `body` with each key, in the order keys first appear, with its (last) value and the
    /// line and column where it is first defined (`nil` when not known): what ``keys``, the
    /// subscript and ``keyLocations()`` give together, in one pass, without a dictionary of every key.
    package func forEachEntry(_ body: (_ key: String, _ value: String, _ location: (line: Int, column: Int)?) -> Void) {
        storage.source.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var locator = SourceLocator()
            // Offsets grow with the keys' order, so the locator makes one pass.
            for entry in storage.entries {
                let location = entry.offset <= bytes.count ? locator.location(of: entry.offset, in: bytes) : nil
                body(storage.string(entry.key), storage.string(entry.value), location)
            }
        }
    }
}
