import CSodium
import Platform

/// RSA-OAEP with SHA-256 (MGF1 with SHA-256 too, OpenSSL's default for OAEP) and a label: how
/// age's `ssh-rsa` stanza carries the file key. libsodium has no RSA, so it is OpenSSL's
/// libcrypto (``LibCrypto``, the one loader RNCryptor and sops use), loaded the first time an
/// `ssh-rsa` key is used. On Apple platforms, where that loader is not built, `ssh-rsa` keys are
/// ``AgeError/Kind/unavailable``.
enum RSAOAEP {
    // OpenSSL's constants (rsa.h, evp.h), unchanged from 1.1 to 3.x.
    private static let rsaKeyType: Int32 = 6  // EVP_PKEY_RSA (NID_rsaEncryption)
    private static let oaepPadding: Int32 = 4  // RSA_PKCS1_OAEP_PADDING
    private static let setPadding: Int32 = 0x1000 + 1  // EVP_PKEY_CTRL_RSA_PADDING
    private static let setOAEPDigest: Int32 = 0x1000 + 9  // EVP_PKEY_CTRL_RSA_OAEP_MD
    private static let setOAEPLabel: Int32 = 0x1000 + 10  // EVP_PKEY_CTRL_RSA_OAEP_LABEL

    /// `plaintext` encrypted to the public key (`modulus`, `exponent`: big-endian, as SSH's
    /// mpints hold them).
    ///
    /// - Throws: ``AgeError/Kind/unavailable`` when libcrypto cannot be loaded or fails,
    ///   ``AgeError/Kind/invalidRecipient`` when it refuses the key.
    static func encrypt(modulus: [UInt8], exponent: [UInt8], _ plaintext: UnsafeRawBufferPointer, label: String) throws(AgeError) -> [UInt8] {
        #if canImport(CommonCrypto)
        throw appleUnavailable
        #else
        let library = try loaded()
        return try withContext(library, modulus: modulus, exponent: exponent, privateExponent: nil, label: label, decrypting: false) {
            (context) throws(AgeError) in
            var length = 0
            guard library.encrypt(context, nil, &length, plaintext.baseAddress?.assumingMemoryBound(to: UInt8.self), plaintext.count) == 1 else {
                throw AgeError(.invalidRecipient, "libcrypto refused to encrypt to this ssh-rsa key")
            }
            var output = [UInt8](repeating: 0, count: length)
            guard library.encrypt(context, &output, &length, plaintext.baseAddress?.assumingMemoryBound(to: UInt8.self), plaintext.count) == 1 else {
                throw AgeError(.invalidRecipient, "libcrypto refused to encrypt to this ssh-rsa key")
            }
            return Array(output[..<length])
        }
        #endif
    }

    /// `ciphertext` decrypted with the private key, or `nil` when OAEP does not open it (the
    /// wrong key, or a modified stanza).
    ///
    /// - Throws: ``AgeError/Kind/unavailable`` when libcrypto cannot be loaded or fails.
    static func decrypt(modulus: [UInt8], exponent: [UInt8], privateExponent: SecretBytes, _ ciphertext: [UInt8], label: String) throws(AgeError)
        -> SecretBytes?
    {
        #if canImport(CommonCrypto)
        throw appleUnavailable
        #else
        let library = try loaded()
        return try withContext(library, modulus: modulus, exponent: exponent, privateExponent: privateExponent, label: label, decrypting: true) {
            (context) throws(AgeError) in
            // The plaintext is never longer than the modulus.
            var length = modulus.count
            var opened = false
            let output = SecretBytes(count: modulus.count) { raw in
                opened = library.decrypt(context, raw.baseAddress!.assumingMemoryBound(to: UInt8.self), &length, ciphertext, ciphertext.count) == 1
            }
            guard opened, length <= modulus.count else { return nil }
            return output.withUnsafeBytes { whole in SecretBytes(count: length) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: whole[..<length])) } }
        }
        #endif
    }

    #if !canImport(CommonCrypto)
    private static func loaded() throws(AgeError) -> LibCrypto {
        do {
            return try LibCrypto.loaded()
        } catch {
            throw AgeError(.unavailable, error.message)
        }
    }

    /// An `EVP_PKEY_CTX` for OAEP-SHA-256 with `label` over the key, given to `body`; key and
    /// context are freed (the private exponent cleared) when it returns.
    private static func withContext<R>(
        _ library: LibCrypto, modulus: [UInt8], exponent: [UInt8], privateExponent: SecretBytes?, label: String,
        decrypting: Bool, _ body: (OpaquePointer) throws(AgeError) -> R
    ) throws(AgeError) -> R {
        guard modulus.count <= 2048, exponent.count <= 2048 else { throw AgeError(.invalidRecipient, "the RSA key is larger than 16384 bits") }
        guard let rsa = library.rsaNew() else { throw failure("no RSA key (out of memory?)") }
        let n = library.numberFromBinary(modulus, Int32(modulus.count), nil)
        let e = library.numberFromBinary(exponent, Int32(exponent.count), nil)
        let d = privateExponent?.withUnsafeBytes { library.numberFromBinary($0.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32($0.count), nil) }
        // RSA_set0_key takes the numbers on success; without CRT parameters the private
        // operation uses d itself, which OpenSSH's d, iqmp, p, q do not need recomputed for.
        guard n != nil, e != nil, privateExponent == nil || d != nil, library.rsaSetKey(rsa, n, e, d) == 1 else {
            for number in [n, e, d] where number != nil { library.numberFree(number) }
            library.rsaFree(rsa)
            throw failure("the RSA key could not be built")
        }
        guard let key = library.keyNew() else {
            library.rsaFree(rsa)
            throw failure("no key (out of memory?)")
        }
        defer { library.keyFree(key) }
        guard library.keyAssign(key, rsaKeyType, UnsafeMutableRawPointer(rsa)) == 1 else {
            library.rsaFree(rsa)
            throw failure("the RSA key could not be used")
        }
        guard let context = library.keyContextNew(key, nil) else { throw failure("no key context (out of memory?)") }
        defer { library.keyContextFree(context) }
        guard (decrypting ? library.decryptInit : library.encryptInit)(context) == 1,
            library.keyControl(context, -1, -1, setPadding, oaepPadding, nil) > 0,
            library.keyControl(context, -1, -1, setOAEPDigest, 0, library.sha256().map { UnsafeMutableRawPointer($0) }) > 0
        else {
            throw failure("RSA-OAEP could not be set up")
        }
        // The label is handed over (set0): libcrypto frees it with the context.
        let labelBytes = Array(label.utf8)
        guard let copy = library.allocate(labelBytes.count, nil, 0) else { throw failure("no memory for the OAEP label") }
        copy.copyMemory(from: labelBytes, byteCount: labelBytes.count)
        guard library.keyControl(context, -1, -1, setOAEPLabel, Int32(labelBytes.count), copy) > 0 else {
            throw failure("the OAEP label could not be set")
        }
        return try body(context)
    }

    private static func failure(_ what: String) -> AgeError {
        AgeError(.unavailable, "ssh-rsa: \(what) in libcrypto")
    }
    #endif

    private static let appleUnavailable = AgeError(
        .unavailable,
        "ssh-rsa keys need RSA-OAEP, which envtool takes from OpenSSL's libcrypto on Linux; on Apple platforms it is not available yet: use an ssh-ed25519 key or an age identity"
    )
}
