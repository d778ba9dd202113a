import Foundation
import Testing

@testable import EnvironmentCrypto

extension AgeSuite {
    @Suite("age v1: round trips, keys and refusals")
    struct AgeTests {
        static let identities = (0..<3).map { _ in try! AgeIdentity.generate() }
        /// The identity of the test kit, with its recipient as `age-keygen -y` prints it.
        static let testkitIdentity = "AGE-SECRET-KEY-1EGTZVFFV20835NWYV6270LXYVK2VKNX2MMDKWYKLMGR48UAWX40Q2P2LM0"

        static func plaintext(_ count: Int) -> Data {
            Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) })
        }

        /// Sizes around the 64 KiB chunk boundary, where the last-chunk rules bite.
        static let sizes = [0, 1, 65535, 65536, 65537, 131072, 200_000]

        @Test("an error about the same file keeps its line; about another file it has none")
        func errorLine() {
            let error = AgeError(.invalidRecipient, "not a recipient", file: "team.txt", line: 3).cryptoError
            #expect(error.description == "team.txt:3: error: not a recipient")
            #expect(error.about("team.txt").description == "team.txt:3: error: not a recipient")
            #expect(error.about("other.txt").description == "other.txt: error: not a recipient")
        }

        @Test("recipients: every identity decrypts, binary and armored", arguments: sizes, [false, true])
        func recipientsRoundTrip(size: Int, armored: Bool) throws {
            let plain = Self.plaintext(size)
            let sealed = try AgeFile.encrypt(plain, to: Self.identities.map(\.recipient), armored: armored)
            #expect(AgeFile.isAgeFile(sealed))
            #expect(sealed.starts(with: Array((armored ? "-----BEGIN AGE ENCRYPTED FILE-----\n" : "age-encryption.org/v1\n").utf8)))
            for identity in Self.identities {
                #expect(try AgeFile.decrypt(sealed, with: [identity]).data == plain)
            }
        }

        @Test("passphrase: decrypts with it, not with another", arguments: [0, 70_000], [false, true])
        func passphraseRoundTrip(size: Int, armored: Bool) throws {
            let plain = Self.plaintext(size)
            let sealed = try AgeFile.encrypt(plain, to: [ScryptRecipient(passphrase: try Passphrase("correct horse"), workFactor: 10)], armored: armored)
            #expect(try AgeFile.decrypt(sealed, with: [try Passphrase("correct horse")]).data == plain)
            let error = #expect(throws: AgeError.self) { try AgeFile.decrypt(sealed, with: [try Passphrase("correct horsE")]) }
            #expect(error?.kind == .noMatch)
            #expect(error?.description.contains("horse") == false)
        }

        @Test("the header is what the format says: version line, one stanza per recipient, MAC line")
        func headerLayout() throws {
            let sealed = try AgeFile.encrypt(Data("x".utf8), to: Self.identities.map(\.recipient))
            let lines = String(decoding: sealed.prefix(while: { $0 != 0 && $0 < 0x80 }), as: UTF8.self).split(separator: "\n")
            #expect(lines[0] == "age-encryption.org/v1")
            #expect(lines.filter { $0.hasPrefix("-> X25519 ") }.count == 3)
            #expect(lines.contains { $0.hasPrefix("--- ") && $0.count == 47 })
        }

        @Test("a wrong identity is no match and names the stanzas, never a key")
        func wrongIdentity() throws {
            let sealed = try AgeFile.encrypt(Data("secret".utf8), to: [Self.identities[0].recipient])
            let stranger = try AgeIdentity.generate()
            let error = #expect(throws: AgeError.self) { try AgeFile.decrypt(sealed, with: [stranger]) }
            #expect(error?.kind == .noMatch)
            #expect(error?.message.contains("1 × X25519") == true)
            #expect(error?.description.contains("AGE-SECRET-KEY") == false)
            #expect(error?.cryptoError.kind == .authenticationFailed)
            let passphraseError = #expect(throws: AgeError.self) { try AgeFile.decrypt(sealed, with: [try Passphrase("p")]) }
            #expect(passphraseError?.kind == .noMatch)
            #expect(passphraseError?.message.contains("not with a passphrase") == true)
        }

        @Test("a changed header fails its MAC; a changed, cut or extended payload fails its chunk")
        func tampering() throws {
            let plain = Self.plaintext(100_000)
            let sealed = try AgeFile.encrypt(plain, to: [Self.identities[0].recipient])
            let secret: [any FileKeyIdentity] = [Self.identities[0]]
            let headerEnd = sealed.firstRange(of: Data("\n--- ".utf8))!.lowerBound
            // The second stanza argument character: still valid base64 of 32 bytes, a different share.
            var header = sealed
            let share = sealed.firstRange(of: Data("X25519 ".utf8))!.upperBound
            header[share] = header[share] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
            #expect(throws: AgeError.self) { try AgeFile.decrypt(header, with: secret) }
            var body = sealed
            body[headerEnd + 100] ^= 1  // inside the MAC line or the nonce: either fails, nothing is released
            #expect(throws: AgeError.self) { try AgeFile.decrypt(body, with: secret) }
            var payload = sealed
            payload[payload.count - 10] ^= 0x80
            #expect((#expect(throws: AgeError.self) { try AgeFile.decrypt(payload, with: secret) })?.kind == .payloadFailure)
            for cut in [1, 17, 40_000] {
                let error = #expect(throws: AgeError.self) { try AgeFile.decrypt(sealed.dropLast(cut), with: secret) }
                #expect(error?.kind == .payloadFailure)
            }
            #expect((#expect(throws: AgeError.self) { try AgeFile.decrypt(sealed + Data([0]), with: secret) })?.kind == .payloadFailure)
            let cutInHeader = #expect(throws: AgeError.self) { try AgeFile.decrypt(sealed.prefix(headerEnd), with: secret) }
            #expect(cutInHeader?.kind == .headerFailure)
            #expect(cutInHeader?.message.contains("cut short") == true)
        }

        @Test("a modified header MAC is an HMAC failure")
        func headerMAC() throws {
            let sealed = try AgeFile.encrypt(Data("x".utf8), to: [Self.identities[0].recipient])
            // Re-encode the header with a MAC made under another file key: well formed, wrong.
            let text = String(decoding: sealed, as: UTF8.self)
            let macLine = text.split(separator: "\n").first { $0.hasPrefix("--- ") }!
            let otherMAC = String(decoding: AgeBase64.encode([UInt8](repeating: 7, count: 32), padded: false), as: UTF8.self)
            let forged = Data(text.replacingOccurrences(of: String(macLine), with: "--- " + otherMAC).utf8)
            #expect((#expect(throws: AgeError.self) { try AgeFile.decrypt(forged, with: [Self.identities[0]]) })?.kind == .hmacFailure)
        }

        @Test("identities and recipients round-trip through bech32 as age writes them")
        func bech32() throws {
            let identity = try AgeIdentity(Self.testkitIdentity)
            #expect(identity.encoded.data == Data(Self.testkitIdentity.utf8))
            #expect(try AgeIdentity(Self.testkitIdentity.lowercased()).recipient == identity.recipient)
            let recipient = identity.recipient.encoded
            #expect(recipient.hasPrefix("age1") && recipient.count == 62)
            #expect(try AgeRecipient(recipient) == identity.recipient)
            #expect(try AgeRecipient(recipient.uppercased()) == identity.recipient)
            #expect(!String(describing: identity).contains("SECRET"))
        }

        @Test(
            "malformed recipients are refused with the reason",
            arguments: [
                ("age1qyqszqgpqyqszqgpqyqszqgpqyqszqgpqyqszqgpqyqszqgpqyqs3290gp", "checksum"),
                ("Age1qyqszqgpqyqszqgpqyqszqgpqyqszqgpqyqszqgpqyqszqgpqyqs3290gq", "mixes uppercase and lowercase"),
                ("age1", "too short"),
                ("age1qyqszqgpqyqszqgpqyqszqgpqyqszqgpqyqszqgpqyqszqgpqyqsb!", "not in the bech32 alphabet"),
                ("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", "not an age recipient"),
                ("age1pq1abc", "ML-KEM"),
                ("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIG", "SSH"),
                ("not a key", "not printable ASCII"),
                ("", "separator"),
            ])
        func badRecipients(text: String, reason: String) {
            let error = #expect(throws: AgeError.self) { try AgeRecipient(text) }
            #expect(error?.kind == .invalidRecipient)
            #expect(error?.message.contains(reason) == true, "\(String(describing: error))")
        }

        @Test("an identity given as a recipient is refused without being quoted")
        func secretAsRecipient() {
            for text in [Self.testkitIdentity, Self.testkitIdentity.lowercased(), "x" + Self.testkitIdentity] {
                let error = #expect(throws: AgeError.self) { try AgeRecipient(text) }
                #expect(error?.kind == .invalidRecipient)
                #expect(error?.description.contains("EGTZVFFV") == false)
                #expect(error?.description.contains("egtzvffv") == false)
            }
        }

        @Test("a recipient of the wrong length is refused")
        func wrongLengthRecipient() throws {
            let short = [UInt8](repeating: 1, count: 31).withUnsafeBytes { Bech32.encode(hrp: "age", data: $0, uppercase: false) }
            let text = short.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
            #expect((#expect(throws: AgeError.self) { try AgeRecipient(text) })?.message.contains("holds 31 bytes") == true)
        }

        @Test(
            "malformed identities are refused without quoting them",
            arguments: [
                "AGE-SECRET-KEY-1EGTZVFFV20835NWYV6270LXYVK2VKNX2MMDKWYKLMGR48UAWX40Q2P2LM1",
                "AGE-SECRET-KEY-PQ-1HZLGZUPT4ETPKDEV8HSGFDCYZ4E522W0A7PU2LHT8EH9W6YLNC3SW78XKG",
                "AGE-PLUGIN-YUBIKEY-1QQQQQQQQQQQQQQQQQQQQQQQQQQQQQQ",
                "age1qyqszqgpqyqszqgpqyqszqgpqyqszqgpqyqszqgpqyqszqgpqyqs3290gq",
            ])
        func badIdentities(text: String) {
            let error = #expect(throws: AgeError.self) { try AgeIdentity(text) }
            #expect(error?.kind == .invalidIdentity)
            #expect(error?.description.contains(String(text.dropFirst(20))) == false)
        }

        @Test("identity files: comments, blank lines, several identities; the line of a bad one")
        func identityFiles() throws {
            let scratch = Scratch()
            let (first, firstText) = try AgeIdentityFile.generate()
            let text = String(decoding: firstText.data, as: UTF8.self)
            #expect(text.hasPrefix("# created: "))
            #expect(text.contains("# public key: \(first.recipient.encoded)\n"))
            let combined = "\n" + text + "   \n# another one\r\n" + Self.testkitIdentity + "\r\n\n"
            let path = scratch.write("keys.txt", Array(combined.utf8))
            let read = try AgeIdentityFile.read(path: path)
            #expect(read.compactMap { ($0 as? AgeIdentity)?.recipient } == [first.recipient, try AgeIdentity(Self.testkitIdentity).recipient])
            #expect(read.count == 2)

            let bad = scratch.write("bad.txt", Array((text + "# fine\nAGE-SECRET-KEY-1NOPE\n").utf8))
            let error = #expect(throws: AgeError.self) { try AgeIdentityFile.read(path: bad) }
            #expect(error?.kind == .invalidIdentity)
            #expect(error?.description.hasPrefix("\(bad):5: error: ") == true, "\(String(describing: error))")
            let empty = scratch.write("empty.txt", Array("# nothing\n\n".utf8))
            #expect((#expect(throws: AgeError.self) { try AgeIdentityFile.read(path: empty) })?.message.contains("no identity") == true)
            let missing = #expect(throws: AgeError.self) { try AgeIdentityFile.read(path: scratch.path + "/missing") }
            #expect(missing?.kind == .unusable)
        }

        @Test("an identity file that group or others can read is refused, as key files are", arguments: [0o640, 0o604, 0o644, 0o660, 0o606])
        func identityFilePermissions(mode: Int) throws {
            let scratch = Scratch()
            let path = scratch.write("key.txt", Array((Self.testkitIdentity + "\n").utf8), mode: mode)
            let error = #expect(throws: AgeError.self) { try AgeIdentityFile.read(path: path) }
            #expect(error?.kind == .invalidIdentity)
            #expect(error?.description.contains("run `chmod 600 \(path)`") == true)
            #expect(error?.cryptoError.kind == .invalidKeyFile)
        }

        @Test("recipients files: comments and blank lines; the line of a bad one")
        func recipientsFiles() throws {
            let scratch = Scratch()
            let lines = ["# team", "", Self.identities[0].recipient.encoded, "  \(Self.identities[1].recipient.encoded)  # not a comment"]
            let good = scratch.write("ok.txt", Array(lines.prefix(3).joined(separator: "\n").utf8))
            #expect(try AgeRecipientsFile.read(path: good) == [Self.identities[0].recipient])
            let bad = scratch.write("bad.txt", Array(lines.joined(separator: "\r\n").utf8))
            let error = #expect(throws: AgeError.self) { try AgeRecipientsFile.read(path: bad) }
            #expect(error?.kind == .invalidRecipient)
            #expect(error?.description.hasPrefix("\(bad):4: error: ") == true, "\(String(describing: error))")
            #expect((#expect(throws: AgeError.self) { try AgeRecipientsFile.parse("# only comments\n") })?.message.contains("no recipient") == true)
        }

        @Test("encryption needs a recipient and a sane work factor; decryption refuses an absurd one before allocating")
        func limits() throws {
            #expect((#expect(throws: AgeError.self) { try AgeFile.encrypt(Data(), to: []) })?.kind == .unusable)
            for factor in [0, 21, 64, -1] {
                let error = #expect(throws: AgeError.self) {
                    try AgeFile.encrypt(Data(), to: [ScryptRecipient(passphrase: try Passphrase("p"), workFactor: factor)])
                }
                #expect(error?.kind == .unusable)
            }
            // A header asking for 2^21 KiB (2 GiB) of scrypt memory: refused, fast.
            let sealed = try AgeFile.encrypt(Data("x".utf8), to: [ScryptRecipient(passphrase: try Passphrase("p"), workFactor: 10)])
            let text = String(decoding: sealed, as: UTF8.self)
            let hostile = Data(text.replacingOccurrences(of: " 10\n", with: " 21\n").utf8)
            let error = #expect(throws: AgeError.self) { try AgeFile.decrypt(hostile, with: [try Passphrase("p")]) }
            #expect(error?.kind == .headerFailure)
            #expect(error?.message.contains("limit of 20") == true)
        }

        @Test("an envtool identity is the same key pair as an age identity, so rekeying to age keeps the keys")
        func envtoolKeys() throws {
            let envtool = try Identity.generate()
            let age = AgeIdentity(envtool)
            #expect(age.recipient == AgeRecipient(envtool.recipient))
            let sealed = try AgeFile.encrypt(document, to: [AgeRecipient(envtool.recipient)])
            #expect(try AgeFile.decrypt(sealed, with: [age]).data == document)
        }

        @Test(
            "header errors name the header line",
            arguments: [
                ("age-encryption.org/v1\n-> X25519  abc\n\n--- x\n", "header line 2: the stanza has an empty argument"),
                ("age-encryption.org/v1\r\n-> X25519 abc\n", "header line 1 ends with CR LF"),
                ("age-encryption.org/v1\n-> a\n\nbogus\n", "header line 4 is neither a stanza"),
                ("age-encryption.org/v1\n-> a\n\n--- AAAA\n", "header line 4, the MAC line"),
                ("age-encryption.org/v1\n-> a\n" + String(repeating: "A", count: 65) + "\n", "header line 3, in the body of stanza 1"),
                ("age-encryption.org/v1\n-> a\n", "ends inside the header, before the end of stanza 1 (was it cut short?)"),
            ])
        func headerPositions(text: String, message: String) {
            let error = #expect(throws: AgeError.self) { try AgeFile.inspect(Data(text.utf8)) }
            #expect(error?.kind == .headerFailure)
            #expect(error?.message.contains(message) == true, "\(String(describing: error))")
        }

        @Test("a header can be inspected without a secret: passphrase or recipients, armored or not")
        func inspect() throws {
            let recipients = try AgeFile.encrypt(Data("x".utf8), to: Self.identities.map(\.recipient), armored: true)
            let summary = try AgeFile.inspect(recipients)
            #expect(summary.isArmored && !summary.isPassphraseProtected && summary.x25519RecipientCount == 3)
            let passphrase = try AgeFile.encrypt(Data("x".utf8), to: [ScryptRecipient(passphrase: try Passphrase("p"), workFactor: 10)])
            #expect(try AgeFile.inspect(passphrase) == AgeFile.Summary(isArmored: false, stanzaTypes: ["scrypt"]))
            #expect(try AgeFile.inspect(passphrase).isPassphraseProtected)
            #expect((#expect(throws: AgeError.self) { try AgeFile.inspect(Data()) })?.message.contains("empty") == true)
            let v2 = #expect(throws: AgeError.self) { try AgeFile.inspect(Data("age-encryption.org/v2\n".utf8)) }
            #expect(v2?.message.contains("age-encryption.org/v2") == true)
            #expect(!AgeFile.isAgeFile(Data("{\"languages\": []}".utf8)))
        }

        @Test("encrypting the same plaintext twice gives different files (fresh file key, share and nonce)")
        func freshness() throws {
            let target: [any FileKeyRecipient] = [Self.identities[0].recipient]
            #expect(try AgeFile.encrypt(Data("x".utf8), to: target) != AgeFile.encrypt(Data("x".utf8), to: target))
        }
    }
}
