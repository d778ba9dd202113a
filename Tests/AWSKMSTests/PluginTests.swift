import EnvironmentCrypto
import Foundation
import Platform
import Synchronization
import Testing

@testable import AWSKMS

/// The client side of a conversation, scripted: what it sends in phase 1, and `ok` to every
/// command of phase 2.
final class ScriptedClient: PluginChannel {
    private var incoming: [AgePluginStanza]
    private(set) var received: [AgeStanza] = []
    private var answering = false

    init(_ phase1: [AgeStanza]) {
        incoming = phase1.map { AgePluginStanza($0.arguments, publicBody: $0.body) }
    }

    func read() throws(AgeError) -> AgePluginStanza? {
        if !incoming.isEmpty { return incoming.removeFirst() }
        return answering ? AgePluginStanza(["ok"]) : nil
    }

    func write(_ stanza: AgePluginStanza) throws(AgeError) {
        received.append(AgeStanza(arguments: stanza.arguments, body: stanza.publicBody))
        answering = true
    }
}

/// A KMS that "wraps" by prefixing the key's text and answers errors for disabled keys.
final class FakeKMS: HTTPTransport {
    let disabled: Set<String>
    private let calls = Mutex<[String]>([])
    init(disabled: Set<String> = []) { self.disabled = disabled }
    var targets: [String] { calls.withLock { $0 } }

    func send(_ method: String, _ url: String, headers: [(name: String, value: String)], body: [UInt8]) throws(TransportFailure) -> (status: Int, body: [UInt8])
    {
        let target = headers.first { $0.name == "X-Amz-Target" }?.value ?? ""
        calls.withLock { $0.append(target) }
        guard case .object(let request)? = try? KMSClient.parse(body), case .string(let key)? = request["KeyId"] else { return (400, []) }
        if disabled.contains(key) { return (400, Array(#"{"__type":"DisabledException","message":"\#(key) is disabled."}"#.utf8)) }
        if target == "TrentService.Encrypt", case .string(let plain)? = request["Plaintext"] {
            let blob = AgeBase64.encode(Array(key.utf8) + [0] + (AgeBase64.decode(plain.utf8, padded: true) ?? []), padded: true)
            return (200, Array(#"{"CiphertextBlob":"\#(String(decoding: blob, as: UTF8.self))"}"#.utf8))
        }
        if target == "TrentService.Decrypt", case .string(let text)? = request["CiphertextBlob"], let blob = AgeBase64.decode(text.utf8, padded: true),
            let zero = blob.firstIndex(of: 0), String(decoding: blob[..<zero], as: UTF8.self) == key
        {
            let plain = AgeBase64.encode(Array(blob[(zero + 1)...]), padded: true)
            return (200, Array(#"{"Plaintext":"\#(String(decoding: plain, as: UTF8.self))"}"#.utf8))
        }
        return (400, Array(#"{"__type":"InvalidCiphertextException"}"#.utf8))
    }
}

@Suite("age-plugin-awskms: recipients, identities and the plugin state machines")
struct PluginTests {
    static let keyA = try! KMSKey("arn:aws:kms:us-east-1:111122223333:key/aaaaaaaa-1111-2222-3333-444444444444", region: nil)
    static let keyB = try! KMSKey("alias/team-secrets", region: "eu-west-1")
    static let fileKey = Array(UInt8(100)..<116)

    static func machines(_ client: ScriptedClient, kms: FakeKMS, fileName: String? = nil) -> PluginStateMachines {
        PluginStateMachines(channel: client, fileName: fileName) { () throws(KMSError) -> KMSClient in
            KMSClient(
                configuration: try AWSConfiguration(environment: .fixed(["AWS_ACCESS_KEY_ID": "AKID", "AWS_SECRET_ACCESS_KEY": "s", "HOME": "/nowhere"])),
                transport: kms, sleep: { _ in })
        }
    }

    static func stanza(_ arguments: String, _ body: [UInt8] = []) -> AgeStanza {
        AgeStanza(arguments: arguments.split(separator: " ").map(String.init), body: body)
    }

    @Test("recipients and identities round-trip through bech32, ARNs well past BIP 173's 90 characters")
    func encodings() throws {
        let recipient = AWSKMSPlugin.recipient(Self.keyA)
        #expect(recipient.hasPrefix("age1awskms1"))
        #expect(recipient.count > 90)
        #expect(try AWSKMSPlugin.key(ofRecipient: recipient) == Self.keyA)
        let identity = AWSKMSPlugin.identity(Self.keyB)
        #expect(identity.hasPrefix("AGE-PLUGIN-AWSKMS-1"))
        #expect(identity == identity.uppercased())
        #expect(try AWSKMSPlugin.key(ofIdentity: identity) == Self.keyB)
        #expect(try AWSKMSPlugin.key(ofIdentity: AWSKMSPlugin.identity(nil)) == nil)
        let long = try KMSKey("arn:aws:kms:us-east-1:111122223333:alias/" + String(repeating: "x", count: 250), region: nil)
        #expect(try AWSKMSPlugin.key(ofRecipient: AWSKMSPlugin.recipient(long)) == long)
    }

    @Test(
        "foreign, mistyped and mixed-case strings are refused with a reason",
        arguments: [
            "age1qyqszqgpqyqszqgpqyqszqgpqyqszqgpqyqszqgpqyqszqgpqyqs3290gq", "age1awskms1qqqqqq", "not bech32",
        ])
    func refused(text: String) {
        #expect(throws: KMSError.self) { try AWSKMSPlugin.key(ofRecipient: text) }
        var mistyped = Array(AWSKMSPlugin.recipient(Self.keyA).utf8)
        mistyped[20] = mistyped[20] == UInt8(ascii: "q") ? UInt8(ascii: "p") : UInt8(ascii: "q")
        #expect(throws: KMSError.self) { try AWSKMSPlugin.key(ofRecipient: String(decoding: mistyped, as: UTF8.self)) }
    }

    @Test("recipient-v1: grease ignored, one stanza per recipient and file key, then done")
    func wrap() throws {
        let client = ScriptedClient([
            Self.stanza("add-recipient " + AWSKMSPlugin.recipient(Self.keyA)),
            Self.stanza("grease-x y z", [1, 2, 3]),
            Self.stanza("add-identity " + AWSKMSPlugin.identity(Self.keyB)),
            Self.stanza("wrap-file-key", Self.fileKey),
            Self.stanza("extension-labels"),
            Self.stanza("done"),
        ])
        let kms = FakeKMS()
        try Self.machines(client, kms: kms, fileName: "environments.bin").runRecipientV1()
        let commands = client.received.map { $0.arguments.joined(separator: " ") }
        let name = String(decoding: AgeBase64.encode(Array("environments.bin".utf8), padded: false), as: UTF8.self)
        #expect(
            commands == [
                "recipient-stanza 0 awskms \(Self.keyA.textForm) \(name)",
                "recipient-stanza 0 awskms \(Self.keyB.textForm) \(name)",
                "done",
            ])
        #expect(kms.targets == ["TrentService.Encrypt", "TrentService.Encrypt"])
    }

    @Test("recipient-v1: a bad recipient is an error naming its index, and no stanza is sent")
    func wrapErrors() throws {
        let client = ScriptedClient([
            Self.stanza("add-recipient " + AWSKMSPlugin.recipient(Self.keyA)),
            Self.stanza("add-recipient age1awskms1qqqqqqqq"),
            Self.stanza("add-identity " + AWSKMSPlugin.identity(nil)),
            Self.stanza("wrap-file-key", Self.fileKey),
            Self.stanza("done"),
        ])
        try Self.machines(client, kms: FakeKMS()).runRecipientV1()
        #expect(client.received.map { $0.arguments.joined(separator: " ") } == ["error recipient 1", "error identity 0", "done"])
        #expect(String(decoding: client.received[1].body, as: UTF8.self).contains("any-key identity"))
    }

    @Test("recipient-v1: a disabled key fails its recipient, and no stanza is sent for the others")
    func wrapDisabled() throws {
        let client = ScriptedClient([
            Self.stanza("add-recipient " + AWSKMSPlugin.recipient(Self.keyA)),
            Self.stanza("add-recipient " + AWSKMSPlugin.recipient(Self.keyB)),
            Self.stanza("wrap-file-key", Self.fileKey),
            Self.stanza("done"),
        ])
        try Self.machines(client, kms: FakeKMS(disabled: [Self.keyB.keyID])).runRecipientV1()
        #expect(client.received.map { $0.arguments.joined(separator: " ") } == ["error recipient 1", "done"])
        #expect(String(decoding: client.received[0].body, as: UTF8.self).contains("is disabled"))
    }

    /// Wrapped stanzas for both keys, as recipient-v1 makes them.
    static func wrapped(fileName: String? = nil) throws -> [AgeStanza] {
        let client = ScriptedClient([
            stanza("add-recipient " + AWSKMSPlugin.recipient(keyA)), stanza("add-recipient " + AWSKMSPlugin.recipient(keyB)),
            stanza("wrap-file-key", fileKey), stanza("done"),
        ])
        try machines(client, kms: FakeKMS(), fileName: fileName).runRecipientV1()
        return client.received.dropLast().map { AgeStanza(arguments: Array($0.arguments.dropFirst(2)), body: $0.body) }
    }

    static func unwrapConversation(identities: [String], stanzas: [AgeStanza], disabled: Set<String> = []) throws -> ScriptedClient {
        var phase1 = identities.map { stanza("add-identity " + $0) }
        phase1.append(stanza("recipient-stanza 0 X25519 abc", [1]))
        phase1 += stanzas.map { AgeStanza(arguments: ["recipient-stanza", "0"] + $0.arguments, body: $0.body) }
        phase1.append(stanza("done"))
        let client = ScriptedClient(phase1)
        try machines(client, kms: FakeKMS(disabled: disabled)).runIdentityV1()
        return client
    }

    @Test("identity-v1: the any-key identity skips a disabled key's stanza and unwraps the other's")
    func unwrapAnyKey() throws {
        let client = try Self.unwrapConversation(
            identities: [AWSKMSPlugin.identity(nil)], stanzas: try Self.wrapped(fileName: "a.bin"),
            disabled: [Self.keyA.keyID])
        #expect(client.received.map { $0.arguments.joined(separator: " ") } == ["file-key 0", "done"])
        #expect(client.received[0].body == Self.fileKey)
    }

    @Test("identity-v1: a keyed identity opens only its key's stanza; when that key is disabled, an error names the identity and the key")
    func unwrapKeyed() throws {
        let stanzas = try Self.wrapped()
        let opened = try Self.unwrapConversation(identities: [AWSKMSPlugin.identity(Self.keyB)], stanzas: stanzas, disabled: [Self.keyA.keyID])
        #expect(opened.received.map { $0.arguments.joined(separator: " ") } == ["file-key 0", "done"])
        let failed = try Self.unwrapConversation(identities: [AWSKMSPlugin.identity(Self.keyA)], stanzas: stanzas, disabled: [Self.keyA.keyID])
        #expect(failed.received.map { $0.arguments.joined(separator: " ") } == ["error identity 0", "done"])
        let message = String(decoding: failed.received[0].body, as: UTF8.self)
        #expect(message.contains("identity 0") && message.contains("is disabled") && message.contains(Self.keyA.keyID))
    }

    @Test("identity-v1: an invalid identity stops everything; a malformed awskms stanza is an error for its file; other stanzas are ignored")
    func unwrapErrors() throws {
        let invalid = try Self.unwrapConversation(identities: ["AGE-PLUGIN-AWSKMS-1QQQQQQ", AWSKMSPlugin.identity(nil)], stanzas: try Self.wrapped())
        #expect(invalid.received.map { $0.arguments.joined(separator: " ") } == ["error identity 0", "done"])
        let malformed = try Self.unwrapConversation(identities: [AWSKMSPlugin.identity(nil)], stanzas: [Self.stanza("awskms nokey", [1])])
        #expect(malformed.received.map { $0.arguments.joined(separator: " ") } == ["error stanza 0 1", "done"])
        let none = try Self.unwrapConversation(identities: [AWSKMSPlugin.identity(nil)], stanzas: [])
        #expect(none.received.map { $0.arguments.joined(separator: " ") } == ["done"])
    }

    /// A file with `bytes`, open for reading (a file rather than a pipe: a child process that
    /// another test spawns meanwhile would inherit a pipe's write end and the reader never see EOF).
    static func input(_ bytes: [UInt8]) -> Int32 {
        let path = "/tmp/awskms-stream-\(UInt64.random(in: 0...UInt64.max))"
        let writer = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        _ = bytes.withUnsafeBytes { Foundation.write(writer, $0.baseAddress, $0.count) }
        close(writer)
        let reader = open(path, O_RDONLY | O_CLOEXEC)
        unlink(path)
        return reader
    }

    @Test("the standard streams go through the shared stanza codec: a whole identity-v1 conversation from a file")
    func standardStreams() throws {
        let identity = AWSKMSPlugin.identity(nil)
        let wrapped = try Self.wrapped()
        var text = "-> add-identity \(identity)\n\n"
        for stanza in wrapped {
            let body = String(decoding: AgeBase64.encode(stanza.body, padded: false), as: UTF8.self)
            var lines: [String] = []
            var rest = Substring(body)
            repeat { lines.append(String(rest.prefix(64))); rest = rest.dropFirst(64) } while lines.last!.count == 64
            text += "-> recipient-stanza 0 " + stanza.arguments.joined(separator: " ") + "\n" + lines.joined(separator: "\n") + "\n"
        }
        text += "-> done\n\n-> ok\n\n"
        let input = Self.input(Array(text.utf8))
        defer { close(input) }
        let outputPath = "/tmp/awskms-out-\(UInt64.random(in: 0...UInt64.max))"
        let output = open(outputPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        defer { unlink(outputPath) }
        let machines = PluginStateMachines(channel: StandardStreamsChannel(input: input, output: output), fileName: nil) { () throws(KMSError) -> KMSClient in
            KMSClient(
                configuration: try AWSConfiguration(environment: .fixed(["AWS_ACCESS_KEY_ID": "AKID", "AWS_SECRET_ACCESS_KEY": "s", "HOME": "/nowhere"])),
                transport: FakeKMS(), sleep: { _ in })
        }
        try machines.runIdentityV1()
        close(output)
        let written = String(decoding: try #require(RegularFile.contents(atPath: outputPath)), as: UTF8.self)
        let key = String(decoding: AgeBase64.encode(Self.fileKey, padded: false), as: UTF8.self)
        #expect(written == "-> file-key 0\n\(key)\n-> done\n\n")
    }

    @Test(
        "a conversation that is not the protocol, or ends before done, stops the plugin with a reason",
        arguments: [
            "no arrow\n\n", "-> add-identity x\n", "-> add-identity x\n\n",
        ])
    func brokenConversation(text: String) throws {
        let input = Self.input(Array(text.utf8))
        defer { close(input) }
        let machines = PluginStateMachines(channel: StandardStreamsChannel(input: input, output: -1), fileName: nil) { () throws(KMSError) -> KMSClient in
            throw KMSError(.noCredentials, "unused")
        }
        #expect(throws: AgeError.self) { try machines.runIdentityV1() }
    }
}
