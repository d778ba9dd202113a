internal import LibC

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads regular files, and only them, without ever waiting: the one reader of a file that a
/// program finds rather than is given (a table found by listing a folder, a namespace file laid
/// out by a template, the document beside them, a state file).
///
/// A name says nothing about what is behind it. Opening a FIFO for reading waits for a writer,
/// forever when there is none (`validate` blocked on a FIFO named `x.xcstrings` below the
/// document); opening a device may act (a tape rewinds, a watchdog starts); and closing either
/// unread would take from the writer what the reader that comes next should get. So the path is
/// `stat`ed first and anything but a regular file is refused unopened; the file is then opened
/// with `O_NONBLOCK`, in case it was replaced by a FIFO since, and `fstat`ed again, so what is
/// read is the regular file that was checked.
///
/// Refused, not skipped: a file named like a translation table that cannot be read is reported
/// with its name, as an unreadable table always has been (`validate` and `strings lint` make it
/// an error); skipping it would make a table vanish without a word. Where a stream is meant (the
/// document or a file named on the command line, `-`, `<(…)`), the CLI reads it itself
/// (`InputFile`, `EnvironmentOptions`) before anything here is asked.
package enum RegularFile {
    /// The bytes of the regular file at `path`.
    ///
    /// - Parameters:
    ///   - directory: The directory a relative `path` is relative to, open (as by
    ///     ``openDirectory(_:relativeTo:followingLinks:)``), for a read confined below it.
    ///   - followingLinks: `false` refuses a symbolic link at `path` itself, for callers that
    ///     refuse links (the link may have been put there since the folder was listed).
    /// - Throws: ``UnreadableFile``, saying why: missing, a directory, not a regular file (a FIFO,
    ///   a socket, a device), a link when links are refused, no permission, a read error.
    package static func read(_ path: String, relativeTo directory: Int32 = AT_FDCWD, followingLinks: Bool = true) throws(UnreadableFile) -> Data {
        var status = stat()
        guard fstatat(directory, path, &status, followingLinks ? 0 : AT_SYMLINK_NOFOLLOW) == 0 else { throw UnreadableFile(path, errno: errno) }
        try UnreadableFile.check(status, path)
        // Non-blocking in case the path was replaced by a FIFO since; no effect on a regular file.
        let descriptor = openat(directory, path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (followingLinks ? 0 : O_NOFOLLOW))
        guard descriptor >= 0 else {
            // ELOOP: O_NOFOLLOW met a link put there since the check.
            throw errno == ELOOP && !followingLinks ? UnreadableFile.symbolicLink(path) : UnreadableFile(path, errno: errno)
        }
        defer { close(descriptor) }
        guard fstat(descriptor, &status) == 0 else { throw UnreadableFile(path, errno: errno) }
        try UnreadableFile.check(status, path)
        let (data, error) = readToEnd(descriptor, sizeHint: Int(clamping: status.st_size))
        if let error { throw UnreadableFile(path, errno: error.code) }
        return data
    }

    /// ``read(_:relativeTo:followingLinks:)``, its failure made the caller's own error by
    /// `failing` (a format's, located at 1:1).
    package static func read<Failure: Error>(_ path: String, failing: (UnreadableFile) -> Failure) throws(Failure) -> Data {
        do throws(UnreadableFile) {
            return try read(path)
        } catch {
            throw failing(error)
        }
    }

    /// The bytes of the regular file at `path`, or `nil` when nothing is there: for a file that is
    /// created when missing (a catalog keys are added to).
    ///
    /// - Throws: ``UnreadableFile`` when something is there that cannot be read.
    package static func readIfPresent(_ path: String) throws(UnreadableFile) -> Data? {
        do throws(UnreadableFile) {
            return try read(path)
        } catch  where error.isMissing {
            return nil
        }
    }

    /// The bytes of the regular file at `path`, or `nil` when it cannot be read (see ``read(_:relativeTo:followingLinks:)``).
    package static func contents(atPath path: String) -> Data? {
        try? read(path)
    }
}
