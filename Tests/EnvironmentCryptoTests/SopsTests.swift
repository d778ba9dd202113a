import Foundation
import Testing

@testable import EnvironmentCrypto

/// sops JSON files (Fixtures/sops: written by the real sops 3.11 with `sops encrypt --age`, and
/// `sops decrypt`'s output of it), read by the library as an `environments.bin` is.
@Suite("sops files: reading what sops 3.11 wrote")
struct SopsTests {
    static let file = Fixtures.data("sops/environments.sops.json")

    static func identity() throws -> [any FileKeyIdentity] {
        let text = String(decoding: Fixtures.data("sops/identity.txt"), as: UTF8.self)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("AGE-SECRET-KEY-") })
        return [try AgeIdentity(String(line))]
    }

    static func json(_ data: Data) throws -> NSDictionary {
        try #require(try JSONSerialization.jsonObject(with: data) as? NSDictionary)
    }

    /// `file` with `original` replaced by `replacement` (each must occur).
    static func replacing(_ original: String, with replacement: String, in file: Data = file) throws -> Data {
        let text = String(decoding: file, as: UTF8.self)
        #expect(text.contains(original))
        return Data(text.replacingOccurrences(of: original, with: replacement).utf8)
    }

    /// The ENC value of the first member named `key` in the fixture.
    static func encrypted(_ key: String, occurrence: Int = 0) throws -> String {
        let text = String(decoding: file, as: UTF8.self)
        let lines = text.split(separator: "\n").filter { $0.contains("\"\(key)\": \"ENC[") }
        let line = try #require(lines.dropFirst(occurrence).first)
        let start = try #require(line.range(of: "ENC["))
        return String(line[start.lowerBound...].dropLast(line.hasSuffix(",") ? 2 : 1))
    }

    @Test("a sops file is recognised by its content and is encrypted; plain JSON is not")
    func recognised() {
        #expect(SopsFile.isSopsFile(Self.file))
        #expect(EnvironmentsBin.isEncrypted(Self.file))
        #expect(!EnvironmentsBin.isEncrypted(Fixtures.data("sops/plaintext.json")))
        #expect(!SopsFile.isSopsFile(Data(#"{"sops": "just a key"}"#.utf8)))
        #expect(!SopsFile.isSopsFile(Data(#"{"sops": {"version": "3.11.0"}}"#.utf8)))
    }

    @Test("the document sops decrypts is the one envtool decrypts: strings, numbers, booleans, arrays, empty, null and _unencrypted values")
    func decryptsAsSops() throws {
        let plaintext = try EnvironmentsBin.decrypt(Self.file, with: Self.identity())
        let ours = plaintext.withUnsafeBytes { Data($0) }
        #expect(try Self.json(ours) == Self.json(Fixtures.data("sops/sops-decrypted.json")))
        let identities = try Self.identity()
        let opened = try EnvironmentsBin.open(Self.file) { (header) throws(CryptoError) in
            #expect(header.stanzaTypes == ["X25519"])
            return identities
        }
        #expect(opened.plaintext.isEqual(to: plaintext))
    }

    @Test("the header names the recipients and says sops; no value appears in the facts")
    func facts() throws {
        let header = try EnvironmentsBin.Header(parsing: Self.file)
        let recipients = try header.recipients { () throws(CryptoError) -> EnvironmentsBin.ListedRecipients in
            throw CryptoError(.secretUnavailable, "no list is needed")
        }
        #expect(recipients.map(\.displayName) == ["age126uf46drkhgp343ld4se9wulz6xzngk7jghj693cw8m42grtye7qxsrm3r"])
        let lines = header.facts.lines.joined(separator: "\n")
        #expect(lines.contains("format: sops 3.11.0"))
        #expect(!lines.contains("dev-api"))
    }

    @Test("a value moved to another key does not decrypt: the path is the additional data")
    func movedValue() throws {
        let debug = try Self.encrypted("base_url", occurrence: 0)
        let release = try Self.encrypted("base_url", occurrence: 1)
        let swapped = try Self.replacing(debug, with: "SWAP", in: Self.replacing(release, with: debug))
        let moved = try Self.replacing("SWAP", with: release, in: swapped)
        // Same key name, other configuration: the paths differ in their configuration component.
        #expect(throws: CryptoError.self) { try EnvironmentsBin.decrypt(moved, with: Self.identity()) }
        let maps = try Self.encrypted("maps")
        let crossKey = try Self.replacing(release, with: maps)
        do {
            _ = try EnvironmentsBin.decrypt(crossKey, with: Self.identity())
            Issue.record("a value moved between keys was accepted")
        } catch let error as CryptoError {
            #expect(error.kind == .authenticationFailed)
            #expect(error.message.contains("the value at configurations:Release:base_url does not decrypt under its own path"), "\(error)")
            #expect(error.line != nil)
            #expect(!error.message.contains("dev-maps-key") && !error.message.contains("api.example.com"))
        }
    }

    @Test("a changed MAC, lastmodified, or a value removed or added without the key is refused")
    func changedMAC() throws {
        let text = String(decoding: Self.file, as: UTF8.self)
        let lastModified = try #require(text.range(of: #""lastmodified": ""#)).upperBound
        let year = text[lastModified...].prefix(4)
        let otherTime = try Self.replacing(#""lastmodified": "\#(year)"#, with: #""lastmodified": "1999"#)
        let maps = try Self.encrypted("maps")
        let mac = try #require(text.split(separator: "\n").first { $0.contains("\"mac\": \"ENC[") })
        let macStart = try #require(mac.range(of: "ENC["))
        let macValue = String(mac[macStart.lowerBound...].dropLast(2))
        let otherMAC = try Self.replacing(macValue, with: maps)
        // A value replaced by the empty string (which sops leaves unencrypted): every value left
        // decrypts, but the MAC was over the one removed.
        let emptied = try Self.replacing(maps, with: "")
        for (tampered, expected) in [
            (otherTime, "the MAC or \"sops\".lastmodified was changed"), (otherMAC, "the MAC or \"sops\".lastmodified was changed"),
            (emptied, "the file's MAC does not match its values"),
        ] {
            do {
                _ = try EnvironmentsBin.decrypt(tampered, with: Self.identity())
                Issue.record("a tampered file was accepted")
            } catch let error as CryptoError {
                #expect(error.kind == .authenticationFailed)
                #expect(error.message.contains(expected), "\(error)")
            }
        }
    }

    @Test("a value edited into clear text is malformed, named by path and line, and not quoted")
    func clearValue() throws {
        let edited = try Self.replacing(try Self.encrypted("maps"), with: "a-new-secret")
        do {
            _ = try EnvironmentsBin.decrypt(edited, with: Self.identity())
            Issue.record("a clear value was accepted")
        } catch let error as CryptoError {
            #expect(error.kind == .malformedFile)
            #expect(error.message.contains("configurations:Debug:api:keys:maps is not encrypted in sops's form"), "\(error)")
            #expect(error.line == 15)
            #expect(!error.message.contains("a-new-secret"))
        }
    }

    @Test("a stranger's identity is refused with the recipients named")
    func stranger() throws {
        do {
            _ = try EnvironmentsBin.decrypt(Self.file, with: [AgeIdentity.generate()])
            Issue.record("a stranger opened the file")
        } catch let error as CryptoError {
            #expect(error.kind == .authenticationFailed)
        }
    }

    @Test(
        "numbers are hashed as Go's FormatFloat(v, 'f', -1, 64) writes them",
        arguments: [
            (5.0, "5"), (30.5, "30.5"), (0.00001, "0.00001"), (1e21, "1000000000000000000000"), (-0.0, "-0"), (-1.25e-7, "-0.000000125"),
            (123456.789, "123456.789"),
        ])
    func goDecimal(value: Double, text: String) {
        #expect(SopsScalar.goDecimal(value) == text)
    }
}

@Suite("sops files: writing them again")
struct SopsResealTests {
    @Test("the same document written again keeps every value's ciphertext; the file still opens")
    func unchangedKeepsCiphertext() throws {
        let identities = try SopsTests.identity()
        let opened = try EnvironmentsBin.open(SopsTests.file) { (_) throws(CryptoError) in identities }
        let key = try #require(opened.sopsDataKey)
        let file = try #require(opened.header.sops)
        let again = try EnvironmentsBin.encrypt(opened.plaintext, to: .sops(SopsFile.Seal(file: file, dataKey: key)))
        let reread = try SopsFile(parsing: again)
        #expect(reread.tree == file.tree)
        #expect(try EnvironmentsBin.decrypt(again, with: identities).isEqual(to: opened.plaintext))
    }

    @Test("the same document written again keeps the MAC and lastmodified too; one changed value changes both")
    func unchangedKeepsMAC() throws {
        let identities = try SopsTests.identity()
        let opened = try EnvironmentsBin.open(SopsTests.file) { (_) throws(CryptoError) in identities }
        let seal = SopsFile.Seal(file: try #require(opened.header.sops), dataKey: try #require(opened.sopsDataKey))
        let again = try SopsFile(parsing: try EnvironmentsBin.encrypt(opened.plaintext, to: .sops(seal)))
        #expect(again.metadata.mac == seal.file.metadata.mac)
        #expect(again.metadata.lastModified == seal.file.metadata.lastModified)
        let text = String(decoding: opened.plaintext.data, as: UTF8.self).replacingOccurrences(
            of: "https://api.example.com/v1", with: "https://changed.example")
        #expect(text != String(decoding: opened.plaintext.data, as: UTF8.self))
        let changed = try SopsFile(parsing: try EnvironmentsBin.encrypt(Data(text.utf8), to: .sops(seal)))
        #expect(changed.metadata.mac != seal.file.metadata.mac)
    }

    @Test("a new sops file (Seal(to:)) opens with each recipient's identity, and only with them; a rotation changes the data key")
    func newFile() throws {
        let (first, second, stranger) = (try AgeIdentity.generate(), try AgeIdentity.generate(), try AgeIdentity.generate())
        let seal = try SopsFile.Seal(to: [first.recipient, second.recipient])
        #expect(seal.recipients == [first.recipient.encoded, second.recipient.encoded])
        let plaintext = Fixtures.data("sops/plaintext.json")
        let sealed = try EnvironmentsBin.encrypt(plaintext, to: .sops(seal))
        #expect(SopsFile.isSopsFile(sealed))
        for identity in [first, second] {
            #expect(try SopsTests.json(EnvironmentsBin.decrypt(sealed, with: [identity]).data) == SopsTests.json(plaintext))
        }
        #expect(throws: CryptoError.self) { try EnvironmentsBin.decrypt(sealed, with: [stranger]) }
        let rotated = try seal.changingRecipients(to: [first.recipient], rotatingDataKey: true)
        #expect(!rotated.dataKey.isEqual(to: seal.dataKey))
        let kept = try seal.changingRecipients(to: [first.recipient, stranger.recipient], rotatingDataKey: false)
        #expect(kept.dataKey.isEqual(to: seal.dataKey))
        #expect(kept.file.metadata.ageKeys[0] == seal.file.metadata.ageKeys[0])
        #expect(throws: CryptoError.self) { try SopsFile.Seal(to: []) }
    }

    @Test("a document with its own top-level \"sops\" member is refused")
    func sopsMember() throws {
        let identities = try SopsTests.identity()
        let opened = try EnvironmentsBin.open(SopsTests.file) { (_) throws(CryptoError) in identities }
        let seal = SopsFile.Seal(file: try #require(opened.header.sops), dataKey: try #require(opened.sopsDataKey))
        #expect(throws: CryptoError.self) {
            try EnvironmentsBin.encrypt(Data(#"{"sops": {"mac": 1}}"#.utf8), to: .sops(seal))
        }
    }
}

@Suite("sops values: the ENC[…] form")
struct SopsValueTests {
    @Test(
        "a value in sops's form parses and is written back the same; other text is not a sops value",
        arguments: ["ENC[AES256_GCM,data:xw==,iv:iOz7sZcgi7Wwvat3GRe2WxegEw9lJaAgqMQpxZ2U1zo=,tag:w9pPzLfQSPLAxvfRRC659A==,type:float]"])
    func roundTrip(text: String) throws {
        let value = try #require(SopsValue(text))
        #expect(value.type == "float" && value.nonce.count == 32 && value.tag.count == 16)
        #expect(value.text == text)
        for broken in [
            "ENC[AES256_GCM,data:,iv:AA==,tag:w9pPzLfQSPLAxvfRRC659A==,type:str]",
            "ENC[AES256_GCM,data:xw==,iv:AA==,tag:AA==,type:str]",
            "ENC[AES256_GCM,data:xw==,iv:!!,tag:w9pPzLfQSPLAxvfRRC659A==,type:str]",
            "ENC[AES256_GCM,data:xw==,iv:" + String(repeating: "A", count: 1400) + ",tag:w9pPzLfQSPLAxvfRRC659A==,type:str]",
            "ENC[AES256_GCM,data:xw==,iv:AA==,tag:w9pPzLfQSPLAxvfRRC659A==,type:]", "plain text", "",
        ] {
            #expect(SopsValue(broken) == nil, "\(broken.prefix(60))")
        }
    }
}
