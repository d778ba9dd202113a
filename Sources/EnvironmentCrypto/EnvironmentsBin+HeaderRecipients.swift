extension EnvironmentsBin.Header {
    /// The format of the file.
    public var format: EnvironmentsBin.Format { sops != nil ? .sops : rncryptor != nil ? .rncryptor : age == nil ? .v1 : .age }

    /// The stanza types of the header, in order; a v1 header has one pseudo type for its mode
    /// (``EnvironmentsBin/Mode/stanzaType``). A ``FileKeyIdentity`` whose
    /// ``FileKeyIdentity/stanzaTypes`` meets them may open the file.
    public var stanzaTypes: [String] {
        if let v1Mode { return [v1Mode.stanzaType] }
        if let rncryptor { return [rncryptor.stanzaType] }
        return age?.stanzaTypes ?? []
    }

    /// What the file is encrypted with, for messages: "key file", "an age file, 2 × X25519",
    /// "password (RNCryptor v3)".
    package var stanzaSummary: String {
        if let v1Mode { return "\(v1Mode)" }
        if sops != nil { return "a sops file, its data key sealed to \(AgeFile.describe(stanzaTypes))" }
        if let rncryptor { return rncryptor.usesPassword ? "password (RNCryptor v3)" : "key pair (RNCryptor v3: an encryption key and an HMAC key)" }
        return "an age file, \(AgeFile.describe(stanzaTypes))"
    }

    /// The recipients `listed` beside an age file, checked against its header: the list must name
    /// as many X25519 recipients as the header has X25519 stanzas, as many SSH keys as it has
    /// `ssh-ed25519` and `ssh-rsa` stanzas, and age plugin recipients
    /// (`age1NAME1…`) exactly when the header has stanzas of other types (a plugin's stanzas do
    /// not say which recipient, or how many, they are for).
    ///
    /// - Throws: ``CryptoError`` of kind ``CryptoError/Kind/secretUnavailable`` when the list is
    ///   missing or out of step with the file, saying how to restore it.
    public func checkedRecipients(_ listed: EnvironmentsBin.ListedRecipients) throws(CryptoError) -> [any FileKeyRecipient] {
        let count = age?.x25519RecipientCount ?? 0
        let sshTypes = [AgeSSH.ed25519Type, AgeSSH.rsaType]
        let sshStanzas = (age?.stanzaTypes ?? []).count { sshTypes.contains($0) }
        let others = (age?.stanzaTypes ?? []).filter { $0 != AgeX25519.type && $0 != AgeScrypt.type && !sshTypes.contains($0) }
        guard let recipients = listed.recipients else {
            let what =
                others.isEmpty && sshStanzas == 0
                ? EnvironmentsBin.count(count, "age recipient")
                : EnvironmentsBin.count(count, "X25519 recipient") + " and \(AgeFile.describe((age?.stanzaTypes ?? []).filter { $0 != AgeX25519.type }))"
            throw CryptoError(
                .secretUnavailable,
                "\(listed.file) is encrypted to \(what), but there is no recipients list \(listed.path); restore it (from version control), or re-encrypt with `envtool rekey \(listed.file) --to age -R FILE` listing the team",
                file: listed.file)
        }
        let x25519 = recipients.count { $0.x25519 != nil }
        let ssh = recipients.count { $0 is SSHEd25519Recipient || $0 is SSHRSARecipient }
        let plugins = recipients.count - x25519 - ssh
        guard x25519 == count else {
            throw CryptoError(
                .secretUnavailable,
                "\(listed.path) lists \(EnvironmentsBin.count(x25519, plugins == 0 && ssh == 0 ? "recipient" : "X25519 recipient")), but the file is encrypted to \(count); the list is out of step (changed by hand, or the file replaced): restore the matching list, or re-encrypt with `envtool rekey \(listed.file) --to age -R FILE`",
                file: listed.file)
        }
        guard ssh == sshStanzas else {
            throw CryptoError(
                .secretUnavailable,
                "\(listed.path) lists \(EnvironmentsBin.count(ssh, "SSH recipient")), but the file has \(EnvironmentsBin.count(sshStanzas, "ssh-ed25519 or ssh-rsa stanza")); the list is out of step (changed by hand, or the file replaced): restore the matching list, or re-encrypt with `envtool rekey \(listed.file) --to age -R FILE`",
                file: listed.file)
        }
        if !others.isEmpty, plugins == 0 {
            // Encrypting again to the listed ones would silently drop the others.
            throw CryptoError(
                .secretUnavailable,
                "\(listed.file) is also encrypted to recipients \(listed.path) does not list (\(AgeFile.describe(others))); add their age1NAME1… recipients to the list, or re-encrypt with `envtool rekey \(listed.file) --to age -R FILE` listing every recipient, age plugin recipients included",
                file: listed.file)
        }
        guard others.isEmpty ? plugins == 0 : plugins <= others.count else {
            throw CryptoError(
                .secretUnavailable,
                "\(listed.path) lists \(EnvironmentsBin.count(plugins, "age plugin recipient")), but the file has \(others.isEmpty ? "no plugin stanza" : AgeFile.describe(others)); the list is out of step: restore the matching list, or re-encrypt with `envtool rekey \(listed.file) --to age -R FILE`",
                file: listed.file)
        }
        return recipients
    }

    /// Whom the file is encrypted to: an age file's recipients, from the list kept beside it
    /// (asked for with `listed`, and checked); none for a v1 recipient file, whose one recipient
    /// is known by its fingerprint only (``Facts/fingerprint``).
    ///
    /// - Throws: ``CryptoError`` of kind ``CryptoError/Kind/secretUnavailable`` for a file that
    ///   has no recipients (a key file or a passphrase), or as ``checkedRecipients(_:)``.
    public func recipients(listed: () throws(CryptoError) -> EnvironmentsBin.ListedRecipients) throws(CryptoError) -> [any FileKeyRecipient] {
        // A sops file names its recipients itself, next to the data key sealed to each.
        if let sops { return try sops.recipients() }
        if let summary = age {
            guard !summary.isPassphraseProtected else {
                throw CryptoError(.secretUnavailable, "the file is protected by a passphrase; it has no recipients")
            }
            return try checkedRecipients(listed())
        }
        guard v1Mode == .recipient else {
            throw CryptoError(.secretUnavailable, "the file is encrypted with a \(stanzaSummary); it has no recipients")
        }
        return []
    }
}
