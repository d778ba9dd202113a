/// Decodes armor from a reader, one line (48 bytes) at a time.
struct AgeArmorReader: AgeByteSource {
    private let reader: AgeReader
    private var started = false
    private var finished = false
    private var pending: [UInt8] = []
    private var pendingOffset = 0
    /// Set after a line shorter than 48 bytes: the next line must be the footer.
    private var expectFooter = false

    init(_ reader: AgeReader) {
        self.reader = reader
    }

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(AgeError) -> Int {
        var filled = 0
        while filled < buffer.count {
            if pendingOffset < pending.count {
                let count = min(pending.count - pendingOffset, buffer.count - filled)
                pending.withUnsafeBytes { source in
                    UnsafeMutableRawBufferPointer(rebasing: buffer[filled..<filled + count])
                        .copyMemory(from: UnsafeRawBufferPointer(rebasing: source[pendingOffset..<pendingOffset + count]))
                }
                pendingOffset += count
                filled += count
                continue
            }
            if finished { break }
            try decodeNextLine()
        }
        return filled
    }

    private mutating func nextLine() throws(AgeError) -> [UInt8] {
        guard let (line, _) = try reader.readLine(failing: .armorFailure) else {
            throw AgeError(.armorFailure, "the armor ends without its closing line \"-----END AGE ENCRYPTED FILE-----\" (was it cut short?)")
        }
        return line.last == 0x0D ? Array(line.dropLast()) : line
    }

    private mutating func decodeNextLine() throws(AgeError) {
        if !started {
            var skipped = 0
            while try reader.fill(atLeast: 1) > 0, AgeArmor.isWhitespace(reader.buffered[0]) {
                reader.consume(1)
                skipped += 1
                guard skipped <= AgeArmor.maximumWhitespace else {
                    throw AgeError(.armorFailure, "more than \(AgeArmor.maximumWhitespace) bytes of white space before the armor")
                }
            }
            guard try nextLine() == AgeArmor.header else {
                throw AgeError(.armorFailure, "the armor does not start with the line \"-----BEGIN AGE ENCRYPTED FILE-----\"")
            }
            started = true
        }
        let line = try nextLine()
        if line == AgeArmor.footer {
            try drainTrailing()
            return
        }
        guard !expectFooter else {
            throw AgeError(
                .armorFailure,
                "a line shorter than \(AgeArmor.columns) columns is not followed by \"-----END AGE ENCRYPTED FILE-----\"; only the last line may be short")
        }
        guard line.count <= AgeArmor.columns else {
            throw AgeError(.armorFailure, "an armor line is longer than \(AgeArmor.columns) columns")
        }
        guard let decoded = AgeBase64.decode(line, padded: true) else {
            throw AgeError(.armorFailure, "an armor line is not canonical padded base64 (no spaces, headers or checksums are allowed)")
        }
        if decoded.count < AgeArmor.bytesPerLine { expectFooter = true }
        if decoded.isEmpty {
            // Only an empty armor may have no data line at all; an empty line is never valid.
            throw AgeError(.armorFailure, "the armor has an empty line")
        }
        pending = decoded
        pendingOffset = 0
    }

    private mutating func drainTrailing() throws(AgeError) {
        finished = true
        let available = try reader.fill(atLeast: AgeArmor.maximumWhitespace + 1)
        guard reader.buffered.allSatisfy(AgeArmor.isWhitespace) else {
            throw AgeError(.armorFailure, "there is data after \"-----END AGE ENCRYPTED FILE-----\"")
        }
        guard available <= AgeArmor.maximumWhitespace else {
            throw AgeError(.armorFailure, "more than \(AgeArmor.maximumWhitespace) bytes of white space after the armor")
        }
        reader.consume(available)
    }
}
