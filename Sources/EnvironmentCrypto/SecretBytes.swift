import CSodium

/// Bytes that must not outlive their use: key material, passphrases, decrypted documents.
///
/// The buffer is zeroed with `sodium_memzero` (which the compiler cannot optimise away) when the
/// last reference goes, and the type never prints its content.
public final class SecretBytes: @unchecked Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    // @unchecked Sendable: the buffer is written only during init and read-only afterwards.
    private let buffer: UnsafeMutableRawBufferPointer

    /// The number of bytes.
    public var count: Int { countStored }

    package init<Failure: Error>(count: Int, initializingWith body: (UnsafeMutableRawBufferPointer) throws(Failure) -> Void) throws(Failure) {
        buffer = .allocate(byteCount: max(count, 1), alignment: 16)
        let usable = UnsafeMutableRawBufferPointer(rebasing: buffer[0..<count])
        do {
            try body(usable)
        } catch {
            sodium_memzero(buffer.baseAddress!, buffer.count)
            buffer.deallocate()
            throw error
        }
        countStored = count
    }

    private let countStored: Int

    /// Copies `bytes` straight into the zeroed-on-release buffer (no intermediate array that
    /// would be freed unzeroed); the caller should zero its own copy.
    package convenience init(copying bytes: some Collection<UInt8>) {
        self.init(count: bytes.count) { destination in
            let copied: Void? = bytes.withContiguousStorageIfAvailable { destination.copyMemory(from: UnsafeRawBufferPointer($0)) }
            guard copied == nil else { return }
            for (offset, byte) in zip(destination.indices, bytes) { destination[offset] = byte }
        }
    }

    deinit {
        sodium_memzero(buffer.baseAddress!, buffer.count)
        buffer.deallocate()
    }

    /// Gives `body` read access to the bytes; the pointer must not escape. A typed error thrown
    /// by `body` keeps its type.
    package func withUnsafeBytes<R, Failure: Error>(_ body: (UnsafeRawBufferPointer) throws(Failure) -> R) throws(Failure) -> R {
        try body(UnsafeRawBufferPointer(rebasing: buffer[0..<countStored]))
    }

    /// Constant-time comparison.
    package func isEqual(to other: SecretBytes) -> Bool {
        guard countStored == other.countStored else { return false }
        return withUnsafeBytes { mine in
            other.withUnsafeBytes { theirs in
                countStored == 0 || sodium_memcmp(mine.baseAddress!, theirs.baseAddress!, countStored) == 0
            }
        }
    }

    public var description: String { "SecretBytes(\(countStored) bytes, redacted)" }
    public var debugDescription: String { description }
}
