internal import LibC
import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where an age encryptor or decryptor reads its input from: a file descriptor, bytes in memory,
/// or the armor decoder over either.
package protocol AgeByteSource {
    /// Reads at most `buffer.count` bytes into `buffer`; returns 0 only at the end of the input.
    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(AgeError) -> Int
}

/// Reads an open file descriptor (a file, a pipe, a socket), retrying interrupted reads.
/// It does not own the descriptor.
package struct FileDescriptorSource: AgeByteSource {
    let descriptor: Int32

    package init(_ descriptor: Int32) {
        self.descriptor = descriptor
    }

    package mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(AgeError) -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        let got = retryingOnInterrupt { systemRead(descriptor, base, buffer.count) }
        guard got >= 0 else { throw AgeError(.unusable, "cannot read the input: \(String(cString: strerror(errno)).lowercased())") }
        return got
    }
}

/// Reads bytes held in memory.
package struct BytesSource: AgeByteSource {
    private let bytes: Data
    private var offset: Int

    package init(_ bytes: Data) {
        self.bytes = bytes
        offset = bytes.startIndex
    }

    package mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(AgeError) -> Int {
        let count = min(buffer.count, bytes.endIndex - offset)
        guard count > 0 else { return 0 }
        // A raw copy: Data's generic `copyBytes(to:from:)` instantiates its range type's metadata,
        // whose first conformance check scans every conformance of the binary (~170k
        // instructions, 4% of `envtool get` on an age file).
        let start = offset - bytes.startIndex
        bytes.withUnsafeBytes { raw in
            buffer.baseAddress!.copyMemory(from: raw.baseAddress! + start, byteCount: count)
        }
        offset += count
        return count
    }
}

/// Reads secret bytes held in memory (a plaintext to encrypt) without copying them.
package struct SecretBytesSource: AgeByteSource {
    private let bytes: SecretBytes
    private var offset = 0

    package init(_ bytes: SecretBytes) {
        self.bytes = bytes
    }

    package mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(AgeError) -> Int {
        let count = min(buffer.count, bytes.count - offset)
        guard count > 0 else { return 0 }
        bytes.withUnsafeBytes { raw in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[offset..<offset + count]))
        }
        offset += count
        return count
    }
}

/// `read(2)`, named apart from the protocol's `read(into:)`, which hides it inside the types.
private func systemRead(_ descriptor: Int32, _ base: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, base, count)
}
