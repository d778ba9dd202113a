/// Finds the encoding of a `.strings` file from its byte order mark and returns its text as UTF-8.
enum TextEncodingDetector {
    enum Failure: Error {
        case utf16WithoutByteOrderMark
        case invalidUTF16(byteOffset: Int)
    }

    /// The UTF-8 bytes of `data` (a UTF-8 BOM is dropped), or `nil` when `data` is UTF-8 already
    /// and can be parsed in place, with `skip` giving the length of its BOM.
    static func utf8Bytes(of data: UnsafeBufferPointer<UInt8>) throws(Failure) -> (converted: [UInt8]?, skip: Int) {
        if data.count >= 3, data[0] == 0xEF, data[1] == 0xBB, data[2] == 0xBF {
            return (nil, 3)
        }
        if data.count >= 2, data[0] == 0xFF, data[1] == 0xFE {
            return (try transcodeUTF16(data, littleEndian: true), 0)
        }
        if data.count >= 2, data[0] == 0xFE, data[1] == 0xFF {
            return (try transcodeUTF16(data, littleEndian: false), 0)
        }
        // Text in UTF-8 has no NUL bytes; UTF-16 of mostly-ASCII text has one in every pair.
        if data.count >= 2, data[0] == 0 || data[1] == 0 {
            throw .utf16WithoutByteOrderMark
        }
        return (nil, 0)
    }

    private static func transcodeUTF16(_ data: UnsafeBufferPointer<UInt8>, littleEndian: Bool) throws(Failure) -> [UInt8] {
        let unitCount = (data.count - 2) / 2
        if (data.count - 2) % 2 != 0 { throw .invalidUTF16(byteOffset: data.count - 1) }
        var units = [UInt16]()
        units.reserveCapacity(unitCount)
        var index = 2
        while index + 1 < data.count {
            let a = UInt16(data[index])
            let b = UInt16(data[index + 1])
            units.append(littleEndian ? (b << 8 | a) : (a << 8 | b))
            index += 2
        }
        var output = [UInt8]()
        output.reserveCapacity(unitCount + unitCount / 2)
        var iterator = units.makeIterator()
        var decoder = UTF16()
        var consumed = 0
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                consumed += scalar.utf16.count
                UTF8.encode(scalar) { output.append($0) }
            case .emptyInput:
                break loop
            case .error:
                throw .invalidUTF16(byteOffset: 2 + consumed * 2)
            }
        }
        return output
    }
}
