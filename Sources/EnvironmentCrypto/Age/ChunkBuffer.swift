import CSodium
import Platform

/// One reusable chunk of plaintext: unlike ``SecretBytes`` (written once), it is rewritten for
/// every chunk of a stream, and zeroed after each use and on release.
///
/// The memory comes from `calloc`, already zero, and only what was written is zeroed again on
/// release: zeroing both 64 KiB buffers in full at creation and release had been ~290,000
/// instructions, a twentieth of `envtool get` from a small age file.
final class ChunkBuffer {
    let bytes: UnsafeMutableRawBufferPointer
    /// How much of ``bytes`` has been written: what the release must zero.
    private var used = 0

    init(count: Int) {
        guard let memory = calloc(max(count, 1), 1) else { fatalError("out of memory for a \(count)-byte chunk") }
        bytes = UnsafeMutableRawBufferPointer(start: memory, count: count)
    }

    deinit {
        sodium_memzero(bytes.baseAddress!, used)
        free(bytes.baseAddress)
    }

    /// Records that the first `count` bytes were written (by a read or by libsodium).
    func wrote(_ count: Int) {
        used = max(used, min(max(count, 0), bytes.count))
    }

    /// Zeroes the first `count` bytes.
    func zero(_ count: Int) {
        sodium_memzero(bytes.baseAddress!, min(count, bytes.count))
    }
}
