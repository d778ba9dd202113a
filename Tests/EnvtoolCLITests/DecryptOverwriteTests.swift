import Foundation
import Testing

@Suite("envtool decrypt -o: never plaintext over ciphertext without --force")
struct DecryptOverwriteTests {
    func prepared() throws -> Workspace {
        let workspace = try Workspace()
        #expect(try workspace.run(["keygen", "-o", "secret.key"]).status == 0)
        #expect(try workspace.run(["encrypt", "environments/environments.json", "-o", "t.bin", "--key-file", "secret.key"]).status == 0)
        try FileManager.default.createSymbolicLink(atPath: workspace.path + "/link.bin", withDestinationPath: "t.bin")
        try FileManager.default.linkItem(atPath: workspace.path + "/t.bin", toPath: workspace.path + "/hard.bin")
        #expect(try workspace.run(["encrypt", "environments/environments.json", "-o", "other.bin", "--key-file", "secret.key"]).status == 0)
        try workspace.write("secrets.age", "age-encryption.org/v1\n-> X25519 abc\n")
        try workspace.write("armored.age", "-----BEGIN AGE ENCRYPTED FILE-----\nYWdl\n-----END AGE ENCRYPTED FILE-----\n")
        return workspace
    }

    @Test(
        "the input itself, by any path, and other encrypted files are refused",
        arguments: [
            ("t.bin", "over the encrypted input t.bin"), ("./t.bin", "over the encrypted input t.bin"),
            ("link.bin", "over the encrypted input t.bin"), ("hard.bin", "over the encrypted input t.bin"),
            ("other.bin", "over an environments.bin"), ("secrets.age", "over an age-encrypted file"), ("armored.age", "over an age-encrypted file"),
        ])
    func refused(output: String, reason: String) throws {
        let workspace = try prepared()
        let before = workspace.read(output)
        let result = try workspace.run(["decrypt", "t.bin", "-o", output, "--key-file", "secret.key"])
        #expect(result.status == 73)
        #expect(result.stderr.contains("\(output): error: refusing to write the plaintext \(reason)"), "\(result.stderr)")
        #expect(result.stderr.contains("--force"))
        #expect(workspace.read(output) == before)
        #expect(workspace.read("t.bin").map(isEncrypted) == true)
    }

    @Test("--force replaces an encrypted file; an existing plaintext file needs no --force")
    func allowed() throws {
        let workspace = try prepared()
        let plaintext = workspace.read("environments/environments.json")
        #expect(try workspace.run(["decrypt", "t.bin", "-o", "other.bin", "--force", "--key-file", "secret.key"]).status == 0)
        #expect(workspace.read("other.bin") == plaintext)
        try workspace.write("plain.json", "old plaintext")
        #expect(try workspace.run(["decrypt", "t.bin", "-o", "plain.json", "--key-file", "secret.key"]).status == 0)
        #expect(workspace.read("plain.json") == plaintext)
    }

    func isEncrypted(_ data: Data) -> Bool { data.starts(with: Data("ENVBIN".utf8)) }
}
