import EnvironmentCrypto
import EnvironmentKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform

/// The recipients list of an age `environments.bin`, kept beside it as `FILE.recipients` in age's
/// recipients-file format (so `age -R FILE.recipients` encrypts to the same team).
///
/// An age header does not name its recipients (an X25519 stanza holds an ephemeral share only),
/// so `recipients list`, `rekey --add-recipient/--remove-recipient` and `edit` read the list
/// here, as sops keeps its recipients in the file's metadata. It is public and checked against
/// the header's stanza count; like `.sops.yaml`, changes to it are reviewed with the code.
enum RecipientsSidecar {
    /// The sidecar's path for the encrypted file at `path`.
    static func path(for path: String) -> String { path + ".recipients" }

    /// Writes the list of `target`'s X25519 and age plugin recipients beside `binPath`, or
    /// removes a stale one when the file has none (a passphrase, or the v1 format).
    static func write(for target: EnvironmentsBin.EncryptionTarget, beside binPath: String) throws {
        guard binPath != InputFile.standardInput else { return }
        // X25519 stanzas do not name their recipient, and a plugin's need not: both are listed.
        // (A plugin recipient made from an identity has no text to list; the list check then
        // refuses to encrypt again without it rather than drop it.)
        var recipients: [String] = []
        if case .age(let all, _) = target {
            for recipient in all {
                if let x25519 = recipient as? AgeRecipient { recipients.append(x25519.encoded) }
                if let plugin = recipient as? AgePluginRecipient, plugin.displayName.hasPrefix("age1") { recipients.append(plugin.displayName) }
            }
        }
        guard !recipients.isEmpty else {
            if unlink(path(for: binPath)) != 0, errno != ENOENT {
                throw EnvironmentError(.writeFailed, file: path(for: binPath), message: "cannot remove the stale recipients list: \(String(cString: strerror(errno)).lowercased())")
            }
            return
        }
        try write(recipients, beside: binPath)
    }

    /// Writes `recipients` (as written: `age1…`) beside `binPath`, atomically.
    static func write(_ recipients: [String], beside binPath: String) throws {
        let name = PathText.lastComponent(binPath)
        var text = "# The age recipients \(name) is encrypted to, one per line, kept by envtool.\n"
        text += "# Change them with `envtool rekey \(name) --add-recipient/--remove-recipient`.\n"
        for recipient in recipients { text += recipient + "\n" }
        try AtomicFile.write(Array(text.utf8), to: path(for: binPath), permissions: 0o644, keepingExistingMode: true)
    }

    /// The recipients listed beside `binPath`, or `nil` when there is no list.
    ///
    /// - Throws: ``CryptoError`` naming the line of a recipient that is not valid.
    static func read(beside binPath: String) throws(CryptoError) -> [any FileKeyRecipient]? {
        let listPath = path(for: binPath)
        guard binPath != InputFile.standardInput, FileManager.default.fileExists(atPath: listPath) else { return nil }
        do throws(AgeError) {
            return try AgeRecipientsFile.readAny(path: listPath)
        } catch {
            throw error.cryptoError
        }
    }

    /// The list beside `binPath`, read when the library's policy asks for it
    /// (``EnvironmentsBin/Header/checkedRecipients(_:)`` checks it against the header).
    static func listed(beside binPath: String) -> () throws(CryptoError) -> EnvironmentsBin.ListedRecipients {
        { () throws(CryptoError) in EnvironmentsBin.ListedRecipients(try read(beside: binPath), path: path(for: binPath), file: binPath) }
    }
}
