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

/// A conversation through the shared stanza codec (``AgePluginStanzaReader``,
/// ``AgePluginStanzaWriter``): the plugin's standard streams, or bytes in memory (the fuzz target).
package final class CodecChannel<Source: AgeByteSource, Sink: AgeByteSink>: PluginChannel {
    private let reader: AgePluginStanzaReader<Source>
    private var writer: AgePluginStanzaWriter<Sink>

    package init(_ source: Source, _ sink: Sink, limits: AgePluginLimits = .standard) {
        reader = AgePluginStanzaReader(source, limits: limits)
        writer = AgePluginStanzaWriter(sink)
    }

    /// What was written so far.
    package var sink: Sink { writer.sink }

    package func read() throws(AgeError) -> AgePluginStanza? {
        try reader.next()
    }

    package func write(_ stanza: AgePluginStanza) throws(AgeError) {
        try writer.write(stanza)
    }
}

/// The plugin's standard input and output.
package typealias StandardStreamsChannel = CodecChannel<FileDescriptorSource, FileDescriptorSink>

extension CodecChannel where Source == FileDescriptorSource, Sink == FileDescriptorSink {
    package convenience init(input: Int32 = 0, output: Int32 = 1) {
        self.init(FileDescriptorSource(input), FileDescriptorSink(output))
    }
}
