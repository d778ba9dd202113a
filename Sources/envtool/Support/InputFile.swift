import EnvironmentKit
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads the files commands are given, all with the same error: `path: error: cannot read the
/// file: no such file` (exit 66).
///
/// Files are read with `read(2)` to the end, so `-` (standard input), pipes, FIFOs and process
/// substitutions (`<(…)`) work like regular files: Foundation's `Data(contentsOf:)` fails on them.
enum InputFile {
    /// The path that means standard input.
    static let standardInput = "-"
    /// The largest input read: far beyond any environments document or translation table, and a
    /// bound on what a runaway pipe can make the process hold.
    static let limit = 1 << 30

    /// The name of `path` in messages: `<stdin>` for `-`.
    static func displayName(_ path: String) -> String {
        path == standardInput ? "<stdin>" : path
    }

    static func read(_ path: String) throws -> Data {
        if path == standardInput { return try readToEnd(STDIN_FILENO, name: displayName(path), sizeHint: 0) }
        var status = stat()
        guard stat(path, &status) == 0 else { throw unreadable(path, errno) }
        if status.st_mode & S_IFMT == S_IFDIR {
            throw EnvironmentError(.unreadableFile, file: path, message: "cannot read the file: it is a directory")
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw unreadable(path, errno) }
        defer { close(descriptor) }
        let size = status.st_mode & S_IFMT == S_IFREG ? Int(clamping: status.st_size) : 0
        return try readToEnd(descriptor, name: path, sizeHint: min(size, limit))
    }

    private static func readToEnd(_ descriptor: Int32, name: String, sizeHint: Int) throws -> Data {
        var data = Data(capacity: sizeHint)
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw unreadable(name, errno)
            }
            if count == 0 { return data }
            guard data.count <= limit - count else {
                throw EnvironmentError(.unreadableFile, file: name, message: "the input is larger than \(limit >> 20) MiB; check what is given or piped in")
            }
            data.append(contentsOf: buffer[0..<count])
        }
    }

    private static func unreadable(_ path: String, _ code: Int32) -> EnvironmentError {
        let reason = code == ENOENT ? "no such file" : String(cString: strerror(code)).lowercased()
        return EnvironmentError(.unreadableFile, file: path, message: "cannot read the file: \(reason)")
    }
}
