import Foundation
import Testing

@testable import EnvironmentCrypto

/// The age plugin protocol's stanza codec (c2sp.org/age-plugin), as both sides use it.
@Suite("age plugin protocol: the stanza codec")
struct AgePluginCodecTests {
    static func read(_ text: String, limits: AgePluginLimits = .standard) throws(AgeError) -> [AgePluginStanza] {
        let reader = AgePluginStanzaReader(BytesSource(Data(text.utf8)), limits: limits)
        var stanzas: [AgePluginStanza] = []
        while let stanza = try reader.next() { stanzas.append(stanza) }
        return stanzas
    }

    static func wire(_ stanza: AgePluginStanza) throws -> String {
        try stanza.encoded().withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
    }

    static func failure(_ text: String, limits: AgePluginLimits = .standard) -> AgeError? {
        do { _ = try read(text, limits: limits); return nil } catch { return error }
    }

    @Test("a conversation reads as its stanzas: commands, arguments and bodies")
    func readsConversation() throws {
        let stanzas = try Self.read("-> add-recipient age1abc\n\n-> wrap-file-key\nAAECAwQFBgcICQoLDA0ODw\n-> done\n\n")
        #expect(stanzas.map(\.arguments) == [["add-recipient", "age1abc"], ["wrap-file-key"], ["done"]])
        #expect(stanzas[1].publicBody == Array(0..<16))
        #expect(stanzas[0].body.count == 0 && stanzas[2].command == "done")
        #expect(Array(stanzas[0].parameters) == ["age1abc"])
    }

    @Test("bodies are written in lines of 64 columns ending with a shorter line, and read back", arguments: [0, 1, 2, 3, 47, 48, 49, 96, 1000])
    func roundTrip(size: Int) throws {
        let body = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let stanza = AgePluginStanza(["recipient-stanza", "0", "X25519", "c2hhcmU"], publicBody: body)
        let text = try Self.wire(stanza)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().dropLast()
        #expect(lines.dropLast().allSatisfy { $0.count == 64 })
        #expect(lines.last!.count < 64)
        #expect(text.hasPrefix("-> recipient-stanza 0 X25519 c2hhcmU\n") && text.hasSuffix("\n"))
        let again = try Self.read(text)
        #expect(again.count == 1 && again[0].arguments == stanza.arguments && again[0].publicBody == body)
    }

    @Test("48 bytes are exactly one full line and an empty one, as age writes them")
    func fullLineThenEmpty() throws {
        let text = try Self.wire(AgePluginStanza(["msg"], publicBody: Array(repeating: 0, count: 48)))
        #expect(text == "-> msg\n" + String(repeating: "A", count: 64) + "\n\n")
    }

    @Test("the writer refuses arguments the grammar forbids, without quoting them", arguments: [[], [""], ["a b"], ["caf\u{e9}"], ["ok", "line\n"]])
    func writerRefuses(arguments: [String]) {
        #expect(throws: AgeError.self) { try AgePluginStanza(arguments).encoded() }
    }

    @Test("a stanza written to a sink arrives as encoded")
    func writerWritesToSink() throws {
        let collector = SecretCollector()
        var writer = AgePluginStanzaWriter(collector)
        try writer.write(["ok"])
        try writer.write(["msg"], body: SecretBytes(copying: Array("hi".utf8)))
        let bytes = collector.take().withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
        #expect(bytes == "-> ok\n\n-> msg\naGk\n")
    }

    static let malformed: [(String, String)] = [
        ("garbage\n", "does not start with \"-> \""),
        ("-> \n\n", "no command"),
        ("-> a  b\n\n", "empty argument"),
        ("-> a \n\n", "empty argument"),
        ("-> a\u{7f}\n\n", "printable ASCII"),
        ("-> done\r\n\n", "CR LF"),
        ("-> done\n", "ends inside stanza 1"),
        ("-> done", "ends inside a line"),
        ("-> msg\naGk", "ends inside a line"),
        ("-> msg\naGl\n", "canonical"),  // non-zero padding bits
        ("-> msg\naGk=\n", "canonical"),  // padding
        ("-> msg\n" + String(repeating: "A", count: 65) + "\n", "longer than 64"),
        ("-> msg\n" + String(repeating: "A", count: 64) + "\n", "ends inside stanza 1"),
    ]

    @Test("malformed input is a plugin failure that says what is wrong", arguments: malformed)
    func malformedInput(text: String, reason: String) throws {
        let error = try #require(Self.failure(text))
        #expect(error.kind == .pluginFailure)
        #expect(error.message.contains(reason), "\(error.message)")
    }

    @Test("a clean end before a stanza is the end of the conversation")
    func cleanEnd() throws {
        #expect(try Self.read("").isEmpty)
        #expect(try Self.read("-> done\n\n").count == 1)
    }

    @Test("lines, bodies and stanza counts over the limits stop reading")
    func limits() throws {
        let small = AgePluginLimits(maximumLineLength: 32, maximumBodyLength: 60, maximumStanzas: 2)
        #expect(Self.failure("-> " + String(repeating: "a", count: 40) + "\n\n", limits: small)?.message.contains("longer than 32") == true)
        let big = try Self.wire(AgePluginStanza(["msg"], publicBody: Array(repeating: 1, count: 100)))
        #expect(Self.failure(big, limits: small)?.message.contains("larger than 60") == true)
        #expect(try Self.read(Self.wire(AgePluginStanza(["msg"], publicBody: Array(repeating: 1, count: 60))), limits: small).count == 1)
        #expect(Self.failure("-> a\n\n-> b\n\n-> c\n\n", limits: small)?.message.contains("more than 2 stanzas") == true)
        // A line that never ends is refused at the limit, not read into memory.
        let endless = "-> " + String(repeating: "x", count: 1 << 20)
        #expect(Self.failure(endless)?.message.contains("longer than") == true)
    }

    @Test("a stanza's description never shows its body")
    func descriptionHidesBody() {
        let stanza = AgePluginStanza(["file-key", "0"], body: SecretBytes(copying: Array("secret".utf8)))
        #expect(stanza.description == "-> file-key 0 (6-byte body)")
    }
}
