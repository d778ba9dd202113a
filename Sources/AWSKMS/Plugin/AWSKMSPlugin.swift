import EnvironmentCrypto

/// The names of `age-plugin-awskms`: its recipients `age1awskms1…`, identities
/// `AGE-PLUGIN-AWSKMS-1…` and stanzas `-> awskms KEY [FILE]`.
///
/// A recipient and an identity encode the same thing, in bech32 without BIP 173's length limit:
/// the key's text form (``KMSKey/textForm``: a key or alias ARN, or `REGION/KEY`). Neither is a
/// secret; what decrypts is the caller's AWS credentials. The identity `*` (from
/// `--identity` without a key) unwraps any `awskms` stanza those credentials can.
package enum AWSKMSPlugin {
    /// The plugin's name, as age derives it from the binary name `age-plugin-awskms`.
    package static let name = "awskms"
    /// The stanza type.
    package static let stanzaType = "awskms"
    package static let recipientPrefix = "age1" + name
    package static let identityPrefix = "age-plugin-" + name + "-"
    /// The identity payload that stands for any key.
    package static let anyKey = "*"
    /// The variable that names the file in the encryption context.
    package static let contextVariable = "AGE_PLUGIN_AWSKMS_CONTEXT"

    /// `age1awskms1…` for `key`.
    package static func recipient(_ key: KMSKey) -> String {
        encode(hrp: recipientPrefix, Array(key.textForm.utf8), uppercase: false)
    }

    /// `AGE-PLUGIN-AWSKMS-1…` for `key`, or for any key when `nil`.
    package static func identity(_ key: KMSKey?) -> String {
        encode(hrp: identityPrefix, Array((key?.textForm ?? anyKey).utf8), uppercase: true)
    }

    /// The key a recipient names.
    ///
    /// - Throws: ``KMSError`` of kind ``KMSError/Kind/invalidKey`` when it is not bech32, not
    ///   this plugin's, or names no valid key.
    package static func key(ofRecipient text: String) throws(KMSError) -> KMSKey {
        let payload = try decode(text, hrp: recipientPrefix, what: "recipient")
        return try KMSKey(textForm: payload)
    }

    /// The key an identity names, `nil` for the any-key identity.
    ///
    /// - Throws: ``KMSError`` of kind ``KMSError/Kind/invalidKey``.
    package static func key(ofIdentity text: String) throws(KMSError) -> KMSKey? {
        let payload = try decode(text, hrp: identityPrefix, what: "identity")
        return payload == anyKey ? nil : try KMSKey(textForm: payload)
    }

    private static func encode(hrp: String, _ payload: [UInt8], uppercase: Bool) -> String {
        let text = payload.withUnsafeBytes { Bech32.encode(hrp: hrp, data: $0, uppercase: uppercase) }
        return text.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
    }

    private static func decode(_ text: String, hrp: String, what: String) throws(KMSError) -> String {
        let result: Result<(hrp: String, data: SecretBytes), Bech32.Failure> = Array(text.utf8).withUnsafeBytes { bytes in
            do throws(Bech32.Failure) { return .success(try Bech32.decode(bytes)) } catch { return .failure(error) }
        }
        let decoded: (hrp: String, data: SecretBytes)
        switch result {
        case .success(let value): decoded = value
        case .failure(let error): throw KMSError(.invalidKey, "the \(what) is not valid bech32: \(error.reason)")
        }
        guard decoded.hrp == hrp else {
            throw KMSError(.invalidKey, "the \(what) is not an age-plugin-awskms \(what) (\(hrp.uppercased())1… expected)")
        }
        let payload = decoded.data.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
        guard payload.utf8.elementsEqual(decoded.data.withUnsafeBytes { Array($0) }) else {
            throw KMSError(.invalidKey, "the \(what) does not hold UTF-8 text")
        }
        return payload
    }
}
