import EnvironmentCrypto

/// The two directions of an age plugin conversation, one stanza at a time.
package protocol PluginChannel: AnyObject {
    /// The next stanza from the client; `nil` when it closed the stream.
    func read() throws(PluginProtocolError) -> AgeStanza?
    /// Sends `-> arguments…` with `body`.
    func write(_ arguments: [String], body: UnsafeRawBufferPointer) throws(PluginProtocolError)
}

extension PluginChannel {
    /// Sends a stanza with a public body (a message, a ciphertext, or none).
    func write(_ arguments: [String], _ body: [UInt8] = []) throws(PluginProtocolError) {
        let result: Result<Void, PluginProtocolError> = body.withUnsafeBytes { body in
            do throws(PluginProtocolError) { return .success(try write(arguments, body: body)) } catch { return .failure(error) }
        }
        try result.get()
    }

    /// Sends a command of phase 2 and reads the client's answer (`ok`, `fail`, `unsupported`).
    @discardableResult
    func command(_ arguments: [String], _ body: [UInt8] = []) throws(PluginProtocolError) -> AgeStanza {
        try write(arguments, body)
        guard let answer = try read() else { throw PluginProtocolError("the age client closed the stream before answering '\(arguments[0])'") }
        return answer
    }
}

/// The conversation with the client broke: malformed stanzas, a closed stream.
package struct PluginProtocolError: Error, Sendable, CustomStringConvertible {
    package let message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}
