import CSodium

/// A buffered reader over an ``AgeByteSource`` with the two views the format needs: lines for
/// the header (and the armor), and exact byte counts for the payload.
///
/// The buffer is bounded (``capacity``) so that a header or a line without an end cannot grow
/// memory, and it is zeroed on release because during encryption it holds plaintext.
final class AgeReader {
    private var source: any AgeByteSource
    private let buffer: UnsafeMutableRawBufferPointer
    private var start = 0
    private var end = 0
    private var sourceEnded = false

    /// The most bytes a line may have before ``readLine()`` gives up on it.
    var capacity: Int { buffer.count }

    init(_ source: any AgeByteSource, capacity: Int = 8 * 1024) {
        self.source = source
        buffer = .allocate(byteCount: capacity, alignment: 16)
    }

    deinit {
        sodium_memzero(buffer.baseAddress!, buffer.count)
        buffer.deallocate()
    }

    /// Buffers at least `count` bytes (at most ``capacity``) unless the input ends first;
    /// returns how many bytes are buffered.
    @discardableResult
    func fill(atLeast count: Int) throws(AgeError) -> Int {
        let wanted = min(count, buffer.count)
        while end - start < wanted, !sourceEnded {
            if end == buffer.count {
                // Move the unread bytes to the front; zero what they leave behind.
                let unread = end - start
                if start > 0 {
                    buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + start, byteCount: unread)
                    sodium_memzero(buffer.baseAddress! + unread, buffer.count - unread)
                }
                start = 0
                end = unread
            }
            let got = try source.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[end...]))
            if got == 0 { sourceEnded = true } else { end += got }
        }
        return end - start
    }

    /// The buffered bytes (call ``fill(atLeast:)`` first).
    var buffered: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: buffer[start..<end]) }

    /// Drops `count` buffered bytes.
    func consume(_ count: Int) {
        start += min(count, end - start)
    }

    /// Whether the input has no more bytes.
    func isAtEnd() throws(AgeError) -> Bool {
        try fill(atLeast: 1) == 0
    }

    /// The next line without its `\n` (a final line without one is returned too, with
    /// `terminated` false), or nil at the end of the input. A line longer than ``capacity`` is an
    /// error of kind `kind` (the header's or the armor's).
    func readLine(failing kind: AgeError.Kind = .headerFailure) throws(AgeError) -> (line: [UInt8], terminated: Bool)? {
        var scanned = 0
        while true {
            let available = end - start
            if let newline = buffered[scanned...].firstIndex(of: 0x0A) {
                let line = Array(buffered[..<newline])
                consume(newline + 1)
                return (line, true)
            }
            scanned = available
            if sourceEnded {
                guard available > 0 else { return nil }
                let line = Array(buffered)
                consume(available)
                return (line, false)
            }
            guard available < buffer.count else {
                throw AgeError(kind, "a line is longer than \(buffer.count) bytes")
            }
            try fill(atLeast: available + 1)
        }
    }

    /// Reads until `destination` is full or the input ends; returns the number of bytes read.
    func read(into destination: UnsafeMutableRawBufferPointer) throws(AgeError) -> Int {
        var filled = 0
        let fromBuffer = min(end - start, destination.count)
        if fromBuffer > 0 {
            UnsafeMutableRawBufferPointer(rebasing: destination[..<fromBuffer]).copyMemory(from: UnsafeRawBufferPointer(rebasing: buffered[..<fromBuffer]))
            consume(fromBuffer)
            filled = fromBuffer
        }
        while filled < destination.count, !sourceEnded {
            let got = try source.read(into: UnsafeMutableRawBufferPointer(rebasing: destination[filled...]))
            if got == 0 { sourceEnded = true } else { filled += got }
        }
        return filled
    }
}
