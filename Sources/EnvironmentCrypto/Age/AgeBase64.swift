import CSodium

/// Strict, canonical base64 through libsodium: the standard alphabet, no white space, and
/// unused bits zero, so that every byte string has exactly one accepted encoding.
package enum AgeBase64 {
    /// Decodes `text`, padded (`=`) or not; nil when it is not the canonical encoding of anything.
    package static func decode(_ text: some Collection<UInt8>, padded: Bool) -> [UInt8]? {
        let characters = Array(text)
        guard !characters.isEmpty else { return [] }
        var output = [UInt8](repeating: 0, count: characters.count / 4 * 3 + 3)
        var length = 0
        let variant = padded ? sodium_base64_VARIANT_ORIGINAL : sodium_base64_VARIANT_ORIGINAL_NO_PADDING
        let status = characters.withUnsafeBufferPointer { input in
            input.withMemoryRebound(to: CChar.self) { input in
                sodium_base642bin(&output, output.count, input.baseAddress!, input.count, nil, &length, nil, Int32(variant))
            }
        }
        guard status == 0 else { return nil }
        return Array(output[..<length])
    }

    /// Encodes `bytes`, padded or not.
    package static func encode(_ bytes: UnsafeRawBufferPointer, padded: Bool) -> [UInt8] {
        let variant = Int32(padded ? sodium_base64_VARIANT_ORIGINAL : sodium_base64_VARIANT_ORIGINAL_NO_PADDING)
        let length = sodium_base64_encoded_len(bytes.count, variant)
        var output = [UInt8](repeating: 0, count: length)
        output.withUnsafeMutableBufferPointer { output in
            output.withMemoryRebound(to: CChar.self) { output in
                _ = sodium_bin2base64(output.baseAddress!, length, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count, variant)
            }
        }
        output.removeLast()  // sodium_bin2base64 ends with NUL.
        return output
    }

    package static func encode(_ bytes: [UInt8], padded: Bool) -> [UInt8] {
        bytes.withUnsafeBytes { encode($0, padded: padded) }
    }
}
