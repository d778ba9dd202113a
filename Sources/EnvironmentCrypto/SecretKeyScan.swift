import CSodium

/// Finds secret keys in any bytes by their text, whatever the file is called: age identities
/// (`AGE-SECRET-KEY-1…`, and the post-quantum `AGE-SECRET-KEY-PQ-1…` and plugin
/// `AGE-PLUGIN-…-1…` ones) and envtool's key and identity files (`envtool-key-1:…`,
/// `envtool-identity-1:…`). What `envtool guard` refuses to let into a commit.
///
/// A find is a whole, valid key: an age identity whose bech32 checksum holds, an envtool key
/// whose base64 decodes to 32 bytes. Documentation that shows the prefix (`AGE-SECRET-KEY-1…`)
/// or a made-up example is not one. Finds never carry the key's text.
package enum SecretKeyScan {
    package enum Kind: Sendable, Equatable {
        case ageIdentity, agePluginIdentity, envtoolKey, envtoolIdentity

        /// How a message names it.
        package var description: String {
            switch self {
            case .ageIdentity: "an age identity (AGE-SECRET-KEY-1…)"
            case .agePluginIdentity: "an age plugin identity (AGE-PLUGIN-…)"
            case .envtoolKey: "an envtool key (envtool-key-1:…)"
            case .envtoolIdentity: "an envtool identity (envtool-identity-1:…)"
            }
        }
    }

    package struct Find: Sendable, Equatable {
        package let kind: Kind
        /// The 1-based line it starts on.
        package let line: Int
    }

    /// The keys in `bytes`, in order.
    package static func finds(in bytes: UnsafeRawBufferPointer) -> [Find] {
        var finds: [Find] = []
        var line = 1
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A { line += 1; index += 1; continue }
            if byte == UInt8(ascii: "A") || byte == UInt8(ascii: "a") {
                if let (kind, end) = ageIdentity(at: index, in: bytes) {
                    finds.append(Find(kind: kind, line: line))
                    index = end
                    continue
                }
            } else if byte == UInt8(ascii: "e") {
                if let (kind, end) = envtoolKey(at: index, in: bytes) {
                    finds.append(Find(kind: kind, line: line))
                    index = end
                    continue
                }
            }
            index += 1
        }
        return finds
    }

    private static func hasPrefix(_ prefix: String, at index: Int, in bytes: UnsafeRawBufferPointer, caseInsensitive: Bool) -> Bool {
        let wanted = Array(prefix.utf8)
        guard bytes.count - index >= wanted.count else { return false }
        for offset in 0..<wanted.count {
            var byte = bytes[index + offset]
            if caseInsensitive, byte >= 0x61, byte <= 0x7A { byte -= 0x20 }
            if byte != wanted[offset] { return false }
        }
        return true
    }

    /// A bech32 word starting at `index` with an age identity's prefix, if its checksum holds.
    private static func ageIdentity(at index: Int, in bytes: UnsafeRawBufferPointer) -> (Kind, Int)? {
        let kind: Kind
        if hasPrefix("AGE-SECRET-KEY-", at: index, in: bytes, caseInsensitive: true) {
            kind = .ageIdentity
        } else if hasPrefix("AGE-PLUGIN-", at: index, in: bytes, caseInsensitive: true) {
            kind = .agePluginIdentity
        } else {
            return nil
        }
        // Not inside a longer word: `XAGE-SECRET-KEY-…` is something else.
        if index > 0, isWordByte(bytes[index - 1]) { return nil }
        var end = index
        while end < bytes.count, isWordByte(bytes[end]) || bytes[end] == UInt8(ascii: "-") { end += 1 }
        let word = UnsafeRawBufferPointer(rebasing: bytes[index..<end])
        guard (try? Bech32.decode(word)) != nil else { return nil }
        return (kind, end)
    }

    /// `envtool-key-1:` or `envtool-identity-1:` and base64 that decodes to 32 bytes.
    private static func envtoolKey(at index: Int, in bytes: UnsafeRawBufferPointer) -> (Kind, Int)? {
        let kind: Kind
        let prefix: String
        if hasPrefix(KeyFile.keyPrefix + ":", at: index, in: bytes, caseInsensitive: false) {
            (kind, prefix) = (.envtoolKey, KeyFile.keyPrefix + ":")
        } else if hasPrefix(KeyFile.identityPrefix + ":", at: index, in: bytes, caseInsensitive: false) {
            (kind, prefix) = (.envtoolIdentity, KeyFile.identityPrefix + ":")
        } else {
            return nil
        }
        let start = index + prefix.utf8.count
        var end = start
        while end < bytes.count, isBase64Byte(bytes[end]) { end += 1 }
        // 32 bytes are 44 characters of padded base64.
        guard end - start == 44 else { return nil }
        guard (try? Sodium.ensureInitialized()) != nil else { return nil }
        var decoded = [UInt8](repeating: 0, count: 33)
        defer { sodium_memzero(&decoded, decoded.count) }
        var length = 0
        let status = bytes.baseAddress!.advanced(by: start).withMemoryRebound(to: CChar.self, capacity: 44) { base64 in
            sodium_base642bin(&decoded, decoded.count, base64, 44, nil, &length, nil, Int32(sodium_base64_VARIANT_ORIGINAL))
        }
        guard status == 0, length == 32 else { return nil }
        return (kind, end)
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    private static func isBase64Byte(_ byte: UInt8) -> Bool {
        isWordByte(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "=")
    }
}
