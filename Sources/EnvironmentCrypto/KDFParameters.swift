import CSodium

/// Argon2id cost parameters for passphrase-encrypted files. They are stored in the file header,
/// so a file can always be decrypted with the parameters it was made with.
public struct KDFParameters: Sendable, Hashable, CustomStringConvertible {
    /// The number of passes (libsodium's `opslimit`).
    public let operations: UInt32
    /// The memory used, in bytes (libsodium's `memlimit`).
    public let memoryBytes: UInt64

    /// libsodium's interactive preset (2 passes, 64 MiB): the default.
    public static let interactive = KDFParameters(unchecked: UInt32(crypto_pwhash_argon2id_OPSLIMIT_INTERACTIVE), UInt64(crypto_pwhash_argon2id_MEMLIMIT_INTERACTIVE))
    /// libsodium's moderate preset (3 passes, 256 MiB).
    public static let moderate = KDFParameters(unchecked: UInt32(crypto_pwhash_argon2id_OPSLIMIT_MODERATE), UInt64(crypto_pwhash_argon2id_MEMLIMIT_MODERATE))
    /// libsodium's sensitive preset (4 passes, 1 GiB).
    public static let sensitive = KDFParameters(unchecked: UInt32(crypto_pwhash_argon2id_OPSLIMIT_SENSITIVE), UInt64(crypto_pwhash_argon2id_MEMLIMIT_SENSITIVE))

    /// The most a file may ask for: beyond this a crafted header could make decryption use
    /// unbounded time or memory.
    static let maximumOperations: UInt32 = 16
    static let maximumMemoryBytes: UInt64 = 4 << 30

    /// Custom parameters.
    ///
    /// - Throws: ``CryptoError`` of kind ``CryptoError/Kind/malformedFile`` when they are below
    ///   libsodium's minimum (1 pass, 8 KiB) or above 16 passes or 4 GiB.
    public init(operations: UInt32, memoryBytes: UInt64) throws(CryptoError) {
        guard operations >= UInt32(crypto_pwhash_argon2id_OPSLIMIT_MIN), operations <= Self.maximumOperations,
              memoryBytes >= UInt64(crypto_pwhash_argon2id_MEMLIMIT_MIN), memoryBytes <= Self.maximumMemoryBytes else {
            throw CryptoError(.malformedFile, "Argon2id parameters out of range: \(operations) passes and \(memoryBytes) bytes (allowed: 1–\(Self.maximumOperations) passes, 8 KiB–4 GiB)")
        }
        self.init(unchecked: operations, memoryBytes)
    }

    private init(unchecked operations: UInt32, _ memoryBytes: UInt64) {
        self.operations = operations
        self.memoryBytes = memoryBytes
    }

    public var description: String { "Argon2id, \(operations) passes, \(memoryBytes / 1024) KiB" }
}
