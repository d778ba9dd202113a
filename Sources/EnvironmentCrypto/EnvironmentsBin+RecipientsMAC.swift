import CSodium

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The recipients list kept beside an age file is authenticated with the file's own key: a line
/// `# envtool-mac: …` holds an HMAC-SHA256, under a key HKDF derives from the file key, of the
/// recipients in order. Anyone can read the list, only someone who can open the file can make a
/// MAC for it, and a MAC is good for one file key (every encryption makes a new one), so a list
/// changed by someone who can commit but not decrypt, or copied from another file, is caught
/// before anything is sealed to it (issue #33, item 2).
extension EnvironmentsBin {
    /// The HKDF info of the MAC key, naming what it is for and the version of this scheme.
    static let recipientsMACInfo = "envtool recipients list v1"

    /// The MAC of `recipients` (as listed: `age1…`) under `fileKey`, in standard base64.
    package static func recipientsMAC(fileKey: SecretBytes, recipients: [String]) -> String {
        let key = HKDF.derive(key: fileKey, salt: [], info: recipientsMACInfo)
        let message = Array(recipients.map { $0 + "\n" }.joined().utf8)
        var mac = [UInt8](repeating: 0, count: HKDF.hashLength)
        key.withUnsafeBytes { key in
            message.withUnsafeBytes { message in
                mac.withUnsafeMutableBytes { output in HKDF.hmac(key: key, [message], into: output) }
            }
        }
        return String(decoding: AgeBase64.encode(mac, padded: true), as: UTF8.self)
    }

    /// `plaintext` encrypted to `target`, with the age file key used (to authenticate the
    /// recipients list written beside the file); `nil` for the other formats, which name their
    /// recipient or have none.
    package static func encryptWithFileKey(_ plaintext: SecretBytes, to target: EncryptionTarget) throws(CryptoError) -> (sealed: Data, fileKey: SecretBytes?) {
        guard case .age(let recipients, let armored) = target else { return (try encrypt(plaintext, to: target), nil) }
        try Sodium.ensureInitialized()
        let key = FileKey.generate()
        do throws(AgeError) {
            return (try AgeFile.encrypt(plaintext, to: recipients, armored: armored, fileKey: key), key.bytes)
        } catch {
            throw error.cryptoError
        }
    }
}

extension EnvironmentsBin.Opened {
    /// The recipients `listed` beside this age file, checked against the header
    /// (``EnvironmentsBin/Header/checkedRecipients(_:)``) and, when the list is one envtool
    /// reads for re-sealing, authenticated with the file key: a list without a MAC, or whose
    /// MAC this file's key does not give, is refused unless `listed` says it was confirmed.
    ///
    /// - Throws: ``CryptoError/Kind/secretUnavailable`` naming the list, what it lists and how
    ///   to confirm or restore it.
    package func authenticatedRecipients(_ listed: EnvironmentsBin.ListedRecipients) throws(CryptoError) -> [any FileKeyRecipient] {
        let recipients = try header.checkedRecipients(listed)
        guard listed.authenticates, !listed.confirmed, let fileKey else { return recipients }
        let texts = recipients.map(\.displayName)
        let expected = EnvironmentsBin.recipientsMAC(fileKey: fileKey, recipients: texts)
        if let mac = listed.mac, mac.utf8.count == expected.utf8.count,
            sodium_memcmp(Array(mac.utf8), Array(expected.utf8), expected.utf8.count) == 0
        {
            return recipients
        }
        let why =
            listed.mac == nil
            ? "has no envtool-mac line (written by hand, by age, or by an envtool before 0.2.0)"
            : "is not the list this file was encrypted to (its envtool-mac line does not match the file's key): it was changed, or copied from another file"
        throw CryptoError(
            .secretUnavailable,
            "\(listed.path) \(why); it lists \(texts.joined(separator: ", ")). Sealing the secrets to an unchecked list would let whoever changed it read them: restore the list from version control, or, if every recipient above is meant, run again with --trust-recipients",
            file: listed.file)
    }
}
