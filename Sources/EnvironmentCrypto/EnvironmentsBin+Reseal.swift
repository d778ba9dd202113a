/// "Encrypt this file again the way it was": the policy of `edit` and `rekey`, on the opened file.
///
/// It needs what only the caller has: the recipients list kept beside an age file (asked for with
/// `listed`, only when the policy needs it), the scrypt work factor and Argon2id cost to use for a
/// new passphrase stanza, and the file's name for messages.
extension EnvironmentsBin.Opened {
    /// The same key, the same passphrase (with a new salt, at the v1 file's Argon2id cost, or at
    /// `scryptWorkFactor` for age), or the same recipients (v1: the one the header names; age: the
    /// ones `listed`, checked against the header, or for a file of one stanza of another backend
    /// the recipient its identity names, ``FileKeyIdentity/resealingRecipient(for:)``); armored as
    /// the file was. A new file key or nonce is made every time the target is used.
    ///
    /// - Throws: ``CryptoError`` of kind ``CryptoError/Kind/secretUnavailable`` when an age file's
    ///   recipients list is missing or out of step (``EnvironmentsBin/Header/checkedRecipients(_:)``);
    ///   whatever `listed` throws.
    public func sameTarget(
        scryptWorkFactor: Int, file: String,
        listed: () throws(CryptoError) -> EnvironmentsBin.ListedRecipients
    ) throws(CryptoError) -> EnvironmentsBin.EncryptionTarget {
        if let sops = header.sops {
            guard let sopsDataKey else { throw CryptoError(.secretUnavailable, "the sops file was opened without its data key", file: file) }
            return .sops(SopsFile.Seal(file: sops, dataKey: sopsDataKey))
        }
        guard let summary = header.age else {
            if header.rncryptor != nil { return .rncryptor(try rncryptorSeal(file: file)) }
            // Every v1 file is opened with the seal of its mode (EnvironmentsBin+Open.swift).
            guard let v1Seal else { throw CryptoError(.secretUnavailable, "the file was opened without its v1 seal", file: file) }
            return .v1(v1Seal)
        }
        if let passphrase = identity.secret?.passphrase {
            return .age([ScryptRecipient(passphrase: passphrase, workFactor: scryptWorkFactor)], armored: summary.isArmored)
        }
        // An X25519 stanza does not name its recipient, so those come from the list kept beside
        // the file; another backend's identity may name its own.
        if stanzas.count == 1, summary.x25519RecipientCount == 0, let own = identity.resealingRecipient(for: stanzas) {
            return .age([own], armored: summary.isArmored)
        }
        // The list names plugin recipients too; one that lists none for a file with plugin
        // stanzas is refused there, as encrypting again would drop those recipients.
        return .age(try authenticatedRecipients(listed()), armored: summary.isArmored)
    }

    /// The file's own secret in `format` (`rekey --to` without a new secret): age to age keeps the
    /// recipients or passphrase; v1 or RNCryptor to age turns a passphrase into scrypt and a v1
    /// recipient into an age recipient; age or RNCryptor to v1 turns a passphrase into Argon2id at
    /// `kdf` and keeps a single recipient; to RNCryptor a passphrase becomes its password and
    /// RNCryptor keys stay. A key file or RNCryptor keys have no age form, and v1 holds one recipient.
    ///
    /// - Throws: ``CryptoError`` of kind ``CryptoError/Kind/secretUnavailable`` when the secret has
    ///   no form in `format`, or `armored` asks for an armored v1 file; as ``sameTarget(scryptWorkFactor:file:listed:)``.
    public func sameSecret(
        in format: EnvironmentsBin.Format, armored: Bool, scryptWorkFactor: Int, kdf: () throws(CryptoError) -> KDFParameters,
        file: String, listed: () throws(CryptoError) -> EnvironmentsBin.ListedRecipients
    ) throws(CryptoError) -> EnvironmentsBin.EncryptionTarget {
        if let sops = header.sops, format != .sops {
            // Out of sops: its recipients, as it names them (an age file's list, a v1 recipient).
            let recipients = try sops.recipients()
            if format == .age { return .age(recipients, armored: armored) }
            guard !armored else { throw EnvironmentsBin.armorNeedsAge }
            if format == .rncryptor { return .rncryptor(try rncryptorSeal(file: file)) }
            guard recipients.count == 1, let recipient = recipients[0].x25519 else {
                throw CryptoError(
                    .secretUnavailable,
                    "the v1 format holds one X25519 recipient and this sops file has \(EnvironmentsBin.count(recipients.count, "recipient")); give the new secret (--new-recipient, --new-key-file or --new-passphrase-env)",
                    file: file)
            }
            return .v1(.recipient(Recipient(recipient)))
        }
        if format == .sops {
            guard !armored else { throw EnvironmentsBin.armorNeedsAge }
            // A sops file again: a new data key for the same recipients, as `sops rotate` makes.
            if let sops = header.sops, let sopsDataKey {
                return .sops(try SopsFile.Seal(file: sops, dataKey: sopsDataKey).changingRecipients(to: try sops.recipients(), rotatingDataKey: true))
            }
            if case .recipient(let recipient)? = v1Seal { return .sops(try SopsFile.Seal(to: [AgeRecipient(recipient)])) }
            guard header.age != nil, !(identity.secret?.passphrase != nil),
                case .age(let recipients, _) = try sameTarget(scryptWorkFactor: scryptWorkFactor, file: file, listed: listed)
            else {
                throw CryptoError(
                    .secretUnavailable,
                    "a sops file seals its data key to age recipients, and this file is encrypted with \(identity.secret?.passphrase != nil ? "a passphrase" : header.rncryptor != nil ? "RNCryptor keys" : "a key file"); give the recipients: --new-recipient or -R",
                    file: file)
            }
            return .sops(try SopsFile.Seal(to: recipients))
        }
        let isAge = header.age != nil
        if format == .age {
            // The same recipients or passphrase, with a new file key (and armor if asked).
            if isAge, case .age(let recipients, let wasArmored) = try sameTarget(scryptWorkFactor: scryptWorkFactor, file: file, listed: listed) {
                return .age(recipients, armored: armored || wasArmored)
            }
            if let passphrase = identity.secret?.passphrase {
                return .age([ScryptRecipient(passphrase: passphrase, workFactor: scryptWorkFactor)], armored: armored)
            }
            if case .recipient(let recipient)? = v1Seal {
                return .age([AgeRecipient(recipient)], armored: armored)
            }
            let what = header.rncryptor != nil ? "an RNCryptor file encrypted with two keys" : "a key-file file"
            throw CryptoError(
                .secretUnavailable,
                "\(what) cannot be converted to age as it is (age has no key-file mode); give the new secret: --new-recipient, -R or --new-passphrase-env",
                file: file)
        }
        guard !armored else { throw EnvironmentsBin.armorNeedsAge }
        if format == .rncryptor { return .rncryptor(try rncryptorSeal(file: file)) }
        if header.rncryptor != nil {
            if let passphrase = identity.secret?.passphrase { return .v1(.passphrase(passphrase, try kdf())) }
            throw CryptoError(
                .secretUnavailable,
                "an RNCryptor file encrypted with two keys cannot be converted to v1 as it is (v1 keys are envtool key files); give the new secret: --new-key-file, --new-passphrase-env or --new-recipient",
                file: file)
        }
        if !isAge { return try sameTarget(scryptWorkFactor: scryptWorkFactor, file: file, listed: listed) }
        if let passphrase = identity.secret?.passphrase { return .v1(.passphrase(passphrase, try kdf())) }
        let recipients = try sameTarget(scryptWorkFactor: scryptWorkFactor, file: file, listed: listed)
        if case .age(let list, _) = recipients, list.count == 1, let recipient = list[0].x25519 {
            return .v1(.recipient(Recipient(recipient)))
        }
        throw CryptoError(
            .secretUnavailable,
            "the v1 format holds one recipient and this file has several; give the new secret (--new-recipient, --new-key-file or --new-passphrase-env)",
            file: file)
    }

    /// The recipients of an age or sops file (an age file's `listed`, checked; those a sops
    /// file names) without `removing` and with those `adding` returns, each once; armored if the
    /// age file was or `armored` asks. A sops file stays sops unless `format` says age: a removed
    /// recipient rotates its data key, an added one gets the same data key.
    ///
    /// - Throws: ``CryptoError`` of kind ``CryptoError/Kind/secretUnavailable`` for a v1 or
    ///   passphrase file, `format` v1 or RNCryptor, a removed recipient the file does not have,
    ///   or no recipient left; the kind of a malformed recipient; whatever `adding` throws.
    public func changingRecipients(
        removing: [String], adding: () throws(CryptoError) -> [any FileKeyRecipient], format: EnvironmentsBin.Format?,
        armored: Bool, file: String,
        listed: () throws(CryptoError) -> EnvironmentsBin.ListedRecipients
    ) throws(CryptoError) -> EnvironmentsBin.EncryptionTarget {
        guard let summary = header.age, !summary.isPassphraseProtected else {
            let format = header.rncryptor != nil ? "RNCryptor" : "v1"
            throw CryptoError(
                .secretUnavailable,
                "--add-recipient and --remove-recipient change the recipients of an age or sops file, and this file is \(header.age == nil ? "in the \(format) format; convert it first with `envtool rekey --to age`" : "protected by a passphrase")",
                file: file)
        }
        guard format != .v1 else { throw CryptoError(.secretUnavailable, "the v1 format holds one recipient; drop --to v1") }
        guard format != .rncryptor else {
            throw CryptoError(.secretUnavailable, "the RNCryptor format has no recipients (a password or two keys); drop --to rncryptor")
        }
        let sops = header.sops
        let current: [any FileKeyRecipient]
        if let sops { current = try sops.recipients() } else { current = try authenticatedRecipients(listed()) }
        let kept = try changed(current, removing: removing, adding: adding, file: file)
        if let sops, format != .age {
            guard !armored else { throw EnvironmentsBin.armorNeedsAge }
            guard let sopsDataKey else { throw CryptoError(.secretUnavailable, "the sops file was opened without its data key", file: file) }
            // A removed recipient knew the data key: it is rotated. One added learns nothing
            // more than the key, so the others' sealed keys and every value stay as they are.
            return .sops(try SopsFile.Seal(file: sops, dataKey: sopsDataKey).changingRecipients(to: kept, rotatingDataKey: !removing.isEmpty))
        }
        if format == .sops { return .sops(try SopsFile.Seal(to: kept)) }
        return .age(kept, armored: armored || (sops == nil && summary.isArmored))
    }

    /// `current` without `removing` (compared as written: a recipient is its text) and with what
    /// `adding` returns, each once, in order.
    private func changed(
        _ current: [any FileKeyRecipient], removing: [String], adding: () throws(CryptoError) -> [any FileKeyRecipient],
        file: String
    ) throws(CryptoError) -> [any FileKeyRecipient] {
        var current = current
        for value in removing {
            // X25519, an age plugin's or an SSH key.
            let recipient: any FileKeyRecipient
            do throws(AgeError) {
                recipient = try AgeRecipientsFile.parseRecipient(value)
            } catch {
                throw CryptoError(error.cryptoKind, "--remove-recipient: \(error.message)")
            }
            guard let index = current.firstIndex(where: { $0.displayName == recipient.displayName }) else {
                throw CryptoError(
                    .secretUnavailable,
                    "--remove-recipient: \(recipient.displayName) is not a recipient of this file; its recipients are \(current.map(\.displayName).joined(separator: ", "))",
                    file: file)
            }
            current.remove(at: index)
        }
        var kept: [any FileKeyRecipient] = []
        for recipient in current + (try adding()) where !kept.contains(where: { $0.displayName == recipient.displayName }) { kept.append(recipient) }
        guard !kept.isEmpty else {
            throw CryptoError(.secretUnavailable, "removing every recipient would leave no one able to open the file; add one with --add-recipient", file: file)
        }
        return kept
    }

    /// The RNCryptor seal of the secret that opened the file: its passphrase as the password, or
    /// the RNCryptor keys themselves.
    ///
    /// - Throws: ``CryptoError`` of kind ``CryptoError/Kind/secretUnavailable`` for any other
    ///   secret (a key file, identities), which RNCryptor cannot hold.
    private func rncryptorSeal(file: String) throws(CryptoError) -> RNCryptorFile.Seal {
        switch identity.secret {
        case .passphrase(let password)?: return .password(password)
        case .rncryptorKeys(let keys)?: return .keys(keys)
        case .key?, .x25519?, nil: break
        }
        throw CryptoError(
            .secretUnavailable,
            "the RNCryptor format holds a password or two keys, not this file's secret; give the new secret: --new-passphrase-env, or --new-key-file with an RNCryptor key file",
            file: file)
    }
}
