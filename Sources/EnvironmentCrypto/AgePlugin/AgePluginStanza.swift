/// One stanza of the age plugin protocol (c2sp.org/age-plugin): `-> command arguments…` and a
/// body, exchanged over a plugin's standard input and output.
///
/// The body lives in zeroing memory because some stanzas carry secrets (`wrap-file-key`,
/// `file-key`, the answer to `request-secret`); a stanza never prints its body.
package struct AgePluginStanza: Sendable, CustomStringConvertible {
    /// The command, the first argument (`add-recipient`, `recipient-stanza`, `done`, …).
    package var command: String { arguments[0] }
    /// Every argument, the command first; never empty, each printable ASCII without spaces.
    package let arguments: [String]
    /// The decoded body (empty for most commands).
    package let body: SecretBytes

    /// A stanza; `arguments` must be valid (see ``AgePluginStanza/validate(_:)``) when it
    /// is written.
    package init(_ arguments: [String], body: SecretBytes = SecretBytes(count: 0) { _ in }) {
        self.arguments = arguments
        self.body = body
    }

    /// A stanza whose body is public (a message, a wrapped file key).
    package init(_ arguments: [String], publicBody: [UInt8]) {
        self.init(arguments, body: SecretBytes(copying: publicBody))
    }

    /// The body copied out of zeroing memory, for bodies that are not secret.
    package var publicBody: [UInt8] { body.withUnsafeBytes { Array($0) } }

    /// The arguments after the command.
    package var parameters: ArraySlice<String> { arguments.dropFirst() }

    package var description: String {
        "-> \(arguments.joined(separator: " ")) (\(body.count)-byte body)"
    }
}
