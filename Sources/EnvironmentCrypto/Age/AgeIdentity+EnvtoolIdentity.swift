extension AgeIdentity {
    /// The same X25519 key pair as an envtool identity (`envtool-identity-1:…`), so that a team
    /// moving its `environments.bin` to age (`envtool rekey --to age`) keeps its keys: the age
    /// recipient of the result is `AgeRecipient(identity.recipient)`.
    public init(_ identity: Identity) {
        self.init(secretKey: identity.secretKey)
    }
}

extension AgeRecipient {
    /// The same X25519 public key as an envtool recipient (`envtool-recipient-1:…`).
    public init(_ recipient: Recipient) {
        self.init(publicKey: recipient.publicKey)
    }
}

extension Identity {
    /// The same X25519 key pair as an age identity, so that one identity file opens both formats.
    package init(_ identity: AgeIdentity) {
        self.init(secretKey: identity.secretKey)
    }
}

extension Recipient {
    /// The same X25519 public key as an age recipient, for this format's recipient mode.
    package init(_ recipient: AgeRecipient) {
        self.init(publicKey: recipient.publicKey)
    }
}
