import CSodium
internal import LibC
import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where an age encryptor or decryptor writes its output: a file descriptor, a zeroing buffer,
/// or the armor encoder over either.
package protocol AgeByteSink {
    /// Writes all of `bytes`; the pointer is valid only during the call.
    mutating func write(_ bytes: UnsafeRawBufferPointer) throws(AgeError)
}

/// Writes to an open file descriptor, completing short writes. It does not own the descriptor.
package struct FileDescriptorSink: AgeByteSink {
    let descriptor: Int32

    package init(_ descriptor: Int32) {
        self.descriptor = descriptor
    }

    package mutating func write(_ bytes: UnsafeRawBufferPointer) throws(AgeError) {
        do throws(SystemCallError) {
            try writeAll(descriptor, bytes)
        } catch {
            throw AgeError(.outputFailure, "cannot write the output: \(error.reason.lowercased())")
        }
    }
}

/// Collects output in memory in a buffer that is zeroed whenever it is released or outgrown,
/// because decrypted output is secret.
package final class SecretCollector: AgeByteSink {
    private var storage = UnsafeMutableRawBufferPointer(start: nil, count: 0)
    private(set) var count = 0

    package init() {}

    deinit { release() }

    package func write(_ bytes: UnsafeRawBufferPointer) throws(AgeError) {
        guard bytes.count > 0 else { return }
        let (needed, overflow) = count.addingReportingOverflow(bytes.count)
        guard !overflow else { throw AgeError(.unavailable, "the output is too large to hold in memory") }
        if needed > storage.count {
            let grown = UnsafeMutableRawBufferPointer.allocate(
                byteCount: max(needed, storage.count < Int.max / 2 ? storage.count * 2 : needed, 4096), alignment: 16)
            if count > 0 { grown.copyMemory(from: UnsafeRawBufferPointer(rebasing: storage[..<count])) }
            let kept = count
            release()
            storage = grown
            count = kept
        }
        UnsafeMutableRawBufferPointer(rebasing: storage[count..<needed]).copyMemory(from: bytes)
        count = needed
    }

    /// The collected bytes as ``SecretBytes``; the collector is emptied (and zeroed).
    package func take() -> SecretBytes {
        let result = SecretBytes(count: count) { output in
            if count > 0 { output.copyMemory(from: UnsafeRawBufferPointer(rebasing: storage[..<count])) }
        }
        release()
        return result
    }

    /// Zeroes and frees what was collected: a caller that needs all or nothing calls this on failure.
    package func release() {
        if let base = storage.baseAddress {
            sodium_memzero(base, storage.count)
            storage.deallocate()
        }
        storage = UnsafeMutableRawBufferPointer(start: nil, count: 0)
        count = 0
    }
}

/// `write(2)`, named apart from the protocol's `write(_:)`, which hides it inside the types.
private func systemWrite(_ descriptor: Int32, _ base: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, base, count)
}

extension AgeByteSink {
    mutating func write(_ bytes: [UInt8]) throws(AgeError) {
        try AgeError.typed { try bytes.withUnsafeBytes { raw in try write(raw) } }
    }
}

/// Collects output in memory, for ciphertext (which is not secret).
package struct DataSink: AgeByteSink {
    package private(set) var data = Data()

    package init() {}

    package mutating func write(_ bytes: UnsafeRawBufferPointer) throws(AgeError) {
        data.append(contentsOf: bytes)
    }
}
