/// "Encrypt this file again the way it was": the policy of `edit` and `rekey`, on the opened file.
///
/// It needs what only the caller has: the recipients list kept beside an age file (asked for with
/// `listed`, only when the policy needs it), the scrypt work factor and Argon2id cost to use for a
/// new passphrase stanza, and the file's name for messages.
extension EnvironmentsBin.Opened {
    /// The recipient of a v1 recipient-mode file: the public half of the identity that opened it.
    var v1Recipient: Recipient? {
        guard case .recipient(let fingerprint, _) = header.modeFields else { return nil }
        switch secret {
        case .identity(let identity): return identity.recipient
        case .ageIdentities(let identities):
            return identities.lazy.map { Recipient($0.recipient) }.first { Fingerprint.ofRecipient($0.publicKey) == fingerprint }
        case .key, .passphrase: return nil
        }
    }

    /// The same key, the same passphrase (with a new salt, at the v1 file's Argon2id cost, or at
    /// `scryptWorkFactor` for age), or the same recipients (v1: the one the header names; age: the
    /// ones `listed`, checked against the header); armored as the file was. A new file key or
    /// nonce is made every time the target is used.
    ///
    /// - Throws: ``CryptoError`` of kind ``CryptoError/Kind/secretUnavailable`` when an age file's
    ///   recipients list is missing or out of step (``EnvironmentsBin/Header/checkedRecipients(_:)``),
    ///   or no identity given is for a v1 file's recipient; whatever `listed` throws.
    public func sameTarget(scryptWorkFactor: Int, file: String,
                           listed: () throws(CryptoError) -> EnvironmentsBin.ListedRecipients) throws(CryptoError) -> EnvironmentsBin.EncryptionTarget {
        if let summary = header.age {
            if case .passphrase(let passphrase) = secret {
                return .age(.passphrase(passphrase, workFactor: scryptWorkFactor), armored: summary.isArmored)
            }
            return .age(.recipients(try header.checkedRecipients(listed())), armored: summary.isArmored)
        }
        switch secret {
        case .key(let key): return .key(key)
        case .passphrase(let passphrase):
            guard let kdf = header.kdf else {
                throw CryptoError(.secretUnavailable, "a passphrase opened a file that has no Argon2id parameters", file: file)
            }
            return .passphrase(passphrase, kdf)
        case .identity, .ageIdentities:
            guard let recipient = v1Recipient else {
                throw CryptoError(.secretUnavailable, "no identity given is for the file's recipient", file: file)
            }
            return .recipient(recipient)
        }
    }

    /// The file's own secret in `format` (`rekey --to` without a new secret): age to age keeps the
    /// recipients or passphrase; v1 to age turns a passphrase into scrypt and the recipient into an
    /// age recipient; age to v1 turns a passphrase into Argon2id at `kdf` and keeps a single
    /// recipient. A key file has no age form, and v1 holds one recipient.
    ///
    /// - Throws: ``CryptoError`` of kind ``CryptoError/Kind/secretUnavailable`` when the secret has
    ///   no form in `format`, or `armored` asks for an armored v1 file; as ``sameTarget(scryptWorkFactor:file:listed:)``.
    public func sameSecret(in format: EnvironmentsBin.Format, armored: Bool, scryptWorkFactor: Int, kdf: () throws(CryptoError) -> KDFParameters,
                           file: String, listed: () throws(CryptoError) -> EnvironmentsBin.ListedRecipients) throws(CryptoError) -> EnvironmentsBin.EncryptionTarget {
        let isAge = header.age != nil
        if format == .age {
            // The same recipients or passphrase, with a new file key (and armor if asked).
            if isAge, case .age(let target, let wasArmored) = try sameTarget(scryptWorkFactor: scryptWorkFactor, file: file, listed: listed) {
                return .age(target, armored: armored || wasArmored)
            }
            if case .passphrase(let passphrase) = secret {
                return .age(.passphrase(passphrase, workFactor: scryptWorkFactor), armored: armored)
            }
            if let recipient = v1Recipient {
                return .age(.recipients([AgeRecipient(recipient)]), armored: armored)
            }
            throw CryptoError(.secretUnavailable, "a key-file file cannot be converted to age as it is (age has no key-file mode); give the new secret: --new-recipient, -R or --new-passphrase-env", file: file)
        }
        guard !armored else { throw EnvironmentsBin.armorNeedsAge }
        if !isAge { return try sameTarget(scryptWorkFactor: scryptWorkFactor, file: file, listed: listed) }
        if case .passphrase(let passphrase) = secret { return .passphrase(passphrase, try kdf()) }
        let recipients = try sameTarget(scryptWorkFactor: scryptWorkFactor, file: file, listed: listed)
        if case .age(.recipients(let list), _) = recipients, list.count == 1 { return .recipient(Recipient(list[0])) }
        throw CryptoError(.secretUnavailable, "the v1 format holds one recipient and this file has several; give the new secret (--new-recipient, --new-key-file or --new-passphrase-env)", file: file)
    }

    /// The recipients of an age file (those `listed`, checked) without `removing` and with those
    /// `adding` returns, each once; armored if the file was or `armored` asks.
    ///
    /// - Throws: ``CryptoError`` of kind ``CryptoError/Kind/secretUnavailable`` for a v1 or
    ///   passphrase file, `format` v1, a removed recipient the file does not have, or no
    ///   recipient left; the kind of a malformed recipient; whatever `adding` throws.
    public func changingRecipients(removing: [String], adding: () throws(CryptoError) -> [AgeRecipient], format: EnvironmentsBin.Format?,
                                   armored: Bool, file: String,
                                   listed: () throws(CryptoError) -> EnvironmentsBin.ListedRecipients) throws(CryptoError) -> EnvironmentsBin.EncryptionTarget {
        guard let summary = header.age, !summary.isPassphraseProtected else {
            throw CryptoError(.secretUnavailable, "--add-recipient and --remove-recipient change the recipients of an age file, and this file is \(header.age == nil ? "in the v1 format; convert it first with `envtool rekey --to age`" : "protected by a passphrase")", file: file)
        }
        guard format != .v1 else { throw CryptoError(.secretUnavailable, "the v1 format holds one recipient; drop --to v1") }
        var current = try header.checkedRecipients(listed())
        for value in removing {
            let recipient: AgeRecipient
            do throws(AgeError) { recipient = try AgeRecipient(value) } catch { throw CryptoError(error.cryptoKind, "--remove-recipient: \(error.message)") }
            guard let index = current.firstIndex(of: recipient) else {
                throw CryptoError(.secretUnavailable, "--remove-recipient: \(recipient) is not a recipient of this file; its recipients are \(current.map(\.encoded).joined(separator: ", "))", file: file)
            }
            current.remove(at: index)
        }
        var kept: [AgeRecipient] = []
        for recipient in current + (try adding()) where !kept.contains(recipient) { kept.append(recipient) }
        guard !kept.isEmpty else {
            throw CryptoError(.secretUnavailable, "removing every recipient would leave no one able to open the file; add one with --add-recipient", file: file)
        }
        return .age(.recipients(kept), armored: armored || summary.isArmored)
    }
}
