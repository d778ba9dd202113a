extension EnvironmentsBin.Header {
    /// What a header says, none of it secret: what `envtool inspect` prints, as text lines and as
    /// the fields of its JSON document (docs/cli-json.md, one field each).
    public struct Facts: Sendable {
        /// `age`, `v1`, `rncryptor` or `sops`: the file's format.
        public let format: EnvironmentsBin.Format
        /// A frozen token: `key file`, `passphrase` or `recipients` (an RNCryptor password file is
        /// `passphrase`, one of two keys `key file`).
        public let keyMode: String
        /// Whether the file is ASCII-armored (age only).
        public let armored: Bool
        /// How many recipients the file is encrypted to; `nil` for a key file or a passphrase.
        public let recipients: Int?
        /// The age stanza types, in header order; `nil` for a v1 file.
        public let stanzas: [String]?
        /// The v1 key or recipient fingerprint, as hex.
        public let fingerprint: String?
        /// The v1 Argon2id cost; an RNCryptor password file's PBKDF2.
        public let kdf: String?
        /// The v1 header length, nonce included; an RNCryptor header's (salts and IV included).
        public let headerBytes: Int?
        /// The v1 encrypted document's length; an RNCryptor file's ciphertext, padding included.
        public let encryptedBytes: Int?
        /// The facts as `inspect` prints them.
        public let lines: [String]
    }

    /// The header's facts.
    public var facts: Facts {
        let fingerprint = self.fingerprint.map(Fingerprint.hex)
        if let v1Mode { return v1Facts(v1Mode, fingerprint: fingerprint) }
        if let rncryptor { return rncryptorFacts(rncryptor) }
        if let sops { return sopsFacts(sops) }
        let summary = age ?? AgeFile.Summary(isArmored: false, stanzaTypes: [])
        let keyMode = summary.isPassphraseProtected ? "passphrase" : "recipients"
        var lines = [
            "format: age v1 (age-encryption.org/v1)\(summary.isArmored ? ", ASCII-armored" : "")",
            "cipher: ChaCha20-Poly1305 in 64 KiB chunks (STREAM), header authenticated with HMAC-SHA256",
        ]
        if summary.isPassphraseProtected {
            lines.append("key mode: passphrase (scrypt)")
        } else {
            lines.append("key mode: \(EnvironmentsBin.count(summary.x25519RecipientCount, "X25519 recipient"))")
        }
        let others = summary.stanzaTypes.filter { $0 != AgeX25519.type && $0 != AgeScrypt.type }
        if !others.isEmpty { lines.append("other stanzas (skipped): \(others.joined(separator: ", "))") }
        return Facts(
            format: .age, keyMode: keyMode, armored: summary.isArmored,
            recipients: summary.isPassphraseProtected ? nil : summary.x25519RecipientCount,
            stanzas: summary.stanzaTypes, fingerprint: fingerprint, kdf: nil, headerBytes: nil, encryptedBytes: nil, lines: lines)
    }

    /// The facts of a sops file: its version, what is encrypted and to whom, never a value.
    private func sopsFacts(_ file: SopsFile) -> Facts {
        let metadata = file.metadata
        let stanzas = age?.stanzaTypes ?? []
        var lines = [
            "format: sops \(metadata.version) (JSON; keys and structure in clear, each value encrypted)",
            "cipher: AES-256-GCM per value, bound to its path; a MAC (SHA-512) over all values; data key sealed with age",
            "key mode: data key sealed to \(EnvironmentsBin.count(metadata.ageKeys.count, "age recipient"))",
        ]
        if !metadata.otherKeyTypes.isEmpty { lines.append("other key types (not read): \(metadata.otherKeyTypes.joined(separator: ", "))") }
        if !metadata.unencryptedSuffix.isEmpty { lines.append("in clear: values under keys ending in \(metadata.unencryptedSuffix)") }
        if !metadata.encryptedSuffix.isEmpty { lines.append("encrypted: only values under keys ending in \(metadata.encryptedSuffix)") }
        lines.append("last modified: \(metadata.lastModified)")
        return Facts(
            format: .sops, keyMode: "recipients", armored: false, recipients: metadata.ageKeys.count,
            stanzas: stanzas, fingerprint: nil, kdf: nil, headerBytes: nil, encryptedBytes: nil, lines: lines)
    }

    /// The facts of an RNCryptor header: the mode and the lengths, never a salt or the IV.
    private func rncryptorFacts(_ summary: RNCryptorFile.Summary) -> Facts {
        let kdf = summary.usesPassword ? "PBKDF2-HMAC-SHA1, \(RNCryptorFile.pbkdf2Rounds) rounds, an 8-byte salt for each key" : nil
        var lines = [
            "format: RNCryptor data format v3",
            "cipher: AES-256-CBC with PKCS#7 padding, header and ciphertext authenticated with HMAC-SHA256",
        ]
        lines.append(
            summary.usesPassword ? "key mode: password (RNCryptor options 0x01)" : "key mode: two 32-byte keys, encryption and HMAC (RNCryptor options 0x00)")
        if let kdf { lines.append("kdf: \(kdf)") }
        lines.append("header: \(summary.headerLength) bytes")
        lines.append("encrypted document: \(summary.ciphertextLength) bytes (whole AES blocks, padding included), then a 32-byte HMAC")
        return Facts(
            format: .rncryptor, keyMode: summary.usesPassword ? "passphrase" : "key file", armored: false, recipients: nil, stanzas: nil,
            fingerprint: nil, kdf: kdf, headerBytes: summary.headerLength, encryptedBytes: summary.ciphertextLength, lines: lines)
    }

    /// The facts of a v1 header, whose frozen mode names them.
    private func v1Facts(_ mode: EnvironmentsBin.Mode, fingerprint: String?) -> Facts {
        let keyMode = mode == .key ? "key file" : mode == .passphrase ? "passphrase" : "recipients"
        var lines = [
            "format: environments.bin version \(version)",
            "cipher: XChaCha20-Poly1305 (libsodium), header authenticated",
            "key mode: \(mode)",
        ]
        if let fingerprint { lines.append("\(mode == .recipient ? "recipient" : "key") fingerprint: \(fingerprint)") }
        if let kdf { lines.append("kdf: \(kdf)") }
        lines.append("header: \(length) bytes")
        lines.append("encrypted document: \(plaintextLength) bytes")
        return Facts(
            format: .v1, keyMode: keyMode, armored: false, recipients: mode == .recipient ? 1 : nil, stanzas: nil,
            fingerprint: fingerprint, kdf: kdf.map { "\($0)" }, headerBytes: length, encryptedBytes: plaintextLength, lines: lines)
    }
}
