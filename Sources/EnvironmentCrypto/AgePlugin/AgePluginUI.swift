internal import LibC

/// How an age plugin's requests reach the user (age's `ClientUI`): messages on standard
/// error, questions on the terminal (`/dev/tty`). Without a terminal a question is refused
/// (the plugin is answered `fail`) and the refusal is reported if the plugin then fails.
///
/// Plugin text is the plugin's: it is shown with control characters replaced, so that a plugin
/// cannot drive the terminal, and cut at 512 characters.
struct AgePluginUI: Sendable {
    /// Shows `message` from `plugin` (the executable's name).
    var show: @Sendable (_ plugin: String, _ message: String) -> Void
    /// Asks to choose `yes` or `no` (`nil`: only one choice); `nil` when there is no terminal.
    var confirm: @Sendable (_ plugin: String, _ prompt: String, _ yes: String, _ no: String?) -> Bool?
    /// Asks for a value, with echo off when `secret`; `nil` when there is no terminal.
    var request: @Sendable (_ plugin: String, _ prompt: String, _ secret: Bool) -> SecretBytes?

    /// Standard error and `/dev/tty`.
    static let terminal = AgePluginUI(
        show: { plugin, message in
            let line = "\(plugin): \(message)\n"
            _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
        },
        confirm: { plugin, prompt, yes, no in
            let choices = no.map { "type \(yes) or \($0)" } ?? "type \(yes)"
            for _ in 0..<3 {
                guard let answer = TerminalPrompt.ask("\(plugin): \(prompt) (\(choices)): ", echo: true) else { return nil }
                let text = answer.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }.trimmingSpaces.lowercased()
                if text == yes.lowercased() { return true }
                if let no, text == no.lowercased() { return false }
            }
            return nil
        },
        request: { plugin, prompt, secret in
            TerminalPrompt.ask("\(plugin): \(prompt): ", echo: !secret)
        })

    /// Plugin text made safe to show: control characters replaced by U+FFFD, at most `limit`
    /// characters.
    static func displayable(_ bytes: [UInt8], limit: Int = 512) -> String {
        var text = String(decoding: bytes, as: UTF8.self)
        text = String(
            text.unicodeScalars.map { scalar -> Character in
                let value = scalar.value
                return value < 0x20 || (value >= 0x7F && value < 0xA0) ? "\u{FFFD}" : Character(scalar)
            })
        return text.count > limit ? String(text.prefix(limit)) + "…" : text
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }
}
