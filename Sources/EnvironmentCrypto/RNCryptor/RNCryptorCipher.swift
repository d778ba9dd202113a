import Platform

#if canImport(CommonCrypto)
import CommonCrypto
#endif

/// AES-256-CBC and PBKDF2-HMAC-SHA1: the two primitives RNCryptor files need that libsodium does
/// not have (HMAC-SHA-256 is libsodium's, ``HKDF/hmac(key:_:into:)``).
///
/// On Apple platforms they are CommonCrypto's, part of the system and what RNCryptor itself calls.
/// Elsewhere they are OpenSSL's libcrypto, opened with `dlopen` the first time an RNCryptor file is
/// read or written, and never otherwise: no other command loads it or pays for it at start-up,
/// and the build links nothing new (docs/environments-bin.md says why this was chosen over
/// swift-crypto). A machine without libcrypto gets ``CryptoError/Kind/unavailable`` with the
/// package to install, only when it meets an RNCryptor file.
enum RNCryptorCipher {
    /// AES's block length.
    static let blockLength = 16

    /// PBKDF2-HMAC-SHA1 of `password` and `salt` over `rounds` iterations, filling `output`.
    ///
    /// - Throws: ``CryptoError/Kind/unavailable`` when the library cannot be loaded or fails.
    static func pbkdf2SHA1(
        password: UnsafeRawBufferPointer, salt: UnsafeRawBufferPointer, rounds: UInt32,
        into output: UnsafeMutableRawBufferPointer
    ) throws(CryptoError) {
        // A pointer even for empty input: neither library takes a null one with a zero length.
        var empty: UInt8 = 0
        try withUnsafeMutablePointer(to: &empty) { (empty) throws(CryptoError) in
            let passwordBase = password.count > 0 ? password.baseAddress!.assumingMemoryBound(to: UInt8.self) : UnsafePointer(empty)
            let saltBase = salt.count > 0 ? salt.baseAddress!.assumingMemoryBound(to: UInt8.self) : UnsafePointer(empty)
            let out = output.baseAddress!.assumingMemoryBound(to: UInt8.self)
            #if canImport(CommonCrypto)
            let status = passwordBase.withMemoryRebound(to: CChar.self, capacity: max(password.count, 1)) { passwordChars in
                CCKeyDerivationPBKDF(
                    CCPBKDFAlgorithm(kCCPBKDF2), passwordChars, password.count, saltBase, salt.count,
                    CCPseudoRandomAlgorithm(kCCPRFHmacAlgSHA1), rounds, out, output.count)
            }
            guard status == Int32(kCCSuccess) else { throw failure("PBKDF2 failed (CommonCrypto status \(status))") }
            #else
            let library = try LibCrypto.loaded()
            guard password.count <= Int(Int32.max), salt.count <= Int(Int32.max), rounds <= UInt32(Int32.max), output.count <= Int(Int32.max) else {
                throw failure("PBKDF2 input too long")
            }
            let status = passwordBase.withMemoryRebound(to: CChar.self, capacity: max(password.count, 1)) { passwordChars in
                library.pbkdf2SHA1(passwordChars, Int32(password.count), saltBase, Int32(salt.count), Int32(rounds), Int32(output.count), out)
            }
            guard status == 1 else { throw failure("PBKDF2 failed in libcrypto") }
            #endif
        }
    }

    /// AES-256 in CBC mode without padding (the caller pads and unpads: a bad padding is its own
    /// error), from `input` into `output` of the same length, a whole number of blocks.
    ///
    /// - Throws: ``CryptoError/Kind/unavailable`` when the library cannot be loaded or fails.
    static func aes256CBC(
        encrypting: Bool, key: UnsafeRawBufferPointer, iv: UnsafeRawBufferPointer,
        _ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer
    ) throws(CryptoError) {
        precondition(
            key.count == 32 && iv.count == blockLength && input.count % blockLength == 0 && output.count == input.count,
            "AES-256-CBC takes a 32-byte key, a 16-byte IV and whole blocks")
        guard input.count > 0 else { return }
        #if canImport(CommonCrypto)
        var moved = 0
        // Options 0: CBC (the default mode) and no padding.
        let status = CCCrypt(
            CCOperation(encrypting ? kCCEncrypt : kCCDecrypt), CCAlgorithm(kCCAlgorithmAES), CCOptions(0),
            key.baseAddress, key.count, iv.baseAddress, input.baseAddress, input.count,
            output.baseAddress, output.count, &moved)
        guard status == Int32(kCCSuccess), moved == input.count else { throw failure("AES-256-CBC failed (CommonCrypto status \(status))") }
        #else
        let library = try LibCrypto.loaded()
        guard let context = library.cipherContextNew() else { throw failure("AES-256-CBC: no cipher context (out of memory?)") }
        // Frees the context and wipes the key schedule it holds.
        defer { library.cipherContextFree(context) }
        guard
            library.cipherInit(
                context, library.aes256CBC(), nil, key.baseAddress!.assumingMemoryBound(to: UInt8.self),
                iv.baseAddress!.assumingMemoryBound(to: UInt8.self), encrypting ? 1 : 0) == 1,
            library.cipherSetPadding(context, 0) == 1
        else {
            throw failure("AES-256-CBC could not be set up in libcrypto")
        }
        // In slices libcrypto's `int` lengths can hold; CBC carries its state from one to the next.
        var offset = 0
        while offset < input.count {
            let length = min(input.count - offset, 1 << 30)
            var written: Int32 = 0
            guard
                library.cipherUpdate(
                    context, output.baseAddress!.assumingMemoryBound(to: UInt8.self) + offset, &written,
                    input.baseAddress!.assumingMemoryBound(to: UInt8.self) + offset, Int32(length)) == 1,
                Int(written) == length
            else {
                throw failure("AES-256-CBC failed in libcrypto")
            }
            offset += length
        }
        // Whole blocks and no padding: the final step writes nothing, but must succeed.
        var tail = [UInt8](repeating: 0, count: blockLength)
        var written: Int32 = 0
        guard library.cipherFinal(context, &tail, &written) == 1, written == 0 else { throw failure("AES-256-CBC failed in libcrypto") }
        #endif
    }

    private static func failure(_ what: String) -> CryptoError {
        CryptoError(.unavailable, "RNCryptor: \(what)")
    }
}
