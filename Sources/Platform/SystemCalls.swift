internal import LibC

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// The one place that knows about EINTR: a signal whose handler was installed without SA_RESTART
// (a terminal's SIGWINCH, SIGALRM, a debugger's stop) makes a blocking call fail with EINTR
// before it did anything, and the call is made again. Every other target calls these.

/// Calls `call` again for as long as it fails (returns a negative value) with `EINTR`; returns
/// what the last call returned, `errno` set as it left it.
@inline(__always)
package func retryingOnInterrupt<Result: SignedInteger>(_ call: () -> Result) -> Result {
    while true {
        let result = call()
        if result >= 0 || errno != EINTR { return result }
    }
}

/// Reads from `descriptor` until `buffer` is full or the input ends, again after a short read or
/// an interruption.
///
/// - Returns: How many bytes were read, and the error of a read that failed (`nil` when the
///   buffer filled or the input ended); the bytes read before a failure are kept.
package func readFully(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> (count: Int, error: SystemCallError?) {
    guard let base = buffer.baseAddress else { return (0, nil) }
    var count = 0
    while count < buffer.count {
        let got = retryingOnInterrupt { read(descriptor, base + count, buffer.count - count) }
        if got < 0 { return (count, SystemCallError(code: errno)) }
        if got == 0 { break }
        count += got
    }
    return (count, nil)
}

/// Reads `descriptor` to its end, or until `limit` bytes: into one buffer a byte larger than
/// `sizeHint` (a file's size, so that the second read sees the end), grown only when there is
/// more.
///
/// - Returns: The bytes, and the error of a read that failed (`nil` at the end or the limit).
package func readToEnd(_ descriptor: Int32, limit: Int = .max, sizeHint: Int = 0) -> (bytes: Data, error: SystemCallError?) {
    var data = Data(count: min(max(sizeHint, 0), limit - 1) + 1)
    var filled = 0
    while true {
        let (count, error) = data.withUnsafeMutableBytes { readFully(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: $0[filled...])) }
        filled += count
        if error != nil || filled < data.count || filled == limit {
            data.count = filled
            return (data, error)
        }
        data.count = min(limit, data.count + max(data.count, 65536))
    }
}

/// Writes all of `bytes` to `descriptor`, again after a short write or an interruption.
///
/// - Throws: ``SystemCallError`` of the write that failed (code 0 for one that wrote nothing).
package func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemCallError) {
    guard let base = bytes.baseAddress else { return }
    var written = 0
    while written < bytes.count {
        let result = retryingOnInterrupt { write(descriptor, base + written, bytes.count - written) }
        guard result > 0 else { throw SystemCallError(code: result < 0 ? errno : 0) }
        written += result
    }
}

/// Closes `descriptor` and reports a write error the file system gives only then (NFS).
///
/// `EINTR` is no failure and the close is not made again: Linux releases the descriptor whatever
/// `close` returns, and a second close could close one another thread has just been given.
package func closeReportingFailure(_ descriptor: Int32) throws(SystemCallError) {
    if close(descriptor) != 0, errno != EINTR { throw SystemCallError(code: errno) }
}

/// Waits until `descriptor` is ready for `events` (`POLLIN`, `POLLOUT`), at most `milliseconds`;
/// an interrupted wait goes on for the time left.
///
/// - Returns: `poll`'s result: 1 when ready, 0 when the time is up, -1 with `errno` set.
package func waitUntilReady(_ descriptor: Int32, for events: Int32, milliseconds: Int64) -> Int32 {
    let end = monotonicMilliseconds() + milliseconds
    var entry = pollfd(fd: descriptor, events: Int16(events), revents: 0)
    return retryingOnInterrupt { poll(&entry, 1, Int32(clamping: max(end - monotonicMilliseconds(), 0))) }
}

/// Milliseconds on `CLOCK_MONOTONIC`, for deadlines that a change of the wall clock leaves alone.
package func monotonicMilliseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
}
