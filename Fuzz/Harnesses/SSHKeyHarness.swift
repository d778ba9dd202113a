import EnvironmentCrypto

/// age's SSH keys: the first byte picks. Even: identity-file text (OpenSSH private keys, and
/// every other kind `--identity` reads) through ``AgeIdentityFile``; an ssh-ed25519 identity
/// that parses (its public key checked against its seed) must open what its own recipient wraps,
/// and an ssh-rsa one (whose private exponent age does not check against its modulus either)
/// must at least wrap and unwrap without a trap. Odd: recipients-file text (SSH public key lines
/// among the rest) through ``AgeRecipientsFile``; an SSH recipient that parses must parse again,
/// from the text it is listed as, to the same key.
///
/// A passphrase-protected OpenSSH key (the seeds hold two, of passphrase "fuzz") is read a second
/// time with that passphrase and a limit of 2 bcrypt rounds, so that decryption and the decrypted
/// fields are reached while no input costs more than two rounds (a few milliseconds); larger
/// counts are refused before any work, as they are over `OpenSSHPrivateKey.maximumRounds`.
enum SSHKeyHarness {
    static let passphrase = Array("fuzz".utf8)
    static let maximumRounds = 2

    static func run(_ input: UnsafeRawBufferPointer) {
        guard let first = input.first else { return }
        let rest = UnsafeRawBufferPointer(rebasing: input[1...])
        if first & 1 == 0 {
            let text = SecretBytes(count: rest.count) { $0.copyMemory(from: rest) }
            (try? AgeIdentityFile.parse(text))?.forEach(check)
            if OpenSSHPrivateKey.isPrivateKey(rest),
                let identity = try? OpenSSHPrivateKey.identity(
                    rest, passphrase: { (_: String) throws(AgeError) in SecretBytes(copying: passphrase) },
                    maximumRounds: maximumRounds)
            {
                check(identity)
            }
        } else {
            guard let recipients = try? AgeRecipientsFile.parseAny(String(decoding: rest, as: UTF8.self)) else { return }
            for recipient in recipients where recipient is SSHEd25519Recipient || recipient is SSHRSARecipient {
                guard let again = try? AgeRecipientsFile.parseRecipient(recipient.displayName), again.displayName == recipient.displayName else {
                    fatalError("an SSH recipient does not read back from the text it is listed as")
                }
            }
        }
    }

    /// An SSH identity must open what its own recipient wraps (ssh-ed25519), or at least not trap (ssh-rsa).
    private static func check(_ identity: any FileKeyIdentity) {
        guard identity is SSHEd25519Identity || identity is SSHRSAIdentity else { return }
        guard let recipient = identity.resealingRecipient(for: []) else { fatalError("an SSH identity without its recipient") }
        let fileKey = FileKey.generate()
        let opened = (try? recipient.wrap(fileKey)).flatMap { try? identity.unwrap($0) }
        if identity is SSHEd25519Identity, opened.map({ $0.bytes.isEqual(to: fileKey.bytes) }) != true {
            fatalError("an ssh-ed25519 identity does not open what its own recipient wrapped")
        }
    }
}
