/// The constants of the X25519 stanza.
enum AgeX25519 {
    static let type = "X25519"
    static let info = "age-encryption.org/v1/X25519"
    /// The encoded length of every X25519 stanza: `-> X25519 ` and the 32-byte ephemeral share
    /// in 43 base64 characters, then the 32-byte wrapped file key (16 of key, 16 of tag) in 43.
    static let stanzaLength = "-> X25519 ".utf8.count + 43 + 1 + 43 + 1
}
