#if !canImport(CommonCrypto)
internal import LibC

/// OpenSSL's libcrypto, opened with `dlopen` on first use and kept for the life of the process:
/// the one loader of the primitives libsodium lacks, for RNCryptor (``RNCryptorCipher``), sops
/// (``SopsCipher``), age's `ssh-rsa` stanzas (``RSAOAEP``) and passphrase-protected OpenSSH
/// private keys (``OpenSSHPrivateKey``). No other command loads it or
/// pays for it at start-up, and the build links nothing new.
///
/// Only functions present and unchanged from OpenSSL 1.1 to 3.x are looked up:
/// `PKCS5_PBKDF2_HMAC_SHA1`, the `EVP_Cipher*` calls on `EVP_aes_256_cbc`, `EVP_aes_256_gcm`
/// (with `EVP_CIPHER_CTX_ctrl`) and `EVP_aes_128_ctr`, `EVP_aes_192_ctr` and `EVP_aes_256_ctr`, and for RSA the `BN_bin2bn`/`RSA_set0_key` key construction and
/// the `EVP_PKEY_encrypt`/`decrypt` calls set up with `EVP_PKEY_CTX_ctrl` (the OAEP setters are
/// macros over it in 1.1).
struct LibCrypto: @unchecked Sendable {
    // @unchecked Sendable: C function pointers into a library that is never closed; libcrypto's
    // functions used here are thread-safe (each call has its own context and key).
    typealias PBKDF2 = @convention(c) (UnsafePointer<CChar>?, Int32, UnsafePointer<UInt8>?, Int32, Int32, Int32, UnsafeMutablePointer<UInt8>?) -> Int32
    typealias ContextNew = @convention(c) () -> OpaquePointer?
    typealias ContextFree = @convention(c) (OpaquePointer?) -> Void
    typealias Cipher = @convention(c) () -> OpaquePointer?
    typealias CipherInit = @convention(c) (OpaquePointer?, OpaquePointer?, OpaquePointer?, UnsafePointer<UInt8>?, UnsafePointer<UInt8>?, Int32) -> Int32
    typealias SetPadding = @convention(c) (OpaquePointer?, Int32) -> Int32
    typealias CipherUpdate = @convention(c) (OpaquePointer?, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<Int32>?, UnsafePointer<UInt8>?, Int32) -> Int32
    typealias CipherFinal = @convention(c) (OpaquePointer?, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<Int32>?) -> Int32
    typealias Control = @convention(c) (OpaquePointer?, Int32, Int32, UnsafeMutableRawPointer?) -> Int32
    typealias BinaryToNumber = @convention(c) (UnsafePointer<UInt8>?, Int32, OpaquePointer?) -> OpaquePointer?
    typealias Free = @convention(c) (OpaquePointer?) -> Void
    typealias New = @convention(c) () -> OpaquePointer?
    typealias SetKey = @convention(c) (OpaquePointer?, OpaquePointer?, OpaquePointer?, OpaquePointer?) -> Int32
    typealias Assign = @convention(c) (OpaquePointer?, Int32, UnsafeMutableRawPointer?) -> Int32
    typealias KeyContextNew = @convention(c) (OpaquePointer?, OpaquePointer?) -> OpaquePointer?
    typealias KeyOperationInit = @convention(c) (OpaquePointer?) -> Int32
    typealias KeyOperation = @convention(c) (OpaquePointer?, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<Int>?, UnsafePointer<UInt8>?, Int) -> Int32
    typealias KeyControl = @convention(c) (OpaquePointer?, Int32, Int32, Int32, Int32, UnsafeMutableRawPointer?) -> Int32
    typealias Digest = @convention(c) () -> OpaquePointer?
    typealias Allocate = @convention(c) (Int, UnsafePointer<CChar>?, Int32) -> UnsafeMutableRawPointer?

    let pbkdf2SHA1: PBKDF2
    let cipherContextNew: ContextNew
    let cipherContextFree: ContextFree
    let aes256CBC: Cipher
    let cipherInit: CipherInit
    let cipherSetPadding: SetPadding
    let cipherUpdate: CipherUpdate
    let cipherFinal: CipherFinal
    let aes256GCM: Cipher
    /// AES in CTR mode with 128-, 192- and 256-bit keys, as OpenSSH's `aes128-ctr`, `aes192-ctr`
    /// and `aes256-ctr` (the counter is the whole 16-byte IV, big-endian).
    let aes128CTR: Cipher
    let aes192CTR: Cipher
    let aes256CTR: Cipher
    let cipherControl: Control
    let numberFromBinary: BinaryToNumber
    /// `BN_clear_free`: numbers are zeroed as they are freed.
    let numberFree: Free
    let rsaNew: New
    let rsaSetKey: SetKey
    let rsaFree: Free
    let keyNew: New
    let keyAssign: Assign
    /// `EVP_PKEY_free`: frees the RSA key it owns, which clears its numbers.
    let keyFree: Free
    let keyContextNew: KeyContextNew
    let keyContextFree: Free
    let encryptInit: KeyOperationInit
    let encrypt: KeyOperation
    let decryptInit: KeyOperationInit
    let decrypt: KeyOperation
    let keyControl: KeyControl
    let sha256: Digest
    let allocate: Allocate

    /// The names tried in order: OpenSSL 3 (Debian 12+, Ubuntu 22.04+, Fedora, Alpine), the
    /// unversioned development link, then OpenSSL 1.1.
    static let libraryNames = ["libcrypto.so.3", "libcrypto.so", "libcrypto.so.1.1"]

    /// The outcome of the one attempt to load, made on first use (a `static let` runs once,
    /// whichever thread comes first).
    private static let attempt: (library: LibCrypto?, problem: String) = load(libraryNames)

    /// The loaded library.
    ///
    /// - Throws: ``CryptoError/Kind/unavailable`` naming what is missing and how to install it.
    static func loaded() throws(CryptoError) -> LibCrypto {
        if let library = attempt.library { return library }
        throw unavailable(attempt.problem)
    }

    /// The error for a machine without a usable libcrypto.
    static func unavailable(_ problem: String) -> CryptoError {
        CryptoError(
            .unavailable,
            "RNCryptor and sops files, ssh-rsa keys and passphrase-protected OpenSSH keys need AES, RSA (and RNCryptor's PBKDF2-SHA1) from OpenSSL's libcrypto, which could not be loaded (\(problem)); install it (Debian and Ubuntu: apt-get install libssl3; Fedora: dnf install openssl-libs; Alpine: apk add libcrypto3)"
        )
    }

    /// Tries `names` in order; the first library that has every function is kept open.
    static func load(_ names: [String]) -> (library: LibCrypto?, problem: String) {
        var problems: [String] = []
        for name in names {
            guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
                problems.append(dlerror().map { String(cString: $0) } ?? "\(name): cannot be opened")
                continue
            }
            var missing: [String] = []
            func symbol<T>(_ symbolName: String, as type: T.Type) -> T? {
                guard let pointer = dlsym(handle, symbolName) else {
                    missing.append(symbolName)
                    return nil
                }
                return unsafeBitCast(pointer, to: type)
            }
            let pbkdf2 = symbol("PKCS5_PBKDF2_HMAC_SHA1", as: PBKDF2.self)
            let new = symbol("EVP_CIPHER_CTX_new", as: ContextNew.self)
            let free = symbol("EVP_CIPHER_CTX_free", as: ContextFree.self)
            let cipher = symbol("EVP_aes_256_cbc", as: Cipher.self)
            let initialize = symbol("EVP_CipherInit_ex", as: CipherInit.self)
            let padding = symbol("EVP_CIPHER_CTX_set_padding", as: SetPadding.self)
            let update = symbol("EVP_CipherUpdate", as: CipherUpdate.self)
            let final = symbol("EVP_CipherFinal_ex", as: CipherFinal.self)
            let gcm = symbol("EVP_aes_256_gcm", as: Cipher.self)
            let ctr128 = symbol("EVP_aes_128_ctr", as: Cipher.self)
            let ctr192 = symbol("EVP_aes_192_ctr", as: Cipher.self)
            let ctr256 = symbol("EVP_aes_256_ctr", as: Cipher.self)
            let control = symbol("EVP_CIPHER_CTX_ctrl", as: Control.self)
            let bin2bn = symbol("BN_bin2bn", as: BinaryToNumber.self)
            let bnFree = symbol("BN_clear_free", as: Free.self)
            let rsaNew = symbol("RSA_new", as: New.self)
            let rsaSetKey = symbol("RSA_set0_key", as: SetKey.self)
            let rsaFree = symbol("RSA_free", as: Free.self)
            let keyNew = symbol("EVP_PKEY_new", as: New.self)
            let keyAssign = symbol("EVP_PKEY_assign", as: Assign.self)
            let keyFree = symbol("EVP_PKEY_free", as: Free.self)
            let keyContextNew = symbol("EVP_PKEY_CTX_new", as: KeyContextNew.self)
            let keyContextFree = symbol("EVP_PKEY_CTX_free", as: Free.self)
            let encryptInit = symbol("EVP_PKEY_encrypt_init", as: KeyOperationInit.self)
            let encrypt = symbol("EVP_PKEY_encrypt", as: KeyOperation.self)
            let decryptInit = symbol("EVP_PKEY_decrypt_init", as: KeyOperationInit.self)
            let decrypt = symbol("EVP_PKEY_decrypt", as: KeyOperation.self)
            let keyControl = symbol("EVP_PKEY_CTX_ctrl", as: KeyControl.self)
            let sha256 = symbol("EVP_sha256", as: Digest.self)
            let allocate = symbol("CRYPTO_malloc", as: Allocate.self)
            if let pbkdf2, let new, let free, let cipher, let initialize, let padding, let update, let final, let gcm, let ctr128, let ctr192, let ctr256,
                let control,
                let bin2bn, let bnFree, let rsaNew, let rsaSetKey, let rsaFree, let keyNew, let keyAssign, let keyFree,
                let keyContextNew, let keyContextFree, let encryptInit, let encrypt, let decryptInit, let decrypt, let keyControl,
                let sha256, let allocate
            {
                return (
                    LibCrypto(
                        pbkdf2SHA1: pbkdf2, cipherContextNew: new, cipherContextFree: free, aes256CBC: cipher, cipherInit: initialize,
                        cipherSetPadding: padding, cipherUpdate: update, cipherFinal: final, aes256GCM: gcm, aes128CTR: ctr128, aes192CTR: ctr192,
                        aes256CTR: ctr256, cipherControl: control,
                        numberFromBinary: bin2bn, numberFree: bnFree, rsaNew: rsaNew, rsaSetKey: rsaSetKey, rsaFree: rsaFree,
                        keyNew: keyNew, keyAssign: keyAssign, keyFree: keyFree, keyContextNew: keyContextNew,
                        keyContextFree: keyContextFree, encryptInit: encryptInit, encrypt: encrypt, decryptInit: decryptInit,
                        decrypt: decrypt, keyControl: keyControl, sha256: sha256, allocate: allocate), ""
                )
            }
            problems.append("\(name) lacks \(missing.joined(separator: ", "))")
            dlclose(handle)
        }
        return (nil, problems.joined(separator: "; "))
    }
}
#endif
