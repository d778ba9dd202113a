extension EnvironmentsBin {
    /// The formats of an encrypted environments file.
    public enum Format: String, Sendable, CaseIterable {
        /// age v1 (age-encryption.org/v1): any number of recipients, or one scrypt passphrase.
        case age
        /// envtool's own format (`ENVBIN`, docs/environments-bin.md): a key file, an Argon2id
        /// passphrase or one recipient. Frozen: new key backends are age stanzas.
        case v1
        /// RNCryptor data format v3 (``RNCryptorFile``): a password or two keys. Read so that
        /// files RNCryptor wrote open as they are, written for apps that still decrypt with
        /// RNCryptor; `rekey --to age` moves a file on.
        case rncryptor
        /// A sops file (``SopsFile``, sops 3.x's JSON layout): the document's keys in clear, each
        /// value encrypted with a data key that is sealed to age recipients, so a diff shows which
        /// value changed. What teams that already use sops keep.
        case sops
    }

    /// What `--armor` needs; every path that would write an armored v1 file says the same.
    package static let armorNeedsAge = CryptoError(.secretUnavailable, "--armor writes an age file; it needs recipients or --to age")

    /// A count with its noun in agreement: "1 recipient", "3 recipients".
    static func count(_ number: Int, _ singular: String) -> String {
        "\(number) \(number == 1 ? singular : singular + "s")"
    }
}
