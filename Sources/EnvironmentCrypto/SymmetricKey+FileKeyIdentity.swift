/// A key file opens only the v1 format's key-file mode: age has no symmetric-key stanza. It is an
/// identity so that a caller selects every kind of secret from a header's stanza types alike.
extension SymmetricKey: FileKeyIdentity {
    public var stanzaTypes: Set<String> { [EnvironmentsBin.Mode.key.stanzaType] }

    /// Always `nil`: no age stanza is for a key file.
    public func unwrap(_ stanzas: [AgeStanza]) throws(AgeError) -> FileKey? { nil }

    /// `nil`: a v1 file is resealed by ``EnvironmentsBin/Opened/sameTarget(scryptWorkFactor:file:listed:)``.
    public func resealingRecipient(for stanzas: [AgeStanza]) -> (any FileKeyRecipient)? { nil }

    /// The key file itself.
    public var secret: FileSecret? { .key(self) }
}
