import CSodium

#if canImport(CommonCrypto)
import CommonCrypto
#endif

/// Passphrase-protected OpenSSH private keys (`ssh-keygen -N …`, or `-p` on an existing key):
/// the private section encrypted with a key and IV that `bcrypt_pbkdf` (``BcryptPBKDF``) derives
/// from the passphrase and the header's salt and rounds (PROTOCOL.key, and sshkey.c's
/// `sshkey_parse_private2`).
extension OpenSSHPrivateKey {
    /// The most bcrypt rounds a key file may ask for. ssh-keygen writes 16 unless `-a` says
    /// otherwise, and guides suggest 100 or a few hundred. envtool's bcrypt runs at ssh's own
    /// speed (100 rounds: about 1 s for both `ssh-keygen -y` and an optimised build, on a loaded
    /// 2-core machine), so 10 000 rounds already take a minute or more, in ssh as here. A file
    /// asking for more is not a key someone uses but one that would hold a command for many
    /// minutes, so it is refused before the passphrase is asked.
    package static let maximumRounds = 10_000

    /// The salt lengths read (ssh-keygen writes 16; OpenBSD's own limit is 1 MiB).
    static let saltLengths = 1...1024

    /// A cipher ssh-keygen protects keys with (`-Z`), as OpenSSH's cipher.c lists them.
    struct Cipher: Sendable {
        enum Mode: Sendable { case ctr, cbc, gcm, chachaPoly }

        let name: String
        let mode: Mode
        let keyLength: Int
        let ivLength: Int
        /// The private section is padded to a whole number of these.
        let blockLength: Int

        /// The authentication tag after the private section (AEAD ciphers only).
        var tagLength: Int { mode == .gcm || mode == .chachaPoly ? 16 : 0 }
    }

    /// Every cipher read, ssh-keygen's default first. `aes256-cbc` is there because age reads
    /// it (Go's x/crypto/ssh reads aes256-ctr and aes256-cbc) and ssh-keygen wrote it once.
    static let ciphers: [Cipher] = [
        Cipher(name: "aes256-ctr", mode: .ctr, keyLength: 32, ivLength: 16, blockLength: 16),
        Cipher(name: "aes192-ctr", mode: .ctr, keyLength: 24, ivLength: 16, blockLength: 16),
        Cipher(name: "aes128-ctr", mode: .ctr, keyLength: 16, ivLength: 16, blockLength: 16),
        Cipher(name: "aes256-gcm@openssh.com", mode: .gcm, keyLength: 32, ivLength: 12, blockLength: 16),
        Cipher(name: "chacha20-poly1305@openssh.com", mode: .chachaPoly, keyLength: 64, ivLength: 0, blockLength: 8),
        Cipher(name: "aes256-cbc", mode: .cbc, keyLength: 32, ivLength: 16, blockLength: 16),
    ]

    /// How a key is protected, from its header: the cipher, and bcrypt's salt and rounds.
    struct Protection {
        let cipher: Cipher
        let salt: [UInt8]
        let rounds: Int
    }

    /// What the header's cipher, KDF name and KDF options say; `nil` for an unprotected key.
    ///
    /// - Throws: ``AgeError/Kind/invalidIdentity`` naming an unknown cipher or KDF, rounds over
    ///   `maximumRounds`, a salt outside ``saltLengths``, or malformed options. Nothing is derived
    ///   yet: a hostile file costs no work.
    static func protection(
        cipher cipherName: UnsafeRawBufferPointer, kdf kdfName: UnsafeRawBufferPointer,
        options: UnsafeRawBufferPointer, maximumRounds: Int
    ) throws(AgeError) -> Protection? {
        if cipherName.elementsEqual("none".utf8) {
            guard kdfName.elementsEqual("none".utf8), options.isEmpty else { throw malformed("it is not encrypted, yet names a KDF") }
            return nil
        }
        guard let cipher = ciphers.first(where: { cipherName.elementsEqual($0.name.utf8) }) else {
            let known = ciphers.map(\.name).joined(separator: ", ")
            throw AgeError(
                .invalidIdentity,
                "this OpenSSH private key is encrypted with \(shown(cipherName)), which envtool does not read (it reads \(known)); re-encrypt it with `ssh-keygen -p -Z aes256-ctr -f KEY`"
            )
        }
        guard kdfName.elementsEqual("bcrypt".utf8) else {
            throw AgeError(
                .invalidIdentity,
                "this OpenSSH private key derives its key from the passphrase with \(shown(kdfName)), which envtool does not read; OpenSSH writes bcrypt (re-encrypt it with `ssh-keygen -p -f KEY`)"
            )
        }
        var reader = SSHWireReader(options)
        guard let salt = reader.string(), let rounds = reader.uint32(), reader.isAtEnd else { throw malformed("its bcrypt options are truncated") }
        guard saltLengths.contains(salt.count) else {
            throw AgeError(
                .invalidIdentity,
                "this OpenSSH private key's bcrypt salt is \(salt.count) bytes; envtool reads \(saltLengths.lowerBound) to \(saltLengths.upperBound) (ssh-keygen writes 16), so the file is damaged"
            )
        }
        guard rounds >= 1 else { throw malformed("it asks for 0 bcrypt rounds") }
        guard rounds <= maximumRounds else {
            throw AgeError(
                .invalidIdentity,
                "this OpenSSH private key asks for \(rounds) bcrypt rounds; envtool reads keys of at most \(maximumRounds) (ssh-keygen writes 16 unless -a says otherwise); re-encrypt it with fewer: `ssh-keygen -p -a 100 -f KEY`"
            )
        }
        return Protection(cipher: cipher, salt: Array(salt), rounds: Int(rounds))
    }

    /// The private section decrypted with the key and IV `passphrase` gives, in zeroing memory.
    ///
    /// - Throws: ``AgeError/Kind/noMatch`` when an AEAD tag does not verify (the caller checks
    ///   the check numbers of the others); ``AgeError/Kind/unusable`` for an empty passphrase;
    ///   ``AgeError/Kind/unavailable`` when libcrypto cannot be loaded.
    static func decrypt(
        _ section: UnsafeRawBufferPointer, tag: UnsafeRawBufferPointer, protection: Protection,
        passphrase: SecretBytes
    ) throws(AgeError) -> SecretBytes {
        let cipher = protection.cipher
        guard passphrase.count > 0 else { throw AgeError(.unusable, "the passphrase for this OpenSSH private key is empty") }
        let derived = passphrase.withUnsafeBytes { secret in
            SecretBytes(count: cipher.keyLength + cipher.ivLength) { output in
                protection.salt.withUnsafeBytes { salt in
                    BcryptPBKDF.derive(passphrase: secret, salt: salt, rounds: protection.rounds, into: output)
                }
            }
        }
        return try derived.withUnsafeBytes { (material) throws(AgeError) in
            let key = UnsafeRawBufferPointer(rebasing: material[..<cipher.keyLength])
            let iv = UnsafeRawBufferPointer(rebasing: material[cipher.keyLength...])
            var verified = true
            let plain = try SecretBytes(count: section.count) { (output) throws(AgeError) in
                do throws(CryptoError) {
                    switch cipher.mode {
                    case .ctr:
                        try aesCTR(key: key, iv: iv, section, into: output)
                    case .cbc:
                        try RNCryptorCipher.aes256CBC(encrypting: false, key: key, iv: iv, section, into: output)
                    case .gcm:
                        #if canImport(CommonCrypto)
                        throw CryptoError(
                            .unavailable,
                            "AES-256-GCM is not available on Apple platforms yet (CommonCrypto has no public AES-GCM); re-encrypt the key with `ssh-keygen -p -Z aes256-ctr -f KEY`"
                        )
                        #else
                        // sops's AES-256-GCM pass serves as it is: OpenSSH's first message uses the
                        // derived 12-byte IV unchanged, with no additional data.
                        verified = try SopsCipher.open(
                            key: key, nonce: Array(iv), ciphertext: Array(section), tag: Array(tag),
                            additionalData: [], into: output)
                        #endif
                    case .chachaPoly:
                        verified = chachaPoly(key: key, section, tag: tag, into: output)
                    }
                } catch {
                    throw AgeError(.unavailable, "this OpenSSH private key is encrypted with \(cipher.name): \(error.message)")
                }
            }
            guard verified else { throw wrongPassphrase }
            return plain
        }
    }

    /// The error for a passphrase that does not decrypt the key: `noMatch`, which every command
    /// maps to the exit code of a wrong passphrase or key.
    static let wrongPassphrase = AgeError(.noMatch, "the passphrase does not open this OpenSSH private key")

    /// A name from the header, quoted only when it is short printable ASCII (the file may be anything).
    private static func shown(_ name: UnsafeRawBufferPointer) -> String {
        guard (1...64).contains(name.count), name.allSatisfy({ (0x21...0x7E).contains($0) }) else { return "a cipher or KDF of an unreadable name" }
        return "`" + String(decoding: name, as: UTF8.self) + "`"
    }

    /// AES in CTR mode, the key length choosing AES-128, -192 or -256; OpenSSH's counter is the
    /// whole IV, big-endian.
    private static func aesCTR(
        key: UnsafeRawBufferPointer, iv: UnsafeRawBufferPointer, _ input: UnsafeRawBufferPointer,
        into output: UnsafeMutableRawBufferPointer
    ) throws(CryptoError) {
        guard !input.isEmpty else { return }
        #if canImport(CommonCrypto)
        var cryptor: CCCryptorRef?
        var status = CCCryptorCreateWithMode(
            CCOperation(kCCDecrypt), CCMode(kCCModeCTR), CCAlgorithm(kCCAlgorithmAES), CCPadding(ccNoPadding),
            iv.baseAddress, key.baseAddress, key.count, nil, 0, 0, CCModeOptions(kCCModeOptionCTR_BE), &cryptor)
        guard status == Int32(kCCSuccess), let cryptor else { throw CryptoError(.unavailable, "AES-CTR could not be set up (CommonCrypto status \(status))") }
        defer { CCCryptorRelease(cryptor) }
        var moved = 0
        status = CCCryptorUpdate(cryptor, input.baseAddress, input.count, output.baseAddress, output.count, &moved)
        guard status == Int32(kCCSuccess), moved == input.count else { throw CryptoError(.unavailable, "AES-CTR failed (CommonCrypto status \(status))") }
        #else
        let library = try LibCrypto.loaded()
        let mode =
            switch key.count {
            case 16: library.aes128CTR
            case 24: library.aes192CTR
            default: library.aes256CTR
            }
        guard input.count <= Int(Int32.max), let context = library.cipherContextNew() else {
            throw CryptoError(.unavailable, "AES-CTR: no cipher context (out of memory?)")
        }
        // Frees the context and wipes the key schedule it holds.
        defer { library.cipherContextFree(context) }
        var written: Int32 = 0
        guard
            library.cipherInit(
                context, mode(), nil, key.baseAddress!.assumingMemoryBound(to: UInt8.self),
                iv.baseAddress!.assumingMemoryBound(to: UInt8.self), 0) == 1,
            library.cipherUpdate(
                context, output.baseAddress!.assumingMemoryBound(to: UInt8.self), &written,
                input.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(input.count)) == 1,
            Int(written) == input.count
        else {
            throw CryptoError(.unavailable, "AES-CTR failed in libcrypto")
        }
        #endif
    }

    /// OpenSSH's chacha20-poly1305@openssh.com for one message, number 0, without the length
    /// header its transport use adds: the first 32 bytes of the key are ChaCha20's (the 8-byte
    /// nonce is the message number); its block 0 gives the Poly1305 key, which checks `tag`
    /// over the ciphertext, and blocks 1… encrypt. All libsodium's.
    ///
    /// - Returns: Whether the tag verified; on `false`, nothing was decrypted.
    private static func chachaPoly(
        key: UnsafeRawBufferPointer, _ input: UnsafeRawBufferPointer, tag: UnsafeRawBufferPointer,
        into output: UnsafeMutableRawBufferPointer
    ) -> Bool {
        let nonce = [UInt8](repeating: 0, count: Int(crypto_stream_chacha20_NONCEBYTES))
        let chachaKey = key.baseAddress!.assumingMemoryBound(to: UInt8.self)
        var polyKey = [UInt8](repeating: 0, count: Int(crypto_onetimeauth_poly1305_KEYBYTES))
        defer { polyKey.withUnsafeMutableBytes { sodium_memzero($0.baseAddress!, $0.count) } }
        crypto_stream_chacha20(&polyKey, UInt64(polyKey.count), nonce, chachaKey)
        let message = input.baseAddress?.assumingMemoryBound(to: UInt8.self)
        guard crypto_onetimeauth_poly1305_verify(tag.baseAddress!.assumingMemoryBound(to: UInt8.self), message, UInt64(input.count), polyKey) == 0 else {
            return false
        }
        if let message {
            crypto_stream_chacha20_xor_ic(output.baseAddress!.assumingMemoryBound(to: UInt8.self), message, UInt64(input.count), nonce, 1, chachaKey)
        }
        return true
    }
}
