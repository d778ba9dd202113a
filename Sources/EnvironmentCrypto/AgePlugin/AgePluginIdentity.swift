/// An identity of an age plugin (`AGE-PLUGIN-NAME-1…`): files are opened with it by running
/// `age-plugin-NAME --age-plugin=identity-v1` from `PATH` (c2sp.org/age-plugin).
///
/// Parsing runs nothing; the plugin runs only when a file has to be opened and no identity
/// tried before opened it, once for all the identities of one plugin. The identity's text
/// lives in zeroing memory and is never shown.
public struct AgePluginIdentity: FileKeyIdentity, CustomStringConvertible {
    /// The plugin's name: `NAME` of `AGE-PLUGIN-NAME-1…` and of the executable `age-plugin-NAME`.
    public let pluginName: String
    /// The identity as written (`AGE-PLUGIN-NAME-1…`), which the plugin is given.
    package let encoded: SecretBytes

    /// Parses one identity line held in `text`.
    ///
    /// - Throws: ``AgeError`` of kind ``AgeError/Kind/invalidIdentity`` when it is not bech32 or
    ///   its plugin name is not letters, digits and `+ - . _`. The message never quotes the text.
    package init(parsing text: UnsafeRawBufferPointer) throws(AgeError) {
        let decoded: (hrp: String, data: SecretBytes)
        do {
            decoded = try Bech32.decode(text)
        } catch {
            throw AgeError(.invalidIdentity, "this is not an age plugin identity: \(error.reason)")
        }
        let prefix = "age-plugin-"
        guard decoded.hrp.hasPrefix(prefix), decoded.hrp.hasSuffix("-"),
            case let name = decoded.hrp.dropFirst(prefix.count).dropLast(), AgePluginName.isValid(name)
        else {
            throw AgeError(.invalidIdentity, "this is not an age plugin identity (AGE-PLUGIN-NAME-1…, NAME of letters, digits and + - . _)")
        }
        pluginName = String(name)
        encoded = SecretBytes(copying: text)
    }

    /// Parses one identity from a string. Prefer identity files, which keep it out of Swift
    /// strings (they cannot be zeroed).
    public init(_ text: String) throws(AgeError) {
        let bytes = SecretBytes(copying: text.utf8)
        let result: Result<AgePluginIdentity, AgeError> = bytes.withUnsafeBytes { raw in
            Result { () throws(AgeError) in try AgePluginIdentity(parsing: raw) }
        }
        self = try result.get()
    }

    /// Whether the line in `text` is a plugin identity (`AGE-PLUGIN-…`, any case).
    static func isPluginIdentity(_ text: UnsafeRawBufferPointer) -> Bool {
        let prefix = Array("AGE-PLUGIN-".utf8)
        return text.count > prefix.count && zip(text, prefix).allSatisfy { $0 & 0xDF == $1 || $0 == $1 }
    }

    public var description: String { "AgePluginIdentity(plugin: \(pluginName))" }

    /// None known in advance: a plugin writes stanzas of types it chooses. See
    /// ``opensOtherStanzas``.
    public var stanzaTypes: Set<String> { [] }

    /// A plugin may open any stanza that no built-in identity knows.
    public var opensOtherStanzas: Bool { true }

    /// The recipient that gives the plugin this identity (`add-identity`).
    public func resealingRecipient(for stanzas: [AgeStanza]) -> (any FileKeyRecipient)? {
        AgePluginRecipient(identity: self)
    }

    /// The file key the plugin finds in `stanzas` for this identity alone (``AgeFile`` runs a
    /// plugin once for all its identities instead); `nil` when it finds none.
    ///
    /// - Throws: ``AgeError/Kind/pluginFailure`` when the plugin is missing, fails, reports an
    ///   error, or a question it asked could not be answered.
    public func unwrap(_ stanzas: [AgeStanza]) throws(AgeError) -> FileKey? {
        try AgePluginIdentityGroup(pluginName: pluginName, identities: [self]).unwrap(stanzas)
    }

    /// `identities` with every plugin identity replaced by one group per plugin, at the place of
    /// its first identity, so that each plugin runs once. Identities of other kinds are kept as
    /// they are, in order.
    static func grouped(_ identities: [any FileKeyIdentity]) -> [any FileKeyIdentity] {
        AgePluginGrouping.grouped(
            identities, member: { $0 as? AgePluginIdentity }, pluginName: \.pluginName,
            group: { AgePluginIdentityGroup(pluginName: $0, identities: $1) })
    }
}

/// The identities of one plugin, tried in one run of it (`identity-v1`).
struct AgePluginIdentityGroup: FileKeyIdentity {
    let pluginName: String
    var identities: [AgePluginIdentity]
    var ui = AgePluginUI.terminal

    init(pluginName: String, identities: [AgePluginIdentity]) {
        self.pluginName = pluginName
        self.identities = identities
    }

    var stanzaTypes: Set<String> { [] }
    var opensOtherStanzas: Bool { true }

    func resealingRecipient(for stanzas: [AgeStanza]) -> (any FileKeyRecipient)? {
        identities.first.map { AgePluginRecipient(identity: $0) }
    }

    /// Phase 1: every identity (`add-identity`), every stanza (`recipient-stanza 0 TYPE …`),
    /// `done`; phase 2: messages and questions until `file-key 0` or `done`. A passphrase file
    /// is not offered to plugins (its scrypt stanza must be alone).
    func unwrap(_ stanzas: [AgeStanza]) throws(AgeError) -> FileKey? {
        guard !stanzas.contains(where: { $0.type == AgeScrypt.type }) else { return nil }
        let conversation = try AgePluginConversation(plugin: pluginName, protocol: "identity-v1", ui: ui)
        for identity in identities {
            try conversation.send(["add-identity", identity.encoded.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }])
        }
        for stanza in stanzas {
            try conversation.send(["recipient-stanza", "0"] + stanza.arguments, body: SecretBytes(copying: stanza.body))
        }
        try conversation.send(["done"])
        var fileKey: SecretBytes?
        while true {
            let stanza = try conversation.receive()
            switch stanza.command {
            case "file-key":
                guard stanza.arguments.count == 2, stanza.arguments[1] == "0" else {
                    throw conversation.process.failure("its file-key command is not \"file-key 0\" (envtool sends one file)")
                }
                guard fileKey == nil else { throw conversation.process.failure("it sent the file key twice") }
                guard stanza.body.count == FileKeyWrapping.fileKeyLength else {
                    throw conversation.process.failure("it sent a file key of \(stanza.body.count) bytes; a file key is \(FileKeyWrapping.fileKeyLength)")
                }
                fileKey = stanza.body
                try conversation.send(["ok"])
            case "error":
                throw conversation.reportedError(stanza) { kind, index in
                    kind == "identity" && identities.indices.contains(index) ? "its identity \(index + 1) of \(identities.count)" : nil
                }
            case "done":
                conversation.finish()
                if let fileKey { return FileKey(bytes: fileKey) }
                guard conversation.refusals.isEmpty else {
                    throw AgeError(.pluginFailure, "the age plugin \(conversation.executable) did not open the file\(conversation.refusalNote)")
                }
                return nil
            default:
                if try !conversation.answerCommon(stanza) { try conversation.send(["unsupported"]) }
            }
        }
    }
}
