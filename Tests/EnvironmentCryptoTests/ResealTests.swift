import Foundation
import Testing

@testable import EnvironmentCrypto

/// "Encrypt this file again the way it was", on the opened file: the policy `edit` and `rekey`
/// follow, and the names and facts their reports print (compared with the CLI's pinned transcript).
@Suite("EnvironmentsBin.Opened: the re-encryption policy")
struct ResealTests {
    static let document = Data(#"{"configurations":{"Debug":{"a":1}}}"#.utf8)
    static let kdf = try! KDFParameters(operations: 1, memoryBytes: 64 << 10)

    /// A file of each scheme, opened with its own secret.
    struct Scheme {
        let name: String
        let opened: EnvironmentsBin.Opened
        let listed: [AgeRecipient]?
    }

    static func schemes() throws -> [Scheme] {
        let key = try SymmetricKey.generate()
        let passphrase = try Passphrase("p")
        let identity = try Identity.generate()
        let ages = [try AgeIdentity.generate(), try AgeIdentity.generate()]
        func open(_ target: EnvironmentsBin.EncryptionTarget, _ secret: EnvironmentsBin.DecryptionSecret) throws -> EnvironmentsBin.Opened {
            try EnvironmentsBin.open(EnvironmentsBin.encrypt(document, to: target)) { _ in secret }
        }
        return [
            Scheme(name: "key", opened: try open(.v1(.key(key)), .key(key)), listed: nil),
            Scheme(name: "passphrase", opened: try open(.v1(.passphrase(passphrase, kdf)), .passphrase(passphrase)), listed: nil),
            Scheme(
                name: "recipient", opened: try open(.v1(.recipient(identity.recipient)), .ageIdentities([try AgeIdentity.generate(), AgeIdentity(identity)])),
                listed: nil),
            Scheme(name: "age", opened: try open(.age(ages.map(\.recipient), armored: true), .ageIdentities([ages[1]])), listed: ages.map(\.recipient)),
            Scheme(
                name: "scrypt", opened: try open(.age([ScryptRecipient(passphrase: passphrase, workFactor: 4)], armored: false), .passphrase(passphrase)),
                listed: nil),
        ]
    }

    static func listed(_ recipients: [AgeRecipient]?) -> () throws(CryptoError) -> EnvironmentsBin.ListedRecipients {
        { EnvironmentsBin.ListedRecipients(recipients, path: "f.bin.recipients", file: "f.bin") }
    }

    @Test("the same target is the same key, passphrase or recipients, named as the CLI reports it")
    func sameTarget() throws {
        let expected = [
            "key": "key ", "passphrase": "passphrase, Argon2id, 1 passes, 64 KiB", "recipient": "recipient ",
            "age": "age, 2 recipients, armored", "scrypt": "age, passphrase, scrypt work factor 10",
        ]
        for scheme in try Self.schemes() {
            let target = try scheme.opened.sameTarget(scryptWorkFactor: 10, file: "f.bin", listed: Self.listed(scheme.listed))
            #expect(target.displayName.hasPrefix(expected[scheme.name]!), "\(scheme.name): \(target.displayName)")
            // It opens with the secret that opened the original.
            let sealed = try EnvironmentsBin.encrypt(scheme.opened.plaintext.data, to: target)
            #expect(try EnvironmentsBin.decrypt(sealed, with: [scheme.opened.identity]).data == Self.document)
        }
    }

    @Test("the own secret in the other format: what converts, and what cannot")
    func sameSecret() throws {
        let noSopsForm =
            "a sops file seals its data key to age recipients, and this file is encrypted with a passphrase; give the recipients: --new-recipient or -R"
        let noRNCryptorForm =
            "the RNCryptor format holds a password or two keys, not this file's secret; give the new secret: --new-passphrase-env, or --new-key-file with an RNCryptor key file"
        let expected: [String: (age: String, v1: String, rncryptor: String, sops: String)] = [
            "key": (
                "a key-file file cannot be converted to age as it is (age has no key-file mode); give the new secret: --new-recipient, -R or --new-passphrase-env",
                "key ", noRNCryptorForm,
                "a sops file seals its data key to age recipients, and this file is encrypted with a key file; give the recipients: --new-recipient or -R"
            ),
            "passphrase": ("age, passphrase, scrypt work factor 10", "passphrase, Argon2id, 1 passes, 64 KiB", "RNCryptor v3, password", noSopsForm),
            "recipient": ("age, 1 recipient", "recipient ", noRNCryptorForm, "sops, 1 age recipient"),
            "age": (
                "age, 2 recipients, armored",
                "the v1 format holds one recipient and this file has several; give the new secret (--new-recipient, --new-key-file or --new-passphrase-env)",
                noRNCryptorForm, "sops, 2 age recipients"
            ),
            "scrypt": ("age, passphrase, scrypt work factor 10", "passphrase, Argon2id, 1 passes, 64 KiB", "RNCryptor v3, password", noSopsForm),
        ]
        for scheme in try Self.schemes() {
            for format in EnvironmentsBin.Format.allCases {
                let text: String
                do throws(CryptoError) {
                    text = try scheme.opened.sameSecret(
                        in: format, armored: false, scryptWorkFactor: 10, kdf: { Self.kdf }, file: "f.bin",
                        listed: Self.listed(scheme.listed)
                    ).displayName
                } catch {
                    #expect(error.kind == .secretUnavailable)
                    #expect(error.file == "f.bin")
                    text = error.message
                }
                let wanted =
                    switch format {
                    case .age: expected[scheme.name]!.age
                    case .v1: expected[scheme.name]!.v1
                    case .rncryptor: expected[scheme.name]!.rncryptor
                    case .sops: expected[scheme.name]!.sops
                    }
                #expect(text.hasPrefix(wanted), "\(scheme.name) → \(format): \(text)")
            }
            let armored = #expect(throws: CryptoError.self) {
                try scheme.opened.sameSecret(in: .v1, armored: true, scryptWorkFactor: 10, kdf: { Self.kdf }, file: "f.bin", listed: Self.listed(scheme.listed))
            }
            #expect(armored?.message == "--armor writes an age file; it needs recipients or --to age")
        }
    }

    @Test("an age file's recipients list must be there and in step with the header")
    func listChecked() throws {
        let age = try #require(try Self.schemes().first { $0.name == "age" })
        let missing = #expect(throws: CryptoError.self) { try age.opened.sameTarget(scryptWorkFactor: 10, file: "f.bin", listed: Self.listed(nil)) }
        #expect(
            missing?.message
                == "f.bin is encrypted to 2 age recipients, but there is no recipients list f.bin.recipients; restore it (from version control), or re-encrypt with `envtool rekey f.bin --to age -R FILE` listing the team"
        )
        let short = #expect(throws: CryptoError.self) {
            try age.opened.sameTarget(scryptWorkFactor: 10, file: "f.bin", listed: Self.listed(Array(age.listed!.prefix(1))))
        }
        #expect(short?.message.hasPrefix("f.bin.recipients lists 1 recipient, but the file is encrypted to 2; the list is out of step") == true)
        #expect(short?.file == "f.bin")
    }

    @Test("recipients change on an age file only; removing an unknown one or all of them is refused")
    func changingRecipients() throws {
        let schemes = try Self.schemes()
        let age = try #require(schemes.first { $0.name == "age" })
        let newcomer = try AgeIdentity.generate().recipient
        let changed = try age.opened.changingRecipients(
            removing: [age.listed![0].encoded], adding: { [newcomer, newcomer] }, format: nil,
            armored: false, file: "f.bin", listed: Self.listed(age.listed))
        guard case .age(let recipients, let armored) = changed else { Issue.record("not age recipients"); return }
        #expect(recipients.compactMap { $0 as? AgeRecipient } == [age.listed![1], newcomer])
        #expect(armored)
        let cases: [(String, [String], String)] = [
            (
                "key", [],
                "--add-recipient and --remove-recipient change the recipients of an age or sops file, and this file is in the v1 format; convert it first with `envtool rekey --to age`"
            ),
            ("scrypt", [], "--add-recipient and --remove-recipient change the recipients of an age or sops file, and this file is protected by a passphrase"),
            ("age", [newcomer.encoded], "--remove-recipient: \(newcomer.encoded) is not a recipient of this file"),
            ("age", age.listed!.map(\.encoded), "removing every recipient would leave no one able to open the file; add one with --add-recipient"),
            ("age", ["age1nope"], "--remove-recipient: \"age1nope\" is not an age recipient"),
        ]
        for (name, removing, message) in cases {
            let scheme = try #require(schemes.first { $0.name == name })
            let error = #expect(throws: CryptoError.self) {
                try scheme.opened.changingRecipients(
                    removing: removing, adding: { [] }, format: nil, armored: false, file: "f.bin", listed: Self.listed(scheme.listed))
            }
            #expect(error?.message.hasPrefix(message) == true, "\(name): \(error?.message ?? "")")
        }
        let toV1 = #expect(throws: CryptoError.self) {
            try age.opened.changingRecipients(removing: [], adding: { [newcomer] }, format: .v1, armored: false, file: "f.bin", listed: Self.listed(age.listed))
        }
        #expect(toV1?.message == "the v1 format holds one recipient; drop --to v1")
        #expect(toV1?.file == nil)
    }

    @Test("header facts: format, stanza types, key mode tokens and inspect's lines")
    func facts() throws {
        let tokens = ["key": "key file", "passphrase": "passphrase", "recipient": "recipients", "age": "recipients", "scrypt": "passphrase"]
        let types = [
            "key": ["envtool-v1/key"], "passphrase": ["envtool-v1/argon2id"], "recipient": ["envtool-v1/X25519"],
            "age": ["X25519", "X25519"], "scrypt": ["scrypt"],
        ]
        for scheme in try Self.schemes() {
            let header = scheme.opened.header
            #expect(header.facts.keyMode == tokens[scheme.name])
            #expect(header.stanzaTypes == types[scheme.name])
            #expect(header.format == (["age", "scrypt"].contains(scheme.name) ? .age : .v1))
            #expect(header.facts.lines.count >= 3)
        }
        let age = try #require(try Self.schemes().first { $0.name == "age" }).opened.header
        #expect(
            age.facts.lines == [
                "format: age v1 (age-encryption.org/v1), ASCII-armored",
                "cipher: ChaCha20-Poly1305 in 64 KiB chunks (STREAM), header authenticated with HMAC-SHA256",
                "key mode: 2 X25519 recipients",
            ])
        #expect(age.facts.recipients == 2 && age.facts.armored && age.facts.stanzas == ["X25519", "X25519"])
    }
}
