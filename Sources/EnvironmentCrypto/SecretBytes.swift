import CSodium

/// Bytes that must not outlive their use: key material, passphrases, decrypted documents.
///
/// The buffer is zeroed with `sodium_memzero` (which the compiler cannot optimise away) when the
/// last copy goes, and the type never prints its content. Copies share one buffer, which is
/// written only while the value is made.
// @unchecked Sendable: the storage (a `ManagedBuffer`, which cannot be `Sendable`) is written only
// while the value is made, then only read.
public struct SecretBytes: @unchecked Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The count and the bytes in one allocation: a decrypted 1 KiB document costs about a
    /// microsecond, and an object with a separately allocated buffer (which Swift allocates with
    /// posix_memalign) was a few percent of it (issue #37, item 4).
    private let storage: Storage

    /// The number of bytes.
    public let count: Int

    package init<Failure: Error>(count: Int, initializingWith body: (UnsafeMutableRawBufferPointer) throws(Failure) -> Void) throws(Failure) {
        // The header is the count, read only to zero the bytes when the storage goes.
        let storage = unsafeDowncast(Storage.create(minimumCapacity: max(count, 1)) { _ in max(count, 1) }, to: Storage.self)
        let elements = storage.withUnsafeMutablePointerToElements { $0 }
        // A throw releases the storage, whose deinit zeroes what the body wrote.
        try body(UnsafeMutableRawBufferPointer(start: elements, count: count))
        self.storage = storage
        self.count = count
    }

    /// Copies `bytes`; the caller should zero its own copy.
    package init(copying bytes: some Collection<UInt8>) {
        let array = Array(bytes)
        self.init(count: array.count) { destination in
            array.withUnsafeBytes { destination.copyMemory(from: $0) }
        }
    }

    /// Gives `body` read access to the bytes; the pointer must not escape. A typed error thrown
    /// by `body` keeps its type.
    package func withUnsafeBytes<R, Failure: Error>(_ body: (UnsafeRawBufferPointer) throws(Failure) -> R) throws(Failure) -> R {
        let result = try body(UnsafeRawBufferPointer(start: storage.withUnsafeMutablePointerToElements { $0 }, count: count))
        withExtendedLifetime(storage) {}
        return result
    }

    /// Constant-time comparison.
    package func isEqual(to other: SecretBytes) -> Bool {
        guard count == other.count else { return false }
        return withUnsafeBytes { mine in
            other.withUnsafeBytes { theirs in
                count == 0 || sodium_memcmp(mine.baseAddress!, theirs.baseAddress!, count) == 0
            }
        }
    }

    public var description: String { "SecretBytes(\(count) bytes, redacted)" }
    public var debugDescription: String { description }

    /// The bytes, after a header that holds how many to zero when the last copy goes (whether
    /// or not the value was finished: a failed initializer's bytes are zeroed here too).
    private final class Storage: ManagedBuffer<Int, UInt8> {
        deinit {
            withUnsafeMutablePointers { count, elements in sodium_memzero(elements, count.pointee) }
        }
    }
}
