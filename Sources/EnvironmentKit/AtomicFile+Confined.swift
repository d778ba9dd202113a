#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform

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
    package static func write(_ bytes: some Collection<UInt8>, to relativePath: String, under root: String) throws(EnvironmentError) {
        let display = joined(root, relativePath)
        let (directories, name) = try components(of: relativePath, display: display)
        guard let directoryFD = try openDirectory(directories, under: root, creating: true, display: display) else {
            throw failure(display, "cannot create the directory")
        }
        defer { close(directoryFD) }
        try Array(bytes).withBytes { (raw) throws(EnvironmentError) in
            try replace(name, in: directoryFD, directory: joined(root, directories.joined(separator: "/")), requested: display, refusingLinks: true,
                        permissions: 0o644, keepingExistingMode: false, durability: .synced) { (fd) throws(EnvironmentError) in
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
        guard let directoryFD = try openDirectory(directories, under: root, creating: false, display: display) else { return nil }
        defer { close(directoryFD) }
        let fd = openat(directoryFD, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT { return nil }
            if isLink(name, in: directoryFD) { throw linkFailure(display, display) }
            throw failure(display, String(cString: strerror(code)).lowercased())
        }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { throw refusal(display, "it is not a regular file") }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw failure(display, String(cString: strerror(errno)).lowercased()) }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
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
    private static func openDirectory(_ directories: [String], under root: String, creating: Bool, display: String) throws(EnvironmentError) -> Int32? {
        var fd = Platform.openDirectory(root)
        if fd < 0, errno == ENOENT {
            guard creating else { return nil }
            do { try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true) } catch {
                throw failure(display, "cannot create the directory \(root)")
            }
            fd = Platform.openDirectory(root)
        }
        guard fd >= 0 else { throw failure(display, "cannot open the directory \(root): \(String(cString: strerror(errno)).lowercased())") }
        var reached = root
        for directory in directories {
            reached = joined(reached, directory)
            if creating, mkdirat(fd, directory, 0o777) != 0, errno != EEXIST {
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

    private static func isLink(_ name: String, in directoryFD: Int32) -> Bool {
        var status = stat()
        return fstatat(directoryFD, name, &status, AT_SYMLINK_NOFOLLOW) == 0 && status.st_mode & S_IFMT == S_IFLNK
    }

    private static func linkFailure(_ display: String, _ link: String) -> EnvironmentError {
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
