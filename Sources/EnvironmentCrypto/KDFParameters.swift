import CSodium

/// Argon2id cost parameters for passphrase-encrypted files. They are stored in the file header,
/// so a file can always be decrypted with the parameters it was made with.
public struct KDFParameters: Sendable, Hashable, CustomStringConvertible {
    /// The number of passes (libsodium's `opslimit`).
    public let operations: UInt32
    /// The memory used, in bytes (libsodium's `memlimit`).
    public let memoryBytes: UInt64

    /// libsodium's interactive preset (2 passes, 64 MiB): the default.
    public static let interactive = KDFParameters(
        unchecked: UInt32(crypto_pwhash_argon2id_OPSLIMIT_INTERACTIVE), UInt64(crypto_pwhash_argon2id_MEMLIMIT_INTERACTIVE))
    /// libsodium's moderate preset (3 passes, 256 MiB).
    public static let moderate = KDFParameters(unchecked: UInt32(crypto_pwhash_argon2id_OPSLIMIT_MODERATE), UInt64(crypto_pwhash_argon2id_MEMLIMIT_MODERATE))
    /// libsodium's sensitive preset (4 passes, 1 GiB).
    public static let sensitive = KDFParameters(unchecked: UInt32(crypto_pwhash_argon2id_OPSLIMIT_SENSITIVE), UInt64(crypto_pwhash_argon2id_MEMLIMIT_SENSITIVE))

    /// The most a file may ask for: what `--kdf sensitive` uses (4 passes, 1 GiB), the costliest
    /// preset envtool writes. Beyond it a crafted header could make decryption take minutes and
    /// gigabytes before failing.
    static let maximumOperations = UInt32(crypto_pwhash_argon2id_OPSLIMIT_SENSITIVE)
    static let maximumMemoryBytes = UInt64(crypto_pwhash_argon2id_MEMLIMIT_SENSITIVE)

    /// Custom parameters.
    ///
    /// - Throws: ``CryptoError`` of kind ``CryptoError/Kind/malformedFile`` when they are below
    ///   libsodium's minimum (1 pass, 8 KiB) or above the sensitive preset (4 passes, 1 GiB).
    public init(operations: UInt32, memoryBytes: UInt64) throws(CryptoError) {
        guard operations >= UInt32(crypto_pwhash_argon2id_OPSLIMIT_MIN), operations <= Self.maximumOperations,
            memoryBytes >= UInt64(crypto_pwhash_argon2id_MEMLIMIT_MIN), memoryBytes <= Self.maximumMemoryBytes
        else {
            throw CryptoError(
                .malformedFile,
                "Argon2id parameters out of range: \(operations) passes and \(memoryBytes / 1024) KiB (allowed: 1–\(Self.maximumOperations) passes and 8–\(Self.maximumMemoryBytes / 1024) KiB, the most `--kdf sensitive` uses)"
            )
        }
        self.init(unchecked: operations, memoryBytes)
    }

    /// Refuses parameters whose memory is more than `availableBytes` (unknown: `nil`, no check),
    /// before Argon2id allocates anything.
    ///
    /// - Throws: ``CryptoError`` of kind ``CryptoError/Kind/unavailable``.
    package func ensureAffordable(availableBytes: UInt64?) throws(CryptoError) {
        guard let availableBytes, memoryBytes > availableBytes else { return }
        throw CryptoError(
            .unavailable,
            "Argon2id needs \(memoryBytes >> 20) MiB of memory for this passphrase (\(self)), but only \(availableBytes >> 20) MiB are available; free memory or run on a machine with more"
        )
    }

    private init(unchecked operations: UInt32, _ memoryBytes: UInt64) {
        self.operations = operations
        self.memoryBytes = memoryBytes
    }

    public var description: String { "Argon2id, \(operations) passes, \(memoryBytes / 1024) KiB" }
}
