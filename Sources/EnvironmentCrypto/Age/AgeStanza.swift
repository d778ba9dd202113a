/// One recipient stanza of an age header: `-> type arguments…` and a base64 body.
///
/// The body of the stanzas envtool writes holds a wrapped (encrypted) file key, never a secret.
/// A ``FileKeyRecipient`` writes stanzas and a ``FileKeyIdentity`` reads them.
public struct AgeStanza: Sendable, Hashable {
    /// The stanza type, the first argument (`X25519`, `scrypt`, a plugin's; identities skip the
    /// types they do not know).
    public var type: String { arguments[0] }
    /// All arguments, the type first; never empty, each printable ASCII without spaces.
    public let arguments: [String]
    /// The decoded body.
    public let body: [UInt8]

    /// A stanza. `arguments` must not be empty (the first is the type), and each must be
    /// printable ASCII without spaces, as the header grammar requires.
    public init(arguments: [String], body: [UInt8]) {
        precondition(!arguments.isEmpty, "a stanza has a type")
        self.arguments = arguments
        self.body = body
    }

    /// `-> arguments…\n` and the body in lines of 64 columns, the last one shorter (empty if need be).
    var encoded: [UInt8] {
        var output = Array(("-> " + arguments.joined(separator: " ") + "\n").utf8)
        let text = AgeBase64.encode(body, padded: false)
        var offset = 0
        repeat {
            let line = text[offset..<min(offset + AgeHeader.columns, text.count)]
            output += line
            output.append(0x0A)
            offset += AgeHeader.columns
            if line.count < AgeHeader.columns { break }
        } while true
        return output
    }
}
