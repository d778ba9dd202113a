/// One encrypted value of a sops file, as sops writes it:
/// `ENC[AES256_GCM,data:<base64>,iv:<base64>,tag:<base64>,type:str|int|float|bool|…]`.
///
/// The ciphertext is AES-256-GCM under the file's data key with the value's path as additional
/// data (``SopsFile/additionalData(for:)``), so a value copied to another key does not decrypt.
package struct SopsValue: Sendable, Hashable {
    package let data: [UInt8]
    package let nonce: [UInt8]
    package let tag: [UInt8]
    /// `str`, `int`, `float`, `bool`, or the types sops writes for YAML and INI (`bytes`, `time`,
    /// `comment`).
    package let type: String

    static let prefix = "ENC[AES256_GCM,data:"

    /// Parses `text`, or `nil` when it is not in sops's form (or its base64 is not valid).
    package init?(_ text: String) {
        guard text.hasPrefix(Self.prefix), text.hasSuffix("]") else { return nil }
        let body = text.utf8.dropFirst(Self.prefix.utf8.count).dropLast()
        // data, iv, tag and type are separated by ",iv:", ",tag:" and ",type:"; base64 has no comma.
        let parts = body.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
        guard parts.count == 4,
            parts[1].starts(with: "iv:".utf8), parts[2].starts(with: "tag:".utf8), parts[3].starts(with: "type:".utf8),
            let data = AgeBase64.decode(parts[0], padded: true), !data.isEmpty,
            // sops writes 32-byte nonces; more than 1 KiB is not a sops value (and libcrypto takes an int).
            let nonce = AgeBase64.decode(parts[1].dropFirst(3), padded: true), !nonce.isEmpty, nonce.count <= 1024,
            let tag = AgeBase64.decode(parts[2].dropFirst(4), padded: true), tag.count == SopsCipher.tagLength
        else { return nil }
        let type = String(decoding: parts[3].dropFirst(5), as: UTF8.self)
        guard !type.isEmpty else { return nil }
        self.data = data
        self.nonce = nonce
        self.tag = tag
        self.type = type
    }

    package init(data: [UInt8], nonce: [UInt8], tag: [UInt8], type: String) {
        self.data = data
        self.nonce = nonce
        self.tag = tag
        self.type = type
    }

    /// The value in sops's form.
    package var text: String {
        func encoded(_ bytes: [UInt8]) -> String { String(decoding: AgeBase64.encode(bytes, padded: true), as: UTF8.self) }
        return "ENC[AES256_GCM,data:\(encoded(data)),iv:\(encoded(nonce)),tag:\(encoded(tag)),type:\(type)]"
    }
}
