import ArgumentParser
import EnvironmentCrypto
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform

/// Results go to stdout, diagnostics to stderr.
///
/// Every result goes through ``output(_:)``, which writes with `write(2)` (no buffer left to flush
/// at exit) and checks every write: a full disk, a closed or failing stdout ends the command
/// with exit status 74 and a message, instead of a truncated result and status 0.
enum Console {
    /// Writes `text` and a newline to standard output.
    ///
    /// - Throws: `ExitCode` 74 (``ExitStatus/ioError``) after reporting the failure on stderr.
    static func output(_ text: String) throws {
        var line = text + "\n"
        try line.withUTF8 { try write(UnsafeRawBufferPointer($0)) }
    }

    /// Writes `data` as it is (a file shown unchanged).
    static func output(_ data: Data) throws {
        try data.withUnsafeBytes { try write($0) }
    }

    /// Writes secret bytes (a decrypted document) without copying them.
    static func output(_ secret: SecretBytes) throws {
        try secret.withUnsafeBytes { try write($0) }
    }

    /// Writes a diagnostic line to standard error. Its failure is not reported: there is nowhere left to report it.
    static func error(_ text: String) {
        prompt(text + "\n")
    }

    /// Writes `text` to standard error as it is: a question whose answer is typed on the same line.
    static func prompt(_ text: String) {
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBytes { buffer in
            var written = 0
            while written < buffer.count {
                let result = Platform.write(STDERR_FILENO, buffer.baseAddress! + written, buffer.count - written)
                if result < 0, errno == EINTR { continue }
                guard result > 0 else { return }
                written += result
            }
        }
    }

    private static func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard let base = bytes.baseAddress else { return }
        var written = 0
        while written < bytes.count {
            let result = Platform.write(STDOUT_FILENO, base + written, bytes.count - written)
            if result < 0, errno == EINTR { continue }
            guard result > 0 else {
                let reason = result < 0 ? String(cString: strerror(errno)) : "nothing was written"
                error("envtool: error: cannot write the output: \(reason)")
                throw ExitCode(ExitStatus.ioError.rawValue)
            }
            written += result
        }
    }
}
