import CSodium

/// Initialises libsodium exactly once, from whichever thread gets here first.
package enum Sodium {
    /// `sodium_init` is itself thread-safe and idempotent; a `static let` also runs it only once.
    private static let status: Int32 = sodium_init()

    /// Call before any other libsodium function.
    package static func ensureInitialized() throws(CryptoError) {
        guard status >= 0 else {
            throw CryptoError(.unavailable, "libsodium could not be initialised (sodium_init returned \(status))")
        }
    }

    /// Fills `count` bytes with libsodium's CSPRNG.
    static func randomBytes(_ count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        bytes.withUnsafeMutableBytes { randombytes_buf($0.baseAddress!, count) }
        return bytes
    }
}
