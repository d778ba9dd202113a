/// Something that opens files: age's `Identity` interface.
///
/// An identity unwraps the file key from the stanzas meant for it and says nothing about the
/// others, so identities of several kinds can be tried in turn. X25519 (``AgeIdentity``), a
/// passphrase (``Passphrase``, for scrypt and the v1 format's Argon2id) and a key file
/// (``SymmetricKey``, v1 only) conform.
public protocol FileKeyIdentity: Sendable {
    /// The stanza types this identity can open: age types (`X25519`, `scrypt`, a plugin's) and
    /// the v1 format's pseudo types (``EnvironmentsBin/Mode/stanzaType``), so that a caller picks
    /// the secrets a file needs from its header alone.
    var stanzaTypes: Set<String> { get }

    /// The file key from the first stanza this identity opens, or `nil` when none is for it
    /// (age's `ErrIncorrectIdentity`: the next identity is tried).
    ///
    /// - Throws: ``AgeError`` of kind ``AgeError/Kind/headerFailure`` for a malformed stanza of
    ///   its type: the file is broken, not merely for someone else, and no other identity is tried.
    func unwrap(_ stanzas: [AgeStanza]) throws(AgeError) -> FileKey?

    /// The recipient that encrypts a file again the way it was, after this identity opened one
    /// with `stanzas`; `nil` when the identity cannot tell (its recipients are listed elsewhere).
    func resealingRecipient(for stanzas: [AgeStanza]) -> (any FileKeyRecipient)?

    /// Whether it may open stanzas of types it cannot name in advance (an age plugin's), so
    /// that a file whose stanzas no identity names is still offered to it.
    var opensOtherStanzas: Bool { get }
}

extension FileKeyIdentity {
    /// It opens only its ``stanzaTypes``.
    public var opensOtherStanzas: Bool { false }
}
