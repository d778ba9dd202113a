import CSodium

/// The scrypt passphrase stanza: `-> scrypt <salt> <log2 N>`, the file key wrapped under
/// scrypt(passphrase, "age-encryption.org/v1/scrypt" || salt, N, r = 8, p = 1).
enum AgeScrypt {
    static let type = "scrypt"
    static let saltLabel = Array("age-encryption.org/v1/scrypt".utf8)
    /// What envtool writes, as age does: 2^18 × 1 KiB = 256 MiB and about a second.
    static let defaultWorkFactor = 18
    /// The most envtool reads or writes: 2^20 × 1 KiB = 1 GiB. age reads up to 22 (4 GiB), but
    /// never writes more than 18 unless a program asks; a file demanding more than 1 GiB is
    /// refused before anything is allocated, so a hostile file cannot exhaust a CI runner.
    static let maximumWorkFactor = 20

    /// A stanza carrying `fileKey` for `passphrase`, with a fresh 16-byte salt.
    static func wrap(_ fileKey: SecretBytes, passphrase: Passphrase, workFactor: Int) throws(AgeError) -> AgeStanza {
        guard (1...maximumWorkFactor).contains(workFactor) else {
            throw AgeError(.unusable, "the scrypt work factor must be between 1 and \(maximumWorkFactor) (log2 of N); age uses \(defaultWorkFactor)")
        }
        var salt = [UInt8](repeating: 0, count: 16)
        randombytes_buf(&salt, 16)
        let key = try derive(passphrase, salt: salt, workFactor: workFactor)
        return AgeStanza(
            arguments: [type, String(decoding: AgeBase64.encode(salt, padded: false), as: UTF8.self), String(workFactor)],
            body: FileKeyWrapping.wrap(fileKey, with: key))
    }

    /// The file key in `stanza`, or nil when the passphrase is wrong.
    ///
    /// - Throws: ``AgeError/Kind/headerFailure`` when the stanza is malformed: not two arguments,
    ///   a salt that is not 16 canonical bytes, a work factor not written as a plain decimal
    ///   between 1 and ``maximumWorkFactor``, or a body that is not a wrapped 16-byte key.
    static func unwrap(_ stanza: AgeStanza, passphrase: Passphrase) throws(AgeError) -> SecretBytes? {
        guard stanza.arguments.count == 3, let salt = AgeBase64.decode(stanza.arguments[1].utf8, padded: false), salt.count == 16 else {
            throw AgeError(.headerFailure, "the scrypt stanza does not have exactly two arguments, a 16-byte salt in canonical base64 and the work factor")
        }
        let workFactor = try parseWorkFactor(stanza.arguments[2])
        guard stanza.body.count == FileKeyWrapping.bodyLength else {
            throw AgeError(.headerFailure, "the scrypt stanza has a body of \(stanza.body.count) bytes; a wrapped file key is \(FileKeyWrapping.bodyLength)")
        }
        let key = try derive(passphrase, salt: salt, workFactor: workFactor)
        return FileKeyWrapping.unwrap(stanza.body, with: key)
    }

    /// A decimal without sign or leading zero, checked against the ceiling before anything is allocated.
    static func parseWorkFactor(_ text: String) throws(AgeError) -> Int {
        let digits = Array(text.utf8)
        guard !digits.isEmpty, digits.count <= 2, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), digits[0] != 0x30 else {
            if !digits.isEmpty, digits.count > 2, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), digits[0] != 0x30 {
                throw AgeError(.headerFailure, "the scrypt work factor \(text) is above envtool's limit of \(maximumWorkFactor)")
            }
            throw AgeError(.headerFailure, "the scrypt work factor \"\(text)\" is not a decimal number without sign or leading zero")
        }
        let value = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        guard value <= maximumWorkFactor else {
            throw AgeError(
                .headerFailure,
                "the scrypt work factor \(value) (2^\(value) × 1 KiB of memory) is above envtool's limit of \(maximumWorkFactor); re-encrypt the file with age's default (18)"
            )
        }
        return value
    }

    private static func derive(_ passphrase: Passphrase, salt: [UInt8], workFactor: Int) throws(AgeError) -> SecretBytes {
        let fullSalt = saltLabel + salt
        var status: Int32 = 0
        let key = SecretBytes(count: 32) { output in
            passphrase.bytes.withUnsafeBytes { secret in
                status = crypto_pwhash_scryptsalsa208sha256_ll(
                    secret.baseAddress!.assumingMemoryBound(to: UInt8.self), secret.count,
                    fullSalt, fullSalt.count, UInt64(1) << UInt64(workFactor), 8, 1,
                    output.baseAddress!.assumingMemoryBound(to: UInt8.self), 32)
            }
        }
        guard status == 0 else {
            throw AgeError(.unavailable, "scrypt with work factor \(workFactor) could not run (it needs \(1 << workFactor) KiB of memory)")
        }
        return key
    }
}
