/// The constants of the X25519 stanza.
enum AgeX25519 {
    static let type = "X25519"
    static let info = "age-encryption.org/v1/X25519"
}
