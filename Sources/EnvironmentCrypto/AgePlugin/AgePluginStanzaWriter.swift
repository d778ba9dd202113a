import CSodium

/// Writes age plugin protocol stanzas (c2sp.org/age-plugin) to a byte sink: `-> arguments…\n`,
/// then the body in canonical unpadded base64, lines of 64 columns ending with a shorter
/// (possibly empty) line, as age headers are written.
///
/// Both sides use it: envtool's plugin client, and a plugin written in Swift. The encoded text
/// of a body is built in zeroing memory, since bodies may be secret.
package struct AgePluginStanzaWriter<Sink: AgeByteSink> {
    /// Where stanzas go.
    package var sink: Sink

    package init(_ sink: Sink) {
        self.sink = sink
    }

    /// Writes one stanza.
    ///
    /// - Throws: ``AgeError/Kind/unusable`` for arguments the grammar forbids (none, an empty
    ///   one, a space or a byte outside printable ASCII), or what the sink throws.
    package mutating func write(_ stanza: AgePluginStanza) throws(AgeError) {
        let encoded = try stanza.encoded()
        try encoded.withUnsafeBytes { (bytes) throws(AgeError) in try sink.write(bytes) }
    }

    /// Writes a stanza of `arguments` and `body`.
    package mutating func write(_ arguments: [String], body: SecretBytes = SecretBytes(count: 0) { _ in }) throws(AgeError) {
        try write(AgePluginStanza(arguments, body: body))
    }
}

extension AgePluginStanza {
    /// The stanza's bytes on the wire, in zeroing memory.
    ///
    /// - Throws: ``AgeError/Kind/unusable`` for arguments the grammar forbids.
    package func encoded() throws(AgeError) -> SecretBytes {
        let stanza = self
        try Self.validate(stanza.arguments)
        let head = Array(("-> " + stanza.arguments.joined(separator: " ") + "\n").utf8)
        let columns = AgeHeader.columns
        let textLength = (stanza.body.count * 4 + 2) / 3
        let lineCount = textLength / columns + 1
        let total = head.count + textLength + lineCount
        // Unpadded base64 of n bytes is ceil(4n/3) characters; sodium writes a NUL after it.
        let text = SecretBytes(count: textLength + 1) { output in
            stanza.body.withUnsafeBytes { body in
                _ = sodium_bin2base64(
                    output.baseAddress!.assumingMemoryBound(to: CChar.self), textLength + 1,
                    body.baseAddress?.assumingMemoryBound(to: UInt8.self), body.count,
                    Int32(sodium_base64_VARIANT_ORIGINAL_NO_PADDING))
            }
        }
        return SecretBytes(count: total) { output in
            output.copyBytes(from: head)
            var offset = head.count
            text.withUnsafeBytes { text in
                var start = 0
                repeat {
                    let end = min(start + columns, textLength)
                    UnsafeMutableRawBufferPointer(rebasing: output[offset..<offset + end - start])
                        .copyMemory(from: UnsafeRawBufferPointer(rebasing: text[start..<end]))
                    offset += end - start
                    output[offset] = 0x0A
                    offset += 1
                    if end - start < columns { break }
                    start = end
                } while true
            }
        }
    }

    /// Checks that `arguments` can be written: at least one, each non-empty printable ASCII
    /// without spaces.
    ///
    /// - Throws: ``AgeError/Kind/unusable`` naming the argument's position, never its text.
    package static func validate(_ arguments: [String]) throws(AgeError) {
        guard !arguments.isEmpty else {
            throw AgeError(.unusable, "an age plugin protocol stanza needs a command")
        }
        for (index, argument) in arguments.enumerated() {
            guard !argument.isEmpty, argument.utf8.allSatisfy({ $0 >= 0x21 && $0 <= 0x7E }) else {
                throw AgeError(
                    .unusable, "argument \(index + 1) of an age plugin protocol stanza is empty or has a space or a character outside printable ASCII")
            }
        }
    }
}
