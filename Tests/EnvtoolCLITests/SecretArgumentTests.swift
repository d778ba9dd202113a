import Foundation
import Testing

@Suite("envtool: secrets given where a path or a variable name belongs")
struct SecretArgumentTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let arguments: [String]
        let environment: [String: String]
        let expected: String
        var testDescription: String { name }
    }

    static let passphrase = "correct horse battery staple 4711"
    static let bin = "environments/environments.bin"
    static let json = "environments/environments.json"

    /// Placeholders replaced by the texts of the workspace's real key and identity.
    static let keyText = "<KEY>", identityText = "<IDENTITY>"

    static let cases: [Case] = [
        Case(
            name: "--key-file", arguments: ["get", "base_url", "-e", bin, "--key-file", keyText], environment: [:],
            expected: "--key-file does not name a readable file (no such file or directory); it must hold the path of a key file, not the key itself"),
        Case(
            name: "ENVTOOL_KEY_FILE", arguments: ["decrypt", bin], environment: ["ENVTOOL_KEY_FILE": keyText],
            expected: "ENVTOOL_KEY_FILE does not name a readable file"),
        Case(
            name: "--identity", arguments: ["decrypt", "r.bin", "--identity", identityText], environment: [:],
            expected: "--identity does not name a readable file"),
        Case(
            name: "ENVTOOL_IDENTITY_FILE", arguments: ["get", "base_url", "-e", "r.bin"], environment: ["ENVTOOL_IDENTITY_FILE": identityText],
            expected: "ENVTOOL_IDENTITY_FILE does not name a readable file"),
        Case(
            name: "--passphrase-env", arguments: ["get", "base_url", "-e", "p.bin", "--passphrase-env", passphrase], environment: [:],
            expected:
                "the environment variable named by --passphrase-env is not set or empty; --passphrase-env takes the name of a variable that holds the passphrase, not the passphrase itself"
        ),
        Case(
            name: "--new-passphrase-env", arguments: ["rekey", bin, "--key-file", "secret.key", "--new-passphrase-env", passphrase], environment: [:],
            expected: "the environment variable named by --new-passphrase-env is not set or empty"),
        Case(
            name: "--new-key-file", arguments: ["rekey", bin, "--key-file", "secret.key", "--new-key-file", keyText], environment: [:],
            expected: "--new-key-file does not name a readable file"),
        Case(
            name: "encrypt --key-file", arguments: ["encrypt", json, "-o", "x.bin", "--key-file", keyText], environment: [:],
            expected: "--key-file does not name a readable file"),
        Case(
            name: "--recipient", arguments: ["encrypt", json, "-o", "x.bin", "--recipient", identityText], environment: [:],
            expected: "--recipient is neither a recipient (envtool-recipient-1:…) nor a readable .pub file"),
    ]

    @Test("the error names the option or variable and never prints the secret", arguments: cases)
    func neverEchoed(testCase: Case) throws {
        let workspace = try Workspace()
        #expect(try workspace.run(["keygen", "-o", "secret.key"]).status == 0)
        #expect(try workspace.run(["keygen", "--public", "-o", "id"]).status == 0)
        #expect(try workspace.run(["encrypt", Self.json, "-o", Self.bin, "--key-file", "secret.key"]).status == 0)
        #expect(try workspace.run(["encrypt", Self.json, "-o", "r.bin", "--recipient", "id.pub"]).status == 0)
        let encrypted = try workspace.run(
            ["encrypt", Self.json, "-o", "p.bin", "--passphrase-env", "P", "--kdf-passes", "1", "--kdf-memory-kib", "64"],
            environment: ["P": Self.passphrase])
        #expect(encrypted.status == 0, "\(encrypted.stderr)")
        let key = try #require(workspace.read("secret.key").map { String(decoding: $0, as: UTF8.self) }).trimmingCharacters(in: .whitespacesAndNewlines)
        let identity = try #require(workspace.read("id").map { String(decoding: $0, as: UTF8.self) }).trimmingCharacters(in: .whitespacesAndNewlines)
        func substitute(_ text: String) -> String {
            text.replacingOccurrences(of: Self.keyText, with: key).replacingOccurrences(of: Self.identityText, with: identity)
        }
        let before = workspace.read(Self.bin)
        let result = try workspace.run(testCase.arguments.map(substitute), environment: testCase.environment.mapValues(substitute))
        #expect(result.status == 77, "\(result.stderr)")
        #expect(result.stderr.contains(testCase.expected), "\(result.stderr)")
        for secret in [key, identity, Self.passphrase] {
            // Any recognisable piece of it: the base64 of a key, or a word run of the passphrase.
            let piece = String(secret.suffix(20))
            #expect(!result.stderr.contains(piece), "the secret was printed: \(result.stderr)")
            #expect(!result.stdout.contains(piece))
        }
        #expect(workspace.read(Self.bin) == before)
        #expect(workspace.read("x.bin") == nil)
    }
}
