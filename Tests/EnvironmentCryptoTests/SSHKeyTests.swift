import Foundation
import Testing

@testable import EnvironmentCrypto

/// age's SSH recipients and identities (agessh) in process, on keys `ssh-keygen` makes at test
/// time; the CLI tests run them against the real age both ways.
@Suite("age v1: SSH recipients and identities")
struct SSHKeyTests {
    /// A key pair from `ssh-keygen` in `scratch`: the private key file's path and the .pub line.
    static func key(_ scratch: Scratch, type: String, bits: Int? = nil, name: String = "key") throws -> (path: String, line: String) {
        let keygen = try AgeSuite.Interop.require("ssh-keygen")
        let path = scratch.path + "/" + name
        let made = try runProcess(keygen, ["-q", "-t", type] + (bits.map { ["-b", String($0)] } ?? []) + ["-N", "", "-C", "a comment", "-f", path])
        #expect(made.status == 0, "\(made.stderr)")
        let line = try String(contentsOfFile: path + ".pub", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        return (path, line)
    }

    @Test(
        "a key's recipient wraps what its identity unwraps; another key's stanza is skipped; a modified stanza with its tag is a header failure",
        arguments: ["ed25519", "rsa"])
    func roundTrip(type: String) throws {
        let scratch = Scratch()
        let mine = try Self.key(scratch, type: type, bits: type == "rsa" ? 2048 : nil)
        let other = try Self.key(scratch, type: type, bits: type == "rsa" ? 2048 : nil, name: "other")
        let identity = try #require(try AgeIdentityFile.read(path: mine.path).first)
        #expect(identity.stanzaTypes == ["ssh-\(type)"])
        let recipient = try AgeRecipientsFile.parseRecipient(mine.line)
        #expect(recipient.displayName == String(mine.line.split(separator: " ").prefix(2).joined(separator: " ")))
        #expect(identity.resealingRecipient(for: [])?.displayName == recipient.displayName)
        #expect(!String(describing: identity).contains("PRIVATE"))

        let fileKey = FileKey.generate()
        let stanzas = try recipient.wrap(fileKey)
        #expect(stanzas.count == 1 && stanzas[0].type == "ssh-\(type)")
        #expect(try identity.unwrap(stanzas)?.bytes.isEqual(to: fileKey.bytes) == true)

        let stranger = try AgeRecipientsFile.parseRecipient(other.line).wrap(fileKey)
        #expect(try identity.unwrap(stranger) == nil)
        #expect(try identity.unwrap(stranger + stanzas)?.bytes.isEqual(to: fileKey.bytes) == true)

        var body = stanzas[0].body
        body[body.count - 1] ^= 1
        let modified = AgeStanza(arguments: stanzas[0].arguments, body: body)
        #expect(throws: AgeError.self) { try identity.unwrap([modified]) }

        // Whole files, through the same parser every command uses.
        let sealed = try AgeFile.encrypt(Data("payload".utf8), to: [recipient])
        #expect(try AgeFile.decrypt(sealed, with: [identity]).withUnsafeBytes { Array($0) } == Array("payload".utf8))
    }

    @Test(
        "SSH public key lines: comments and tabs taken; bad base64, a type that differs from the key's, a truncated key, RSA under 2048 bits and other types refused"
    )
    func recipientLines() throws {
        let scratch = Scratch()
        let ed = try Self.key(scratch, type: "ed25519")
        let small = try Self.key(scratch, type: "rsa", bits: 1024, name: "small")
        let fields = ed.line.split(separator: " ").map(String.init)
        #expect(try AgeRecipientsFile.parseRecipient(fields[0] + "\t" + fields[1]).displayName == fields[0] + " " + fields[1])
        #expect(try AgeRecipientsFile.parseAny("# team\n\(ed.line)\n\n\(fields[0]) \(fields[1])\r\n").count == 2)

        func refusal(_ line: String) -> String {
            do {
                _ = try AgeRecipientsFile.parseRecipient(line)
                return ""
            } catch {
                #expect(error.kind == .invalidRecipient)
                return error.message
            }
        }
        #expect(refusal("ssh-ed25519 not*base64").contains("its second field is not base64"))
        #expect(refusal("ssh-rsa " + fields[1]).contains("is not a valid ssh-rsa key"))
        let truncated = try #require(AgeBase64.decode(fields[1].utf8, padded: true)).dropLast(3)
        #expect(refusal("ssh-ed25519 " + String(decoding: AgeBase64.encode(Array(truncated), padded: true), as: UTF8.self)).contains("truncated or malformed"))
        #expect(refusal(small.line).contains("is a 1024-bit RSA key; age and envtool refuse RSA keys under 2048 bits"))
        #expect(refusal("ssh-dss AAAAB3NzaC1kc3MAAACBAP").contains("a type age does not use"))
        #expect(refusal("ssh-ed25519").contains("is not an SSH public key line"))
    }
}
