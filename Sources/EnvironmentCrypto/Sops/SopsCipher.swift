import CSodium
import Platform

#if canImport(CommonCrypto)
import CommonCrypto
#endif

/// AES-256-GCM as sops uses it for each value: a 32-byte key (the file's data key), a 32-byte
/// random nonce, a 16-byte tag and the value's path as additional data.
///
/// libsodium cannot do this: its AES-256-GCM takes only 12-byte nonces (sops writes 32: Go's
/// `cipher.NewGCMWithNonceSize(block, 32)`, which hashes the nonce with GHASH into the counter), and
/// only on CPUs with AES instructions (`crypto_aead_aes256gcm_is_available()`). So it is OpenSSL's
/// libcrypto, opened with `dlopen` on first use exactly as for RNCryptor (``LibCrypto``): the GCM
/// of `EVP_aes_256_gcm` takes any nonce length through `EVP_CTRL_GCM_SET_IVLEN`, and nothing new
/// is linked. On Apple platforms, where that loader is not built, sops files are
/// ``CryptoError/Kind/unavailable`` (CommonCrypto has no public AES-GCM).
enum SopsCipher {
    /// The nonce length sops writes (it reads any length; so does this).
    static let nonceLength = 32
    /// The GCM tag length.
    static let tagLength = 16
    /// The data key length.
    static let keyLength = 32

    // OpenSSL's EVP_CTRL_GCM_* values (evp.h), unchanged since 1.0.1.
    private static let setIVLength: Int32 = 0x9
    private static let getTag: Int32 = 0x10
    private static let setTag: Int32 = 0x11

    /// Decrypts `ciphertext` and checks `tag` over it and `additionalData`, into `output` (as long as
    /// `ciphertext`).
    ///
    /// - Returns: Whether the tag verified; on `false`, `output` has been zeroed.
    /// - Throws: ``CryptoError/Kind/unavailable`` when libcrypto cannot be loaded or fails.
    static func open(
        key: UnsafeRawBufferPointer, nonce: [UInt8], ciphertext: [UInt8], tag: [UInt8], additionalData: [UInt8],
        into output: UnsafeMutableRawBufferPointer
    ) throws(CryptoError) -> Bool {
        precondition(key.count == keyLength && output.count == ciphertext.count && tag.count == tagLength)
        #if canImport(CommonCrypto)
        throw appleUnavailable
        #else
        let verified: Result<Bool, CryptoError> = ciphertext.withUnsafeBytes { input in
            do throws(CryptoError) {
                return .success(
                    try ciphering(
                        key: key, nonce: nonce, additionalData: additionalData, encrypting: false,
                        input, into: output
                    ) { (library, context) throws(CryptoError) in
                        var expected = tag
                        guard library.cipherControl(context, setTag, Int32(tagLength), &expected) == 1 else { throw failure("the tag could not be set") }
                        var tail = [UInt8](repeating: 0, count: 16)
                        var written: Int32 = 0
                        return library.cipherFinal(context, &tail, &written) == 1
                    })
            } catch {
                return .failure(error)
            }
        }
        guard try verified.get() else {
            if let base = output.baseAddress { sodium_memzero(base, output.count) }
            return false
        }
        return true
        #endif
    }

    /// Encrypts `plaintext` with `nonce` and `additionalData`.
    ///
    /// - Returns: The ciphertext (as long as the plaintext) and the tag.
    /// - Throws: ``CryptoError/Kind/unavailable`` when libcrypto cannot be loaded or fails.
    static func seal(
        key: UnsafeRawBufferPointer, nonce: [UInt8], plaintext: UnsafeRawBufferPointer,
        additionalData: [UInt8]
    ) throws(CryptoError) -> (ciphertext: [UInt8], tag: [UInt8]) {
        precondition(key.count == keyLength)
        #if canImport(CommonCrypto)
        throw appleUnavailable
        #else
        var ciphertext = [UInt8](repeating: 0, count: plaintext.count)
        let tag: Result<[UInt8], CryptoError> = ciphertext.withUnsafeMutableBytes { output in
            do throws(CryptoError) {
                return .success(
                    try ciphering(
                        key: key, nonce: nonce, additionalData: additionalData, encrypting: true,
                        plaintext, into: output
                    ) { (library, context) throws(CryptoError) in
                        var tail = [UInt8](repeating: 0, count: 16)
                        var written: Int32 = 0
                        var tag = [UInt8](repeating: 0, count: tagLength)
                        guard library.cipherFinal(context, &tail, &written) == 1, written == 0,
                            library.cipherControl(context, getTag, Int32(tagLength), &tag) == 1
                        else {
                            throw failure("AES-256-GCM failed in libcrypto")
                        }
                        return tag
                    })
            } catch {
                return .failure(error)
            }
        }
        return (ciphertext, try tag.get())
        #endif
    }

    #if !canImport(CommonCrypto)
    /// One AES-256-GCM pass, as `open` and `seal` share it: a context set up with the key, the
    /// nonce and the additional data, `input` through it into `output`, then `finish` (the tag's
    /// part) before the context is freed.
    private static func ciphering<Result>(
        key: UnsafeRawBufferPointer, nonce: [UInt8], additionalData: [UInt8], encrypting: Bool,
        _ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer,
        finish: (LibCrypto, OpaquePointer) throws(CryptoError) -> Result
    ) throws(CryptoError) -> Result {
        let library = try LibCrypto.loaded()
        guard let context = library.cipherContextNew() else { throw failure("no cipher context (out of memory?)") }
        defer { library.cipherContextFree(context) }
        try start(library, context, key: key, nonce: nonce, additionalData: additionalData, encrypting: encrypting)
        try update(library, context, input, into: output)
        return try finish(library, context)
    }

    private static func start(
        _ library: LibCrypto, _ context: OpaquePointer, key: UnsafeRawBufferPointer, nonce: [UInt8],
        additionalData: [UInt8], encrypting: Bool
    ) throws(CryptoError) {
        // Nonces are bounded by the caller (sops values are read from a bounded file); libcrypto
        // takes an `int`.
        guard !nonce.isEmpty, nonce.count <= 1024, additionalData.count <= Int(Int32.max) else { throw failure("nonce or path too long") }
        guard library.cipherInit(context, library.aes256GCM(), nil, nil, nil, encrypting ? 1 : 0) == 1,
            library.cipherControl(context, setIVLength, Int32(nonce.count), nil) == 1,
            library.cipherInit(context, nil, nil, key.baseAddress!.assumingMemoryBound(to: UInt8.self), nonce, encrypting ? 1 : 0) == 1
        else {
            throw failure("AES-256-GCM could not be set up in libcrypto")
        }
        if !additionalData.isEmpty {
            var written: Int32 = 0
            guard library.cipherUpdate(context, nil, &written, additionalData, Int32(additionalData.count)) == 1 else {
                throw failure("AES-256-GCM failed in libcrypto (additional data)")
            }
        }
    }

    private static func update(
        _ library: LibCrypto, _ context: OpaquePointer, _ input: UnsafeRawBufferPointer,
        into output: UnsafeMutableRawBufferPointer
    ) throws(CryptoError) {
        guard !input.isEmpty else { return }
        guard input.count <= Int(Int32.max) else { throw failure("value too long") }
        var written: Int32 = 0
        guard
            library.cipherUpdate(
                context, output.baseAddress!.assumingMemoryBound(to: UInt8.self), &written,
                input.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(input.count)) == 1,
            Int(written) == input.count
        else {
            throw failure("AES-256-GCM failed in libcrypto")
        }
    }
    #endif

    private static let appleUnavailable = CryptoError(
        .unavailable,
        "sops files need AES-256-GCM with 32-byte nonces, which envtool takes from OpenSSL's libcrypto on Linux; on Apple platforms it is not available yet: decrypt with sops, or use an age environments.bin"
    )

    private static func failure(_ what: String) -> CryptoError {
        CryptoError(.unavailable, "sops: \(what)")
    }
}
