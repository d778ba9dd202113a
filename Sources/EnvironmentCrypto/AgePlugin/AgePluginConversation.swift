internal import LibC

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One conversation with a running plugin over the stanza codec: envtool's phase 1, then the
/// plugin's commands, each answered. What every protocol (`recipient-v1`, `identity-v1`)
/// shares lives here: messages, questions, errors, and unknown commands (grease) answered
/// `unsupported`.
final class AgePluginConversation {
    /// The plugin's output as a byte source for the codec; a failure of the process itself
    /// (silence past the time limit, a read error) is kept whole.
    private struct Output: AgeByteSource {
        // Unowned: the conversation owns the reader that owns this; a strong reference would
        // keep all three (and the reader's buffer, unzeroed) alive for good.
        unowned let conversation: AgePluginConversation
        mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(AgeError) -> Int {
            do {
                return try conversation.process.read(into: buffer)
            } catch {
                conversation.processFailure = error
                throw error
            }
        }
    }

    /// The plugin's input as a byte sink for the codec.
    private struct Input: AgeByteSink {
        let process: AgePluginProcess
        mutating func write(_ bytes: UnsafeRawBufferPointer) throws(AgeError) {
            try process.write(bytes)
        }
    }

    let process: AgePluginProcess
    let ui: AgePluginUI
    private var reader: AgePluginStanzaReader<Output>!
    private var writer: AgePluginStanzaWriter<Input>
    private var processFailure: AgeError?
    /// The questions refused for want of a terminal, to explain a failure that follows.
    private(set) var refusals: [String] = []

    /// The executable's name, for messages.
    var executable: String { process.executable }

    /// Starts `age-plugin-NAME --age-plugin=protocolName`.
    init(plugin name: String, protocol protocolName: String, ui: AgePluginUI) throws(AgeError) {
        let timeout = try AgePluginConversation.timeout()
        process = try AgePluginProcess(
            plugin: name, protocol: protocolName, timeout: timeout,
            totalTimeout: try AgePluginConversation.totalTimeout(silence: timeout))
        self.ui = ui
        writer = AgePluginStanzaWriter(Input(process: process))
        reader = AgePluginStanzaReader(Output(conversation: self))
    }

    /// The default time limit on a plugin's silence, in seconds.
    static let defaultTimeout = 60

    /// `ENVTOOL_PLUGIN_TIMEOUT` in milliseconds: seconds, a positive decimal up to a day;
    /// ``defaultTimeout`` when unset or empty.
    ///
    /// - Throws: ``AgeError/Kind/unusable`` for any other value.
    static func timeout() throws(AgeError) -> Int32 {
        guard let raw = getenv("ENVTOOL_PLUGIN_TIMEOUT"), raw.pointee != 0 else { return Int32(defaultTimeout * 1000) }
        let text = String(cString: raw)
        guard text.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E }), let seconds = Double(text), seconds > 0, seconds <= 86_400 else {
            throw AgeError(
                .unusable, "ENVTOOL_PLUGIN_TIMEOUT must be a number of seconds (more than 0, at most 86400), the longest an age plugin may stay silent")
        }
        return Int32(max(1, (seconds * 1000).rounded()))
    }

    /// How many silence limits a whole run may take when ENVTOOL_PLUGIN_TOTAL_TIMEOUT is unset:
    /// raising the silence limit for a slow token raises the whole run's with it.
    static let defaultTotalFactor: Int64 = 5

    /// `ENVTOOL_PLUGIN_TOTAL_TIMEOUT` in milliseconds: seconds, a positive decimal up to a
    /// week; ``defaultTotalFactor`` times `silence` (5 min by default) when unset or empty.
    ///
    /// - Throws: ``AgeError/Kind/unusable`` for any other value.
    static func totalTimeout(silence: Int32) throws(AgeError) -> Int64 {
        guard let raw = getenv("ENVTOOL_PLUGIN_TOTAL_TIMEOUT"), raw.pointee != 0 else { return Int64(silence) * defaultTotalFactor }
        let text = String(cString: raw)
        guard text.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E }), let seconds = Double(text), seconds > 0, seconds <= 604_800 else {
            throw AgeError(
                .unusable, "ENVTOOL_PLUGIN_TOTAL_TIMEOUT must be a number of seconds (more than 0, at most 604800), the longest an age plugin may run")
        }
        return Int64(max(1, (seconds * 1000).rounded()))
    }

    /// Sends one stanza.
    func send(_ arguments: [String], body: SecretBytes = SecretBytes(count: 0) { _ in }) throws(AgeError) {
        try writer.write(arguments, body: body)
    }

    /// The plugin's next stanza.
    ///
    /// - Throws: ``AgeError/Kind/pluginFailure`` when the plugin's output ends (with how the
    ///   plugin ended), it stays silent past the time limit, or it breaks the protocol; the
    ///   plugin is stopped.
    func receive() throws(AgeError) -> AgePluginStanza {
        let stanza: AgePluginStanza?
        do {
            stanza = try reader.next()
        } catch {
            if let processFailure { throw processFailure }
            throw process.failure("it does not speak the age plugin protocol: \(error.message)")
        }
        guard let stanza else { throw process.ended(before: "it said done") }
        return stanza
    }

    /// Answers the commands every protocol shares: `msg`, `confirm`, `request-public`,
    /// `request-secret`; `false` for any other.
    func answerCommon(_ stanza: AgePluginStanza) throws(AgeError) -> Bool {
        switch stanza.command {
        case "msg":
            ui.show(executable, AgePluginUI.displayable(stanza.publicBody))
            try send(["ok"])
        case "confirm":
            let choices = stanza.arguments.dropFirst().map { AgePluginStanzaReader<BytesSource>.decodeBase64(Array($0.utf8)) }
            guard (1...2).contains(choices.count), let yes = choices[0], choices.count == 1 || choices[1] != nil else {
                throw process.failure("its confirm command does not have one or two base64 choices")
            }
            let no = choices.count == 2 ? choices[1] : nil
            let prompt = AgePluginUI.displayable(stanza.publicBody)
            let yesText = AgePluginUI.displayable(yes.withUnsafeBytes { Array($0) }, limit: 40)
            let noText = no.map { no in AgePluginUI.displayable(no.withUnsafeBytes { Array($0) }, limit: 40) }
            if let answer = process.notCountingTowardsDeadline({ ui.confirm(executable, prompt, yesText, noText) }) {
                try send(["ok", answer ? "yes" : "no"])
            } else {
                refusals.append("it asked to confirm \"\(prompt)\"")
                try send(["fail"])
            }
        case "request-public", "request-secret":
            let secret = stanza.command == "request-secret"
            let prompt = AgePluginUI.displayable(stanza.publicBody)
            if let answer = process.notCountingTowardsDeadline({ ui.request(executable, prompt, secret) }) {
                try send(["ok"], body: answer)
            } else {
                refusals.append("it asked for \(secret ? "a secret" : "a") value (\"\(prompt)\")")
                try send(["fail"])
            }
        default:
            return false
        }
        return true
    }

    /// The error for the plugin's `error` stanza (answered `ok` first), naming what it is about:
    /// `subject(kind, index)` names a recipient or identity, `nil` when the index is not one.
    func reportedError(_ stanza: AgePluginStanza, subject: (String, Int) -> String?) -> AgeError {
        try? send(["ok"])
        process.finish()
        let message = AgePluginUI.displayable(stanza.publicBody)
        var about = ""
        if stanza.arguments.count >= 2, stanza.arguments[1] != "internal" {
            if stanza.arguments.count == 3, let index = Int(stanza.arguments[2]), let name = subject(stanza.arguments[1], index) {
                about = " about \(name)"
            } else {
                about = " about a \(AgePluginUI.displayable(Array(stanza.arguments[1].utf8), limit: 40))"
            }
        }
        return AgeError(.pluginFailure, "the age plugin \(executable) reported an error\(about): \(message)\(refusalNote)")
    }

    /// Why a question went unanswered, appended to a failure that may follow from it.
    var refusalNote: String {
        refusals.isEmpty
            ? "" : " (envtool answered no because there is no terminal to ask on: \(refusals.joined(separator: "; ")); run envtool on a terminal to answer)"
    }

    /// Ends a conversation that went well.
    func finish() {
        process.finish()
    }
}
