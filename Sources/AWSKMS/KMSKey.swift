/// A KMS key as a recipient names it: a key or alias ARN (whose region is its own), or a key ID
/// or `alias/NAME` with the region it lives in.
///
/// Its text form, which the recipient and identity encode in bech32 and every stanza carries,
/// is the ARN itself, or `REGION/KEY` (`eu-west-1/alias/app`, `eu-west-1/1234abcd-…`).
package struct KMSKey: Sendable, Hashable, CustomStringConvertible {
    /// What KMS's `KeyId` parameter is given: the ARN, key ID or `alias/NAME`.
    package let keyID: String
    /// The region whose endpoint holds the key.
    package let region: String

    /// A key from a user's words: an ARN (`arn:aws:kms:REGION:ACCOUNT:key/ID` or `…:alias/NAME`)
    /// or a key ID or `alias/NAME` with `region`.
    ///
    /// - Throws: ``KMSError`` of kind ``KMSError/Kind/invalidKey`` for a malformed ARN, a key
    ///   without a region, or characters that cannot appear in a key.
    package init(_ text: String, region: String?) throws(KMSError) {
        try Self.checkCharacters(text)
        if text.hasPrefix("arn:") {
            let parts = text.split(separator: ":", maxSplits: 5, omittingEmptySubsequences: false)
            guard parts.count == 6, parts[2] == "kms", !parts[3].isEmpty, Self.isRegion(parts[3]),
                parts[5].hasPrefix("key/") || parts[5].hasPrefix("alias/"), parts[5].count > 4
            else {
                throw KMSError(.invalidKey, "'\(text)' is not a KMS key ARN (arn:aws:kms:REGION:ACCOUNT:key/ID or …:alias/NAME)")
            }
            keyID = text
            self.region = String(parts[3])
            return
        }
        guard !text.isEmpty, text != "alias/" else { throw KMSError(.invalidKey, "the KMS key is empty") }
        guard let region, Self.isRegion(Substring(region)) else {
            throw KMSError(.invalidKey, "'\(text)' needs a region: give a key ARN, or --region, AWS_REGION or a profile region")
        }
        keyID = text
        self.region = region
    }

    /// The key from its text form (``textForm``).
    ///
    /// - Throws: ``KMSError`` of kind ``KMSError/Kind/invalidKey``.
    package init(textForm text: String) throws(KMSError) {
        if text.hasPrefix("arn:") {
            try self.init(text, region: nil)
            return
        }
        guard let slash = text.firstIndex(of: "/") else {
            throw KMSError(.invalidKey, "'\(text)' is neither a KMS key ARN nor REGION/KEY")
        }
        try self.init(String(text[text.index(after: slash)...]), region: String(text[..<slash]))
    }

    /// The ARN, or `REGION/KEY`.
    package var textForm: String { keyID.hasPrefix("arn:") ? keyID : region + "/" + keyID }

    package var description: String { keyID.hasPrefix("arn:") ? keyID : "\(keyID) in \(region)" }

    private static func isRegion(_ text: Substring) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7a) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2d }
    }

    /// Keys and aliases are printable ASCII without spaces (so a key is one stanza argument).
    private static func checkCharacters(_ text: String) throws(KMSError) {
        guard text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7f }) else {
            throw KMSError(.invalidKey, "a KMS key or alias has only printable ASCII characters and no spaces")
        }
        guard text.utf8.count <= 2048 else { throw KMSError(.invalidKey, "the KMS key is longer than 2048 characters") }
    }
}
