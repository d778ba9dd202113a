import CSodium

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension EnvironmentsBin {
    /// The facts of a file's header: everything `envtool inspect` shows. None of it is secret.
    ///
    /// A v1 header has ``v1Mode`` and ``modeFields``; an age header has ``age``, its stanza types;
    /// an RNCryptor header has ``rncryptor``. ``stanzaTypes`` describes them alike, which is how a
    /// caller picks the identities to try.
    public struct Header: Sendable {
        /// The fields that follow a v1 header's key mode byte, one case per mode. Frozen with the
        /// modes: a new key backend is an age stanza.
        public enum ModeFields: Sendable, Hashable {
            /// Key-file mode: the fingerprint of the key.
            case key(fingerprint: [UInt8])
            /// Passphrase mode: the Argon2id cost and the salt.
            case passphrase(kdf: KDFParameters, salt: [UInt8])
            /// Recipient mode: the recipient's fingerprint and the encrypter's ephemeral public key.
            case recipient(fingerprint: [UInt8], ephemeralPublicKey: [UInt8])
        }

        /// The format version (1 for an age v1 file too).
        public let version: UInt8
        /// The v1 key mode; `nil` for an age file.
        public let v1Mode: Mode?
        /// The v1 mode-specific fields; `nil` for an age file.
        public let modeFields: ModeFields?
        /// The age summary (stanza types, armor) when the file is an age v1 file, `nil` for the
        /// v1 format.
        public let age: AgeFile.Summary?
        /// The RNCryptor summary (password or keys, lengths) when the file is an RNCryptor v3
        /// file, `nil` otherwise.
        /// The parsed sops file when the file is one (``SopsFile``): its ``age`` summary then
        /// lists the stanzas of the data key sealed to each recipient.
        package let sops: SopsFile?
        public let rncryptor: RNCryptorFile.Summary?
        /// The length of the header, nonce included: the associated data of the AEAD.
        /// 0 for an age file, whose header and payload are read as a stream; an RNCryptor file's
        /// header (version, options, salts, IV).
        public let length: Int
        /// The length of the encrypted document, authentication tag excluded. 0 for an age file;
        /// an RNCryptor file's ciphertext, padding included.
        public let plaintextLength: Int

        /// The key or recipient fingerprint (v1 key and recipient modes).
        public var fingerprint: [UInt8]? {
            if case .key(let fingerprint)? = modeFields { return fingerprint }
            if case .recipient(let fingerprint, _)? = modeFields { return fingerprint }
            return nil
        }

        /// The Argon2id parameters (v1 passphrase mode).
        public var kdf: KDFParameters? {
            if case .passphrase(let kdf, _)? = modeFields { return kdf }
            return nil
        }

        /// Parses the header of `data`, in this format, an age v1 file (binary or armored) or an
        /// RNCryptor file.
        ///
        /// - Throws: ``CryptoError`` of kind ``CryptoError/Kind/malformedFile``: not an
        ///   `environments.bin`, truncated header, unknown version or mode, Argon2id parameters
        ///   beyond what `--kdf sensitive` uses, a malformed age header or armor, an RNCryptor
        ///   file of another version or options, or truncated (``RNCryptorFile/Summary/init(parsing:)``).
        public init(parsing data: Data) throws(CryptoError) {
            if AgeFile.isAgeFile(data) {
                do throws(AgeError) {
                    self.init(age: try AgeFile.inspect(data))
                } catch {
                    throw error.cryptoError
                }
                return
            }
            if SopsFile.isSopsFile(data) {
                let file = try SopsFile(parsing: data)
                self.init(sops: file, summary: try file.ageSummary())
                return
            }
            self = try data.withBytes { (raw) throws(CryptoError) in
                if RNCryptorFile.isRNCryptorFile(raw) { return Header(rncryptor: try RNCryptorFile.Summary(parsing: raw)) }
                return try Header(parsing: raw)
            }
        }

        /// The header of an age file, from its summary.
        init(age summary: AgeFile.Summary) {
            version = 1
            v1Mode = nil
            modeFields = nil
            age = summary
            rncryptor = nil
            sops = nil
            length = 0
            plaintextLength = 0
        }

        /// The header of an RNCryptor file, from its summary.
        init(sops file: SopsFile, summary: AgeFile.Summary) {
            version = 1
            v1Mode = nil
            modeFields = nil
            age = summary
            rncryptor = nil
            sops = file
            length = 0
            plaintextLength = 0
        }

        init(rncryptor summary: RNCryptorFile.Summary) {
            version = RNCryptorFile.version
            v1Mode = nil
            modeFields = nil
            age = nil
            rncryptor = summary
            sops = nil
            length = summary.headerLength
            plaintextLength = summary.ciphertextLength
        }

        /// Parses the v1 header at the start of `file` (``V1Header``).
        init(parsing file: UnsafeRawBufferPointer) throws(CryptoError) {
            self.init(v1: try V1Header(parsing: file), in: file)
        }

        /// The header of a v1 file, from its own fields and the file they were parsed from.
        init(v1 header: V1Header, in file: UnsafeRawBufferPointer) {
            let fileLength = file.count
            version = header.version
            v1Mode = header.mode
            modeFields = header.modeFields(in: file)
            age = nil
            rncryptor = nil
            sops = nil
            length = header.length
            plaintextLength = max(0, fileLength - header.length - EnvironmentsBin.tagLength)
        }
    }

    /// A v1 header's own fields, parsed at the start of a file in place. Decrypting a small
    /// document costs about a microsecond, and a whole ``Header`` (with the optional summaries of
    /// the other formats to copy and destroy, and its fields copied into arrays) was a tenth of
    /// that: ``decrypt(_:with:)`` reads this, and compares a key's fingerprint in place.
    struct V1Header {
        let version: UInt8
        let mode: Mode
        /// The length of the header, nonce included: the associated data of the AEAD.
        let length: Int
        /// Where the key or recipient fingerprint, the salt, or the ephemeral key start.
        private let fingerprintStart: Int?, saltStart: Int?, ephemeralKeyStart: Int?
        /// The Argon2id cost (passphrase mode), checked.
        private let kdf: KDFParameters?

        init(parsing file: UnsafeRawBufferPointer) throws(CryptoError) {
            var reader = HeaderReader(bytes: file)
            // Byte by byte: the generic `starts(with:)` cost 80 instructions at every open.
            guard file.count >= magic.count, (0..<magic.count).allSatisfy({ file[$0] == magic[$0] }) else {
                throw CryptoError(.malformedFile, "not an environments.bin file (it does not start with \"ENVBIN\"); encrypt JSON with `envtool encrypt`")
            }
            try reader.skip(magic.count, "magic")
            version = try reader.byte("version")
            guard version == formatVersion else {
                throw CryptoError(
                    .malformedFile, "format version \(version) is not supported by this envtool (it reads version \(formatVersion)); upgrade envtool")
            }
            let modeByte = try reader.byte("key mode")
            guard let mode = Mode(rawValue: modeByte) else {
                throw CryptoError(.malformedFile, "unknown key mode \(modeByte) (known: 1 key file, 2 passphrase, 3 recipient)")
            }
            self.mode = mode
            switch mode {
            case .key:
                (fingerprintStart, saltStart, ephemeralKeyStart, kdf) = (reader.cursor, nil, nil, nil)
                try reader.skip(Fingerprint.length, "key fingerprint")
            case .passphrase:
                let algorithm = try reader.byte("KDF algorithm")
                guard Int32(algorithm) == crypto_pwhash_ALG_ARGON2ID13 else {
                    throw CryptoError(.malformedFile, "unknown key-derivation algorithm \(algorithm) (known: \(crypto_pwhash_ALG_ARGON2ID13) Argon2id)")
                }
                let operations = UInt32(try reader.littleEndian(4, "KDF passes"))
                let memory = try reader.littleEndian(8, "KDF memory")
                kdf = try KDFParameters(operations: operations, memoryBytes: memory)
                (fingerprintStart, saltStart, ephemeralKeyStart) = (nil, reader.cursor, nil)
                try reader.skip(EnvironmentsBin.saltLength, "salt")
            case .recipient:
                (fingerprintStart, saltStart, kdf) = (reader.cursor, nil, nil)
                try reader.skip(Fingerprint.length, "recipient fingerprint")
                ephemeralKeyStart = reader.cursor
                try reader.skip(32, "ephemeral public key")
            }
            try reader.skip(EnvironmentsBin.nonceLength, "nonce")
            length = reader.cursor
        }

        /// Whether this is a key-file header whose fingerprint, in `file`, is `fingerprint`.
        func isKey(_ fingerprint: [UInt8], in file: UnsafeRawBufferPointer) -> Bool {
            guard mode == .key, let start = fingerprintStart, fingerprint.count == Fingerprint.length else { return false }
            return (0..<Fingerprint.length).allSatisfy { fingerprint[$0] == file[start + $0] }
        }

        /// The mode's fields, copied out of `file` (the one this header was parsed from).
        func modeFields(in file: UnsafeRawBufferPointer) -> Header.ModeFields {
            func bytes(_ start: Int?, _ count: Int) -> [UInt8] { Array(UnsafeRawBufferPointer(rebasing: file[start!..<start! + count])) }
            switch mode {
            case .key: return .key(fingerprint: bytes(fingerprintStart, Fingerprint.length))
            case .passphrase: return .passphrase(kdf: kdf!, salt: bytes(saltStart, EnvironmentsBin.saltLength))
            case .recipient: return .recipient(fingerprint: bytes(fingerprintStart, Fingerprint.length), ephemeralPublicKey: bytes(ephemeralKeyStart, 32))
            }
        }
    }
}

private struct HeaderReader {
    let bytes: UnsafeRawBufferPointer
    var cursor = 0

    // Inlined, with the error made out of line: six calls a header were 2% of decrypting 1 KiB.
    @inline(__always)
    mutating func skip(_ count: Int, _ what: StaticString) throws(CryptoError) {
        guard count <= bytes.count - cursor else { throw Self.truncated(what) }
        cursor += count
    }

    @inline(never)
    private static func truncated(_ what: StaticString) -> CryptoError {
        CryptoError(.malformedFile, "the file is truncated: it ends inside the header (\(what))")
    }

    @inline(__always)
    mutating func byte(_ what: StaticString) throws(CryptoError) -> UInt8 {
        try skip(1, what)
        return bytes[cursor - 1]
    }

    /// An unsigned little-endian integer of `count` bytes (at most 8).
    mutating func littleEndian(_ count: Int, _ what: StaticString) throws(CryptoError) -> UInt64 {
        let start = cursor
        try skip(count, what)
        return bytes[start..<cursor].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    }
}
