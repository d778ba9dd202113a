#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform

/// Reads a regular file with one `open`, `fstat` and `read` into a buffer of its size.
///
/// `Data(contentsOf: URL(fileURLWithPath:))` first builds a URL (resolving the path against the
/// current directory), a noticeable part of a command that starts, reads one small file and
/// exits. Only the successful read is done here: on any failure the caller reads the file the
/// Foundation way, whose errors name the reason as they always have.
package enum RegularFile {
    /// The bytes of the regular file at `path`, or `nil` when it cannot be read so (missing, not
    /// a regular file, unreadable, changed size while read).
    package static func contents(atPath path: String) -> Data? {
        // Never open anything else: opening a FIFO waits for its writer, and closing it unread
        // would lose what the writer sends to the reader that comes next.
        var pathStatus = stat()
        guard stat(path, &pathStatus) == 0, pathStatus.st_mode & S_IFMT == S_IFREG else { return nil }
        // Non-blocking in case the path was replaced by a FIFO since; no effect on a regular file.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size >= 0,
              let size = Int(exactly: status.st_size) else { return nil }
        var data = Data(count: size)
        let complete = data.withUnsafeMutableBytes { buffer -> Bool in
            var offset = 0
            while offset < size {
                let count = read(descriptor, buffer.baseAddress! + offset, size - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            // A file that grew while it was read is left to the other way too.
            var probe: UInt8 = 0
            return read(descriptor, &probe, 1) == 0
        }
        return complete ? data : nil
    }
}
