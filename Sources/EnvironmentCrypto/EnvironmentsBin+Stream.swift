#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension EnvironmentsBin {
    /// The most of a file read before its format and header are known: an age header is at most
    /// 1 MiB (its armored form about 1.4 MiB), so the whole header is always inside.
    package static let streamingPrefixLength = 2 << 20

    /// Decrypts the age file whose first bytes are `prefix` (up to ``streamingPrefixLength``
    /// bytes, already read from `input`) and whose rest is read from `input`, writing each chunk
    /// to `output` only after it verified: constant memory, whatever the file's size.
    ///
    /// On failure `output` holds an authentic but incomplete prefix of the plaintext: write to a
    /// temporary file and rename it only on success (`AtomicFile.write(to:streaming:)`).
    ///
    /// - Parameter identities: As for ``open(_:identities:)``, given the age header.
    /// - Returns: The header.
    /// - Throws: ``CryptoError``, as ``open(_:identities:)``; ``CryptoError/Kind/malformedFile``
    ///   when `prefix` is not the start of an age file.
    package static func decryptAge(
        prefix: Data, rest input: Int32, to output: Int32,
        identities: (Header) throws(CryptoError) -> [any FileKeyIdentity]
    ) throws(CryptoError) -> Header {
        guard AgeFile.isAgeFile(prefix) else {
            throw CryptoError(.malformedFile, "not an age file")
        }
        let header = try Header(parsing: prefix)
        let given = try identities(header)
        try ensureKind(given, opens: header)
        var sink = FileDescriptorSink(output)
        do throws(AgeError) {
            try AgeFile.decrypt(from: PrefixedSource(prefix: BytesSource(prefix), rest: FileDescriptorSource(input)), with: given, into: &sink)
        } catch {
            throw error.cryptoError
        }
        return header
    }
}

/// Bytes already read, then the rest of the descriptor they came from.
private struct PrefixedSource: AgeByteSource {
    var prefix: BytesSource
    var rest: FileDescriptorSource
    var prefixDone = false

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(AgeError) -> Int {
        if !prefixDone {
            let count = try prefix.read(into: buffer)
            if count > 0 { return count }
            prefixDone = true
        }
        return try rest.read(into: buffer)
    }
}
