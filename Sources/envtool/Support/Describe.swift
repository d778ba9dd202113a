import EnvironmentCrypto

/// How commands name things in their one-line reports: what they encrypted to (never the secret
/// itself), and counts.
enum Describe {
    static func target(_ target: EnvironmentsBin.EncryptionTarget) -> String {
        switch target {
        case .key(let key): return "key \(key.fingerprint)"
        case .passphrase(_, let parameters): return "passphrase, \(parameters)"
        case .recipient(let recipient): return "recipient \(recipient.fingerprint)"
        case .age(.recipients(let recipients), let armored): return "age, \(count(recipients.count, "recipient"))\(armored ? ", armored" : "")"
        case .age(.passphrase(_, let workFactor), let armored): return "age, passphrase, scrypt work factor \(workFactor)\(armored ? ", armored" : "")"
        }
    }
}

extension Describe {
    /// A count with its noun in agreement: "1 configuration", "5 configurations", "0 tables".
    static func count(_ number: Int, _ singular: String, plural: String? = nil) -> String {
        "\(number) \(number == 1 ? singular : plural ?? singular + "s")"
    }
}
