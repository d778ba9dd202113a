import Platform
import Testing

@Suite("Word and UTF-8 scans agree with byte-by-byte checks")
struct ByteScanTests {
    /// Words built from bytes that sit at the edges the tricks depend on (0x00, 0x1F/0x20, 0x7F/0x80,
    /// continuation and lead bytes, and the searched characters), in every position.
    static func words(count: Int) -> [[UInt8]] {
        let interesting: [UInt8] = [0x00, 0x01, 0x0A, 0x0D, 0x1F, 0x20, 0x22, 0x5C, 0x7B, 0x7F, 0x80, 0xBF, 0xC0, 0xC2, 0xE2, 0xFF, 0x61]
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in (0..<8).map { _ in interesting.randomElement(using: &generator)! } }
    }

    @Test("flags, firstFlaggedByte, continuationFlags and byteSum on 20,000 words")
    func wordTests() {
        for bytes in Self.words(count: 20_000) {
            let word = bytes.withUnsafeBufferPointer { WordScan.load($0, at: 0) }
            // Flags answer exactly whether a byte is there and which is the first.
            func first(_ test: (UInt8) -> Bool) -> Int? { bytes.firstIndex(where: test) }
            func flagged(_ flags: UInt64) -> Int? { flags == 0 ? nil : WordScan.firstFlaggedByte(flags) }
            for target: UInt8 in [0x0A, 0x0D, 0x22, 0x5C, 0x7B, 0x00] {
                #expect(flagged(WordScan.flags(word, equalTo: target)) == first { $0 == target }, "\(bytes) \(target)")
            }
            for limit: UInt8 in [0x01, 0x20, 0x80] {
                #expect(flagged(WordScan.flags(word, below: limit)) == first { $0 < limit }, "\(bytes) < \(limit)")
            }
            #expect(WordScan.nonASCIIFlags(word) == bytes.enumerated().reduce(0) { $0 | ($1.element >= 0x80 ? UInt64(0x80) << (8 * $1.offset) : 0) })
            // Combined, as the JSON string scan uses them: the first quote, backslash, control or non-ASCII byte.
            let combined =
                WordScan.flags(word, equalTo: 0x22) | WordScan.flags(word, equalTo: 0x5C)
                | WordScan.flags(word, below: 0x20) | WordScan.nonASCIIFlags(word)
            #expect(flagged(combined) == first { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 || $0 >= 0x80 }, "\(bytes)")
            let flags = WordScan.continuationFlags(word)
            let flagBytes = (0..<8).map { UInt8(truncatingIfNeeded: flags >> (8 * $0)) }
            #expect(flagBytes == bytes.map { $0 & 0xC0 == 0x80 ? 1 : 0 }, "\(bytes)")
            // byteSum of lanes near their limit: the word itself and flags summed 255 times.
            #expect(WordScan.byteSum(word) == bytes.reduce(0) { $0 + Int($1) }, "\(bytes)")
            #expect(WordScan.byteSum(flags &* 255) == 255 * flagBytes.reduce(0) { $0 + Int($1) }, "\(bytes)")
        }
    }

    @Test("UTF-8 validation finds the first invalid byte as Swift's decoder does")
    func utf8() {
        let samples: [[UInt8]] = [
            Array("plain ASCII text, longer than one word".utf8),
            Array("Línea «citado» € 𝄞 and more text after it".utf8),
            [0x61, 0x62, 0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0x80],
            Array("12345678".utf8) + [0xFF] + Array("tail".utf8),
        ]
        var generator = SystemRandomNumberGenerator()
        let random = (0..<2_000).map { _ in (0..<Int.random(in: 0...24, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) } }
        for bytes in samples + random {
            let expected: Int? = {
                var iterator = bytes.makeIterator()
                var decoder = UTF8()
                var offset = 0
                while true {
                    switch decoder.decode(&iterator) {
                    case .scalarValue(let scalar): offset += UTF8.width(scalar)
                    case .emptyInput: return nil
                    case .error: return offset
                    }
                }
            }()
            #expect(bytes.withUnsafeBufferPointer { UTF8Validation.firstInvalidOffset(in: $0) } == expected, "\(bytes)")
        }
    }
}
