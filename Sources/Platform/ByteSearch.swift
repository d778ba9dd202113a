public import LibC

// memchr and memcmp for the parsers (the .strings parser, the locator, the i18next scanner, JSON
// keys): the C library's look at many bytes a step, where a Swift loop takes a dozen instructions
// a byte. Inlinable, so that a call costs what the C call costs; hence the public import (it
// declares that inlined code names libc, and re-exports nothing).

/// The first `byte` in the `count` bytes at `start`, or `nil`.
@inlinable @inline(__always)
package func firstByte(_ byte: UInt8, at start: UnsafeRawPointer, count: Int) -> UnsafeRawPointer? {
    memchr(start, Int32(byte), count).map(UnsafeRawPointer.init)
}

/// Whether the `count` bytes at `a` and at `b` are the same.
@inlinable @inline(__always)
package func sameBytes(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
    memcmp(a, b, count) == 0
}

extension String {
    /// Whether the text's UTF-8 holds `byte`: `memchr` over a native string's bytes, where
    /// `utf8.contains` took a dozen instructions a byte (a tenth of writing a large `.po`).
    @inlinable
    package func containsByte(_ byte: UInt8) -> Bool {
        utf8.withContiguousStorageIfAvailable { buffer in
            guard let base = buffer.baseAddress, !buffer.isEmpty else { return false }
            return firstByte(byte, at: base, count: buffer.count) != nil
        } ?? utf8.contains(byte)
    }
}
