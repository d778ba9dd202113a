/// An `ssh-rsa` private key as an age identity (age's `agessh.RSAIdentity`), read from an
/// OpenSSH private key file (`OpenSSHPrivateKey`). It opens the `ssh-rsa` stanzas whose tag
/// is its key's, with RSA-OAEP through OpenSSL's libcrypto (`RSAOAEP`).
///
/// The private exponent lives in zeroing memory and never appears in descriptions or errors.
public struct SSHRSAIdentity: FileKeyIdentity, CustomStringConvertible {
    private let privateExponent: SecretBytes
    /// The public half, which may be shared.
    public let recipient: SSHRSARecipient

    init(recipient: SSHRSARecipient, privateExponent: SecretBytes) {
        self.recipient = recipient
        self.privateExponent = privateExponent
    }

    public var description: String { "SSHRSAIdentity(recipient: \(recipient.encoded.prefix(40))…)" }

    public var stanzaTypes: Set<String> { [AgeSSH.rsaType] }

    /// Its own recipient: the stanza names it by its tag.
    public func resealingRecipient(for stanzas: [AgeStanza]) -> (any FileKeyRecipient)? { recipient }

    /// The file key from the first `ssh-rsa` stanza with this key's tag, or nil when none has it.
    ///
    /// - Throws: ``AgeError/Kind/headerFailure`` for a malformed `ssh-rsa` stanza or one with
    ///   this key's tag that it does not open (age fails there too); ``AgeError/Kind/unavailable``
    ///   when libcrypto cannot be loaded.
    public func unwrap(_ stanzas: [AgeStanza]) throws(AgeError) -> FileKey? {
        let tag = AgeSSH.tag(of: recipient.wire)
        for (index, stanza) in stanzas.enumerated() where stanza.type == AgeSSH.rsaType {
            guard stanza.arguments.count == 2 else {
                throw AgeError(.headerFailure, "ssh-rsa stanza \(index + 1) does not have exactly one argument, the key's tag")
            }
            guard stanza.arguments[1] == tag else { continue }
            guard
                let fileKey = try RSAOAEP.decrypt(
                    modulus: recipient.modulus, exponent: recipient.exponent, privateExponent: privateExponent,
                    stanza.body, label: AgeSSH.rsaLabel),
                fileKey.count == FileKeyWrapping.fileKeyLength
            else {
                throw AgeError(.headerFailure, "ssh-rsa stanza \(index + 1) carries this key's tag but does not open with it: the stanza was modified")
            }
            return FileKey(bytes: fileKey)
        }
        return nil
    }
}
