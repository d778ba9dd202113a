package import LibC
import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension AtomicFile {
    /// Replaces (or creates) the file `relativePath` names below the directory `root`, and never
    /// anything outside it: for output whose path is made from what an input file says (a
    /// translation file's language or table), which comes from strangers.
    ///
    /// `relativePath` is checked before anything is touched: components separated by `/`, none
    /// empty, `.` or `..`. Below `root` every directory is opened with `O_NOFOLLOW`, relative to
    /// the one above (created when missing), and the file is written and renamed relative to its
    /// directory; a symbolic link at any of those places, the file included, is an error and
    /// nothing is written. `root` itself is the caller's choice and may be a link; it is created
    /// when missing.
    ///
    /// - Throws: ``EnvironmentError`` of kind ``EnvironmentError/Kind/writeFailed``, naming the file.
    package static func write(
        _ bytes: some Collection<UInt8>, to relativePath: String, under root: String,
        permissions: mode_t = 0o644, directoryPermissions: mode_t = 0o777,
        durability: Durability = .synced
    ) throws(EnvironmentError) {
        try withDirectory(of: relativePath, under: root, directoryPermissions: directoryPermissions) { (directoryFD, name) throws(EnvironmentError) in
            try write(bytes, named: name, in: directoryFD, display: joined(root, relativePath), permissions: permissions, durability: durability)
        }
    }

    /// Runs `body` with the directory that holds `relativePath` below `root`, opened and created
    /// under the rules of ``write(_:to:under:permissions:directoryPermissions:durability:)``
    /// (new directories get `directoryPermissions`, less the umask), and the file's name in it:
    /// for a caller that does more than one thing there (takes a lock, then writes).
    package static func withDirectory<Result>(
        of relativePath: String, under root: String, directoryPermissions: mode_t = 0o777,
        _ body: (_ directoryFD: Int32, _ name: String) throws(EnvironmentError) -> Result
    ) throws(EnvironmentError) -> Result {
        let display = joined(root, relativePath)
        let (directories, name) = try components(of: relativePath, display: display)
        guard let directoryFD = try openDirectory(directories, under: root, creating: true, mode: directoryPermissions, display: display) else {
            throw failure(display, "cannot create the directory")
        }
        defer { close(directoryFD) }
        return try body(directoryFD, name)
    }

    /// Replaces (or creates) the file `name` in the directory open as `directoryFD`, refusing a
    /// link there (see ``withDirectory(of:under:directoryPermissions:_:)``).
    package static func write(
        _ bytes: some Collection<UInt8>, named name: String, in directoryFD: Int32, display: String,
        permissions: mode_t = 0o644, durability: Durability = .synced
    ) throws(EnvironmentError) {
        try Array(bytes).withBytes { (raw) throws(EnvironmentError) in
            try replace(
                name, in: directoryFD, directory: PathText.deletingLastComponent(display), requested: display, refusingLinks: true,
                permissions: permissions, keepingExistingMode: false, durability: durability
            ) { (fd) throws(EnvironmentError) in
                try writeAll(raw, to: fd, path: display)
            }.get()
        }
    }

    /// The bytes of the regular file `relativePath` names below `root`, or `nil` when there is
    /// none; read under the same rules as ``write(_:to:under:)``, so that `--check` compares with
    /// what a write would replace and never reads through a link.
    ///
    /// - Throws: ``EnvironmentError`` of kind ``EnvironmentError/Kind/writeFailed`` when the path
    ///   leaves `root` or passes a symbolic link, or the file is not a regular file.
    package static func contents(of relativePath: String, under root: String) throws(EnvironmentError) -> [UInt8]? {
        let display = joined(root, relativePath)
        let (directories, name) = try components(of: relativePath, display: display)
        guard let directoryFD = try openDirectory(directories, under: root, creating: false, mode: 0, display: display) else { return nil }
        defer { close(directoryFD) }
        return try contents(named: name, in: directoryFD, display: display)
    }

    /// The bytes of the regular file `name` in the directory open as `directoryFD`, not
    /// following a link, or `nil` when there is none.
    ///
    /// - Throws: ``EnvironmentError`` of kind ``EnvironmentError/Kind/writeFailed`` when `name`
    ///   is a link or not a regular file, or cannot be read.
    package static func contents(named name: String, in directoryFD: Int32, display: String) throws(EnvironmentError) -> [UInt8]? {
        do throws(UnreadableFile) {
            return Array(try RegularFile.read(name, relativeTo: directoryFD, followingLinks: false))
        } catch {
            switch error.kind {
            case .missing: return nil
            case .symbolicLink: throw linkFailure(display, display)
            case .directory, .notRegular: throw refusal(display, "it is not a regular file")
            case .failed: throw failure(display, error.reason)
            }
        }
    }

    /// The directories and the file name of `relativePath`, or an error when it could leave the
    /// directory it is relative to.
    private static func components(of relativePath: String, display: String) throws(EnvironmentError) -> (directories: [String], name: String) {
        let parts = relativePath.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for part in parts where part.isEmpty || part == "." || part == ".." || part.utf8.contains(0) {
            throw refusal(display, "the path \"\(relativePath)\" would leave the output folder")
        }
        return (Array(parts.dropLast()), parts.last ?? "")
    }

    /// The directory `directories` names below `root`, opened without following links; `nil`
    /// when one is missing and `creating` is false.
    private static func openDirectory(_ directories: [String], under root: String, creating: Bool, mode: mode_t, display: String) throws(EnvironmentError)
        -> Int32?
    {
        var fd = Platform.openDirectory(root)
        if fd < 0, errno == ENOENT {
            guard creating else { return nil }
            do {
                try FileManager.default.createDirectory(
                    atPath: root, withIntermediateDirectories: true, attributes: mode == 0o777 ? nil : [.posixPermissions: Int(mode)])
            } catch {
                throw failure(display, "cannot create the directory \(root)")
            }
            fd = Platform.openDirectory(root)
        }
        guard fd >= 0 else { throw failure(display, "cannot open the directory \(root): \(String(cString: strerror(errno)).lowercased())") }
        var reached = root
        for directory in directories {
            reached = joined(reached, directory)
            if creating, mkdirat(fd, directory, mode) != 0, errno != EEXIST {
                let reason = String(cString: strerror(errno)).lowercased()
                close(fd)
                throw failure(display, "cannot create the directory \(reached): \(reason)")
            }
            let next = Platform.openDirectory(directory, relativeTo: fd, followingLinks: false)
            let code = errno
            let link = next < 0 && isLink(directory, in: fd)
            close(fd)
            guard next >= 0 else {
                if link { throw linkFailure(display, reached) }
                if code == ENOENT, !creating { return nil }
                throw failure(display, "cannot open the directory \(reached): \(String(cString: strerror(code)).lowercased())")
            }
            fd = next
        }
        return fd
    }

    package static func isLink(_ name: String, in directoryFD: Int32) -> Bool {
        var status = stat()
        return fstatat(directoryFD, name, &status, AT_SYMLINK_NOFOLLOW) == 0 && status.st_mode & S_IFMT == S_IFLNK
    }

    package static func linkFailure(_ display: String, _ link: String) -> EnvironmentError {
        refusal(display, "\(link) is a symbolic link, and envtool does not write through links inside the output folder; remove the link")
    }

    /// A path refused before anything was written to it (``failure(_:_:)`` is for writes that failed).
    private static func refusal(_ display: String, _ reason: String) -> EnvironmentError {
        EnvironmentError(.writeFailed, file: display, message: "\(reason); the file was not written")
    }

    private static func joined(_ directory: String, _ relative: String) -> String {
        if relative.isEmpty { return directory }
        return directory.hasSuffix("/") ? directory + relative : directory + "/" + relative
    }
}
