internal import LibC
import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension AtomicFile {
    /// An exclusive `flock` on a file that is read, changed and replaced (`envtool edit`,
    /// `rekey`), so that two such commands cannot both replace it and lose one change.
    /// Released when the value is released or the process ends, however it ends.
    package final class Lock: Sendable {
        private let descriptor: Int32

        fileprivate init(descriptor: Int32) {
            self.descriptor = descriptor
        }

        deinit { close(descriptor) }
    }

    /// Locks the file at `path` (through symbolic links) without waiting.
    ///
    /// The lock is on the file's inode, and an atomic write replaces the inode; so after locking, the path is checked to still name the locked inode,
    /// and the lock is taken again when another writer replaced it in between.
    ///
    /// - Throws: ``EnvironmentError`` of kind ``EnvironmentError/Kind/unreadableFile`` when the
    ///   file cannot be opened, ``EnvironmentError/Kind/writeFailed`` when another process holds
    ///   the lock.
    package static func lock(_ path: String) throws(EnvironmentError) -> Lock {
        let target = try target(of: path)
        for _ in 0..<100 {
            let fd = open(target, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else {
                throw EnvironmentError(.unreadableFile, file: path, message: "cannot read the file: \(String(cString: strerror(errno)).lowercased())")
            }
            guard retryingOnInterrupt({ flock(fd, LOCK_EX | LOCK_NB) }) == 0 else {
                let busy = errno == EWOULDBLOCK
                let reason = String(cString: strerror(errno)).lowercased()
                close(fd)
                throw EnvironmentError(
                    .writeFailed, file: path,
                    message: busy
                        ? "another envtool is editing or re-encrypting this file; try again when it has finished (the file is unchanged)"
                        : "cannot lock the file: \(reason)")
            }
            var locked = stat()
            var current = stat()
            if fstat(fd, &locked) == 0, stat(target, &current) == 0, locked.st_dev == current.st_dev, locked.st_ino == current.st_ino {
                return Lock(descriptor: fd)
            }
            close(fd)
        }
        throw EnvironmentError(.writeFailed, file: path, message: "cannot lock the file: it is being replaced continuously")
    }
}
