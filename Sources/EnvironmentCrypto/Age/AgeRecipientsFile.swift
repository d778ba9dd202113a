import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Recipients files in age's format (`age -R`): one `age1…` or SSH public key per line, with
/// `#` comments and blank lines. ``read(path:)`` and ``parse(_:)`` give X25519 recipients (what envtool's
/// `FILE.recipients` list holds); ``parseAny(_:)`` also age plugin recipients (`age1NAME1…`), as
/// `age -R` reads them.
public enum AgeRecipientsFile {
    /// The largest recipients file read.
    static let maximumLength = 1 << 20

    /// Reads every recipient in the file at `path` (`-` is not special here: the CLI handles stdin).
    ///
    /// - Throws: ``AgeError`` of kind ``AgeError/Kind/invalidRecipient`` naming the line of a
    ///   recipient that is not valid, or when the file holds none; ``AgeError/Kind/unusable``
    ///   when it cannot be read.
    public static func read(path: String) throws(AgeError) -> [AgeRecipient] {
        try read(path: path, parse)
    }

    /// Reads every recipient in the file at `path`, X25519 and age plugin recipients, in order
    /// (``parseAny(_:)``); parsing runs no plugin.
    ///
    /// - Throws: as ``read(path:)``.
    public static func readAny(path: String) throws(AgeError) -> [any FileKeyRecipient] {
        try read(path: path, parseAny)
    }

    private static func read<Recipient>(path: String, _ parse: (String) throws(AgeError) -> [Recipient]) throws(AgeError) -> [Recipient] {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw AgeError(.unusable, "cannot read the recipients file: \(unreadableReason(path))", file: path)
        }
        guard data.count <= maximumLength else {
            throw AgeError(.invalidRecipient, "the file is larger than 1 MiB; it is not a recipients file", file: path)
        }
        do {
            return try parse(String(decoding: data, as: UTF8.self))
        } catch {
            throw error.about(path)
        }
    }

    /// Parses recipients-file text of X25519 recipients.
    ///
    /// - Throws: ``AgeError/Kind/invalidRecipient`` naming the line of a recipient that is not
    ///   an X25519 recipient, or when the text holds none.
    public static func parse(_ text: String) throws(AgeError) -> [AgeRecipient] {
        try parseLines(text) { (line) throws(AgeError) in try AgeRecipient(line) }
    }

    /// Parses recipients-file text of X25519, age plugin (``AgePluginRecipient``) and SSH
    /// (``SSHEd25519Recipient``, ``SSHRSARecipient``) recipients, in order. Parsing runs no plugin.
    ///
    /// - Throws: ``AgeError/Kind/invalidRecipient`` naming the line of a recipient that is not
    ///   valid, or when the text holds none.
    public static func parseAny(_ text: String) throws(AgeError) -> [any FileKeyRecipient] {
        try parseLines(text, parseRecipient)
    }

    /// One recipient of any kind age's `-r` and recipients files take: `age1…` (X25519),
    /// `age1NAME1…` (an age plugin's), or an SSH public key line (`ssh-ed25519 AAAA… comment`,
    /// `ssh-rsa AAAA… comment`). The one answer to "what text is a recipient".
    ///
    /// - Throws: ``AgeError/Kind/invalidRecipient`` when it is none of them, or malformed.
    public static func parseRecipient(_ text: String) throws(AgeError) -> any FileKeyRecipient {
        if AgeSSH.looksLikeRecipient(text) { return try AgeSSH.parseRecipient(text) }
        if AgePluginRecipient.looksLikePluginRecipient(text) { return try AgePluginRecipient(text) }
        return try AgeRecipient(text)
    }

    /// Whether `text` looks like a recipient given as text (not a file's path): `age1…` or an SSH
    /// public key line.
    public static func looksLikeRecipient(_ text: String) -> Bool {
        text.lowercased().hasPrefix("age1") || AgeSSH.looksLikeRecipient(text)
    }

    private static func parseLines<Recipient>(_ text: String, _ make: (String) throws(AgeError) -> Recipient) throws(AgeError) -> [Recipient] {
        var recipients: [Recipient] = []
        // Bytes, not Characters: "\r\n" is one Character and would hide the line break.
        for (index, line) in text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop(while: AgeArmor.isWhitespace).reversed().drop(while: AgeArmor.isWhitespace).reversed()
            if trimmed.isEmpty || trimmed.first == UInt8(ascii: "#") { continue }
            do {
                recipients.append(try make(String(decoding: trimmed, as: UTF8.self)))
            } catch {
                throw AgeError(error.kind, error.message, line: index + 1)
            }
        }
        guard !recipients.isEmpty else {
            throw AgeError(.invalidRecipient, "no recipient in this file; it should hold at least one age1… line")
        }
        return recipients
    }
}
