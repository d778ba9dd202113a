import EnvironmentCrypto
package import LibC
import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writes files so that readers see the old content or the new, never a mix, and a failure
/// leaves the old file as it was: a temporary file in the same directory, `fsync`, `rename`,
/// then `fsync` of the directory so the rename itself survives a crash (see ``Durability``).
///
/// Every command that writes goes through this one helper. A symbolic link is written through:
/// its target is replaced and the link stays. Temporary files are named
/// `.<name>.tmp-<pid>-XXXXXX`, so that those of a writer that was killed (`kill -9`, a crash)
/// are recognised and removed by the next write of the same file.
package enum AtomicFile {
    /// What a write guarantees after a power failure or a kernel crash. Both are atomic: a
    /// failed write, a signal or a killed process leaves the old file, and readers never see a
    /// mix.
    package enum Durability: Sendable {
        /// The new content and its name are on the disk when the write returns: the file and
        /// its directory are flushed. For documents, keys, secrets and generated files.
        case synced
        /// No disk flush: after a power failure the newest write may be lost (ext4 and btrfs
        /// still give the old content or the new; other file systems may leave an empty file).
        /// For small state that is cheap to set again and whose reader treats a damaged file
        /// as unset, the saved language: the two flushes (~1.3–2.3 ms here) made a writing
        /// `set-language` 1.6–1.7 times a static hello world instead of 1.3–1.4. Git's config and
        /// most preference stores decide the same.
        case atomic
    }

    /// Replaces (or creates) the file at `path` with `bytes`.
    ///
    /// - Parameters:
    ///   - permissions: The mode of a new file (`0o600` for secrets). The temporary file has it
    ///     from the start, so the content is never readable by others, not even briefly.
    ///   - keepingExistingMode: Give the new content the mode of the file it replaces, when there
    ///     is one (re-encrypting a file must not widen or narrow who can read it).
    /// - Throws: ``EnvironmentError`` of kind ``EnvironmentError/Kind/writeFailed``, naming the file.
    package static func write(
        _ bytes: some Collection<UInt8>, to path: String, permissions: mode_t = 0o644,
        keepingExistingMode: Bool = false, durability: Durability = .synced
    ) throws(EnvironmentError) {
        try Array(bytes).withBytes { (raw) throws(EnvironmentError) in
            try write(raw: raw, to: path, permissions: permissions, keepingExistingMode: keepingExistingMode, durability: durability)
        }
    }

    /// Replaces (or creates) the file at `path` with secret bytes (a decrypted document, a key),
    /// without copying them anywhere that is not zeroed. The default mode is `0600`.
    package static func write(
        _ secret: SecretBytes, to path: String, permissions: mode_t = 0o600,
        keepingExistingMode: Bool = false
    ) throws(EnvironmentError) {
        try secret.withUnsafeBytes { (raw) throws(EnvironmentError) in
            try write(raw: raw, to: path, permissions: permissions, keepingExistingMode: keepingExistingMode, durability: .synced)
        }
    }

    private static func write(
        raw array: UnsafeRawBufferPointer, to requested: String, permissions: mode_t,
        keepingExistingMode: Bool, durability: Durability
    ) throws(EnvironmentError) {
        try replace(requested, permissions: permissions, keepingExistingMode: keepingExistingMode, durability: durability) { (fd) throws(EnvironmentError) in
            try writeAll(array, to: fd, path: requested)
        }.get()
    }

    /// Writes all of `bytes` to `fd`, again after a short write or an interruption.
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32, path: String) throws(EnvironmentError) {
        do throws(SystemCallError) {
            try Platform.writeAll(fd, bytes)
        } catch {
            throw failure(path, error.reason.lowercased())
        }
    }

    /// Replaces (or creates) the file at `path` with what `body` writes to the descriptor it is
    /// given (a temporary file beside `path`, with the final mode from the start), for output too
    /// large to hold in memory, such as a streamed decryption. The file is renamed into place only
    /// when `body` returns; when it throws, the temporary file is removed and its error rethrown.
    ///
    /// - Throws: `body`'s error, or ``EnvironmentError`` of kind ``EnvironmentError/Kind/writeFailed``.
    package static func write<Failure: Error>(
        to requested: String, permissions: mode_t = 0o600, keepingExistingMode: Bool = false,
        streaming body: (Int32) throws(Failure) -> Void
    ) throws {
        try replace(requested, permissions: permissions, keepingExistingMode: keepingExistingMode, durability: .synced, body).get()
    }

    /// The temporary-file, fsync and rename protocol around `body`, for a path: symbolic links
    /// are followed to the file they name (see ``target(of:)``). `body`'s own error is the outer
    /// result's failure; the protocol's errors are in the inner result.
    private static func replace<Failure: Error>(
        _ requested: String, permissions: mode_t, keepingExistingMode: Bool, durability: Durability,
        _ body: (Int32) throws(Failure) -> Void
    ) throws(Failure) -> Result<Void, EnvironmentError> {
        let path: String
        do { path = try target(of: requested) } catch { return .failure(error) }
        let (directory, name) = split(path)
        let directoryFD = openDirectory(directory)
        guard directoryFD >= 0 else {
            // A folder that does not exist is the usual case (`keygen -o ~/.config/envtool/me.key`
            // on a new machine): say so, rather than what failed inside the protocol.
            if errno == ENOENT || errno == ENOTDIR {
                let problem = errno == ENOENT ? "does not exist" : "is not a folder"
                return .failure(failure(requested, "the folder \(directory) \(problem); create it first (`mkdir -p \(directory)`)"))
            }
            return .failure(failure(requested, "cannot create a temporary file in \(directory): \(String(cString: strerror(errno)).lowercased())"))
        }
        defer { close(directoryFD) }
        return try replace(
            name, in: directoryFD, directory: directory, requested: requested, refusingLinks: false, permissions: permissions,
            keepingExistingMode: keepingExistingMode, durability: durability, body)
    }

    /// The protocol itself, on the entry `name` of the directory open as `directoryFD`: the
    /// temporary file is created and renamed relative to that descriptor, so a directory swapped
    /// for a link after it was opened changes nothing. With `refusingLinks`, an existing link at
    /// `name` is an error instead of being replaced.
    static func replace<Failure: Error>(
        _ name: String, in directoryFD: Int32, directory: String, requested: String, refusingLinks: Bool,
        permissions: mode_t, keepingExistingMode: Bool, durability: Durability,
        _ body: (Int32) throws(Failure) -> Void
    ) throws(Failure) -> Result<Void, EnvironmentError> {
        removeStaleTemporaries(of: name, in: directoryFD)
        var mode = permissions
        var existing = stat()
        if fstatat(directoryFD, name, &existing, AT_SYMLINK_NOFOLLOW) == 0 {
            if refusingLinks, existing.st_mode & S_IFMT == S_IFLNK {
                return .failure(failure(requested, "\(requested) is a symbolic link, and envtool does not write through links here; remove the link"))
            }
            if keepingExistingMode {
                var followed = stat()
                if fstatat(directoryFD, name, &followed, 0) == 0 { mode = followed.st_mode & 0o7777 }
            }
        }

        guard let (fd, temporary) = createTemporary(for: name, in: directoryFD) else {
            return .failure(failure(requested, "cannot create a temporary file in \(directory): \(String(cString: strerror(errno)).lowercased())"))
        }
        var committed = false
        defer {
            if !committed { unlinkat(directoryFD, temporary, 0) }
        }
        guard fchmod(fd, mode) == 0 else { close(fd); return .failure(failure(requested, "cannot set permissions")) }
        do {
            try body(fd)
        } catch {
            close(fd)
            throw error
        }
        if durability == .synced, fsync(fd) != 0 {
            let reason = String(cString: strerror(errno))
            close(fd)
            return .failure(failure(requested, reason.lowercased()))
        }
        // A write error the file system reports only when the file is closed (NFS) is still an error.
        do throws(SystemCallError) {
            try closeReportingFailure(fd)
        } catch {
            return .failure(failure(requested, error.reason.lowercased()))
        }
        guard renameat(directoryFD, temporary, directoryFD, name) == 0 else {
            return .failure(failure(requested, String(cString: strerror(errno)).lowercased()))
        }
        committed = true
        // Best effort: a directory opened with O_PATH (write-only, see `openDirectory`) cannot be flushed.
        if durability == .synced { fsync(directoryFD) }
        return .success(())
    }

    /// A new, empty temporary file `.<name>.tmp-<pid>-XXXXXX` in the directory open as
    /// `directoryFD`, readable by its owner only, and its name; `nil` (with `errno` set) when none
    /// can be created. `mkstemp` takes a path; this is its loop relative to a descriptor.
    private static func createTemporary(for name: String, in directoryFD: Int32) -> (Int32, String)? {
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<100 {
            var suffix = ""
            for _ in 0..<6 { suffix.unicodeScalars.append(Unicode.Scalar(letters[Int(generator.next() % UInt64(letters.count))])) }
            let temporary = "\(temporaryPrefix(of: name))\(getpid())-\(suffix)"
            let fd = retryingOnInterrupt { openat(directoryFD, temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600) }
            if fd >= 0 { return (fd, temporary) }
            guard errno == EEXIST else { return nil }
        }
        return nil
    }

    /// The file a write of `path` replaces: `path` itself, or the final target of the symbolic
    /// links it names (which may not exist yet, as `cat > link` creates it).
    static func target(of path: String) throws(EnvironmentError) -> String {
        var current = path
        for _ in 0..<40 {
            var status = stat()
            guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return current }
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else {
                throw failure(path, "cannot read the symbolic link \(current)")
            }
            current = destination.hasPrefix("/") ? destination : split(current).directory + "/" + destination
        }
        throw failure(path, "too many levels of symbolic links")
    }

    /// The directory (`.` for a bare name) and the name of `path`. Not NSString's path methods:
    /// Foundation traps on some one-character paths.
    static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let directory = String(path[..<slash])
        return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
    }

    private static func temporaryPrefix(of name: String) -> String { ".\(name).tmp-" }

    /// Removes `.<name>.tmp-<pid>-*` files of writers that no longer run. A file whose pid is
    /// alive (or reused) is left alone: it may be a write in progress.
    static func removeStaleTemporaries(of name: String, in directoryFD: Int32) {
        let prefix = temporaryPrefix(of: name)
        guard let entries = directoryEntries(descriptor: directoryFD) else { return }
        for entry in entries where entry.hasPrefix(prefix) {
            let rest = entry.dropFirst(prefix.count)
            guard let dash = rest.firstIndex(of: "-"), let pid = pid_t(rest[..<dash]), processIsGone(pid) else { continue }
            var status = stat()
            if fstatat(directoryFD, entry, &status, AT_SYMLINK_NOFOLLOW) == 0, status.st_mode & S_IFMT == S_IFREG { unlinkat(directoryFD, entry, 0) }
        }
    }

    /// Whether no process `pid` exists (as opposed to one we may not signal).
    package static func processIsGone(_ pid: pid_t) -> Bool {
        pid > 0 && kill(pid, 0) != 0 && errno == ESRCH
    }

    static func failure(_ path: String, _ reason: String) -> EnvironmentError {
        EnvironmentError(.writeFailed, file: path, message: "cannot write the file: \(reason); the existing file, if any, is unchanged")
    }
}
