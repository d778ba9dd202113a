import EnvironmentCrypto

/// The two directions of an age plugin conversation, one stanza at a time.
package protocol PluginChannel: AnyObject {
    /// The next stanza from the client; `nil` when it closed the stream.
    ///
    /// - Throws: ``AgeError`` of kind ``AgeError/Kind/pluginFailure`` when the input is not the protocol.
    func read() throws(AgeError) -> AgePluginStanza?
    /// Sends `stanza` to the client.
    func write(_ stanza: AgePluginStanza) throws(AgeError)
}

extension PluginChannel {
    /// Sends a stanza with a public body (a message, a ciphertext, or none).
    func write(_ arguments: [String], _ body: [UInt8] = []) throws(AgeError) {
        try write(AgePluginStanza(arguments, publicBody: body))
    }

    /// Sends a command of phase 2 and reads the client's answer (`ok`, `fail`, `unsupported`).
    @discardableResult
    func command(_ stanza: AgePluginStanza) throws(AgeError) -> AgePluginStanza {
        try write(stanza)
        guard let answer = try read() else {
            throw AgeError(.pluginFailure, "the age client closed the stream before answering '\(stanza.command)'")
        }
        return answer
    }

    @discardableResult
    func command(_ arguments: [String], _ body: [UInt8] = []) throws(AgeError) -> AgePluginStanza {
        try command(AgePluginStanza(arguments, publicBody: body))
    }
}

/// The plugin's standard input and output, through the shared stanza codec
/// (``AgePluginStanzaReader``, ``AgePluginStanzaWriter``).
package final class StandardStreamsChannel: PluginChannel {
    private let reader: AgePluginStanzaReader<FileDescriptorSource>
    private var writer: AgePluginStanzaWriter<FileDescriptorSink>

    package init(input: Int32 = 0, output: Int32 = 1) {
        reader = AgePluginStanzaReader(FileDescriptorSource(input))
        writer = AgePluginStanzaWriter(FileDescriptorSink(output))
    }

    package func read() throws(AgeError) -> AgePluginStanza? {
        try reader.next()
    }

    package func write(_ stanza: AgePluginStanza) throws(AgeError) {
        try writer.write(stanza)
    }
}
