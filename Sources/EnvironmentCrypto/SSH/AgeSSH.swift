import CSodium

/// The constants of age's SSH stanzas (`ssh-ed25519`, `ssh-rsa`) and the one reader of an SSH
/// public key line (`ssh-ed25519 AAAA… comment`, as `~/.ssh/*.pub` and `authorized_keys` hold
/// them), as age's `agessh` package defines them.
///
/// Unlike X25519 stanzas these name their recipient: the first argument is a short tag of the
/// SSH public key (see ``tag(of:)``), so a file tells which SSH key it was encrypted to.
enum AgeSSH {
    static let ed25519Type = "ssh-ed25519"
    static let rsaType = "ssh-rsa"
    /// The HKDF info of the `ssh-ed25519` tweak and wrapping key.
    static let ed25519Label = "age-encryption.org/v1/ssh-ed25519"
    /// The OAEP label of the `ssh-rsa` stanza.
    static let rsaLabel = "age-encryption.org/v1/ssh-rsa"
    /// age refuses RSA keys under 2048 bits (`rsa.PublicKey.Size() < 256`).
    static let minimumRSABytes = 256

    /// The stanza's first argument: the first 4 bytes of SHA-256 of the key's wire encoding,
    /// in unpadded base64.
    static func tag(of wire: [UInt8]) -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        _ = crypto_hash_sha256(&digest, wire, UInt64(wire.count))
        return String(decoding: AgeBase64.encode(Array(digest.prefix(4)), padded: false), as: UTF8.self)
    }

    /// Whether `text` is an SSH public key line of a type age uses (it may still be malformed).
    static func looksLikeRecipient(_ text: some StringProtocol) -> Bool {
        [ed25519Type, rsaType].contains { type in text == type || text.hasPrefix(type + " ") || text.hasPrefix(type + "\t") }
    }

    /// Parses an SSH public key line: the type, the base64 of its wire encoding, and an optional
    /// comment (dropped), separated by spaces or tabs.
    ///
    /// - Throws: ``AgeError/Kind/invalidRecipient`` when the base64 or the key is malformed, the
    ///   type in the key differs from the line's, the type is not one age uses, or an RSA key
    ///   is under 2048 bits. Only the start of the line is quoted.
    static func parseRecipient(_ line: String) throws(AgeError) -> any FileKeyRecipient {
        let (type, wire, shown) = try publicKeyFields(line)
        switch type {
        case ed25519Type: return try SSHEd25519Recipient(wire: wire, shown: shown)
        case rsaType: return try SSHRSARecipient(wire: wire, shown: shown)
        default:
            throw AgeError(
                .invalidRecipient,
                "\(shown) is an SSH key of type \(type.prefix(40)), which age does not use; give an ssh-ed25519 or ssh-rsa key, or an age1… recipient")
        }
    }

    /// The type, the decoded wire encoding, and how messages quote the line, of an SSH public
    /// key line; the recipient types check the rest.
    ///
    /// - Throws: ``AgeError/Kind/invalidRecipient`` when the line has no two fields or its base64 is malformed.
    static func publicKeyFields(_ line: String) throws(AgeError) -> (type: String, wire: [UInt8], shown: String) {
        let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        let shown = "\"\(line.prefix(24))…\""
        guard fields.count >= 2 else {
            throw AgeError(
                .invalidRecipient, "\(shown) is not an SSH public key line: it should be the key type, its base64 and an optional comment, as in a .pub file")
        }
        guard let wire = AgeBase64.decode(fields[1].utf8, padded: true) else {
            throw AgeError(.invalidRecipient, "\(shown) is not an SSH public key: its second field is not base64")
        }
        return (String(fields[0]), wire, shown)
    }

    /// The line as age's recipients files hold it: the type and the base64, no comment.
    static func line(type: String, wire: [UInt8]) -> String {
        type + " " + String(decoding: AgeBase64.encode(wire, padded: true), as: UTF8.self)
    }
}
