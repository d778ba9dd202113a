import EnvironmentCrypto
import EnvironmentKit
import LibC
import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads the files commands are given, all with the same error: `path: error: cannot read the
/// file: no such file` (exit 66).
///
/// Files are read with `read(2)` to the end, so `-` (standard input), pipes, FIFOs and process
/// substitutions (`<(…)`) work like regular files: Foundation's `Data(contentsOf:)` fails on them.
enum InputFile {
    /// The path that means standard input.
    static let standardInput = "-"
    /// The largest input read whole, the one limit for files given and standard input alike
    /// (README, "Reliability"): far beyond any environments document or translation table, and a
    /// bound on what a runaway pipe or a planted 2 GiB `.bin` can make the process hold.
    static let limit = 256 << 20

    /// The error for an input over ``limit``.
    static func tooLarge(_ name: String) -> EnvironmentError {
        EnvironmentError(
            .unreadableFile, file: name,
            message: "the input is larger than \(limit >> 20) MiB, envtool's limit for a file or standard input; check what is given or piped in")
    }

    /// The name of `path` in messages: `<stdin>` for `-`.
    static func displayName(_ path: String) -> String {
        path == standardInput ? "<stdin>" : path
    }

    /// The whole file at `path` (`-` for standard input).
    static func read(_ path: String) throws -> Data {
        let handle = try Handle(path)
        defer { handle.close() }
        return try handle.readToEnd()
    }

    /// An open input, read in parts: a command that streams reads the first bytes to learn the
    /// format, then hands the descriptor on.
    final class Handle {
        let descriptor: Int32
        let name: String
        /// The size of a regular file, 0 for a stream.
        let size: Int
        private let owned: Bool

        init(_ path: String) throws {
            name = InputFile.displayName(path)
            if path == InputFile.standardInput {
                descriptor = STDIN_FILENO
                size = 0
                owned = false
                return
            }
            var status = stat()
            guard stat(path, &status) == 0 else { throw InputFile.unreadable(path, errno) }
            if status.st_mode & S_IFMT == S_IFDIR {
                throw EnvironmentError(.unreadableFile, file: path, message: "cannot read the file: it is a directory")
            }
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw InputFile.unreadable(path, errno) }
            if status.st_mode & S_IFMT == S_IFREG, status.st_size > InputFile.limit {
                _ = LibC.close(descriptor)
                throw InputFile.tooLarge(path)
            }
            size = status.st_mode & S_IFMT == S_IFREG ? Int(clamping: status.st_size) : 0
            owned = true
        }

        /// The rest of the input; more than ``InputFile/limit`` bytes in all are refused (one more
        /// is read to tell).
        func readToEnd(alreadyRead: Int = 0) throws -> Data {
            let data = try read(upTo: InputFile.limit - alreadyRead + 1, sizeHint: size)
            guard data.count + alreadyRead <= InputFile.limit else { throw InputFile.tooLarge(name) }
            return data
        }

        func close() {
            if owned { _ = LibC.close(descriptor) }
        }

        /// Reads until `count` bytes or the end of the input, whichever comes first.
        func read(upTo count: Int, sizeHint: Int = 0) throws -> Data {
            let (data, error) = Platform.readToEnd(descriptor, limit: count, sizeHint: sizeHint)
            if let error { throw InputFile.unreadable(name, error.code) }
            return data
        }
    }

    private static func unreadable(_ path: String, _ code: Int32) -> EnvironmentError {
        let reason = code == ENOENT ? "no such file" : String(cString: strerror(code)).lowercased()
        return EnvironmentError(.unreadableFile, file: path, message: "cannot read the file: \(reason)")
    }

    /// The header of the `environments.bin` at `path` (v1 or age), read without a secret, and the
    /// name diagnostics use for the file: what `inspect` and `recipients list` show.
    static func readHeader(_ path: String) throws -> (name: String, header: EnvironmentsBin.Header) {
        let name = displayName(path)
        let data = try read(path)
        do throws(CryptoError) {
            return (name, try EnvironmentsBin.Header(parsing: data))
        } catch {
            throw error.about(error.file ?? name)
        }
    }
}
