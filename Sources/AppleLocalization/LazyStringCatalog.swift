import Diagnostics
import Platform
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A String Catalog read for lookups: one validating pass records where each entry's JSON lies,
/// and an entry is parsed only when it is first asked for.
///
/// A lookup reads one key of a catalog that may hold tens of thousands, each in ten languages;
/// building them all cost 50× the time of reading the same strings from `.strings` (issue #12).
/// Lint, `diagnostics()` and conversion still read ``StringCatalog``, which parses every entry and
/// reports every problem. Here an entry that is not a valid catalog entry reads as absent, as a
/// whole catalog that fails to parse does for ``AppleStringsLookup/string(forKey:table:languageChain:arguments:device:)``.
final class LazyStringCatalog: Sendable {
    /// The path the catalog was read from (used in diagnostics and matches).
    let path: String
    /// The language the keys are written in (`sourceLanguage`).
    let sourceLanguage: String
    private let data: Data
    private let ranges: [String: Range<Int>]
    /// The whole catalog, when it had to be parsed whole (see ``open(_:)``).
    private let whole: StringCatalog?
    /// Entries parsed so far, or why one is not valid.
    private let parsed = Mutex<[String: Result<CatalogEntry, AppleLocalizationError>]>([:])

    private init(path: String, sourceLanguage: String, data: Data, ranges: [String: Range<Int>], whole: StringCatalog?) {
        self.path = path
        self.sourceLanguage = sourceLanguage
        self.data = data
        self.ranges = ranges
        self.whole = whole
    }

    /// Reads the catalog at `path`. One that is not plainly well formed (the validator is unsure,
    /// or a header member or an entry has the wrong shape) is parsed whole with ``StringCatalog``,
    /// so its error is the one a whole parse reports.
    static func open(_ path: String) throws(AppleLocalizationError) -> LazyStringCatalog {
        let data = try AppleLocalizationError.contents(of: path)
        if let index = data.withUnsafeBytes({ raw in Self.index(raw.bindMemory(to: UInt8.self)) }) {
            var ranges: [String: Range<Int>] = [:]
            ranges.reserveCapacity(index.entries.count)
            for entry in index.entries { ranges[entry.key] = entry.range }
            return LazyStringCatalog(path: path, sourceLanguage: index.sourceLanguage, data: data, ranges: ranges, whole: nil)
        }
        let whole = try StringCatalog(data: data, path: path)
        return LazyStringCatalog(path: path, sourceLanguage: whole.sourceLanguage, data: Data(), ranges: [:], whole: whole)
    }

    /// The entry for `key`, or `nil` when the catalog has no such key or its entry is not valid.
    subscript(key: String) -> CatalogEntry? {
        if let whole { return whole[key] }
        return try? entry(key)?.get()
    }

    /// Why the entry for `key` is not valid, or `nil` when it is or the catalog has no such key.
    func error(forKey key: String) -> AppleLocalizationError? {
        if case .failure(let error)? = entry(key) { return error }
        return nil
    }

    private func entry(_ key: String) -> Result<CatalogEntry, AppleLocalizationError>? {
        guard let range = ranges[key] else { return nil }
        if let hit = parsed.withLock({ $0[key] }) { return hit }
        // Parsed outside the lock, as AppleStringsLookup's caches: at worst twice, never waiting.
        let result = data.withUnsafeBytes { raw in
            Result { () throws(AppleLocalizationError) in try Self.parseEntry(key, range: range, in: raw.bindMemory(to: UInt8.self), path: path) }
        }
        parsed.withLock { $0[key] = result }
        return result
    }
}
