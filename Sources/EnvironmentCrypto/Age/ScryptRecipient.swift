/// A passphrase as an age recipient: the file key wrapped under scrypt (age's `-p`).
///
/// It must be the only recipient of a file (a passphrase next to a public key would let either
/// party swap the payload for the other), which its unique ``labels`` enforce.
public struct ScryptRecipient: FileKeyRecipient {
    /// The passphrase.
    public let passphrase: Passphrase
    /// scrypt's log2 N, 1 through 20 (age uses 18).
    public let workFactor: Int
    /// Random per instance, as age's scrypt recipient: no other recipient shares it.
    private let label = String(UInt64.random(in: .min ... .max), radix: 16)

    /// A passphrase recipient stretched at `workFactor`; the range is checked when it wraps.
    public init(passphrase: Passphrase, workFactor: Int = 18) {
        self.passphrase = passphrase
        self.workFactor = workFactor
    }

    /// One scrypt stanza with a fresh salt.
    ///
    /// - Throws: ``AgeError/Kind/unusable`` for a work factor out of range,
    ///   ``AgeError/Kind/unavailable`` when scrypt cannot allocate its memory.
    public func wrap(_ fileKey: FileKey) throws(AgeError) -> [AgeStanza] {
        [try AgeScrypt.wrap(fileKey.bytes, passphrase: passphrase, workFactor: workFactor)]
    }

    public var labels: Set<String> { [label] }

    public var displayName: String { "passphrase, scrypt work factor \(workFactor)" }
}
