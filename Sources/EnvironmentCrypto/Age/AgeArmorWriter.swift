/// Encodes armor to a sink, as age writes it: LF line ends, no empty line before the footer.
struct AgeArmorWriter<Base: AgeByteSink>: AgeByteSink {
    private(set) var base: Base
    private var line: [UInt8] = []

    init(_ base: Base) throws(AgeError) {
        self.base = base
        try self.base.write(AgeArmor.header + [0x0A])
    }

    mutating func write(_ bytes: UnsafeRawBufferPointer) throws(AgeError) {
        var offset = 0
        while offset < bytes.count {
            let count = min(AgeArmor.bytesPerLine - line.count, bytes.count - offset)
            line.append(contentsOf: bytes[offset..<offset + count])
            offset += count
            if line.count == AgeArmor.bytesPerLine { try flush() }
        }
    }

    /// Writes the last line and the footer; call once, after the last ``write(_:)``.
    mutating func finish() throws(AgeError) {
        if !line.isEmpty { try flush() }
        try base.write(AgeArmor.footer + [0x0A])
    }

    private mutating func flush() throws(AgeError) {
        try base.write(AgeBase64.encode(line, padded: true) + [0x0A])
        line.removeAll(keepingCapacity: true)
    }
}
