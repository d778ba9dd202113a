/// Text from an AWS answer (an error's code and message), made safe to put in a message.
///
/// A server is not trusted to keep the request to itself: one that echoes it (a misconfigured
/// proxy, a hostile endpoint) would otherwise get the session token or an `Encrypt` plaintext
/// printed in envtool's error (issue #33, item 3). A message that quotes any run of
/// ``fragmentLength`` bytes of a secret of the request is withheld whole; a code that is not a
/// plain identifier is dropped.
package enum ServiceText {
    /// The shortest run of a secret's bytes that counts as quoting it.
    package static let fragmentLength = 8
    /// The most characters of a message kept.
    package static let maximumLength = 300

    /// `text` with control characters as spaces and at most ``maximumLength`` characters, or
    /// `nil` when it contains a run of ``fragmentLength`` bytes of any of `secrets`.
    package static func quotable(_ text: String, avoiding secrets: [[UInt8]]) -> String? {
        let bytes = Array(text.utf8)
        for secret in secrets where !secret.isEmpty {
            let length = min(fragmentLength, secret.count)
            guard bytes.count >= length else { continue }
            var runs = Set<ArraySlice<UInt8>>()
            for start in 0...(secret.count - length) { runs.insert(secret[start..<(start + length)]) }
            for start in 0...(bytes.count - length) where runs.contains(bytes[start..<(start + length)]) { return nil }
        }
        let shown = text.unicodeScalars.prefix(maximumLength).map { $0.properties.generalCategory == .control ? " " : Character($0) }
        return String(shown)
    }

    /// `text` when it is an error code (letters, digits, `.`, `_`, `-`, `:`, `#`; at most 128 bytes), else `nil`.
    package static func code(_ text: String) -> String? {
        guard !text.isEmpty, text.utf8.count <= 128,
            text.utf8.allSatisfy({ byte in
                (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || [0x2E, 0x5F, 0x2D, 0x3A, 0x23].contains(byte)
            })
        else { return nil }
        return text
    }
}
