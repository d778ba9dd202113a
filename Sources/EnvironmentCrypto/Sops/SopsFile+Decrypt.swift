import CSodium
import JSONParsing

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension SopsFile {
    /// The age header stanzas of every recipient's sealed data key, in order, read without a
    /// secret: what chooses the identities to ask for, as for an age file.
    ///
    /// - Throws: ``CryptoError/Kind/secretUnavailable`` when the data key is sealed to no age
    ///   recipient (only to KMS, PGP, …), ``CryptoError/Kind/malformedFile`` for an `enc` that is
    ///   not an armored age file.
    package func ageSummary() throws(CryptoError) -> AgeFile.Summary {
        guard !metadata.ageKeys.isEmpty else {
            let others = metadata.otherKeyTypes.isEmpty ? "no key at all" : "only to \(metadata.otherKeyTypes.joined(separator: ", "))"
            throw CryptoError(
                .secretUnavailable,
                "this sops file's data key is sealed to no age recipient (\(others)); envtool reads sops files with age recipients: add one with `sops updatekeys` or `sops --add-age`"
            )
        }
        var types: [String] = []
        for (position, key) in metadata.ageKeys.enumerated() {
            do throws(AgeError) {
                types += try AgeFile.inspect(Data(key.enc.utf8)).stanzaTypes
            } catch {
                throw CryptoError(
                    .malformedFile, "\"sops\".age[\(position)].enc is not an armored age file: \(error.message)",
                    line: line(of: JSONPath().appending(key: Self.metadataKey).appending(key: "age").appending(index: position)))
            }
        }
        return AgeFile.Summary(isArmored: true, stanzaTypes: types)
    }

    /// The data key, unsealed by the first of `identities` that opens one recipient's `enc`.
    ///
    /// - Throws: ``CryptoError/Kind/authenticationFailed`` when none does (naming the
    ///   recipients, which are public), ``CryptoError/Kind/malformedFile`` for a data key that is
    ///   not 32 bytes.
    package func dataKey(with identities: [any FileKeyIdentity]) throws(CryptoError) -> (key: SecretBytes, identity: any FileKeyIdentity, stanzas: [AgeStanza])
    {
        var last: AgeError?
        for key in metadata.ageKeys {
            do throws(AgeError) {
                let opened = try AgeFile.open(Data(key.enc.utf8), with: identities, encoding: .armored)
                guard opened.plaintext.count == SopsCipher.keyLength else {
                    throw AgeError(.payloadFailure, "the data key sealed to \(key.recipient) is \(opened.plaintext.count) bytes, not \(SopsCipher.keyLength)")
                }
                return (opened.plaintext, opened.identity, opened.stanzas)
            } catch  where error.kind == .noMatch {
                last = error
            } catch {
                throw error.cryptoError
            }
        }
        let recipients = metadata.ageKeys.map(\.recipient).joined(separator: ", ")
        if let last, metadata.ageKeys.count == 1 { throw last.cryptoError }
        throw CryptoError(.authenticationFailed, "none of the identities given opens this sops file's data key; it is sealed to \(recipients)")
    }

    /// The document, every value decrypted and authenticated: each value against its path, then
    /// all of them, in order, against the file's MAC. Nothing is returned unless all verify.
    ///
    /// - Throws: ``CryptoError/Kind/authenticationFailed`` naming the value's path and line when
    ///   a value does not decrypt under its own path (changed, or moved from another key) or the
    ///   MAC does not match (a value changed, added, removed or reordered);
    ///   ``CryptoError/Kind/malformedFile`` for a value that should be encrypted and is not in
    ///   sops's form.
    package func decrypt(with key: SecretBytes) throws(CryptoError) -> JSONValue {
        var walk = SopsWalk(file: self, key: key)
        var members: [(String, JSONValue)] = []
        members.reserveCapacity(tree.count)
        for member in tree {
            members.append((member.key, try walk.decrypt(member.value, path: [member.key])))
        }
        try walk.verifyMAC()
        return .object(JSONObject(members))
    }

    /// The additional data sops binds a value to: its keys joined with `:`, with a trailing `:`
    /// (array elements take their array's path).
    static func additionalData(for path: [String]) -> [UInt8] {
        var bytes: [UInt8] = []
        for component in path {
            bytes += component.utf8
            bytes.append(UInt8(ascii: ":"))
        }
        return bytes
    }

    /// Whether sops encrypts the value at `path`: every one, except under a key that ends with
    /// `unencrypted_suffix`, or, when `encrypted_suffix` is set, only under one that ends with it.
    func encrypts(_ path: [String]) -> Bool {
        if !metadata.encryptedSuffix.isEmpty { return path.contains { $0.hasSuffix(metadata.encryptedSuffix) } }
        if !metadata.unencryptedSuffix.isEmpty { return !path.contains { $0.hasSuffix(metadata.unencryptedSuffix) } }
        return true
    }

    /// A JSON path for locating `path` in messages (array indexes are not part of sops's paths).
    static func jsonPath(_ path: [String]) -> JSONPath {
        path.reduce(JSONPath()) { $0.appending(key: $1) }
    }

    /// `path` as messages show it: `variables:Debug:base_url`.
    static func display(_ path: [String]) -> String { path.joined(separator: ":") }
}

/// One pass over a sops tree: decrypts each value and feeds its bytes, in sops's spelling, to
/// the SHA-512 the MAC is over.
struct SopsWalk: ~Copyable {
    let file: SopsFile
    let key: SecretBytes
    private var hash = crypto_hash_sha512_state()

    init(file: SopsFile, key: SecretBytes) {
        self.file = file
        self.key = key
        crypto_hash_sha512_init(&hash)
        if file.metadata.macOnlyEncrypted {
            // sops starts such a MAC with SHA-256("sops"), so that it differs from one over all values.
            var initial = SopsWalk.macOnlyEncryptedInitialization
            crypto_hash_sha512_update(&hash, &initial, UInt64(initial.count))
        }
    }

    /// sops's `MACOnlyEncryptedInitialization`: SHA-256 of "sops".
    static let macOnlyEncryptedInitialization: [UInt8] = [
        0x8a, 0x3f, 0xd2, 0xad, 0x54, 0xce, 0x66, 0x52, 0x7b, 0x10, 0x34, 0xf3, 0xd1, 0x47, 0xbe, 0x0b,
        0x0b, 0x97, 0x5b, 0x3b, 0xf4, 0x4f, 0x72, 0xc6, 0xfd, 0xad, 0xec, 0x81, 0x76, 0xf2, 0x7d, 0x69,
    ]

    mutating func decrypt(_ value: JSONValue, path: [String]) throws(CryptoError) -> JSONValue {
        switch value {
        case .object(let object):
            var members: [(String, JSONValue)] = []
            members.reserveCapacity(object.count)
            for member in object { members.append((member.key, try decrypt(member.value, path: path + [member.key]))) }
            return .object(JSONObject(members))
        case .array(let elements):
            var decrypted: [JSONValue] = []
            decrypted.reserveCapacity(elements.count)
            for element in elements { decrypted.append(try decrypt(element, path: path)) }
            return .array(decrypted)
        case .null:
            // sops leaves null as it is and keeps it out of the MAC.
            return .null
        default:
            break
        }
        let encrypted = file.encrypts(path)
        guard encrypted else {
            if !file.metadata.macOnlyEncrypted { try add(SopsScalar.macBytes(of: value)) }
            return value
        }
        guard case .string(let text) = value else {
            throw CryptoError(
                .malformedFile,
                "the value at \(SopsFile.display(path)) is \(value.typeName) in clear where sops keeps an encrypted string; it was edited outside sops or envtool",
                line: file.line(of: SopsFile.jsonPath(path)))
        }
        // sops does not encrypt an empty string, and it adds nothing to the MAC.
        if text.isEmpty { return value }
        guard let sealed = SopsValue(text) else {
            throw CryptoError(
                .malformedFile,
                "the value at \(SopsFile.display(path)) is not encrypted in sops's form (ENC[AES256_GCM,data:…,iv:…,tag:…,type:…]); it was edited outside sops or envtool",
                line: file.line(of: SopsFile.jsonPath(path)))
        }
        let plaintext = try open(sealed, additionalData: SopsFile.additionalData(for: path), path: path)
        let decoded = try plaintext.withUnsafeBytes { (bytes) throws(CryptoError) in
            try SopsScalar.decode(bytes, type: sealed.type, at: SopsFile.display(path), line: { file.line(of: SopsFile.jsonPath(path)) })
        }
        try add(decoded.macBytes)
        return decoded.value
    }

    /// The MAC: sops's is the uppercase hex of the SHA-512, encrypted with `lastmodified` as the
    /// additional data.
    mutating func verifyMAC() throws(CryptoError) {
        let computed = Array(macHex().utf8)
        let macPath = [SopsFile.metadataKey, "mac"]
        guard let sealed = SopsValue(file.metadata.mac), sealed.type == "str" else {
            throw CryptoError(
                .malformedFile, "the file's MAC (\"sops\".mac) is not an encrypted string in sops's form", line: file.line(of: SopsFile.jsonPath(macPath)))
        }
        let stored = try open(sealed, additionalData: Array(file.metadata.lastModified.utf8), path: macPath)
        let matches = stored.withUnsafeBytes { stored in stored.count == computed.count && zip(stored, computed).allSatisfy { $0 == $1 } }
        guard matches else {
            throw CryptoError(
                .authenticationFailed,
                "the file's MAC does not match its values: a value was changed, added, removed or reordered without the data key; nothing was decrypted",
                line: file.line(of: SopsFile.jsonPath(macPath)))
        }
    }

    /// The uppercase hex SHA-512 of the values walked (sops's `fmt.Sprintf("%X", …)`); ends the hash.
    mutating func macHex() -> String {
        var digest = [UInt8](repeating: 0, count: Int(crypto_hash_sha512_BYTES))
        crypto_hash_sha512_final(&hash, &digest)
        return digest.map { byte in String(byte, radix: 16, uppercase: true) }.map { $0.count == 1 ? "0" + $0 : $0 }.joined()
    }

    mutating func add(_ bytes: [UInt8]) throws(CryptoError) {
        var bytes = bytes
        crypto_hash_sha512_update(&hash, &bytes, UInt64(bytes.count))
        sodium_memzero(&bytes, bytes.count)
    }

    private func open(_ sealed: SopsValue, additionalData: [UInt8], path: [String]) throws(CryptoError) -> SecretBytes {
        try SecretBytes(count: sealed.data.count) { (output) throws(CryptoError) in
            let verified = try key.withUnsafeBytes { (key) throws(CryptoError) in
                try SopsCipher.open(key: key, nonce: sealed.nonce, ciphertext: sealed.data, tag: sealed.tag, additionalData: additionalData, into: output)
            }
            guard verified else {
                let what =
                    path.first == SopsFile.metadataKey
                    ? "the file's MAC does not decrypt under its lastmodified time: the MAC or \"sops\".lastmodified was changed"
                    : "the value at \(SopsFile.display(path)) does not decrypt under its own path: it was changed, or moved from another key"
                throw CryptoError(.authenticationFailed, "\(what); nothing was decrypted", line: file.line(of: SopsFile.jsonPath(path)))
            }
        }
    }
}
