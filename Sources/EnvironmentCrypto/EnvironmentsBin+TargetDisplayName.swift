extension EnvironmentsBin.EncryptionTarget {
    /// How reports name what a file was encrypted to, never the secret itself: "key 1a2b…",
    /// "passphrase, Argon2id …", "recipient 1a2b…", "age, 3 recipients, armored",
    /// "age, passphrase, scrypt work factor 18".
    public var displayName: String {
        switch self {
        case .v1(let seal): return seal.displayName
        case .age(let recipients, let armored):
            // A recipient that must be alone (a passphrase) is named; others are counted, not listed.
            let named =
                recipients.count == 1 && !recipients[0].labels.isEmpty
                ? recipients[0].displayName
                : EnvironmentsBin.count(recipients.count, "recipient")
            return "age, \(named)\(armored ? ", armored" : "")"
        case .rncryptor(let seal): return seal.displayName
        case .sops(let seal): return seal.displayName
        }
    }
}

extension EnvironmentsBin.V1Seal {
    /// "key 1a2b…", "passphrase, Argon2id …", "recipient 1a2b…".
    public var displayName: String {
        switch self {
        case .key(let key): return "key \(key.fingerprint)"
        case .passphrase(_, let parameters): return "passphrase, \(parameters)"
        case .recipient(let recipient): return "recipient \(recipient.fingerprint)"
        }
    }
}
