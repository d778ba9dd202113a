import Foundation
import Platform
import Synchronization
import Testing

/// A signal whose handler was installed without `SA_RESTART` makes a blocked call fail with
/// `EINTR`. These tests block a thread in a read of an empty pipe, interrupt it that way, and then
/// write to the pipe: the helpers must return what was written.
@Suite("System calls: an interrupted call is made again", .serialized)
struct SystemCallsTests {
    /// What the reading thread shares with the test.
    final class Reading: Sendable {
        let descriptor: Int32
        let call: @Sendable (Int32) -> String
        let result = Mutex<String?>(nil)
        init(descriptor: Int32, call: @escaping @Sendable (Int32) -> String) {
            self.descriptor = descriptor
            self.call = call
        }
    }

    /// Runs `call` on a new thread with the read end of an empty pipe, sends that thread SIGUSR2
    /// (a handler without `SA_RESTART`) five times 50 ms apart, so that at least one signal finds
    /// it blocked, then writes "data" and returns what `call` returned.
    static func interrupted(_ call: @escaping @Sendable (Int32) -> String) throws -> String? {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in }
        action.sa_flags = 0
        var previous = sigaction()
        sigaction(SIGUSR2, &action, &previous)
        defer { sigaction(SIGUSR2, &previous, nil) }

        let reading = Reading(descriptor: ends[0], call: call)
        var thread = pthread_t()
        // Joinable, so that its ID stays valid for pthread_kill after the read has returned.
        let started = pthread_create(
            &thread, nil,
            { context in
                let reading = Unmanaged<Reading>.fromOpaque(context!).takeRetainedValue()
                // The thread inherits the mask of the test's thread, which may block the signal.
                var signals = sigset_t()
                sigemptyset(&signals)
                sigaddset(&signals, SIGUSR2)
                pthread_sigmask(SIG_UNBLOCK, &signals, nil)
                let text = reading.call(reading.descriptor)
                reading.result.withLock { $0 = text }
                return nil
            }, Unmanaged.passRetained(reading).toOpaque())
        try #require(started == 0)
        for _ in 0..<5 {
            usleep(50_000)
            pthread_kill(thread, SIGUSR2)
        }
        _ = write(ends[1], "data", 4)
        pthread_join(thread, nil)
        return reading.result.withLock { $0 }
    }

    @Test("the setup interrupts: a plain read fails with EINTR")
    func plainReadIsInterrupted() throws {
        let result = try Self.interrupted { descriptor in
            var buffer = [UInt8](repeating: 0, count: 4)
            let got = read(descriptor, &buffer, 4)
            return got < 0 && errno == EINTR ? "EINTR" : String(decoding: buffer.prefix(max(got, 0)), as: UTF8.self)
        }
        #expect(result == "EINTR")
    }

    @Test("retryingOnInterrupt makes the read again and returns the data")
    func retrying() throws {
        let result = try Self.interrupted { descriptor in
            var buffer = [UInt8](repeating: 0, count: 4)
            let got = retryingOnInterrupt { read(descriptor, &buffer, 4) }
            return got < 0 ? "failed: \(errno)" : String(decoding: buffer.prefix(got), as: UTF8.self)
        }
        #expect(result == "data")
    }

    @Test("readFully fills the buffer through interruptions")
    func readFullyThroughInterruptions() throws {
        let result = try Self.interrupted { descriptor in
            var buffer = [UInt8](repeating: 0, count: 4)
            let (count, error) = buffer.withUnsafeMutableBytes { readFully(descriptor, into: $0) }
            return error.map { "failed: \($0.reason)" } ?? String(decoding: buffer.prefix(count), as: UTF8.self)
        }
        #expect(result == "data")
    }

    @Test("readToEnd stops at its limit, through interruptions")
    func readToEndThroughInterruptions() throws {
        let result = try Self.interrupted { descriptor in
            let (bytes, error) = readToEnd(descriptor, limit: 4)
            return error.map { "failed: \($0.reason)" } ?? String(decoding: bytes, as: UTF8.self)
        }
        #expect(result == "data")
    }

    @Test("readToEnd grows past its first buffer and keeps every byte; writeAll writes them all")
    func roundTrip() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        // Larger than a pipe holds: written by another thread while this one reads.
        let writeEnd = ends[1]
        let writer = Thread {
            bytes.withUnsafeBytes { _ = try? writeAll(writeEnd, $0) }
            close(writeEnd)
        }
        writer.start()
        let (read, error) = readToEnd(ends[0], sizeHint: 10)
        close(ends[0])
        #expect(error == nil)
        #expect(read == Data(bytes))
    }

    @Test("a failed write throws its errno, named by strerror")
    func writeFailure() {
        #expect(throws: SystemCallError(code: EBADF)) { try [1, 2, 3].withUnsafeBytes { try writeAll(-1, $0) } }
        #expect(SystemCallError(code: EBADF).reason == String(cString: strerror(EBADF)))
        #expect(SystemCallError(code: 0).reason == "nothing was written")
    }
}
