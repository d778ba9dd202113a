internal import LibC
import Platform

/// Questions asked on the controlling terminal (`/dev/tty`), never on standard input or output,
/// which may carry a document: the passphrase prompt and an age plugin's requests. Answers go
/// straight into ``SecretBytes``, never through a Swift `String`.
package enum TerminalPrompt {
    /// The longest answer read.
    package static let maximumLength = 4096

    /// Shows `message` on the terminal and reads one line, with echo off unless `echo`;
    /// `nil` when there is no terminal to ask on.
    package static func ask(_ message: String, echo: Bool = false) -> SecretBytes? {
        let tty = open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard tty >= 0 else { return nil }
        defer { close(tty) }
        var original = termios()
        guard tcgetattr(tty, &original) == 0 else { return nil }
        var changed = original
        if !echo { changed.c_lflag &= ~tcflag_t(ECHO) }
        changed.c_lflag |= tcflag_t(ICANON)
        // Echo off before the prompt shows, as getpass(3) does: TCSAFLUSH discards what was
        // typed before it, so a passphrase typed as soon as the prompt appeared could be lost
        // (and the command would wait for another).
        tcsetattr(tty, TCSAFLUSH, &changed)
        _ = message.withCString { write(tty, $0, strlen($0)) }
        defer {
            tcsetattr(tty, TCSAFLUSH, &original)
            if !echo { _ = write(tty, "\n", 1) }
        }
        var length = 0
        let buffer = SecretBytes(count: maximumLength) { raw in
            while length < raw.count {
                var byte: UInt8 = 0
                let got = retryingOnInterrupt { read(tty, &byte, 1) }
                if got <= 0 || byte == UInt8(ascii: "\n") { break }
                raw[length] = byte
                byte = 0
                length += 1
            }
        }
        return trimmed(buffer, length: length)
    }

    /// The first `length` bytes of `buffer` without one trailing `\n` or `\r\n`.
    package static func trimmed(_ buffer: SecretBytes, length: Int) -> SecretBytes {
        var end = length
        buffer.withUnsafeBytes { raw in
            if end > 0, raw[end - 1] == UInt8(ascii: "\n") { end -= 1 }
            if end > 0, raw[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        }
        return SecretBytes(count: end) { out in
            buffer.withUnsafeBytes { out.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[0..<end])) }
        }
    }
}
