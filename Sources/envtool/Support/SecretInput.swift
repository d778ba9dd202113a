import EnvironmentCrypto
import LibC
import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads passphrases from the places envtool allows: an environment variable, standard input,
/// or the terminal with echo off. Never from argv. Bytes go straight into ``SecretBytes``,
/// never through a Swift `String`.
enum SecretInput {
    static let maximumLength = 4096

    /// The value of environment variable `name`, or `nil` when unset or empty.
    static func environment(_ name: String) -> SecretBytes? {
        guard let value = getenv(name) else { return nil }
        let length = strlen(value)
        guard length > 0 else { return nil }
        return SecretBytes(count: length) { buffer in
            buffer.baseAddress!.copyMemory(from: value, byteCount: length)
        }
    }

    /// All of standard input, without one trailing newline.
    static func standardInput() throws(CryptoError) -> SecretBytes {
        try readAll(fd: STDIN_FILENO, what: "standard input")
    }

    /// The largest value `set` reads from standard input: far beyond any certificate or key a
    /// variable holds, and a bound on what a runaway pipe can make the process hold.
    static let maximumValueLength = 16 << 20

    /// All of standard input as a value for `set`, without one trailing newline (`\n` or
    /// `\r\n`, as `echo` and a terminal add).
    static func standardInputValue() throws(CryptoError) -> SecretBytes {
        var length = 0
        var capacity = 64 << 10
        var buffer = SecretBytes(count: capacity) { _ in }
        while true {
            let got = buffer.withUnsafeBytes { raw in
                retryingOnInterrupt { read(STDIN_FILENO, UnsafeMutableRawPointer(mutating: raw.baseAddress! + length), capacity - length) }
            }
            if got < 0 { throw CryptoError(.secretUnavailable, "cannot read the value from standard input: \(String(cString: strerror(errno)).lowercased())") }
            if got == 0 { break }
            length += got
            if length == capacity {
                guard capacity < maximumValueLength else {
                    throw CryptoError(.secretUnavailable, "the value on standard input is longer than \(maximumValueLength >> 20) MiB")
                }
                let larger = min(capacity * 2, maximumValueLength)
                let previous = buffer
                buffer = SecretBytes(count: larger) { output in
                    previous.withUnsafeBytes {
                        UnsafeMutableRawBufferPointer(rebasing: output[0..<length]).copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[0..<length]))
                    }
                }
                capacity = larger
            }
        }
        return trimmed(buffer, length: length)
    }

    /// Reads a whole file into secret bytes (an edited plaintext document).
    static func file(_ path: String, limit: Int = 256 << 20) throws(CryptoError) -> SecretBytes {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw CryptoError(.secretUnavailable, "cannot read: \(String(cString: strerror(errno)).lowercased())", file: path) }
        defer { close(fd) }
        var status = stat()
        fstat(fd, &status)
        let size = Int(status.st_size)
        guard size <= limit else { throw CryptoError(.malformedFile, "the file is larger than \(limit) bytes", file: path) }
        return try SecretBytes(count: size) { (buffer: UnsafeMutableRawBufferPointer) throws(CryptoError) in
            guard readFully(fd, into: buffer).count == size else { throw CryptoError(.secretUnavailable, "the file changed while it was read", file: path) }
        }
    }

    private static func readAll(fd: Int32, what: String) throws(CryptoError) -> SecretBytes {
        var length = 0
        let buffer = try SecretBytes(count: maximumLength) { (raw: UnsafeMutableRawBufferPointer) throws(CryptoError) in
            // A read that fails ends the passphrase as the end of the input does.
            length = readFully(fd, into: raw).count
            guard length < raw.count else {
                throw CryptoError(.secretUnavailable, "the passphrase on \(what) is longer than \(maximumLength - 1) bytes")
            }
        }
        return trimmed(buffer, length: length)
    }

    /// Asks on the terminal with echo off; `nil` when there is no terminal to ask on (standard
    /// input is not one, or there is no controlling terminal).
    static func prompt(_ message: String) throws(CryptoError) -> SecretBytes? {
        guard isatty(STDIN_FILENO) != 0 else { return nil }
        return TerminalPrompt.ask(message)
    }

    private static func trimmed(_ buffer: SecretBytes, length: Int) -> SecretBytes {
        TerminalPrompt.trimmed(buffer, length: length)
    }
}
