import ArgumentParser
import EnvironmentCrypto
import EnvironmentKit

/// `rekey --add-recipient / --remove-recipient`: both options take a recipient the same ways
/// (`age1…`, `envtool-recipient-1:…`, an age plugin's `age1NAME1…`, or the path of a `.pub` or
/// recipients file, read by ``RecipientList``), and a change that makes no sense for the file's
/// recipients is a usage error (64) found before anything is written: removing one the file does
/// not have, adding one it already has.
struct RecipientChange {
    /// `--add-recipient` values, as given.
    var added: [String]
    /// `--remove-recipient` values, as given.
    var removed: [String]
    /// The file, for messages.
    var file: String

    /// The recipients `opened` (an age file to recipients) gets: its own, checked against its
    /// sidecar, without those removed and with those added.
    ///
    /// - Throws: ``CryptoError`` for a recipient that cannot be read (the kind of the problem)
    ///   or a file whose recipients cannot change; `ExitCode` 64, after printing why, for a
    ///   removed recipient that is not the file's or an added one that already is.
    func target(
        for opened: EnvironmentsBin.Opened, format: EnvironmentsBin.Format?, armored: Bool,
        listed: @escaping () throws(CryptoError) -> EnvironmentsBin.ListedRecipients
    ) throws -> EnvironmentsBin.EncryptionTarget {
        let removing = try resolved(removed, namedBy: "--remove-recipient")
        let adding = try resolved(added, namedBy: "--add-recipient")
        // A v1, RNCryptor or passphrase file has no recipients to compare with: the library's
        // error says what to do with it.
        if let summary = opened.header.age, !summary.isPassphraseProtected {
            let current = try opened.header.recipients(listed: listed).map(\.displayName)
            for recipient in removing.map(\.displayName) where !current.contains(recipient) {
                throw usage("--remove-recipient: \(recipient) is not a recipient of this file; its recipients are \(current.joined(separator: ", "))")
            }
            for recipient in adding.map(\.displayName) where current.contains(recipient) && !removing.contains(where: { $0.displayName == recipient }) {
                throw usage("--add-recipient: \(recipient) is already a recipient of this file")
            }
        }
        return try opened.changingRecipients(
            removing: removing.map(\.displayName), adding: { () throws(CryptoError) in adding },
            format: format, armored: armored, file: file, listed: listed)
    }

    /// Each value read as `--add-recipient` reads it, each recipient once.
    private func resolved(_ values: [String], namedBy option: String) throws(CryptoError) -> [any FileKeyRecipient] {
        var list = RecipientList()
        for value in values { try list.add(value, namedBy: option) }
        return list.all
    }

    /// Prints `message` about the file and gives the usage status: nothing has been written.
    private func usage(_ message: String) -> ExitCode {
        Console.error("\(file): error: \(message); the file was not changed")
        return ExitCode(ExitStatus.usage.rawValue)
    }
}
