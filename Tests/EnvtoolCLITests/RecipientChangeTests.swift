import Foundation
import Testing

/// `rekey --add-recipient / --remove-recipient` take a recipient the same ways, and a change that
/// does not fit the file's recipients is a usage error that writes nothing (issue #36).
@Suite("envtool: rekey --add-recipient / --remove-recipient")
struct RecipientChangeTests {
    /// An age file encrypted to alice and bob (`age-keygen` identities), and their recipients.
    static func teamFile(_ workspace: Workspace) throws -> [(file: String, recipient: String)] {
        let keys = try AgeCommandTests.keys(workspace, ["alice.key", "bob.key", "carol.key"])
        let encrypt = try workspace.run(["encrypt", AgeCommandTests.json, "-o", "env.bin", "--recipient", keys[0].recipient, "--recipient", keys[1].recipient])
        #expect(encrypt.status == 0, "\(encrypt.stderr)")
        return keys
    }

    @Test("--remove-recipient takes a .pub or recipients file, as --add-recipient does")
    func removeByFile() throws {
        let workspace = try Workspace()
        let keys = try Self.teamFile(workspace)
        try workspace.write("bob.pub", keys[1].recipient + "\n")
        let removed = try workspace.run(["rekey", "env.bin", "--identity", "alice.key", "--remove-recipient", "bob.pub"])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(try workspace.run(["recipients", "list", "env.bin"]).stdout == keys[0].recipient + "\n")
        #expect(try AgeCommandTests.run("age", ["-d", "-i", "bob.key", "env.bin"], in: workspace).status != 0)
        #expect(try AgeCommandTests.run("age", ["-d", "-i", "alice.key", "env.bin"], in: workspace).status == 0)
    }

    @Test("removing a recipient the file does not have is a usage error (64) naming its recipients; nothing is written")
    func removeNonMember() throws {
        let workspace = try Workspace()
        let keys = try Self.teamFile(workspace)
        let before = workspace.read("env.bin")
        let sidecar = workspace.read("env.bin.recipients")
        let result = try workspace.run(["rekey", "env.bin", "--identity", "alice.key", "--remove-recipient", keys[2].recipient])
        #expect(result.status == 64)
        #expect(
            result.stderr.contains("\(keys[2].recipient) is not a recipient of this file; its recipients are \(keys[0].recipient), \(keys[1].recipient)"),
            "\(result.stderr)")
        #expect(result.stderr.contains("the file was not changed"))
        #expect(workspace.read("env.bin") == before)
        #expect(workspace.read("env.bin.recipients") == sidecar)
    }

    @Test("adding a recipient the file already has says so (64) and writes nothing")
    func addMemberTwice() throws {
        let workspace = try Workspace()
        let keys = try Self.teamFile(workspace)
        let before = workspace.read("env.bin")
        try workspace.write("bob.pub", keys[1].recipient + "\n")
        for value in [keys[1].recipient, "bob.pub"] {
            let result = try workspace.run(["rekey", "env.bin", "--identity", "alice.key", "--add-recipient", value])
            #expect(result.status == 64)
            #expect(result.stderr.contains("--add-recipient: \(keys[1].recipient) is already a recipient of this file"), "\(result.stderr)")
            #expect(workspace.read("env.bin") == before)
        }
        // Removed and added back in one command is a rotation of the file key, not a mistake.
        let rotated = try workspace.run(["rekey", "env.bin", "--identity", "alice.key", "--remove-recipient", "bob.pub", "--add-recipient", keys[1].recipient])
        #expect(rotated.status == 0, "\(rotated.stderr)")
        #expect(workspace.read("env.bin") != before)
        #expect(try AgeCommandTests.run("age", ["-d", "-i", "bob.key", "env.bin"], in: workspace).status == 0)
    }

    @Test("a pasted identity given to --remove-recipient is not printed back")
    func identityNotEchoed() throws {
        let workspace = try Workspace()
        _ = try Self.teamFile(workspace)
        let file = try #require(workspace.read("carol.key"))
        let secret = String(decoding: file, as: UTF8.self).split(separator: "\n").first { $0.hasPrefix("AGE-SECRET-KEY-") }.map(String.init)
        let identity = try #require(secret)
        let result = try workspace.run(["rekey", "env.bin", "--identity", "alice.key", "--remove-recipient", identity])
        #expect(result.status != 0)
        #expect(!result.stderr.contains("AGE-SECRET-KEY-"), "\(result.stderr)")
    }
}
