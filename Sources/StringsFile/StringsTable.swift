import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where one string of a `.strings` file lies: in the file's bytes, or, for a string written with
/// escapes, in the text unescaped while parsing.
///
/// Offsets are 32-bit, which halves the table of a large file; the parser refuses files of 2 GiB
/// or more, and unescaping never makes a string longer than it is written, so every offset fits.
struct StringsSpan: Sendable {
    /// The offset in the file's bytes; for unescaped text, `~offset` (a negative number) into
    /// ``StringsTable/unescaped``.
    private let storedStart: Int32
    private let storedCount: Int32

    init(start: Int, count: Int) {
        storedStart = Int32(truncatingIfNeeded: start)
        storedCount = Int32(truncatingIfNeeded: count)
    }

    var start: Int { Int(storedStart) }
    var count: Int { Int(storedCount) }

    /// The largest file the parser reads.
    static let maximumSource = Int(Int32.max)
}

/// One key of the table, at its last definition.
struct StringsEntry: Sendable {
    var key: StringsSpan
    var value: StringsSpan
    /// The translator's comment of the last definition; a negative count when it has none.
    private var storedComment: StringsSpan
    /// The byte offset of the key's first definition.
    private let storedOffset: Int32

    init(key: StringsSpan, value: StringsSpan, comment: StringsSpan?, offset: Int) {
        self.key = key
        self.value = value
        self.storedComment = comment ?? Self.noComment
        self.storedOffset = Int32(truncatingIfNeeded: offset)
    }

    var comment: StringsSpan? {
        get { storedComment.count < 0 ? nil : storedComment }
        set { storedComment = newValue ?? Self.noComment }
    }

    var offset: Int { Int(storedOffset) }

    private static let noComment = StringsSpan(start: 0, count: -1)
}

/// A parsed `.strings` table that makes a `String` only when one is asked for.
///
/// A table of a million entries is read for a handful of lookups: making two million strings and
/// a dictionary of them took most of the parse and three times the memory of the file. Parsing
/// still reads and validates every byte (the errors and warnings are the same); it records where
/// each key and value lies, and indexes the keys by their bytes.
///
/// Keys are compared byte for byte, as Apple's `CFDictionary` of `CFString`s compares them: two
/// keys that differ only in Unicode normalization are two keys.
struct StringsTable: Sendable {
    /// The file's bytes as parsed: UTF-8 (UTF-16 files converted), a byte order mark included.
    let source: Data
    /// Strings written with escapes, unescaped, one after another.
    let unescaped: [UInt8]
    /// The keys in the order of their first definition.
    let entries: [StringsEntry]
    /// An open-addressing index of ``entries`` by their keys' bytes: `0` is an empty slot,
    /// anything else an entry's index plus one. Its size is a power of two, at least twice the
    /// number of entries.
    let slots: [Int32]

    /// The entry for `key`, or `nil` when the table has no such key.
    func entry(forKey key: String) -> StringsEntry? {
        var key = key
        return key.withUTF8 { wanted in
            withBuffers { source, unescaped, entries, slots in
                let (_, found) = Self.probe(wanted, slots: slots) { index in
                    Self.bytes(of: entries[index].key, source: source, unescaped: unescaped)
                }
                return found.map { entries[$0] }
            }
        }
    }

    /// The text of `span`.
    func string(_ span: StringsSpan) -> String {
        withBuffers { source, unescaped, _, _ in
            String(decoding: Self.bytes(of: span, source: source, unescaped: unescaped), as: UTF8.self)
        }
    }

    private func withBuffers<T>(
        _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<StringsEntry>, UnsafeBufferPointer<Int32>) -> T
    ) -> T {
        source.withUnsafeBytes { raw in
            unescaped.withUnsafeBufferPointer { unescaped in
                entries.withUnsafeBufferPointer { entries in
                    slots.withUnsafeBufferPointer { slots in
                        body(raw.bindMemory(to: UInt8.self), unescaped, entries, slots)
                    }
                }
            }
        }
    }

    // MARK: - The index, shared with the parser that builds it

    @inline(__always)
    static func bytes(of span: StringsSpan, source: UnsafeBufferPointer<UInt8>, unescaped: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        span.start >= 0
            ? UnsafeBufferPointer(rebasing: source[span.start..<(span.start + span.count)])
            : UnsafeBufferPointer(rebasing: unescaped[~span.start..<(~span.start + span.count)])
    }

    /// The slot `key` is in, with its entry's index, or the empty slot where it would go.
    ///
    /// Swift's `Hasher` is seeded per process, so a file crafted to collide cannot turn parsing
    /// quadratic.
    @inline(__always)
    static func probe(
        _ key: UnsafeBufferPointer<UInt8>, slots: UnsafeBufferPointer<Int32>,
        keyOfEntry: (Int) -> UnsafeBufferPointer<UInt8>
    ) -> (slot: Int, entry: Int?) {
        let mask = slots.count - 1
        var slot = hash(key) & mask
        while true {
            let stored = Int(slots[slot])
            if stored == 0 { return (slot, nil) }
            let candidate = keyOfEntry(stored - 1)
            if candidate.count == key.count,
                key.isEmpty || sameBytes(candidate.baseAddress!, key.baseAddress!, count: key.count)
            {
                return (slot, stored - 1)
            }
            slot = (slot + 1) & mask
        }
    }

    @inline(__always)
    static func hash(_ key: UnsafeBufferPointer<UInt8>) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(key))
        return hasher.finalize()
    }

    /// The number of slots for `count` entries: a power of two at least twice as many, so probes
    /// stay short.
    static func slotCount(for count: Int) -> Int {
        var slots = 16
        while slots / 2 < count, slots < Int.max / 4 { slots *= 2 }
        return slots
    }
}
