/// A recipient of an age plugin (`age1NAME1…`): files are encrypted to it by running
/// `age-plugin-NAME --age-plugin=recipient-v1` from `PATH` (c2sp.org/age-plugin).
///
/// Parsing runs nothing; the plugin runs only when a file is encrypted, once for all the
/// recipients of one plugin. Messages and questions of the plugin go to standard error and the
/// terminal (see docs/age.md, "Plugins").
public struct AgePluginRecipient: FileKeyRecipient, Hashable, CustomStringConvertible {
    /// The plugin's name: `NAME` of `age1NAME1…` and of the executable `age-plugin-NAME`.
    public let pluginName: String
    /// What the plugin is given: the recipient (`age1NAME1…`), or for ``init(identity:)`` the
    /// identity, which a plugin accepts in place of its recipient.
    let encoding: Encoding

    enum Encoding: Hashable, @unchecked Sendable {
        // @unchecked: SecretBytes is Sendable (immutable after init); Hashable here compares
        // the bytes, in constant time.
        case recipient(String)
        case identity(SecretBytes)

        static func == (left: Encoding, right: Encoding) -> Bool {
            switch (left, right) {
            case (.recipient(let a), .recipient(let b)): return a == b
            case (.identity(let a), .identity(let b)): return a.isEqual(to: b)
            default: return false
            }
        }

        func hash(into hasher: inout Hasher) {
            switch self {
            case .recipient(let text): hasher.combine(text)
            case .identity: hasher.combine(1)
            }
        }
    }

    /// Parses a plugin recipient, `age1NAME1…` (bech32; lowercase, or all uppercase).
    ///
    /// - Throws: ``AgeError`` of kind ``AgeError/Kind/invalidRecipient`` when it is not bech32,
    ///   or its plugin name is not lowercase letters, digits and `+ - . _`. The message quotes
    ///   the recipient: it is public.
    public init(_ text: String) throws(AgeError) {
        let lowered = text.lowercased()
        let shown = text.count <= 200 ? "\"\(text)\"" : "this recipient"
        let decoded: (hrp: String, data: SecretBytes)
        do {
            decoded = try Array(text.utf8).withUnsafeBytes { raw in Result { () throws(Bech32.Failure) in try Bech32.decode(raw) } }.get()
        } catch {
            throw AgeError(.invalidRecipient, "\(shown) is not an age plugin recipient: \(error.reason)")
        }
        guard decoded.hrp.hasPrefix("age1"), AgePluginName.isValid(decoded.hrp.dropFirst(4)) else {
            throw AgeError(.invalidRecipient, "\(shown) is not an age plugin recipient (age1NAME1…, NAME of lowercase letters, digits and + - . _)")
        }
        pluginName = String(decoded.hrp.dropFirst(4))
        encoding = .recipient(lowered)
    }

    /// The recipient of a plugin identity: the plugin is given the identity itself
    /// (`add-identity`), as age does to encrypt a file again to the identity that opened it.
    public init(identity: AgePluginIdentity) {
        pluginName = identity.pluginName
        encoding = .identity(identity.encoded)
    }

    /// Whether `text` looks like a plugin recipient (`age1NAME1…` with a name before the
    /// separator), without checking it.
    package static func looksLikePluginRecipient(_ text: String) -> Bool {
        let lowered = text.lowercased()
        guard lowered.hasPrefix("age1"), let separator = lowered.utf8.lastIndex(of: UInt8(ascii: "1")) else { return false }
        return lowered.utf8.distance(from: lowered.utf8.startIndex, to: separator) > 4 && !lowered.hasPrefix("age1pq1")
    }

    /// The recipient as given (lowercase), or for an identity's recipient a description that
    /// does not show the identity.
    public var displayName: String {
        switch encoding {
        case .recipient(let text): return text
        case .identity: return "the recipient of an age-plugin-\(pluginName) identity"
        }
    }

    /// The recipient as given; one made from an identity has no text to list.
    public var listedName: String? {
        if case .recipient(let text) = encoding { return text }
        return nil
    }

    public var description: String { displayName }

    /// The stanzas the plugin writes for this recipient alone (``AgeFile`` runs a plugin once
    /// for all its recipients instead).
    ///
    /// - Throws: ``AgeError/Kind/pluginFailure`` when the plugin is missing, fails, or reports
    ///   an error (with its message).
    public func wrap(_ fileKey: FileKey) throws(AgeError) -> [AgeStanza] {
        try wrapWithLabels(fileKey).stanzas
    }

    /// The stanzas, and the labels the plugin declared (`labels`).
    public func wrapWithLabels(_ fileKey: FileKey) throws(AgeError) -> (stanzas: [AgeStanza], labels: Set<String>) {
        try AgePluginRecipientGroup(pluginName: pluginName, recipients: [self]).wrapWithLabels(fileKey)
    }

    /// `recipients` with every plugin recipient replaced by one group per plugin, at the place of
    /// its first recipient, so that each plugin runs once.
    static func grouped(_ recipients: [any FileKeyRecipient]) -> [any FileKeyRecipient] {
        AgePluginGrouping.grouped(
            recipients, member: { $0 as? AgePluginRecipient }, pluginName: \.pluginName,
            group: { name, members in
                // A recipient given twice is wrapped to once.
                var unique: [AgePluginRecipient] = []
                for recipient in members where !unique.contains(recipient) { unique.append(recipient) }
                return AgePluginRecipientGroup(pluginName: name, recipients: unique)
            })
    }
}

/// The recipients of one plugin, wrapped in one run of it (`recipient-v1`).
struct AgePluginRecipientGroup: FileKeyRecipient {
    let pluginName: String
    var recipients: [AgePluginRecipient]
    var ui = AgePluginUI.terminal

    init(pluginName: String, recipients: [AgePluginRecipient]) {
        self.pluginName = pluginName
        self.recipients = recipients
    }

    var displayName: String { recipients.map(\.displayName).joined(separator: ", ") }

    func wrap(_ fileKey: FileKey) throws(AgeError) -> [AgeStanza] {
        try wrapWithLabels(fileKey).stanzas
    }

    /// Phase 1: every recipient (`add-recipient`, or `add-identity`), the file key
    /// (`wrap-file-key`), `extension-labels`, `done`; phase 2: the plugin's stanzas
    /// (`recipient-stanza 0 …`), labels, messages and questions until `done`.
    func wrapWithLabels(_ fileKey: FileKey) throws(AgeError) -> (stanzas: [AgeStanza], labels: Set<String>) {
        let conversation = try AgePluginConversation(plugin: pluginName, protocol: "recipient-v1", ui: ui)
        for recipient in recipients {
            switch recipient.encoding {
            case .recipient(let text): try conversation.send(["add-recipient", text])
            case .identity(let identity):
                try conversation.send(["add-identity", identity.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }])
            }
        }
        try conversation.send(["wrap-file-key"], body: fileKey.bytes)
        try conversation.send(["extension-labels"])
        try conversation.send(["done"])
        var stanzas: [AgeStanza] = []
        var labels: Set<String>?
        while true {
            let stanza = try conversation.receive()
            switch stanza.command {
            case "recipient-stanza":
                guard stanza.arguments.count >= 3, stanza.arguments[1] == "0" else {
                    throw conversation.process.failure("its recipient-stanza command is not \"recipient-stanza 0 TYPE …\" (envtool sends one file key)")
                }
                stanzas.append(AgeStanza(arguments: Array(stanza.arguments.dropFirst(2)), body: stanza.publicBody))
                try conversation.send(["ok"])
            case "labels":
                guard labels == nil else { throw conversation.process.failure("it sent labels twice") }
                labels = Set(stanza.parameters)
                try conversation.send(["ok"])
            case "error":
                throw conversation.reportedError(stanza) { kind, index in
                    kind == "recipient" && recipients.indices.contains(index) ? "recipient \(recipients[index].displayName)" : nil
                }
            case "done":
                conversation.finish()
                guard !stanzas.isEmpty else {
                    throw AgeError(.pluginFailure, "the age plugin \(conversation.executable) wrapped the file key for no recipient\(conversation.refusalNote)")
                }
                return (stanzas, labels ?? [])
            default:
                if try !conversation.answerCommon(stanza) { try conversation.send(["unsupported"]) }
            }
        }
    }
}
