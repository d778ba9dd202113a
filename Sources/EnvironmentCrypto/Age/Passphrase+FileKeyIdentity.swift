/// A passphrase opens an age scrypt stanza, and (outside age) the v1 format's Argon2id mode and
/// an RNCryptor password file.
extension Passphrase: FileKeyIdentity {
    public var stanzaTypes: Set<String> { [AgeScrypt.type, EnvironmentsBin.Mode.passphrase.stanzaType, RNCryptorFile.passwordStanzaType] }

    /// The file key of the scrypt stanza, or `nil` when there is none or the passphrase is wrong.
    ///
    /// - Throws: ``AgeError/Kind/headerFailure`` for a malformed scrypt stanza or a work factor
    ///   above envtool's limit, ``AgeError/Kind/unavailable`` when scrypt cannot allocate.
    public func unwrap(_ stanzas: [AgeStanza]) throws(AgeError) -> FileKey? {
        guard let stanza = stanzas.first(where: { $0.type == AgeScrypt.type }) else { return nil }
        return try AgeScrypt.unwrap(stanza, passphrase: self).map(FileKey.init(bytes:))
    }

    /// The passphrase itself.
    public var secret: FileSecret? { .passphrase(self) }

    /// The same passphrase at the stanza's own work factor.
    public func resealingRecipient(for stanzas: [AgeStanza]) -> (any FileKeyRecipient)? {
        guard let stanza = stanzas.first(where: { $0.type == AgeScrypt.type }), stanza.arguments.count == 3,
            let workFactor = try? AgeScrypt.parseWorkFactor(stanza.arguments[2])
        else { return nil }
        return ScryptRecipient(passphrase: self, workFactor: workFactor)
    }
}
