extension RNCryptorFile {
    /// What an RNCryptor header says, none of it secret: the mode and the lengths. The salts and
    /// IV are read from the file where they are when it is opened.
    public struct Summary: Sendable {
        /// Whether the keys come from a password (options `0x01`) rather than being given (`0x00`).
        public let usesPassword: Bool
        /// The length of the ciphertext between the header and the HMAC: whole AES blocks, the
        /// padding included.
        public let ciphertextLength: Int

        /// The stanza type of the file's mode (``EnvironmentsBin/Header/stanzaTypes``): a
        /// ``Passphrase`` opens `rncryptor/password`, ``RNCryptorKeys`` open `rncryptor/keys`.
        var stanzaType: String { usesPassword ? RNCryptorFile.passwordStanzaType : RNCryptorKeys.stanzaType }

        /// The header's length: version, options, salts if any, IV (``EnvironmentsBin/Header/length``).
        var headerLength: Int { usesPassword ? 34 : 18 }

        /// The salts of a password file, or `nil`, from `file` (which this summary describes).
        func salts(in file: UnsafeRawBufferPointer) -> (encryption: [UInt8], hmac: [UInt8])? {
            guard usesPassword else { return nil }
            return (Array(UnsafeRawBufferPointer(rebasing: file[2..<10])), Array(UnsafeRawBufferPointer(rebasing: file[10..<18])))
        }

        /// Parses and checks the structure of a whole RNCryptor file: its version and options, and
        /// lengths that hold a header, at least one AES block and an HMAC. Nothing is decrypted
        /// and no secret is needed.
        ///
        /// - Throws: ``CryptoError`` of kind ``CryptoError/Kind/malformedFile``: another RNCryptor
        ///   version, an unknown options byte, a file truncated inside its header or before a
        ///   whole block and HMAC, a ciphertext that is not whole blocks (truncated or extended).
        public init(parsing file: UnsafeRawBufferPointer) throws(CryptoError) {
            guard let version = file.first else {
                throw CryptoError(.malformedFile, "the file is empty")
            }
            guard version == RNCryptorFile.version else {
                throw CryptoError(
                    .malformedFile,
                    "this is an RNCryptor version \(version) file; envtool reads version 3, which RNCryptor 3 and later write (version 2 shortened passwords that are not ASCII); decrypt it with the RNCryptor that wrote it and encrypt it again"
                )
            }
            guard file.count >= 2 else {
                throw CryptoError(.malformedFile, "the file is truncated: it ends inside the RNCryptor header (options byte)")
            }
            let options = file[1]
            guard options == RNCryptorFile.passwordOption || options == RNCryptorFile.keysOption else {
                throw CryptoError(
                    .malformedFile,
                    "unknown RNCryptor options byte \(options) (known: 0 keys, 1 password): the header was modified, or this is not an RNCryptor file")
            }
            usesPassword = options == RNCryptorFile.passwordOption
            let headerLength = usesPassword ? 34 : 18
            guard file.count >= headerLength else {
                let field = usesPassword && file.count < 18 ? "salts" : "IV"
                throw CryptoError(
                    .malformedFile,
                    "the file is truncated: it ends inside the RNCryptor header (\(field)); a \(usesPassword ? "password" : "key") file's header is \(headerLength) bytes, this file has \(file.count)"
                )
            }
            let body = file.count - headerLength - RNCryptorFile.hmacLength
            guard body >= RNCryptorCipher.blockLength else {
                throw CryptoError(
                    .malformedFile,
                    "the file is truncated: after its \(headerLength)-byte header an RNCryptor file holds at least one 16-byte AES block and a 32-byte HMAC, and this one has \(file.count - headerLength) bytes"
                )
            }
            guard body % RNCryptorCipher.blockLength == 0 else {
                throw CryptoError(
                    .malformedFile,
                    "the file is truncated or extended: the \(body) bytes between its header and its 32-byte HMAC are not whole 16-byte AES blocks")
            }
            ciphertextLength = body
        }
    }

    /// The stanza type of a password file; a ``Passphrase`` opens it.
    public static var passwordStanzaType: String { "rncryptor/password" }
}
