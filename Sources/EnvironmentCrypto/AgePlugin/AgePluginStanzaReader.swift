import CSodium

/// Reads age plugin protocol stanzas (c2sp.org/age-plugin) from a byte source, strictly and
/// within ``AgePluginLimits``: `-> ` and arguments of printable ASCII separated by single
/// spaces, then a body in canonical unpadded base64, lines of exactly 64 columns ending with a
/// shorter (possibly empty) line, and LF line ends only.
///
/// Both sides use it: envtool's plugin client reads a plugin's output with it, and a plugin
/// written in Swift reads its client. The input is treated as hostile: a line, a body or a
/// conversation longer than the limits, or any byte out of the grammar, stops reading with an
/// ``AgeError`` of kind ``AgeError/Kind/pluginFailure``. Buffers that held body text are zeroed,
/// since bodies may be secret.
package final class AgePluginStanzaReader<Source: AgeByteSource> {
    /// Where the bytes come from.
    package private(set) var source: Source
    /// The bounds applied.
    package let limits: AgePluginLimits
    /// Stanzas read so far.
    package private(set) var stanzaCount = 0

    private let buffer: UnsafeMutableRawBufferPointer
    private var start = 0
    private var end = 0
    private var atEnd = false

    package init(_ source: Source, limits: AgePluginLimits = .standard) {
        self.source = source
        self.limits = limits
        buffer = .allocate(byteCount: 4096, alignment: 16)
    }

    deinit {
        sodium_memzero(buffer.baseAddress!, buffer.count)
        buffer.deallocate()
    }

    /// The next stanza, or `nil` when the input ends cleanly before one starts.
    ///
    /// - Throws: ``AgeError/Kind/pluginFailure`` for input out of the grammar or over the
    ///   limits (the message says which stanza and why, never quoting a body), the input ending
    ///   inside a stanza, or what the source throws.
    package func next() throws(AgeError) -> AgePluginStanza? {
        let number = stanzaCount + 1
        guard let head = try readLine(limit: limits.maximumLineLength, what: "stanza \(number)") else { return nil }
        guard number <= limits.maximumStanzas else {
            throw AgeError(.pluginFailure, "more than \(limits.maximumStanzas) stanzas in one conversation")
        }
        guard head.starts(with: [0x2D, 0x3E, 0x20]) else {  // "-> "
            throw AgeError(.pluginFailure, "stanza \(number) does not start with \"-> \" (this is not the age plugin protocol)")
        }
        let arguments = try parseArguments(head.dropFirst(3), number: number)
        let body = try readBody(number: number)
        stanzaCount = number
        return AgePluginStanza(arguments, body: body)
    }

    private func parseArguments(_ text: ArraySlice<UInt8>, number: Int) throws(AgeError) -> [String] {
        guard !text.isEmpty else {
            throw AgeError(.pluginFailure, "stanza \(number) has no command")
        }
        guard text.allSatisfy({ $0 >= 0x20 && $0 <= 0x7E }) else {
            throw AgeError(.pluginFailure, "stanza \(number) has an argument with a character outside printable ASCII")
        }
        let pieces = text.split(separator: 0x20, omittingEmptySubsequences: false)
        guard pieces.allSatisfy({ !$0.isEmpty }) else {
            throw AgeError(.pluginFailure, "stanza \(number) has an empty argument (arguments are separated by exactly one space)")
        }
        return pieces.map { String(decoding: $0, as: UTF8.self) }
    }

    /// The body lines up to the first shorter than 64 columns, decoded into zeroing memory.
    private func readBody(number: Int) throws(AgeError) -> SecretBytes {
        let columns = AgeHeader.columns
        // Unpadded base64 text of the largest body, and one line more to see the end.
        let textLimit = (limits.maximumBodyLength * 4 + 2) / 3
        var text = [UInt8]()
        defer { text.withUnsafeMutableBytes { if let base = $0.baseAddress { sodium_memzero(base, $0.count) } } }
        while true {
            guard var line = try readLine(limit: columns, what: "the end of stanza \(number)") else {
                throw AgeError(.pluginFailure, "the stream ends inside stanza \(number), before the end of its body")
            }
            defer { line.withUnsafeMutableBytes { if let base = $0.baseAddress { sodium_memzero(base, $0.count) } } }
            guard text.count + line.count <= textLimit else {
                throw AgeError(.pluginFailure, "the body of stanza \(number) is larger than \(limits.maximumBodyLength) bytes")
            }
            if text.capacity < text.count + line.count {
                // Grow by hand so that the old storage is zeroed before it is freed.
                var larger = [UInt8]()
                larger.reserveCapacity(min(textLimit, max(256, (text.count + line.count) * 2)))
                larger += text
                text.withUnsafeMutableBytes { if let base = $0.baseAddress { sodium_memzero(base, $0.count) } }
                text = larger
            }
            text += line
            if line.count < columns { break }
        }
        guard let decoded = Self.decodeBase64(text) else {
            throw AgeError(.pluginFailure, "the body of stanza \(number) is not canonical unpadded base64")
        }
        return decoded
    }

    /// Canonical unpadded base64 decoded into zeroing memory; nil when not canonical.
    static func decodeBase64(_ text: [UInt8]) -> SecretBytes? {
        guard !text.isEmpty else { return SecretBytes(count: 0) { _ in } }
        // A remainder of one character is never valid base64.
        guard text.count % 4 != 1 else { return nil }
        let length = text.count / 4 * 3 + max(0, text.count % 4 - 1)
        var ok = false
        let decoded = SecretBytes(count: length) { output in
            var written = 0
            let status = text.withUnsafeBufferPointer { input in
                input.withMemoryRebound(to: CChar.self) { input in
                    sodium_base642bin(
                        output.baseAddress!.assumingMemoryBound(to: UInt8.self), output.count, input.baseAddress!, input.count,
                        nil, &written, nil, Int32(sodium_base64_VARIANT_ORIGINAL_NO_PADDING))
                }
            }
            ok = status == 0 && written == length
        }
        return ok ? decoded : nil
    }

    /// The next line without its LF; nil at the end of the input before any byte of a line.
    private func readLine(limit: Int, what: String) throws(AgeError) -> [UInt8]? {
        var line = [UInt8]()
        // Body lines (64 columns) never outgrow this, so no copy of their text is left unzeroed.
        line.reserveCapacity(min(limit, 256))
        while true {
            if start == end {
                if atEnd { break }
                let got = try source.read(into: buffer)
                if got == 0 { atEnd = true; break }
                start = 0
                end = got
            }
            var index = start
            while index < end, buffer[index] != 0x0A { index += 1 }
            let piece = UnsafeRawBufferPointer(rebasing: buffer[start..<index])
            guard line.count + piece.count <= limit else {
                line.withUnsafeMutableBytes { if let base = $0.baseAddress { sodium_memzero(base, $0.count) } }
                throw AgeError(.pluginFailure, "a line before \(what) is longer than \(limit) bytes")
            }
            line += piece
            if index < end {
                start = index + 1
                if line.last == 0x0D {
                    throw AgeError(.pluginFailure, "a line before \(what) ends with CR LF; the age plugin protocol ends lines with LF only")
                }
                return line
            }
            start = end
        }
        guard line.isEmpty else {
            line.withUnsafeMutableBytes { if let base = $0.baseAddress { sodium_memzero(base, $0.count) } }
            throw AgeError(.pluginFailure, "the stream ends inside a line, before \(what)")
        }
        return nil
    }
}
