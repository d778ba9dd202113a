import CSodium
import EnvironmentCrypto
import Platform

/// A minimal reader and writer of the age plugin protocol's stanzas (c2sp.org/age-plugin): the
/// header's stanza syntax, `-> command args…\n` and a canonical unpadded base64 body in lines
/// of 64 columns, ending with a shorter (possibly empty) line.
///
/// Here until the shared stanza codec (branch `plugin`) is merged; it reads and writes nothing
/// the codec would not, and the state machines depend only on ``PluginChannel``.
package final class PluginStanzaStream: PluginChannel {
    /// A line longer than this is refused: no command or argument list of this protocol comes near.
    package static let maximumLine = 1 << 16
    /// A body larger than this is refused (a KMS ciphertext blob is a few hundred bytes).
    package static let maximumBody = 1 << 20

    private let input: Int32
    private let output: Int32
    private var buffer: [UInt8] = []
    private var position = 0
    private var atEnd = false

    /// A stream over two file descriptors (the plugin's standard input and output).
    package init(input: Int32 = 0, output: Int32 = 1) {
        self.input = input
        self.output = output
    }

    deinit {
        // A file key's body passed through this buffer.
        buffer.withUnsafeMutableBytes { if let base = $0.baseAddress { sodium_memzero(base, $0.count) } }
    }

    package func read() throws(PluginProtocolError) -> AgeStanza? {
        guard let first = try line() else { return nil }
        guard first.starts(with: Array("-> ".utf8)) else {
            throw PluginProtocolError("expected a stanza ('-> …'), got a line that does not start with '-> '")
        }
        let words = first.dropFirst(3).split(separator: 0x20, omittingEmptySubsequences: false)
        guard !words.isEmpty, words.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0 >= 0x21 && $0 <= 0x7e } }) else {
            throw PluginProtocolError("a stanza's arguments are printable ASCII separated by single spaces")
        }
        let arguments = words.map { String(decoding: $0, as: UTF8.self) }
        var text: [UInt8] = []
        defer { text.withUnsafeMutableBytes { if let base = $0.baseAddress { sodium_memzero(base, $0.count) } } }
        while true {
            guard let bodyLine = try line() else { throw PluginProtocolError("the stream ended inside the body of '\(arguments[0])'") }
            guard bodyLine.count <= 64 else { throw PluginProtocolError("a body line of '\(arguments[0])' is longer than 64 columns") }
            text += bodyLine
            guard text.count <= Self.maximumBody * 4 / 3 + 4 else { throw PluginProtocolError("the body of '\(arguments[0])' is too large") }
            if bodyLine.count < 64 { break }
        }
        guard let body = AgeBase64.decode(text, padded: false) else {
            throw PluginProtocolError("the body of '\(arguments[0])' is not canonical unpadded base64")
        }
        return AgeStanza(arguments: arguments, body: body)
    }

    package func write(_ arguments: [String], body: UnsafeRawBufferPointer) throws(PluginProtocolError) {
        var bytes = Array(("-> " + arguments.joined(separator: " ") + "\n").utf8)
        defer { bytes.withUnsafeMutableBytes { if let base = $0.baseAddress { sodium_memzero(base, $0.count) } } }
        var text = AgeBase64.encode(body, padded: false)
        defer { text.withUnsafeMutableBytes { if let base = $0.baseAddress { sodium_memzero(base, $0.count) } } }
        var offset = 0
        repeat {
            let end = min(offset + 64, text.count)
            bytes += text[offset..<end]
            bytes.append(0x0A)
            offset += 64
            if end - (offset - 64) < 64 { break }
        } while true
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { Platform.write(output, $0.baseAddress! + written, $0.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                throw PluginProtocolError("cannot write to the age client: \(String(cString: strerror(errno)))")
            }
            written += count
        }
    }

    /// The next line without its LF; `nil` at the end of input (only between stanzas).
    private func line() throws(PluginProtocolError) -> ArraySlice<UInt8>? {
        while true {
            if let newline = buffer[position...].firstIndex(of: 0x0A) {
                let line = buffer[position..<newline]
                position = newline + 1
                return line
            }
            guard buffer.count - position <= Self.maximumLine else { throw PluginProtocolError("a line longer than \(Self.maximumLine) bytes") }
            if atEnd {
                guard position == buffer.count else { throw PluginProtocolError("the stream ended in the middle of a line") }
                return nil
            }
            if position > 0 {
                // Zero what is dropped: it may have been a file key's body.
                let consumed = position
                buffer.withUnsafeMutableBytes { sodium_memzero($0.baseAddress!, consumed) }
                buffer.removeFirst(consumed)
                position = 0
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            defer { chunk.withUnsafeMutableBytes { sodium_memzero($0.baseAddress!, $0.count) } }
            let count = chunk.withUnsafeMutableBytes { Platform.read(input, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw PluginProtocolError("cannot read from the age client: \(String(cString: strerror(errno)))")
            }
            if count == 0 { atEnd = true } else { buffer += chunk[..<count] }
        }
    }
}
