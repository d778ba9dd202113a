import CSodium
import JSONParsing

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension SopsFile {
    /// What writing a sops file needs: its data key, the `"sops"` metadata to write (recipients
    /// and options), and the values the file held under that key, whose ciphertext an unchanged
    /// value keeps.
    ///
    /// ``init(to:)`` makes a new file's; `edit`, `set` and `unset` keep the one the file was
    /// opened with; `rekey` changes its recipients (`changingRecipients(to:rotatingDataKey:)`).
    public struct Seal: Sendable {
        /// The file as it was (values and metadata), or for a new key an empty tree with the
        /// metadata to write.
        package let file: SopsFile
        package let dataKey: SecretBytes

        package init(file: SopsFile, dataKey: SecretBytes) {
            self.file = file
            self.dataKey = dataKey
        }

        /// A new sops file's seal: a random 32-byte data key sealed to each of `recipients` on its
        /// own (an armored age file each, as sops writes them), and sops's defaults: every value
        /// encrypted except under a key ending in `_unencrypted`.
        ///
        /// - Throws: ``CryptoError/Kind/secretUnavailable`` for no recipient or a passphrase
        ///   (sops seals its data key to recipients); what a recipient's wrap throws.
        public init(to recipients: [any FileKeyRecipient]) throws(CryptoError) {
            try Sodium.ensureInitialized()
            let key = SecretBytes(count: SopsCipher.keyLength) { randombytes_buf($0.baseAddress!, $0.count) }
            var metadata = JSONObject()
            metadata["age"] = try Self.sealedKeys(key, to: recipients, keeping: [])
            // Placeholders, in the place sops writes them; every write sets both.
            metadata["lastmodified"] = .string("")
            metadata["mac"] = .string("")
            metadata["unencrypted_suffix"] = .string("_unencrypted")
            metadata["version"] = .string(SopsFile.writtenVersion)
            self.init(file: try SopsFile(tree: JSONObject(), metadata: metadata), dataKey: key)
        }

        /// This seal with the data key sealed to `recipients` instead, in that order. A recipient
        /// the file already lists keeps its sealed key as written, so a diff shows only who came
        /// and went. With `rotatingDataKey`, a new data key is made and sealed to every recipient,
        /// and every value gets new ciphertext: what removing a recipient needs, since they knew
        /// the old key (sops's `rotate`).
        ///
        /// - Throws: ``CryptoError/Kind/secretUnavailable`` for no recipient or a passphrase, or
        ///   a rotation of a file whose data key is also held by KMS, PGP or another key type
        ///   envtool cannot seal to (they would be locked out).
        package func changingRecipients(to recipients: [any FileKeyRecipient], rotatingDataKey: Bool) throws(CryptoError) -> Seal {
            var metadata = file.metadata.object
            if rotatingDataKey {
                guard file.metadata.otherKeyTypes.isEmpty else {
                    throw CryptoError(
                        .secretUnavailable,
                        "this sops file's data key is also sealed to \(file.metadata.otherKeyTypes.joined(separator: ", ")), which envtool cannot seal a new data key to; change its recipients with `sops rotate` and `sops updatekeys`"
                    )
                }
                try Sodium.ensureInitialized()
                let key = SecretBytes(count: SopsCipher.keyLength) { randombytes_buf($0.baseAddress!, $0.count) }
                metadata["age"] = try Self.sealedKeys(key, to: recipients, keeping: [])
                return Seal(file: try SopsFile(tree: JSONObject(), metadata: metadata), dataKey: key)
            }
            metadata["age"] = try Self.sealedKeys(dataKey, to: recipients, keeping: file.metadata.ageKeys)
            return Seal(file: try SopsFile(tree: file.tree, metadata: metadata), dataKey: dataKey)
        }

        /// The recipients the data key is sealed to, as the file names them (`age1…`).
        public var recipients: [String] { file.metadata.ageKeys.map(\.recipient) }

        /// For messages: "sops, 2 age recipients".
        public var displayName: String { "sops, \(EnvironmentsBin.count(file.metadata.ageKeys.count, "age recipient"))" }

        /// sops's `age` list: `key` sealed to each recipient, or the entry in `keeping` that
        /// already names it.
        private static func sealedKeys(_ key: SecretBytes, to recipients: [any FileKeyRecipient], keeping: [AgeKey]) throws(CryptoError) -> JSONValue {
            guard !recipients.isEmpty else {
                throw CryptoError(.secretUnavailable, "a sops file needs at least one age recipient to seal its data key to")
            }
            var entries: [JSONValue] = []
            var named = Set<String>()
            for recipient in recipients where named.insert(recipient.displayName).inserted {
                guard !(recipient is ScryptRecipient) else {
                    throw CryptoError(.secretUnavailable, "a sops file seals its data key to age recipients, not to a passphrase; give --recipient or -R")
                }
                let enc: String
                if let kept = keeping.first(where: { $0.recipient == recipient.displayName }) {
                    enc = kept.enc
                } else {
                    do throws(AgeError) {
                        enc = String(decoding: try AgeFile.encrypt(key, to: [recipient], armored: true), as: UTF8.self)
                    } catch {
                        throw error.cryptoError
                    }
                }
                entries.append(.object(["recipient": .string(recipient.displayName), "enc": .string(enc)]))
            }
            return .array(entries)
        }
    }

    /// The sops version a new file names: the layout envtool writes is sops 3.11's.
    static let writtenVersion = "3.11.0"

    /// `plaintext` (an environments document) as a sops file under `seal`, as sops's `set`
    /// writes it: a value whose plaintext and path are unchanged keeps its ciphertext byte for
    /// byte (sops keeps its nonce for the same reason), a changed or new one is encrypted with a
    /// new random nonce. When no value changed, `lastmodified` and the MAC stay as they were (a
    /// change of recipients alone is then a diff of the `"sops"` object's list); otherwise
    /// `lastmodified` is now and the MAC is over the new values.
    ///
    /// - Throws: ``CryptoError/Kind/malformedFile`` for a document that is not a JSON object or
    ///   that has its own `"sops"` member; ``CryptoError/Kind/unavailable`` when libcrypto fails.
    package static func encrypt(_ plaintext: SecretBytes, with seal: Seal) throws(CryptoError) -> Data {
        let parsed: JSONValue? = plaintext.withUnsafeBytes { raw in
            var parser = JSONParser(bytes: raw.bindMemory(to: UInt8.self))
            return try? parser.parseDocument()
        }
        guard case .object(let document)? = parsed else {
            throw CryptoError(.malformedFile, "the document to encrypt as sops is not a JSON object")
        }
        guard document.index(forKey: metadataKey) == nil else {
            throw CryptoError(.malformedFile, "the document has a top-level \"sops\" member, which a sops file keeps for its metadata; rename it")
        }
        var walk = SopsWalk(file: seal.file, key: seal.dataKey)
        var members: [(String, JSONValue)] = []
        for member in document {
            members.append((member.key, try walk.encrypt(member.value, old: seal.file.tree[member.key], path: [member.key])))
        }
        var sops = seal.file.metadata.object
        let hex = walk.macHex()
        if !walk.storedMAC(is: hex) {
            let lastModified = Date().formatted(.iso8601)
            sops["lastmodified"] = .string(lastModified)
            sops["mac"] = .string(try walk.sealMAC(hex, lastModified: lastModified))
        }
        members.append((metadataKey, .object(sops)))
        var output: [UInt8] = []
        SopsLayout.write(.object(JSONObject(members)), to: &output, indent: 0)
        output.append(UInt8(ascii: "\n"))
        return Data(output)
    }
}

extension SopsWalk {
    /// `value` encrypted as sops does, reusing the ciphertext in `old` (the same path in the
    /// file as it was) when it holds the same plaintext and type.
    mutating func encrypt(_ value: JSONValue, old: JSONValue?, path: [String]) throws(CryptoError) -> JSONValue {
        switch value {
        case .object(let object):
            var oldObject: JSONObject?
            if case .object(let previous)? = old { oldObject = previous }
            var members: [(String, JSONValue)] = []
            members.reserveCapacity(object.count)
            for member in object {
                members.append((member.key, try encrypt(member.value, old: oldObject?[member.key], path: path + [member.key])))
            }
            return .object(JSONObject(members))
        case .array(let elements):
            var oldElements: [JSONValue] = []
            if case .array(let previous)? = old { oldElements = previous }
            var encrypted: [JSONValue] = []
            encrypted.reserveCapacity(elements.count)
            for (position, element) in elements.enumerated() {
                encrypted.append(try encrypt(element, old: position < oldElements.count ? oldElements[position] : nil, path: path))
            }
            return .array(encrypted)
        case .null:
            return .null
        default:
            break
        }
        guard file.encrypts(path) else {
            if !file.metadata.macOnlyEncrypted { try add(SopsScalar.macBytes(of: value)) }
            return value
        }
        guard let (plaintext, type) = SopsScalar.encode(value) else { return value }
        try add(SopsScalar.macBytes(of: value))
        // sops leaves an empty string as it is.
        if plaintext.isEmpty { return .string("") }
        let additionalData = SopsFile.additionalData(for: path)
        if case .string(let text)? = old, let previous = SopsValue(text), previous.type == type,
            let same = try? unchanged(previous, plaintext: plaintext, additionalData: additionalData), same
        {
            return .string(text)
        }
        return .string(try seal(plaintext, type: type, additionalData: additionalData).text)
    }

    /// The MAC `hex` (``macHex()``), encrypted with `lastModified` as the additional data.
    func sealMAC(_ hex: String, lastModified: String) throws(CryptoError) -> String {
        try seal(Array(hex.utf8), type: "str", additionalData: Array(lastModified.utf8)).text
    }

    /// Whether the file's stored MAC opens under this walk's key and is `hex`: then no value
    /// changed, and the MAC and `lastmodified` can stay as they are.
    func storedMAC(is hex: String) -> Bool {
        guard let stored = SopsValue(file.metadata.mac), stored.type == "str" else { return false }
        let bytes = Array(hex.utf8)
        return (try? unchanged(stored, plaintext: bytes, additionalData: Array(file.metadata.lastModified.utf8))) == true
    }

    /// Whether `previous` decrypts under `additionalData` to `plaintext`.
    private func unchanged(_ previous: SopsValue, plaintext: [UInt8], additionalData: [UInt8]) throws(CryptoError) -> Bool {
        guard previous.data.count == plaintext.count else { return false }
        let opened = try SecretBytes(count: previous.data.count) { (output) throws(CryptoError) in
            let verified = try key.withUnsafeBytes { (key) throws(CryptoError) in
                try SopsCipher.open(key: key, nonce: previous.nonce, ciphertext: previous.data, tag: previous.tag, additionalData: additionalData, into: output)
            }
            if !verified { sodium_memzero(output.baseAddress!, output.count) }
        }
        return opened.withUnsafeBytes { bytes in bytes.count == plaintext.count && sodium_memcmp(bytes.baseAddress!, plaintext, plaintext.count) == 0 }
    }

    private func seal(_ plaintext: [UInt8], type: String, additionalData: [UInt8]) throws(CryptoError) -> SopsValue {
        var nonce = [UInt8](repeating: 0, count: SopsCipher.nonceLength)
        randombytes_buf(&nonce, nonce.count)
        let sealed = try key.withUnsafeBytes { (key) throws(CryptoError) in
            try plaintext.withBytes { (raw) throws(CryptoError) in
                try SopsCipher.seal(key: key, nonce: nonce, plaintext: raw, additionalData: additionalData)
            }
        }
        return SopsValue(data: sealed.ciphertext, nonce: nonce, tag: sealed.tag, type: type)
    }
}

/// The layout sops's JSON store writes (Go's `json.Indent` with a tab): `"key": value`, one
/// member or element per line, `[]` and `{}` when empty.
enum SopsLayout {
    static func write(_ value: JSONValue, to output: inout [UInt8], indent: Int) {
        switch value {
        case .object(let object) where !object.isEmpty:
            output.append(UInt8(ascii: "{"))
            for (position, member) in object.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                newline(indent + 1, &output)
                JSONValue.writeQuoted(member.key, to: &output)
                output += Array(": ".utf8)
                write(member.value, to: &output, indent: indent + 1)
            }
            newline(indent, &output)
            output.append(UInt8(ascii: "}"))
        case .array(let elements) where !elements.isEmpty:
            output.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                newline(indent + 1, &output)
                write(element, to: &output, indent: indent + 1)
            }
            newline(indent, &output)
            output.append(UInt8(ascii: "]"))
        default:
            value.write(to: &output)
        }
    }

    private static func newline(_ indent: Int, _ output: inout [UInt8]) {
        output.append(UInt8(ascii: "\n"))
        for _ in 0..<indent { output.append(UInt8(ascii: "\t")) }
    }
}
