import CSodium

/// The header of an age v1 file: the version line, the recipient stanzas and the MAC line.
///
/// Parsing is strict, as the specification and its test vectors require: `\n` line ends only,
/// arguments of printable ASCII separated by single spaces, bodies in canonical unpadded base64
/// lines of exactly 64 columns ending with a shorter one, and a canonical 32-byte MAC.
struct AgeHeader {
    static let versionLine = Array("age-encryption.org/v1".utf8)
    static let columns = 64
    /// The largest header read. Thousands of X25519 recipients fit; a header that never ends
    /// (a wrong file, a hostile pipe) stops here instead of filling memory.
    static let maximumLength = 1 << 20

    let stanzas: [AgeStanza]
    /// The header from its first byte through `---`, which the MAC covers.
    let authenticatedBytes: [UInt8]
    /// The MAC read from the file.
    let mac: [UInt8]

    /// Reads the header, leaving `reader` at the first byte of the payload.
    static func read(from reader: AgeReader) throws(AgeError) -> AgeHeader {
        var authenticated: [UInt8] = []
        // Positions in messages are lines of the header (inside the armor, for an armored file).
        var lineNumber = 1
        func nextLine(_ what: String) throws(AgeError) -> [UInt8] {
            lineNumber += 1
            guard let (line, terminated) = try reader.readLine() else {
                throw AgeError(.headerFailure, "the file ends inside the header, before \(what) (was it cut short?)")
            }
            guard terminated else {
                throw AgeError(.headerFailure, "the file ends inside the header, before \(what) (was it cut short?)")
            }
            guard authenticated.count + line.count < maximumLength else {
                throw AgeError(.headerFailure, "the header is longer than \(maximumLength) bytes; this is not an age file envtool can read")
            }
            if line.last == 0x0D {
                throw AgeError(
                    .headerFailure, "header line \(lineNumber) ends with CR LF; age headers end lines with LF only (was the file converted to DOS line ends?)")
            }
            return line
        }

        guard let (first, _) = try reader.readLine() else {
            throw AgeError(.headerFailure, "the file is empty; an age file starts with the line \"age-encryption.org/v1\"")
        }
        guard first == versionLine else {
            if first == versionLine + [0x0D] {
                throw AgeError(.headerFailure, "header line 1 ends with CR LF; age headers end lines with LF only (was the file converted to DOS line ends?)")
            }
            if first.starts(with: Array("age-encryption.org/".utf8)) {
                let version = String(decoding: first.prefix(40), as: UTF8.self)
                throw AgeError(
                    .headerFailure, "this age file has the version line \"\(version)\", which envtool does not read (it reads age-encryption.org/v1)")
            }
            throw AgeError(.headerFailure, "this is not an age v1 file: it does not start with the line \"age-encryption.org/v1\"")
        }
        authenticated += first
        authenticated.append(0x0A)

        var stanzas: [AgeStanza] = []
        var line = try nextLine("the stanzas")
        while true {
            if line.starts(with: [0x2D, 0x2D, 0x2D]) {  // ---
                let mac = try parseMAC(line, lineNumber: lineNumber)
                authenticated += [0x2D, 0x2D, 0x2D]
                return AgeHeader(stanzas: stanzas, authenticatedBytes: authenticated, mac: mac)
            }
            guard line.starts(with: [0x2D, 0x3E, 0x20]) else {  // "-> "
                throw AgeError(.headerFailure, "header line \(lineNumber) is neither a stanza (\"-> type …\") nor the MAC line (\"--- …\")")
            }
            let arguments = try parseArguments(line.dropFirst(3), line: lineNumber)
            authenticated += line
            authenticated.append(0x0A)
            var body: [UInt8] = []
            while true {
                let bodyLine = try nextLine("the end of stanza \(stanzas.count + 1)")
                guard bodyLine.count <= columns else {
                    throw AgeError(.headerFailure, "header line \(lineNumber), in the body of stanza \(stanzas.count + 1), is longer than \(columns) columns")
                }
                authenticated += bodyLine
                authenticated.append(0x0A)
                body += bodyLine
                if bodyLine.count < columns { break }
            }
            guard let decoded = AgeBase64.decode(body, padded: false) else {
                throw AgeError(.headerFailure, "the body of stanza \(stanzas.count + 1) (ending at header line \(lineNumber)) is not canonical unpadded base64")
            }
            stanzas.append(AgeStanza(arguments: arguments, body: decoded))
            line = try nextLine("the MAC line \"--- …\"")
        }
    }

    private static func parseArguments(_ text: ArraySlice<UInt8>, line: Int) throws(AgeError) -> [String] {
        let arguments = text.split(separator: 0x20, omittingEmptySubsequences: false)
        guard !text.isEmpty, arguments.allSatisfy({ !$0.isEmpty }) else {
            throw AgeError(.headerFailure, "header line \(line): the stanza has an empty argument (arguments are separated by exactly one space)")
        }
        guard text.allSatisfy({ $0 >= 0x21 && $0 <= 0x7E || $0 == 0x20 }) else {
            throw AgeError(.headerFailure, "header line \(line): the stanza has an argument with a character outside printable ASCII")
        }
        return arguments.map { String(decoding: $0, as: UTF8.self) }
    }

    private static func parseMAC(_ line: [UInt8], lineNumber: Int) throws(AgeError) -> [UInt8] {
        guard line.count > 4, line[3] == 0x20, let mac = AgeBase64.decode(line[4...], padded: false), mac.count == 32 else {
            throw AgeError(.headerFailure, "header line \(lineNumber), the MAC line, is not \"--- \" followed by the canonical base64 of 32 bytes")
        }
        return mac
    }

    /// Checks the MAC with the file key; a mismatch means the header was changed.
    func verify(fileKey: SecretBytes) throws(AgeError) {
        let expected = AgeHeader.mac(of: authenticatedBytes, fileKey: fileKey)
        let equal = expected.withUnsafeBufferPointer { expected in
            mac.withUnsafeBufferPointer { sodium_memcmp(expected.baseAddress!, $0.baseAddress!, 32) == 0 }
        }
        guard equal else {
            throw AgeError(.hmacFailure, "the header's MAC does not verify: the header was modified after encryption")
        }
    }

    /// The bytes of a header besides its stanzas, with room to spare: the version line and the
    /// MAC line (about 50 bytes). The reader checks every line against a length shorter than
    /// the whole header, so a header shorter than ``maximumLength`` by this count is read back.
    static let fixedLength = versionLine.count + 1 + 64

    /// The refusal of a header longer than ``read(from:)`` accepts: envtool writes no file it
    /// cannot read back itself.
    static func tooLong(recipients: Int, bytes: Int) -> AgeError {
        AgeError(
            .unusable,
            "\(recipients) recipients make an age header of \(bytes) bytes or more, more than the \(maximumLength / 1024) KiB envtool reads back (about 10,000 X25519 recipients); encrypt to fewer recipients, for example one key a group shares"
        )
    }

    /// HMAC-SHA256 of `bytes` under HKDF(file key, salt: empty, info: "header").
    static func mac(of bytes: [UInt8], fileKey: SecretBytes) -> [UInt8] {
        let key = HKDF.derive(key: fileKey, salt: [], info: "header")
        var output = [UInt8](repeating: 0, count: 32)
        key.withUnsafeBytes { key in
            bytes.withUnsafeBytes { bytes in
                output.withUnsafeMutableBytes { HKDF.hmac(key: key, [bytes], into: $0) }
            }
        }
        return output
    }

    /// The complete header for `stanzas`, MAC line included.
    ///
    /// - Throws: ``AgeError/Kind/unusable`` for a header longer than ``read(from:)`` accepts:
    ///   envtool writes no file that it cannot read back itself.
    static func encode(_ stanzas: [AgeStanza], fileKey: SecretBytes) throws(AgeError) -> [UInt8] {
        var bytes = versionLine + [0x0A]
        for stanza in stanzas { bytes += stanza.encoded }
        guard bytes.count + fixedLength - versionLine.count - 1 < maximumLength else {
            throw tooLong(recipients: stanzas.count, bytes: bytes.count)
        }
        bytes += [0x2D, 0x2D, 0x2D]
        let mac = mac(of: bytes, fileKey: fileKey)
        return bytes + [0x20] + AgeBase64.encode(mac, padded: false) + [0x0A]
    }
}
