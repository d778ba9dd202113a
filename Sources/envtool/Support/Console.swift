import ArgumentParser
import EnvironmentCrypto
import LibC
import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
        _ = Array(text.utf8).withUnsafeBytes { try? writeAll(STDERR_FILENO, $0) }
    }

    private static func write(_ bytes: UnsafeRawBufferPointer) throws {
        do throws(SystemCallError) {
            try writeAll(STDOUT_FILENO, bytes)
        } catch {
            self.error("envtool: error: cannot write the output: \(error.reason)")
            throw ExitCode(ExitStatus.ioError.rawValue)
        }
    }
}
