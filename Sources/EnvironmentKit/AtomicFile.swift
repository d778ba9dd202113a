import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes files so that readers see the old content or the new, never a mix, and a failure
/// leaves the old file as it was: a temporary file in the same directory, `fsync`, `rename`,
/// then `fsync` of the directory so the rename itself survives a crash.
///
/// Every command that writes goes through this one helper.
public enum AtomicFile {
    /// Replaces (or creates) the file at `path` with `bytes`.
    ///
    /// - Parameters:
    ///   - permissions: The mode of the new file (`0o600` for secrets). The temporary file has it
    ///     from the start, so the content is never readable by others, not even briefly.
    /// - Throws: ``EnvironmentError`` of kind ``EnvironmentError/Kind/writeFailed``, naming the file.
    public static func write(_ bytes: some Collection<UInt8>, to path: String, permissions: mode_t = 0o644) throws(EnvironmentError) {
        let directory = (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        var template = Array("\(directory)/.\(name).tmp-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw failure(path, "cannot create a temporary file in \(directory)") }
        let temporary = String(cString: template.map { UInt8(bitPattern: $0) }.prefix { $0 != 0 } + [0])
        var committed = false
        defer {
            if !committed { unlink(temporary) }
        }
        guard fchmod(fd, permissions) == 0 else { close(fd); throw failure(path, "cannot set permissions") }
        let array = Array(bytes)
        var written = 0
        while written < array.count {
            let result = array.withUnsafeBytes { raw in
                Glibc.write(fd, raw.baseAddress! + written, raw.count - written)
            }
            if result < 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                close(fd)
                throw failure(path, reason.lowercased())
            }
            written += result
        }
        if fsync(fd) != 0 {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw failure(path, reason.lowercased())
        }
        close(fd)
        guard rename(temporary, path) == 0 else {
            throw failure(path, String(cString: strerror(errno)).lowercased())
        }
        committed = true
        let directoryFD = open(directory, O_RDONLY | O_DIRECTORY)
        if directoryFD >= 0 {
            fsync(directoryFD)
            close(directoryFD)
        }
    }

    private static func failure(_ path: String, _ reason: String) -> EnvironmentError {
        EnvironmentError(.writeFailed, file: path, message: "cannot write the file: \(reason); the existing file, if any, is unchanged")
    }
}
