import EnvironmentCrypto

/// How commands name what they encrypted to, in their one-line reports (never the secret itself).
enum Describe {
    static func target(_ target: EnvironmentsBin.EncryptionTarget) -> String {
        switch target {
        case .key(let key): return "key \(key.fingerprint)"
        case .passphrase(_, let parameters): return "passphrase, \(parameters)"
        case .recipient(let recipient): return "recipient \(recipient.fingerprint)"
        }
    }
}
