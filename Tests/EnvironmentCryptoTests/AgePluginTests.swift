import Foundation
import Testing

@testable import EnvironmentCrypto

/// The age plugin client in the library, with test-only plugins (`Fixtures/age-plugin/`, put
/// first on this process's PATH): one run per plugin, labels, grease, a plugin that quits at
/// once, and what identity and recipients files accept.
@Suite("age plugins: the client")
struct AgePluginTests {
    /// Puts the test plugins first on PATH (once; harmless to other tests, which run programs by path).
    static let pluginsOnPath: Void = {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/age-plugin").path
        let current = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        setenv("PATH", folder + ":" + current, 1)
    }()

    static func encoded(_ hrp: String, _ data: [UInt8], uppercase: Bool = false) -> String {
        let text = data.withUnsafeBytes { Bech32.encode(hrp: hrp, data: $0, uppercase: uppercase) }
        return text.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
    }

    static func recipient(_ name: String, _ byte: UInt8) throws -> AgePluginRecipient {
        try AgePluginRecipient(encoded("age1" + name, Array(repeating: byte, count: 8)))
    }

    static func identity(_ name: String, _ byte: UInt8) throws -> AgePluginIdentity {
        try AgePluginIdentity(encoded("age-plugin-\(name)-", Array(repeating: byte, count: 8), uppercase: true))
    }

    static let plain = Data("{\"secret\": 1}".utf8)

    static func header(_ sealed: Data) -> [String] {
        String(decoding: sealed, as: UTF8.self).split(separator: "\n").filter { $0.hasPrefix("-> ") }.map(String.init)
    }

    @Test("the recipients of one plugin are wrapped in one run; its identities are tried in one run")
    func onePluginRun() throws {
        Self.pluginsOnPath
        let x25519 = try AgeIdentity.generate()
        let recipients: [any FileKeyRecipient] = [try Self.recipient("chatty", 1), x25519.recipient, try Self.recipient("chatty", 2)]
        let sealed = try AgeFile.encrypt(Self.plain, to: recipients)
        // Each stanza says how many recipients its run was given: both, in one run.
        #expect(Self.header(sealed).filter { $0.hasPrefix("-> chatty ") } == ["-> chatty 2", "-> chatty 2"])
        #expect(Self.header(sealed).count == 3)
        // The plugin opens the file only when its run is given both identities.
        let both: [any FileKeyIdentity] = [try Self.identity("chatty", 1), try AgeIdentity.generate(), try Self.identity("chatty", 2)]
        #expect(try AgeFile.decrypt(sealed, with: both).withUnsafeBytes { Data($0) } == Self.plain)
        let one = #expect(throws: AgeError.self) { try AgeFile.decrypt(sealed, with: [try Self.identity("chatty", 1)]) }
        #expect(one?.kind == .pluginFailure)
        #expect(one?.message == "the age plugin age-plugin-chatty reported an error: got 1 identities", "\(String(describing: one))")
        // The X25519 identity opens it without running any plugin.
        #expect(try AgeFile.decrypt(sealed, with: [x25519]).withUnsafeBytes { Data($0) } == Self.plain)
    }

    @Test("labels a plugin declares must agree with the other recipients', as age requires")
    func labels() throws {
        Self.pluginsOnPath
        let labelled = try Self.recipient("labelled", 3)
        let alone = try AgeFile.encrypt(Self.plain, to: [labelled])
        #expect(Self.header(alone) == ["-> labelled"])
        #expect(try labelled.wrapWithLabels(FileKey.generate()).labels == ["postquantum"])
        let mixed = #expect(throws: AgeError.self) { try AgeFile.encrypt(Self.plain, to: [try AgeIdentity.generate().recipient, labelled]) }
        #expect(mixed?.kind == .unusable)
        #expect(mixed?.message.contains("their labels differ (none and postquantum)") == true, "\(String(describing: mixed))")
    }

    @Test("a plugin that closes its pipes at once is reported with its exit status; envtool survives the broken pipe")
    func pluginQuits() throws {
        Self.pluginsOnPath
        // Far more than a pipe holds, so that writing meets the closed pipe (EPIPE, never SIGPIPE).
        let many = try (0..<2000).map { index in
            try AgePluginRecipient(Self.encoded("age1quitter", [UInt8(index >> 8), UInt8(index & 0xFF)] + Array(repeating: 9, count: 30)))
        }
        let error = #expect(throws: AgeError.self) { try AgeFile.encrypt(Self.plain, to: many) }
        #expect(error?.kind == .pluginFailure)
        #expect(error?.message.contains("the age plugin age-plugin-quitter stopped before") == true, "\(String(describing: error))")
        #expect(error?.message.hasSuffix("it exited with status 3") == true, "\(String(describing: error))")
    }

    @Test("a plugin missing from PATH is named, with how to install it")
    func missingPlugin() throws {
        let error = #expect(throws: AgeError.self) { try AgeFile.encrypt(Self.plain, to: [try Self.recipient("nosuchplugin", 1)]) }
        #expect(error?.kind == .pluginFailure)
        #expect(
            error?.message
                == "the age plugin age-plugin-nosuchplugin was not found on PATH; install it (or add its folder to PATH) to use this recipient or identity")
        #expect(error?.cryptoError.kind == .pluginFailed)
    }

    @Test(
        "a plugin name that is not plain letters, digits and + - . _ is refused before anything runs",
        arguments: ["age1../../bin/sh", "age1a/b", "age1A%", "age1"])
    func pluginNames(hrp: String) {
        let text = Self.encoded(hrp, [1, 2, 3])
        let error = #expect(throws: AgeError.self) { try AgePluginRecipient(text) }
        #expect(error?.kind == .invalidRecipient)
    }

    @Test("identity files hold X25519 and plugin identities, in order; plugin identities are never shown")
    func identityFiles() throws {
        let x25519 = try AgeIdentity.generate()
        let plugin = Self.encoded("age-plugin-chatty-", [1, 2, 3, 4], uppercase: true)
        let text = "# mixed\n\(plugin)\n" + x25519.encoded.withUnsafeBytes { String(decoding: $0, as: UTF8.self) } + "\n"
        let identities = try AgeIdentityFile.parse(SecretBytes(copying: Array(text.utf8)))
        #expect(identities.count == 2)
        #expect((identities[0] as? AgePluginIdentity)?.pluginName == "chatty")
        #expect((identities[1] as? AgeIdentity)?.recipient == x25519.recipient)
        #expect(!"\(identities[0])".contains("AGE-PLUGIN"))
        let broken = "# broken\n" + plugin.dropLast() + "q\n"
        let error = #expect(throws: AgeError.self) { try AgeIdentityFile.parse(SecretBytes(copying: Array(broken.utf8))) }
        #expect(error?.line == 2 && error?.kind == .invalidIdentity)
        #expect(error?.message.contains("AGE-PLUGIN-CHATTY") == false)
    }

    @Test("recipients files for -R take plugin recipients; the X25519 list (FILE.recipients) does not")
    func recipientsFiles() throws {
        let x25519 = try AgeIdentity.generate().recipient
        let plugin = Self.encoded("age1chatty", [5, 6, 7])
        let text = "# team\n\(x25519.encoded)\n\n\(plugin)\n"
        let any = try AgeRecipientsFile.parseAny(text)
        #expect(any.map(\.displayName) == [x25519.encoded, plugin])
        #expect((any[1] as? AgePluginRecipient)?.pluginName == "chatty")
        let error = #expect(throws: AgeError.self) { try AgeRecipientsFile.parse(text) }
        #expect(error?.line == 4 && error?.message.contains("age plugin recipient") == true, "\(String(describing: error))")
    }

    @Test("ENVTOOL_PLUGIN_TIMEOUT: seconds, default 60")
    func timeoutVariable() throws {
        // Read through the same function the client uses; the variable is not set in tests.
        if ProcessInfo.processInfo.environment["ENVTOOL_PLUGIN_TIMEOUT"] == nil {
            #expect(try AgePluginConversation.timeout() == 60_000)
        }
    }
}
