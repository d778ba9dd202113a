import CSodium

/// One reusable chunk of plaintext: unlike ``SecretBytes`` (written once), it is rewritten for
/// every chunk of a stream, and zeroed after each use and on release.
final class ChunkBuffer {
    let bytes: UnsafeMutableRawBufferPointer

    init(count: Int) {
        bytes = .allocate(byteCount: count, alignment: 16)
        sodium_memzero(bytes.baseAddress!, count)
    }

    deinit {
        sodium_memzero(bytes.baseAddress!, bytes.count)
        bytes.deallocate()
    }

    /// Zeroes the first `count` bytes.
    func zero(_ count: Int) {
        sodium_memzero(bytes.baseAddress!, min(count, bytes.count))
    }
}
