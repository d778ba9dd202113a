import CSodium

/// Bech32 (BIP 173) as age uses it: the checksum of BIP 173, without its 90-character limit,
/// all lowercase or all uppercase (never mixed).
///
/// Work is on bytes, and the decoded data goes straight into ``SecretBytes`` with every
/// intermediate buffer zeroed, because an identity's data is its secret key.
package enum Bech32 {
    private static let alphabet = Array("qpzry9x8gf2tvdw0s3jn54khce6mua7l".utf8)
    private static let reverse: [Int8] = {
        var table = [Int8](repeating: -1, count: 128)
        for (index, character) in alphabet.enumerated() {
            table[Int(character)] = Int8(index)
            table[Int(character) - (character >= 0x61 ? 0x20 : 0)] = Int8(index)
        }
        return table
    }()
    private static let generator: [UInt32] = [0x3b6a_57b2, 0x2650_8e6d, 0x1ea1_19fa, 0x3d42_33dd, 0x2a14_62b3]

    private static func polymod(_ values: some Sequence<UInt8>, _ start: UInt32 = 1) -> UInt32 {
        var check = start
        for value in values {
            let top = check >> 25
            check = (check & 0x1ff_ffff) << 5 ^ UInt32(value)
            for bit in 0..<5 where (top >> UInt32(bit)) & 1 == 1 { check ^= generator[bit] }
        }
        return check
    }

    private static func expandedPart(_ hrp: [UInt8]) -> [UInt8] {
        hrp.map { $0 >> 5 } + [0] + hrp.map { $0 & 31 }
    }

    /// `hrp` + `1` + data + checksum, lowercase, or uppercase when `uppercase` (age's identities).
    package static func encode(hrp: String, data: UnsafeRawBufferPointer, uppercase: Bool) -> SecretBytes {
        let human = Array(hrp.lowercased().utf8)
        var groups = [UInt8](repeating: 0, count: (data.count * 8 + 4) / 5)
        defer { zero(&groups) }
        var accumulator: UInt32 = 0
        var bits = 0
        var index = 0
        for byte in data {
            accumulator = (accumulator << 8 | UInt32(byte)) & 0xfff
            bits += 8
            while bits >= 5 {
                bits -= 5
                groups[index] = UInt8((accumulator >> UInt32(bits)) & 31)
                index += 1
            }
        }
        if bits > 0 { groups[index] = UInt8((accumulator << UInt32(5 - bits)) & 31) }
        accumulator = 0
        let check = polymod([0, 0, 0, 0, 0, 0], polymod(groups, polymod(expandedPart(human)))) ^ 1
        let total = human.count + 1 + groups.count + 6
        return SecretBytes(count: total) { output in
            var position = 0
            func put(_ character: UInt8) {
                output[position] = uppercase && character >= 0x61 && character <= 0x7a ? character - 0x20 : character
                position += 1
            }
            for character in human { put(character) }
            put(UInt8(ascii: "1"))
            for group in groups { put(alphabet[Int(group)]) }
            for shift in stride(from: 25, through: 0, by: -5) { put(alphabet[Int((check >> UInt32(shift)) & 31)]) }
        }
    }

    /// Why a string is not bech32; never contains the string itself (it may be a secret key).
    package struct Failure: Error {
        package let reason: String
    }

    /// Splits and verifies `text`; returns the lowercase human-readable part and the data bytes.
    package static func decode(_ text: UnsafeRawBufferPointer) throws(Failure) -> (hrp: String, data: SecretBytes) {
        var hasLower = false
        var hasUpper = false
        for byte in text {
            guard byte >= 0x21, byte <= 0x7e else { throw Failure(reason: "it contains a character that is not printable ASCII") }
            if byte >= 0x61, byte <= 0x7a { hasLower = true }
            if byte >= 0x41, byte <= 0x5a { hasUpper = true }
        }
        guard !(hasLower && hasUpper) else { throw Failure(reason: "it mixes uppercase and lowercase letters") }
        guard let separator = text.lastIndex(of: UInt8(ascii: "1")), separator >= 1 else {
            throw Failure(reason: "it has no \"1\" separator after its prefix")
        }
        guard text.count - separator - 1 >= 6 else { throw Failure(reason: "it is too short to hold a checksum") }
        let human = text[..<separator].map { $0 >= 0x41 && $0 <= 0x5a ? $0 + 0x20 : $0 }
        var values = [UInt8](repeating: 0, count: text.count - separator - 1)
        defer { zero(&values) }
        for (index, byte) in text[(separator + 1)...].enumerated() {
            let value = byte < 128 ? reverse[Int(byte)] : -1
            guard value >= 0 else {
                throw Failure(reason: "it contains a character that is not in the bech32 alphabet (b, i, o and 1 after the prefix never are)")
            }
            values[index] = UInt8(value)
        }
        guard polymod(values, polymod(expandedPart(human))) == 1 else {
            throw Failure(reason: "its checksum is wrong (a character was mistyped or lost)")
        }
        let groups = values.count - 6
        let byteCount = groups * 5 / 8
        // BIP 173: at most 4 bits of zero padding, and the padding must be zero.
        let padding = groups * 5 - byteCount * 8
        guard padding <= 4, padding == 0 || values[groups - 1] & UInt8((1 << padding) - 1) == 0 else {
            throw Failure(reason: "its data is not a whole number of bytes")
        }
        let data = SecretBytes(count: byteCount) { output in
            var accumulator: UInt32 = 0
            var bits = 0
            var index = 0
            for group in values[..<groups] {
                accumulator = (accumulator << 5 | UInt32(group)) & 0xfff
                bits += 5
                if bits >= 8 {
                    bits -= 8
                    output[index] = UInt8((accumulator >> UInt32(bits)) & 0xff)
                    index += 1
                }
            }
            accumulator = 0
        }
        return (String(decoding: human, as: UTF8.self), data)
    }

    private static func zero(_ bytes: inout [UInt8]) {
        bytes.withUnsafeMutableBytes { if let base = $0.baseAddress { sodium_memzero(base, $0.count) } }
    }
}
