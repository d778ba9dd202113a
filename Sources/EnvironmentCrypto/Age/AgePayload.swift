import CSodium

/// The payload of an age file: a 16-byte nonce, then the plaintext in STREAM chunks of 64 KiB,
/// each sealed with ChaCha20-Poly1305 under HKDF(file key, salt: nonce, info: "payload") with
/// the nonce `11-byte big-endian chunk counter || last-chunk flag`.
///
/// Both directions hold one chunk at a time, whatever the size of the file.
enum AgePayload {
    static let chunkSize = 64 * 1024
    static let tagSize = 16
    static let nonceSize = 16
    static let sealedChunkSize = chunkSize + tagSize

    /// Decrypts the payload from `reader` into `sink`, one chunk at a time. A chunk is written to
    /// `sink` only after its tag verified, and the last one only once the input is known to end
    /// there; the first failure stops everything.
    static func decrypt(from reader: AgeReader, fileKey: SecretBytes, to sink: inout some AgeByteSink) throws(AgeError) {
        var nonce = [UInt8](repeating: 0, count: nonceSize)
        let got = try AgeError.typed { try nonce.withUnsafeMutableBytes { try reader.read(into: $0) } }
        guard got == nonceSize else {
            // age counts the nonce as part of the header.
            throw AgeError(.headerFailure, "the file ends before the payload's 16-byte nonce, right after the header (was it cut short?)")
        }
        let key = HKDF.derive(key: fileKey, salt: nonce, info: "payload")
        let sealed = ChunkBuffer(count: sealedChunkSize)
        let plain = ChunkBuffer(count: chunkSize)
        var counter: UInt64 = 0
        while true {
            let length = try reader.read(into: sealed.bytes)
            sealed.wrote(length)
            let chunk = counter + 1
            guard length > 0 else {
                throw AgeError(.payloadFailure, "the payload ends after chunk \(counter) without its final chunk (was it cut short?)")
            }
            guard length >= tagSize else {
                throw AgeError(.payloadFailure, "chunk \(chunk) of the payload is shorter than its 16-byte tag (was the file cut short?)")
            }
            var last = length < sealedChunkSize
            if last, length == tagSize, counter > 0 {
                throw AgeError(
                    .payloadFailure,
                    "chunk \(chunk) of the payload is only a tag: a final chunk may be empty only when the whole payload is, so the file was cut short or altered"
                )
            }
            plain.wrote(length - tagSize)
            var opened = open(sealed, length: length, into: plain, counter: counter, last: last, key: key)
            if !opened, !last {
                // A full chunk may be the last one: a plaintext that is a multiple of 64 KiB.
                last = true
                opened = open(sealed, length: length, into: plain, counter: counter, last: true, key: key)
            }
            guard opened else {
                throw AgeError(
                    .payloadFailure,
                    "chunk \(chunk) of the payload does not authenticate: the file was modified, cut short or extended (nothing of this chunk was released)")
            }
            defer { plain.zero(length - tagSize) }
            if last {
                guard try reader.isAtEnd() else {
                    throw AgeError(.payloadFailure, "there is data after the payload's final chunk (the file was extended or two files were joined)")
                }
            }
            try sink.write(UnsafeRawBufferPointer(rebasing: plain.bytes[..<(length - tagSize)]))
            if last { return }
            // 2^64 chunks of 64 KiB cannot be read in practice; the guard keeps the counter from wrapping.
            guard counter < UInt64.max else { throw AgeError(.payloadFailure, "the payload has too many chunks") }
            counter += 1
        }
    }

    /// Encrypts everything `reader` yields into `sink`: the nonce, then the sealed chunks.
    /// `fixedNonce` exists for the test vectors' round trips; files always get a random one.
    static func encrypt(from reader: AgeReader, fileKey: SecretBytes, to sink: inout some AgeByteSink, fixedNonce: [UInt8]? = nil) throws(AgeError) {
        var nonce = [UInt8](repeating: 0, count: nonceSize)
        if let fixedNonce, fixedNonce.count == nonceSize { nonce = fixedNonce } else { randombytes_buf(&nonce, nonceSize) }
        try sink.write(nonce)
        let key = HKDF.derive(key: fileKey, salt: nonce, info: "payload")
        let plain = ChunkBuffer(count: chunkSize)
        let sealed = ChunkBuffer(count: sealedChunkSize)
        var counter: UInt64 = 0
        while true {
            let length = try reader.read(into: plain.bytes)
            plain.wrote(length)
            defer { plain.zero(length) }
            let last = length < chunkSize ? true : try reader.isAtEnd()
            var sealedLength: UInt64 = 0
            let nonceBytes = chunkNonce(counter: counter, last: last)
            key.withUnsafeBytes { key in
                _ = crypto_aead_chacha20poly1305_ietf_encrypt(
                    sealed.bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), &sealedLength,
                    plain.bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), UInt64(length),
                    nil, 0, nil, nonceBytes, key.baseAddress!.assumingMemoryBound(to: UInt8.self))
            }
            sealed.wrote(Int(sealedLength))
            try sink.write(UnsafeRawBufferPointer(rebasing: sealed.bytes[..<Int(sealedLength)]))
            if last { return }
            guard counter < UInt64.max else { throw AgeError(.unusable, "the input is too large for one age file") }
            counter += 1
        }
    }

    private static func open(_ sealed: ChunkBuffer, length: Int, into plain: ChunkBuffer, counter: UInt64, last: Bool, key: SecretBytes) -> Bool {
        let nonceBytes = chunkNonce(counter: counter, last: last)
        var plainLength: UInt64 = 0
        return key.withUnsafeBytes { key in
            crypto_aead_chacha20poly1305_ietf_decrypt(
                plain.bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), &plainLength, nil,
                sealed.bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), UInt64(length),
                nil, 0, nonceBytes, key.baseAddress!.assumingMemoryBound(to: UInt8.self)) == 0
        }
    }

    /// The 12-byte chunk nonce: the counter big-endian in 11 bytes, then 1 for the last chunk.
    private static func chunkNonce(counter: UInt64, last: Bool) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 12)
        for index in 0..<8 { bytes[10 - index] = UInt8(truncatingIfNeeded: counter >> UInt64(8 * index)) }
        bytes[11] = last ? 1 : 0
        return bytes
    }
}
