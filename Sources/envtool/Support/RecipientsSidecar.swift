import EnvironmentCrypto
import EnvironmentKit
import LibC
import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
    ///
    /// With `fileKey` (the age file key the file was just sealed with) the list carries its MAC
    /// (``EnvironmentsBin/recipientsMAC(fileKey:recipients:)``), which `set`, `edit` and `rekey`
    /// check before sealing to the list again.
    static func write(for target: EnvironmentsBin.EncryptionTarget, beside binPath: String, fileKey: SecretBytes?) throws {
        guard binPath != InputFile.standardInput else { return }
        // The recipients its stanzas do not name (``FileKeyRecipient/listedName``).
        var recipients: [String] = []
        if case .age(let all, _) = target { recipients = all.compactMap(\.listedName) }
        guard !recipients.isEmpty else {
            if unlink(path(for: binPath)) != 0, errno != ENOENT {
                throw EnvironmentError(
                    .writeFailed, file: path(for: binPath), message: "cannot remove the stale recipients list: \(String(cString: strerror(errno)).lowercased())"
                )
            }
            return
        }
        try write(recipients, beside: binPath, mac: fileKey.map { EnvironmentsBin.recipientsMAC(fileKey: $0, recipients: recipients) })
    }

    /// The comment that carries the list's MAC (age reads it as a comment).
    static let macPrefix = "# envtool-mac: "

    /// Writes `recipients` (as written: `age1…`) beside `binPath`, atomically, with `mac`.
    static func write(_ recipients: [String], beside binPath: String, mac: String?) throws {
        let name = PathText.lastComponent(binPath)
        var text = "# The age recipients \(name) is encrypted to, one per line, kept by envtool.\n"
        text += "# Change them with `envtool rekey \(name) --add-recipient/--remove-recipient`.\n"
        if let mac {
            text += "# The next line authenticates this list with the file's key; envtool refuses a list it does not match.\n" + macPrefix + mac + "\n"
        }
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

    /// The MAC line of the list beside `binPath`, if any (the list is at most 1 MiB: `read` checked).
    static func mac(beside binPath: String) -> String? {
        guard let text = try? String(contentsOfFile: path(for: binPath), encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(macPrefix) {
            return String(line.dropFirst(macPrefix.count).filter { $0 != " " && $0 != "\t" && $0 != "\r" })
        }
        return nil
    }

    /// The list beside `binPath`, read when the library's policy asks for it
    /// (``EnvironmentsBin/Opened/authenticatedRecipients(_:)`` checks it against the header and
    /// the file key; `trusting`, from `--trust-recipients`, confirms it as it is).
    static func listed(beside binPath: String, trusting: Bool = false) -> () throws(CryptoError) -> EnvironmentsBin.ListedRecipients {
        { () throws(CryptoError) in
            EnvironmentsBin.ListedRecipients(
                try read(beside: binPath), path: path(for: binPath), file: binPath,
                mac: mac(beside: binPath), authenticates: true, confirmed: trusting)
        }
    }
}
