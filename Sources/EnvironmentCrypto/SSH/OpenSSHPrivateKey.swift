import CSodium

/// OpenSSH's private key files (`-----BEGIN OPENSSH PRIVATE KEY-----`, the `openssh-key-v1`
/// format `ssh-keygen` writes), read into age identities: ``SSHEd25519Identity`` and
/// ``SSHRSAIdentity``, as age reads `~/.ssh/id_ed25519` and `~/.ssh/id_rsa`.
///
/// The layout (OpenSSH's PROTOCOL.key): the magic `openssh-key-v1\0`, the cipher and KDF names
/// and options, the number of keys (1), the public key, then the private section: two equal
/// check numbers, the key type and its private fields, a comment, and padding 1, 2, 3….
///
/// A key protected by a passphrase (`ssh-keygen -N`, or `-p` later) has that private section
/// encrypted (`OpenSSHPrivateKey+Passphrase.swift`): with `aes256-ctr` (ssh-keygen's default),
/// `aes128-ctr`, `aes192-ctr`, `aes256-gcm@openssh.com`, `chacha20-poly1305@openssh.com` or
/// `aes256-cbc`, under a key `bcrypt_pbkdf` derives from the passphrase. The passphrase is asked
/// as for an identity file `age -p` protected (on the terminal, naming the file, else
/// `$ENVTOOL_PASSPHRASE`), only once the header has been checked, and the decrypted section is
/// held in ``SecretBytes``.
package enum OpenSSHPrivateKey {
    static let beginMarker = "-----BEGIN OPENSSH PRIVATE KEY-----"
    static let endMarker = "-----END OPENSSH PRIVATE KEY-----"
    private static let magic = Array("openssh-key-v1".utf8) + [0]

    /// Whether `text` (after white space) starts like an OpenSSH private key file.
    package static func isPrivateKey(_ text: UnsafeRawBufferPointer) -> Bool {
        text.drop(while: AgeArmor.isWhitespace).starts(with: beginMarker.utf8)
    }

    /// The identity in the OpenSSH private key file `text`; the passphrase of a protected one is
    /// asked of `passphrase` with `prompt`.
    ///
    /// - Parameter maximumRounds: the most bcrypt rounds read (the fuzzer passes a few).
    /// - Throws: ``AgeError/Kind/invalidIdentity`` when the file is malformed or truncated, holds
    ///   other than one key, or a key of a type age does not use, is encrypted with a cipher or
    ///   KDF envtool does not read or with more than `maximumRounds` rounds; or when an RSA key is
    ///   under 2048 bits. ``AgeError/Kind/noMatch`` when the passphrase does not open it;
    ///   ``AgeError/Kind/unusable`` when there is none (as `passphrase` throws) or it is empty.
    ///   Never quotes the text or the passphrase.
    package static func identity(
        _ text: UnsafeRawBufferPointer, passphrase: AgeIdentityFile.PassphraseSource = AgeIdentityFile.noPassphrase,
        prompt: String = "Passphrase for the OpenSSH private key: ",
        maximumRounds: Int = OpenSSHPrivateKey.maximumRounds
    ) throws(AgeError) -> any FileKeyIdentity {
        let decoded = try decode(text)
        return try decoded.withUnsafeBytes { (raw) throws(AgeError) in
            try parse(raw, passphrase: passphrase, prompt: prompt, maximumRounds: maximumRounds)
        }
    }

    /// The bytes between the markers, base64-decoded into zeroing memory.
    private static func decode(_ text: UnsafeRawBufferPointer) throws(AgeError) -> SecretBytes {
        let begin = Array(beginMarker.utf8)
        let end = Array(endMarker.utf8)
        var start = 0
        while start < text.count, AgeArmor.isWhitespace(text[start]) { start += 1 }
        start += begin.count
        var stop = start
        while stop + end.count <= text.count, !text[stop..<stop + end.count].elementsEqual(end) { stop += 1 }
        guard stop + end.count <= text.count else {
            throw AgeError(.invalidIdentity, "this OpenSSH private key has no \(endMarker) line; the file is truncated")
        }
        let trailing = text[(stop + end.count)...]
        guard trailing.allSatisfy(AgeArmor.isWhitespace) else {
            throw AgeError(.invalidIdentity, "this OpenSSH private key file has text after its \(endMarker) line; it should hold one key")
        }
        let body = UnsafeRawBufferPointer(rebasing: text[start..<stop])
        var length = 0
        var status: Int32 = -1
        let decoded = SecretBytes(count: body.count / 4 * 3 + 3) { output in
            body.withMemoryRebound(to: CChar.self) { input in
                if let base = input.baseAddress {
                    status = sodium_base642bin(
                        output.baseAddress!.assumingMemoryBound(to: UInt8.self), output.count, base, input.count,
                        " \t\r\n", &length, nil, Int32(sodium_base64_VARIANT_ORIGINAL))
                }
            }
        }
        guard status == 0 else {
            throw AgeError(.invalidIdentity, "this OpenSSH private key is not valid base64 between its BEGIN and END lines; the file is damaged")
        }
        return decoded.withUnsafeBytes { whole in SecretBytes(count: length) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: whole[..<length])) } }
    }

    static func malformed(_ what: String) -> AgeError {
        AgeError(.invalidIdentity, "this OpenSSH private key is malformed (\(what)); the file is damaged or truncated")
    }

    private static func parse(
        _ bytes: UnsafeRawBufferPointer, passphrase: AgeIdentityFile.PassphraseSource, prompt: String,
        maximumRounds: Int
    ) throws(AgeError) -> any FileKeyIdentity {
        guard bytes.starts(with: magic) else { throw malformed("it does not start with openssh-key-v1") }
        var reader = SSHWireReader(UnsafeRawBufferPointer(rebasing: bytes[magic.count...]))
        guard let cipherName = reader.string(), let kdf = reader.string(), let options = reader.string() else { throw malformed("its header is truncated") }
        let protection = try Self.protection(cipher: cipherName, kdf: kdf, options: options, maximumRounds: maximumRounds)
        guard let count = reader.uint32() else { throw malformed("its key count is missing") }
        guard count == 1 else {
            throw AgeError(.invalidIdentity, "this OpenSSH private key file holds \(count) keys; envtool reads files of one key, as ssh-keygen writes them")
        }
        guard let publicKey = reader.string().map(Array.init), let section = reader.string() else {
            throw malformed("its public key or private section is truncated")
        }
        // An AEAD cipher's tag follows the private section, outside it.
        let tag = reader.remaining
        guard let protection else {
            guard reader.isAtEnd else { throw malformed("it has bytes after its private section") }
            return try parsePrivate(section, publicKey: publicKey, encrypted: false)
        }
        let cipher = protection.cipher
        guard tag.count == cipher.tagLength else {
            throw malformed(
                cipher.tagLength == 0 ? "it has bytes after its private section" : "its \(cipher.name) tag is \(tag.count) bytes, not \(cipher.tagLength)")
        }
        guard !section.isEmpty, section.count % cipher.blockLength == 0 else {
            throw malformed("its private section is not a whole number of \(cipher.name) blocks")
        }
        let plain = try decrypt(section, tag: tag, protection: protection, passphrase: try passphrase(prompt))
        return try plain.withUnsafeBytes { (raw) throws(AgeError) in try parsePrivate(raw, publicKey: publicKey, encrypted: true) }
    }

    /// The identity in a private section (decrypted if it was encrypted): differing check
    /// numbers after decryption mean the passphrase was wrong.
    private static func parsePrivate(_ section: UnsafeRawBufferPointer, publicKey: [UInt8], encrypted: Bool) throws(AgeError) -> any FileKeyIdentity {
        var privateReader = SSHWireReader(section)
        guard let check1 = privateReader.uint32(), let check2 = privateReader.uint32() else { throw malformed("its private section is truncated") }
        guard check1 == check2 else { throw encrypted ? wrongPassphrase : malformed("its check numbers differ") }
        guard let type = privateReader.string().map({ String(decoding: $0, as: UTF8.self) }) else { throw malformed("its key type is missing") }
        let identity: any FileKeyIdentity
        switch type {
        case AgeSSH.ed25519Type:
            guard let publicHalf = privateReader.string().map(Array.init), publicHalf.count == 32,
                let secret = privateReader.string(), secret.count == 64
            else {
                throw malformed("its ssh-ed25519 key is not 32 and 64 bytes")
            }
            let expectedWire: [UInt8] = wireString(AgeSSH.ed25519Type) + wireString(publicHalf)
            guard expectedWire == publicKey else { throw malformed("its public key differs from its private one") }
            identity = try SSHEd25519Identity(ed25519SecretKey: secret, wire: publicKey, publicKey: publicHalf)
        case AgeSSH.rsaType:
            guard let n = privateReader.positiveInteger(), let e = privateReader.positiveInteger(), let d = privateReader.positiveInteger(),
                privateReader.positiveInteger() != nil, privateReader.positiveInteger() != nil, privateReader.positiveInteger() != nil,
                !n.isEmpty, !e.isEmpty, !d.isEmpty
            else {
                throw malformed("its ssh-rsa key is truncated")
            }
            let recipient: SSHRSARecipient
            do {
                recipient = try SSHRSARecipient(wire: publicKey, shown: "this ssh-rsa private key")
            } catch {
                throw AgeError(.invalidIdentity, error.message)
            }
            guard recipient.modulus.elementsEqual(n), recipient.exponent.elementsEqual(e) else {
                throw malformed("its public key differs from its private one")
            }
            identity = SSHRSAIdentity(recipient: recipient, privateExponent: SecretBytes(count: d.count) { $0.copyMemory(from: d) })
        default:
            throw AgeError(
                .invalidIdentity,
                "this OpenSSH private key is of type \(type.prefix(40)), which age does not use; use an ssh-ed25519 or ssh-rsa key, or an age identity")
        }
        guard privateReader.string() != nil else { throw malformed("its comment is missing") }
        for (index, byte) in privateReader.remaining.enumerated() where Int(byte) != (index + 1) & 0xFF {
            throw malformed("its padding is wrong")
        }
        return identity
    }

    private static func wireString(_ text: String) -> [UInt8] { wireString(Array(text.utf8)) }

    private static func wireString(_ bytes: [UInt8]) -> [UInt8] {
        let count = UInt32(bytes.count)
        return [UInt8(count >> 24), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)] + bytes
    }
}
