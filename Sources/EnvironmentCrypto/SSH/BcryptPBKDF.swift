import CSodium

/// OpenBSD's `bcrypt_pbkdf`, the KDF of passphrase-protected OpenSSH private keys (their KDF name
/// is `bcrypt`): PBKDF2's shape, with SHA-512 collapsing the passphrase and the salt and
/// bcrypt's expensive Blowfish key schedule ("eksblowfish") as the pseudo-random function.
///
/// Written from OpenSSH's openbsd-compat/bcrypt_pbkdf.c and blowfish.c, read beside Go's
/// golang.org/x/crypto/ssh/internal/bcrypt_pbkdf; SHA-512 is libsodium's, and Blowfish's initial
/// state (π's digits) is ``BlowfishDigits``. Every intermediate (the digests, the Blowfish state,
/// each round's hash) is derived from the passphrase and is zeroed before this returns.
enum BcryptPBKDF {
    /// The length of one bcrypt hash, and so of each block of output.
    static let hashLength = 32
    /// The longest output: OpenBSD's limit (32 blocks of 32 bytes, spread by the stride).
    static let maximumOutputLength = hashLength * hashLength

    /// The plaintext bcrypt encrypts with its key schedule, 64 times.
    private static let magic = Array("OxychromaticBlowfishSwatDynamite".utf8)

    private static let digestLength = Int(crypto_hash_sha512_BYTES)

    /// Fills `output` with the key `passphrase` and `salt` give after `rounds` rounds.
    ///
    /// The caller bounds the inputs, which come from a file: OpenBSD refuses an empty passphrase
    /// or salt, no rounds, and more than ``maximumOutputLength`` bytes, and so does this
    /// (a precondition: ``OpenSSHPrivateKey`` checks them with its own errors first). The work
    /// grows with `rounds × ⌈output / 32⌉`: bound `rounds` before calling.
    static func derive(
        passphrase: UnsafeRawBufferPointer, salt: UnsafeRawBufferPointer, rounds: Int,
        into output: UnsafeMutableRawBufferPointer
    ) {
        precondition(
            !passphrase.isEmpty && !salt.isEmpty && rounds >= 1 && (1...maximumOutputLength).contains(output.count),
            "bcrypt_pbkdf takes a passphrase, a salt, at least one round and 1…1024 bytes of output")
        // PBKDF2 would give block 1's bytes first; bcrypt_pbkdf spreads each block over the
        // output (byte i of block k goes to i × stride + k), so that every byte needs every block.
        let stride = (output.count + hashLength - 1) / hashLength
        let perBlock = (output.count + stride - 1) / stride

        // One zeroed allocation for everything derived from the passphrase.
        let saltedLength = salt.count + 4
        let work = UnsafeMutableRawBufferPointer.allocate(byteCount: 2 * digestLength + 2 * hashLength + saltedLength, alignment: 16)
        let blowfish = Blowfish()
        defer {
            sodium_memzero(work.baseAddress!, work.count)
            work.deallocate()
            blowfish.release()
        }
        let passphraseDigest = UnsafeMutableRawBufferPointer(rebasing: work[0..<digestLength])
        let saltDigest = UnsafeMutableRawBufferPointer(rebasing: work[digestLength..<2 * digestLength])
        let roundHash = UnsafeMutableRawBufferPointer(rebasing: work[2 * digestLength..<2 * digestLength + hashLength])
        let block = UnsafeMutableRawBufferPointer(rebasing: work[2 * digestLength + hashLength..<2 * digestLength + 2 * hashLength])
        let countedSalt = UnsafeMutableRawBufferPointer(rebasing: work[(2 * digestLength + 2 * hashLength)...])
        countedSalt.copyMemory(from: salt)

        sha512(passphrase, into: passphraseDigest)
        var remaining = output.count
        var blockNumber: UInt32 = 1
        while remaining > 0 {
            for index in 0..<4 { countedSalt[salt.count + index] = UInt8(truncatingIfNeeded: blockNumber >> (24 - 8 * UInt32(index))) }
            sha512(UnsafeRawBufferPointer(countedSalt), into: saltDigest)
            blowfish.hash(passphraseDigest: UnsafeRawBufferPointer(passphraseDigest), saltDigest: UnsafeRawBufferPointer(saltDigest), into: roundHash)
            block.copyMemory(from: UnsafeRawBufferPointer(roundHash))
            // Each later round salts with the previous round's hash.
            for _ in 0..<rounds - 1 {
                sha512(UnsafeRawBufferPointer(roundHash), into: saltDigest)
                blowfish.hash(passphraseDigest: UnsafeRawBufferPointer(passphraseDigest), saltDigest: UnsafeRawBufferPointer(saltDigest), into: roundHash)
                for index in 0..<hashLength { block[index] ^= roundHash[index] }
            }
            var taken = 0
            while taken < min(perBlock, remaining) {
                let destination = taken * stride + Int(blockNumber) - 1
                if destination >= output.count { break }
                output[destination] = block[taken]
                taken += 1
            }
            remaining -= taken
            blockNumber += 1
        }
    }

    /// The bcrypt hash of two SHA-512 digests, as bcrypt_pbkdf uses it (exposed for its test
    /// vector): Blowfish's key schedule run on them 65 times, then the magic text encrypted 64
    /// times; the words written little-endian.
    static func hash(passphraseDigest: UnsafeRawBufferPointer, saltDigest: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) {
        let blowfish = Blowfish()
        defer { blowfish.release() }
        blowfish.hash(passphraseDigest: passphraseDigest, saltDigest: saltDigest, into: output)
    }

    private static func sha512(_ input: UnsafeRawBufferPointer, into digest: UnsafeMutableRawBufferPointer) {
        crypto_hash_sha512(
            digest.baseAddress!.assumingMemoryBound(to: UInt8.self), input.baseAddress?.assumingMemoryBound(to: UInt8.self),
            UInt64(input.count))
    }

    /// Blowfish's state (the P array and the four S-boxes, 1042 words) in one allocation that
    /// `release` zeroes: after the key schedule it is as secret as the passphrase. Only what
    /// bcrypt needs: the initial state, the salted key schedule (`expand`, OpenBSD's
    /// `Blowfish_expandstate` and `Blowfish_expand0state`) and encryption of one block.
    private struct Blowfish {
        private static let wordCount = 18 + 4 * 256
        /// P at 0..<18, S-box n at 18 + 256 n.
        private let words: UnsafeMutablePointer<UInt32>

        init() {
            words = .allocate(capacity: Self.wordCount)
            words.initialize(repeating: 0, count: Self.wordCount)
        }

        func release() {
            sodium_memzero(words, Self.wordCount * MemoryLayout<UInt32>.size)
            words.deallocate()
        }

        func hash(passphraseDigest: UnsafeRawBufferPointer, saltDigest: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) {
            precondition(output.count == BcryptPBKDF.hashLength)
            reset()
            expand(key: passphraseDigest, data: saltDigest)
            for _ in 0..<64 {
                expand(key: saltDigest, data: nil)
                expand(key: passphraseDigest, data: nil)
            }
            var text = [UInt32](repeating: 0, count: BcryptPBKDF.hashLength / 4)
            BcryptPBKDF.magic.withUnsafeBytes { magic in
                var position = 0
                for index in text.indices { text[index] = Self.word(magic, at: &position) }
            }
            for _ in 0..<64 {
                for index in Swift.stride(from: 0, to: text.count, by: 2) {
                    var left = text[index]
                    var right = text[index + 1]
                    encrypt(&left, &right)
                    text[index] = left
                    text[index + 1] = right
                }
            }
            for (index, word) in text.enumerated() {
                for byte in 0..<4 { output[4 * index + byte] = UInt8(truncatingIfNeeded: word >> (8 * UInt32(byte))) }
            }
            text.withUnsafeMutableBytes { sodium_memzero($0.baseAddress!, $0.count) }
        }

        /// The initial state: π's digits.
        private func reset() {
            BlowfishDigits.p.withUnsafeBufferPointer { words.update(from: $0.baseAddress!, count: 18) }
            BlowfishDigits.s.withUnsafeBufferPointer { (words + 18).update(from: $0.baseAddress!, count: 4 * 256) }
        }

        /// The key schedule: `key` (cycled) into P, then every word pair of P and the S-boxes
        /// replaced by the encryption of the running pair, mixed with `data` (cycled) when given.
        private func expand(key: UnsafeRawBufferPointer, data: UnsafeRawBufferPointer?) {
            var position = 0
            for index in 0..<18 { words[index] ^= Self.word(key, at: &position) }
            position = 0
            var left: UInt32 = 0
            var right: UInt32 = 0
            for index in Swift.stride(from: 0, to: Self.wordCount, by: 2) {
                if let data {
                    left ^= Self.word(data, at: &position)
                    right ^= Self.word(data, at: &position)
                }
                encrypt(&left, &right)
                words[index] = left
                words[index + 1] = right
            }
        }

        /// Blowfish's 16 Feistel rounds on one block.
        @inline(__always)
        private func encrypt(_ left: inout UInt32, _ right: inout UInt32) {
            var l = left ^ words[0]
            var r = right
            var round = 1
            while round < 17 {
                r ^= mix(l) ^ words[round]
                l ^= mix(r) ^ words[round + 1]
                round += 2
            }
            left = r ^ words[17]
            right = l
        }

        /// Blowfish's F.
        @inline(__always)
        private func mix(_ x: UInt32) -> UInt32 {
            let s = words + 18
            return ((s[Int(x >> 24)] &+ s[256 + Int(x >> 16 & 0xFF)]) ^ s[512 + Int(x >> 8 & 0xFF)]) &+ s[768 + Int(x & 0xFF)]
        }

        /// The next four bytes of `bytes` as a big-endian word, wrapping to its start.
        @inline(__always)
        private static func word(_ bytes: UnsafeRawBufferPointer, at position: inout Int) -> UInt32 {
            var value: UInt32 = 0
            for _ in 0..<4 {
                value = value << 8 | UInt32(bytes[position])
                position += 1
                if position == bytes.count { position = 0 }
            }
            return value
        }
    }
}
