import CSodium
import JSONParsing
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension SopsFile {
    /// What writing a sops file again needs: the file as it was read and its data key.
    public struct Reseal: Sendable {
        package let file: SopsFile
        package let dataKey: SecretBytes

        package init(file: SopsFile, dataKey: SecretBytes) {
            self.file = file
            self.dataKey = dataKey
        }

        /// For messages: "sops, 2 age recipients".
        public var displayName: String { "sops, \(EnvironmentsBin.count(file.metadata.ageKeys.count, "age recipient"))" }
    }

    /// `plaintext` (an environments document) as this sops file again, as sops's `set` writes it:
    /// a value whose plaintext and path are unchanged keeps its ciphertext byte for byte (sops
    /// keeps its nonce for the same reason), a changed or new one is encrypted with a new random
    /// nonce; the data key and its recipients stay, `lastmodified` is now and the MAC is over
    /// the new values. So a diff of the file shows which values changed, and nothing else.
    ///
    /// - Throws: ``CryptoError/Kind/malformedFile`` for a document that is not a JSON object or
    ///   that has its own `"sops"` member; ``CryptoError/Kind/unavailable`` when libcrypto fails.
    package static func reseal(_ plaintext: SecretBytes, with seal: Reseal) throws(CryptoError) -> Data {
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
        let lastModified = Date().formatted(.iso8601)
        let mac = try walk.sealMAC(lastModified: lastModified)
        var sops = seal.file.metadata.object
        sops["lastmodified"] = .string(lastModified)
        sops["mac"] = .string(mac)
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
           let same = try? unchanged(previous, plaintext: plaintext, additionalData: additionalData), same {
            return .string(text)
        }
        return .string(try seal(plaintext, type: type, additionalData: additionalData).text)
    }

    /// The MAC of the values walked, encrypted with `lastModified` as the additional data.
    mutating func sealMAC(lastModified: String) throws(CryptoError) -> String {
        let hex = Array(macHex().utf8)
        return try seal(hex, type: "str", additionalData: Array(lastModified.utf8)).text
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
