import EnvironmentCrypto
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
        let array = Array(bytes)
        let result: Result<Void, EnvironmentError> = array.withUnsafeBytes { raw in
            Result { () throws(EnvironmentError) in try write(raw: raw, to: path, permissions: permissions) }
        }
        try result.get()
    }

    /// Replaces (or creates) the file at `path` with secret bytes (a decrypted document, a key),
    /// without copying them anywhere that is not zeroed. The default mode is `0600`.
    public static func write(_ secret: SecretBytes, to path: String, permissions: mode_t = 0o600) throws(EnvironmentError) {
        let result: Result<Void, EnvironmentError> = secret.withUnsafeBytes { raw in
            Result { () throws(EnvironmentError) in try write(raw: raw, to: path, permissions: permissions) }
        }
        try result.get()
    }

    private static func write(raw array: UnsafeRawBufferPointer, to path: String, permissions: mode_t) throws(EnvironmentError) {
        let directory = (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        var template = Array("\(directory)/.\(name).tmp-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw failure(path, "cannot create a temporary file in \(directory)") }
        let temporary = String(decoding: template.map { UInt8(bitPattern: $0) }.prefix { $0 != 0 }, as: UTF8.self)
        var committed = false
        defer {
            if !committed { unlink(temporary) }
        }
        guard fchmod(fd, permissions) == 0 else { close(fd); throw failure(path, "cannot set permissions") }
        var written = 0
        while written < array.count {
            let result = Glibc.write(fd, array.baseAddress! + written, array.count - written)
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
