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

    /// The identity as a secret of its own, for what reads a secret rather than stanzas: envtool's
    /// v1 format and RNCryptor open with it, and a file is sealed again the way it was with it.
    /// `nil` (the default) for an identity that only unwraps stanzas (a plugin's, an SSH key).
    var secret: FileSecret? { get }
}

extension FileKeyIdentity {
    /// It opens only its ``stanzaTypes``.
    public var opensOtherStanzas: Bool { false }

    /// It only unwraps stanzas.
    public var secret: FileSecret? { nil }
}

/// What an identity is as a secret of its own (``FileKeyIdentity/secret``): the kinds of secret
/// the formats other than age's stanzas hold. A switch over it names every kind, where casts
/// from the protocol to each type would miss a new one silently.
public enum FileSecret: Sendable {
    /// An envtool key file: v1's key mode.
    case key(SymmetricKey)
    /// A passphrase: v1's Argon2id, age's scrypt, RNCryptor's password.
    case passphrase(Passphrase)
    /// An RNCryptor key file: its encryption and HMAC keys.
    case rncryptorKeys(RNCryptorKeys)
    /// An X25519 key pair: age's native identity, and v1's recipient mode.
    case x25519(AgeIdentity)

    /// The passphrase, if this is one.
    public var passphrase: Passphrase? {
        if case .passphrase(let passphrase) = self { return passphrase }
        return nil
    }
}
